/**
 * `proxar explain RULE`: what a rule detects, why it has its severity, its examples, and how to
 * override or ignore it. Rendered from the same metadata as docs/rules.md.
 * @module
 */
import type { Command } from "commander";
import { requireRule } from "../core/registry.ts";
import { readConfig } from "./config_file.ts";
import type { CliContext } from "./context.ts";
import { collectPlugin, withPlugins } from "./plugins.ts";
import { explainText } from "./rule_doc.ts";

/** Adds `proxar explain`. */
export function registerExplain(program: Command, context: CliContext): void {
  program.command("explain")
    .description("Explain a rule: what it detects, why, examples, how to override or ignore it")
    .argument("<rule>", "a rule id, such as tool.input.required.added")
    .option("-c, --config <file>", "configuration file whose plugins to load")
    .option("-p, --plugin <path>", "load a plugin module (repeatable)", collectPlugin, [])
    .action(async (id: string, opts: { config?: string; plugin: string[] }) => {
      const config = await readConfig(context.io.cwd, opts.config);
      const { registry } = await withPlugins(context.io, config, opts.plugin);
      const rule = requireRule(registry, id, "explain");
      context.io.stdout(explainText(rule.meta, registry.pluginOf(id)));
      context.exitCode = 0;
    });
}

/**
 * `proxar explain RULE`: what a rule detects, why it has its severity, its examples, and how to
 * override or ignore it. Rendered from the same metadata as docs/rules.md.
 * @module
 */
import { requireRule } from "../core/registry.ts";
import { readConfig } from "./config_file.ts";
import type { CliContext } from "./context.ts";
import { withPlugins } from "./plugins.ts";
import { explainText } from "./rule_doc.ts";

/** Runs `proxar explain RULE`, with the rules of the configured and flagged plugins. */
export async function explainCommand(
  id: string,
  opts: { config?: string; plugin: string[] },
  context: CliContext,
): Promise<void> {
  const config = await readConfig(context.io.cwd, opts.config);
  const { registry } = await withPlugins(context.io, config, opts.plugin);
  const rule = requireRule(registry, id, "explain");
  context.io.stdout(explainText(rule.meta, registry.pluginOf(id)));
  context.exitCode = 0;
}

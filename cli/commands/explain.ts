/**
 * Registers `proxar explain RULE`; the command's modules load when it runs.
 * @module
 */
import type { Command } from "commander";
import type { CliContext } from "../context.ts";
import { collect } from "../options.ts";

/** Adds `proxar explain`. */
export function registerExplain(program: Command, context: CliContext): void {
  program.command("explain")
    .description("Explain a rule: what it detects, why, examples, how to override or ignore it")
    .argument("<rule>", "a rule id, such as tool.input.required.added")
    .option("-c, --config <file>", "configuration file whose plugins to load")
    .option("-p, --plugin <path>", "load a plugin module (repeatable)", collect, [])
    .action(async (id: string, opts: { config?: string; plugin: string[] }) => {
      const { explainCommand } = await import("../explain_command.ts");
      await explainCommand(id, opts, context);
    });
}

/**
 * Registers `proxar rules`; the command's modules load when it runs.
 * @module
 */
import type { Command } from "commander";
import type { CliContext } from "../context.ts";
import { collect } from "../options.ts";
import type { RulesOptions } from "../rules_command.ts";

/** Adds `proxar rules`. */
export function registerRules(program: Command, context: CliContext): void {
  program.command("rules")
    .description("List every rule with its id, default severity and summary")
    // The defaults are RULES_DEFAULTS in rules_command.ts (a test keeps them equal), which cli.ts
    // runs a bare `proxar rules` with, without commander.
    .option("-f, --format <name>", "text or json", "text")
    .option("-c, --config <file>", "configuration file whose plugins to include")
    .option("-p, --plugin <path>", "include a plugin's rules (repeatable)", collect, [])
    .action(async (opts: RulesOptions) => {
      const { runRules } = await import("../rules_command.ts");
      await runRules(opts, context);
    });
}

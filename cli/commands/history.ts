/**
 * Registers `proxar history`; the command's modules load when it runs.
 * @module
 */
import type { Command } from "commander";
import type { CliContext } from "../context.ts";
import { oneServer } from "../options.ts";
import type { HistoryOptions } from "../history_command.ts";

/** Adds `proxar history`. */
export function registerHistory(program: Command, context: CliContext): void {
  program.command("history")
    .description("List the stored snapshots of a server, newest first")
    .requiredOption("-s, --server <name>", "a server from servers: in the configuration", oneServer)
    .option("-c, --config <file>", "configuration file (default: ./proxar.yaml when present)")
    .option("-f, --format <name>", "text or json", "text")
    .action(async (opts: HistoryOptions) => {
      const { historyCommand } = await import("../history_command.ts");
      context.exitCode = await historyCommand(opts, context);
    });
}

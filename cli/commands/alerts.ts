/**
 * Registers `proxar alerts`; the command's modules load when it runs.
 * @module
 */
import { type Command, Option } from "commander";
import type { AlertsOptions } from "../alerts_command.ts";
import type { CliContext } from "../context.ts";
import { oneServer } from "../options.ts";

/** Adds `proxar alerts`. */
export function registerAlerts(program: Command, context: CliContext): void {
  program.command("alerts")
    .description("List the drift alerts proxar proxy raised")
    .option("-s, --server <name>", "only this server's alerts", oneServer)
    .addOption(
      new Option("--format <name>", "text or json").choices(["text", "json"]).default("text"),
    )
    .option("-c, --config <file>", "configuration file (default: ./proxar.yaml when present)")
    .action(async (opts: AlertsOptions) => {
      const { alertsCommand } = await import("../alerts_command.ts");
      context.exitCode = await alertsCommand(opts, context);
    });
}

/**
 * Registers `proxar check`; the command's modules load when it runs.
 * @module
 */
import { type Command, Option } from "commander";
import type { CheckOptions } from "../check_command.ts";
import type { CliContext } from "../context.ts";
import { addListsOption, addReportOptions, addTimeoutOptions, collect } from "../options.ts";

/** Adds `proxar check`. */
export function registerCheck(program: Command, context: CliContext): void {
  const command = program.command("check")
    .description("Compare every configured server with its pinned snapshot, in one report")
    .option("-s, --server <name>", "check only this server, repeatable", collect, [])
    .addOption(
      new Option("--against <ref>", "compare with each server's pinned or latest snapshot")
        .choices(["pinned", "latest"]).default("pinned"),
    );
  addReportOptions(command);
  addListsOption(addTimeoutOptions(command)).action(async (opts: CheckOptions) => {
    const { checkCommand } = await import("../check_command.ts");
    context.exitCode = await checkCommand(opts, context);
  });
}

/**
 * Registers `proxar init`; the command's modules load when it runs.
 * @module
 */
import { type Command, Option } from "commander";
import type { CliContext } from "../context.ts";
import type { InitOptions } from "../init_command.ts";
import { DEFAULT_CONTRACT, INIT_CI } from "../init_templates.ts";

/** Adds `proxar init`. */
export function registerInit(program: Command, context: CliContext): void {
  program.command("init")
    .description("Write a starter proxar.yaml and, with --ci, the CI file that runs Proxar")
    .addOption(
      new Option("--ci <system>", "also write the CI file for this system").choices(INIT_CI),
    )
    .option("--contract <file>", "the contract file CI compares", DEFAULT_CONTRACT)
    .option("--force", "overwrite files that exist", false)
    .action(async (opts: InitOptions) => {
      const { initCommand } = await import("../init_command.ts");
      context.exitCode = await initCommand(opts, context.io);
    });
}

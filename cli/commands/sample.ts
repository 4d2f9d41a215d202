/**
 * Registers `proxar sample`; the command's modules load when it runs.
 * @module
 */
import type { Command } from "commander";
import type { CliContext } from "../context.ts";
import { addReportOptions, addTimeoutOptions, oneServer } from "../options.ts";
import type { SampleOptions } from "../sample_command.ts";

/** Adds `proxar sample`. */
export function registerSample(program: Command, context: CliContext): void {
  const command = program.command("sample")
    .description("Call a server's configured sample tools and record or compare result shapes")
    .requiredOption(
      "-s, --server <name>",
      "a server from servers: with entries under samples:",
      oneServer,
    )
    .option("--pin", "also make these shapes the pinned ones (samples/NAME/pinned.json)")
    .option("--check", "compare with the recorded shapes and report instead of recording")
    .option(
      "--against <ref>",
      "with --check: pinned, latest or a samples file (default: pinned, else latest)",
    );
  addReportOptions(command);
  addTimeoutOptions(command).action(async (opts: SampleOptions) => {
    const { sampleCommand } = await import("../sample_command.ts");
    context.exitCode = await sampleCommand(opts, context);
  });
}

/**
 * Registers `proxar diff OLD NEW`; the command's modules load when it runs.
 * @module
 */
import type { Command } from "commander";
import type { CliContext } from "../context.ts";
import type { DiffCommandOptions } from "../diff_command.ts";
import { dropEarlyReads, readFilesEarly } from "../early_reads.ts";
import { addListsOption, addReportOptions, oneServer } from "../options.ts";

/** Adds `proxar diff`. */
export function registerDiff(program: Command, context: CliContext): void {
  const command = program.command("diff")
    .description("Compare two contracts and grade every change")
    .argument("[old]", "old contract: FILE, DIR, -, git:REF:PATH, stdio:CMD, URL, server:NAME")
    .argument("[new]", "new contract: FILE, DIR, -, git:REF:PATH, stdio:CMD, URL, server:NAME")
    .option(
      "-s, --server <name>",
      "compare this configured server, live now, with --against",
      oneServer,
    )
    .option("--against <ref>", "with --server: pinned (default), latest, HASH or FILE")
    .option("--timeout <seconds>", "time limit for each request to a live server (default 30)")
    .option("--connect-timeout <seconds>", "time limit for starting a live server (default 30)");
  addListsOption(command);
  addReportOptions(command).action(
    async (oldSpec: string | undefined, newSpec: string | undefined, opts: DiffCommandOptions) => {
      // Both files are read while the command's modules load and the first one is parsed.
      readFilesEarly([oldSpec, newSpec], context.io.cwd);
      try {
        const { diffCommand } = await import("../diff_command.ts");
        context.exitCode = await diffCommand(oldSpec, newSpec, opts, context);
      } finally {
        dropEarlyReads();
      }
    },
  );
}

/**
 * Registers `proxar diff OLD NEW`; the command's modules load when it runs.
 * @module
 */
import type { Command } from "commander";
import type { CliContext } from "../context.ts";
import type { DiffCommandOptions } from "../diff_command.ts";
import { dropEarlyReads, readFilesEarly } from "../early_reads.ts";
import { DIFF_OPTIONS } from "../option_table.ts";
import { addOptions, oneServer } from "../options.ts";

/** Adds `proxar diff`. */
export function registerDiff(program: Command, context: CliContext): void {
  const command = program.command("diff")
    .description("Compare two contracts and grade every change")
    .argument("[old]", "old contract: FILE, DIR, -, git:REF:PATH, stdio:CMD, URL, server:NAME")
    .argument("[new]", "new contract: FILE, DIR, -, git:REF:PATH, stdio:CMD, URL, server:NAME");
  addOptions(command, DIFF_OPTIONS, { server: oneServer }).action(
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

/**
 * Registers `proxar snapshot`; the command's modules load when it runs.
 * @module
 */
import type { Command } from "commander";
import type { CliContext } from "../context.ts";
import {
  addListsOption,
  addReportOptions,
  addTimeoutOptions,
  collect,
  oneServer,
} from "../options.ts";
import type { SnapshotOptions } from "../snapshot_command.ts";

/** Adds `proxar snapshot`. */
export function registerSnapshot(program: Command, context: CliContext): void {
  const command = program.command("snapshot")
    .description("Snapshot what a live server advertises into a canonical contract file")
    .argument(
      "[source]",
      'live server: "stdio:COMMAND ARGS…", http(s)://URL, server:NAME (or a file)',
    )
    .option("-s, --server <name>", "a server from servers: in the configuration", oneServer)
    .option("--out <file>", "write the snapshot to a file (unchanged when the hash is the same)")
    .option("--check <file>", "exit 1 and print the diff when the file no longer matches")
    .option(
      "-H, --header <name: value>",
      "HTTP header for an http(s) source, repeatable",
      collect,
      [],
    );
  addReportOptions(command);
  addListsOption(addTimeoutOptions(command)).action(
    async (spec: string | undefined, opts: SnapshotOptions) => {
      const { snapshotCommand } = await import("../snapshot_command.ts");
      context.exitCode = await snapshotCommand(spec, opts, context);
    },
  );
}

/**
 * `proxar diff OLD NEW`.
 * @module
 */
import type { Command } from "commander";
import { UserError } from "../core/errors.ts";
import type { CliContext } from "./context.ts";
import type { Io } from "./io.ts";
import {
  addReportOptions,
  compareForReport,
  prepareReportRun,
  type ReportFlags,
  writeReport,
} from "./report_run.ts";
import { type DiffSourceOptions, diffSources } from "./server_sources.ts";

/** Options of `proxar diff`. */
export interface DiffCommandOptions extends DiffSourceOptions, ReportFlags {}

/** Runs a diff and writes its reports; returns the exit code. */
export async function diffCommand(
  oldSpec: string | undefined,
  newSpec: string | undefined,
  options: DiffCommandOptions,
  env: { io: Io },
): Promise<number> {
  const { io } = env;
  if (oldSpec === "-" && newSpec === "-") {
    throw new UserError(
      "Standard input can be read only once: give at most one of OLD and NEW as -",
    );
  }
  const run = await prepareReportRun(io, options);
  const [old, next] = await diffSources(oldSpec, newSpec, options, run.config, io);
  const report = await compareForReport(run, old, next, io, options);
  await writeReport(run, report, io, options);
  return report.decision.exitCode;
}

/** Adds `proxar diff`. */
export function registerDiff(program: Command, context: CliContext): void {
  const command = program.command("diff")
    .description("Compare two contracts and grade every change")
    .argument("[old]", "old contract: FILE, DIR, -, git:REF:PATH, stdio:CMD, URL, server:NAME")
    .argument("[new]", "new contract: FILE, DIR, -, git:REF:PATH, stdio:CMD, URL, server:NAME")
    .option("-s, --server <name>", "compare this configured server, live now, with --against")
    .option("--against <ref>", "with --server: pinned (default), latest, HASH or FILE")
    .option("--timeout <seconds>", "time limit for each request to a live server (default 30)")
    .option("--connect-timeout <seconds>", "time limit for starting a live server (default 30)");
  addReportOptions(command).action(
    async (oldSpec: string | undefined, newSpec: string | undefined, opts: DiffCommandOptions) => {
      context.exitCode = await diffCommand(oldSpec, newSpec, opts, context);
    },
  );
}

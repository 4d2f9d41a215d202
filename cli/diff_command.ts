/**
 * `proxar diff OLD NEW`.
 * @module
 */
import { UserError } from "../core/errors.ts";
import type { Io } from "./io.ts";
import { compareForReport, prepareReportRun, type ReportFlags, writeReport } from "./report_run.ts";
import { diffSources } from "./file_sources.ts";
import type { DiffSourceOptions } from "./server_sources.ts";

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

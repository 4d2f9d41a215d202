/**
 * `proxar check`: snapshots every configured server, compares each with its pinned (or latest)
 * snapshot and writes one combined report in any format. Each change names its server.
 * @module
 */
import type { Change } from "../core/change.ts";
import { compareChanges } from "../core/change.ts";
import { UserError } from "../core/errors.ts";
import { type ContractSummary, type Report, summarise } from "../core/report.ts";
import type { Threshold } from "../core/severity.ts";
import { sha256 } from "../core/sha256.ts";
import type { ExpiredIgnore } from "../core/suppress.ts";
import type { CliContext } from "./context.ts";
import { compareForReport, prepareReportRun, type ReportFlags, writeReport } from "./report_run.ts";
import { LiveSession, type TimeoutFlags } from "./server_sources.ts";

/** Options of `proxar check`. */
export interface CheckOptions extends TimeoutFlags, ReportFlags {
  server: string[];
  against: string;
}

/** Checks every configured server (or those named) and writes the combined report. */
export async function checkCommand(options: CheckOptions, context: CliContext): Promise<number> {
  const { io } = context;
  const run = await prepareReportRun(io, options);
  const config = run.config;
  const session = new LiveSession(config, io, options);
  const names = options.server.length > 0
    ? [...new Set(options.server)].sort()
    : Object.keys(config.servers).sort();
  if (names.length === 0) {
    throw new UserError(
      `proxar check needs servers: in ${config.file ?? "proxar.yaml"} (none are configured)`,
    );
  }
  const reports: { server: string; report: Report }[] = [];
  for (const server of names) {
    const [old, next] = await session.serverPair(server, options.against);
    reports.push({ server, report: await compareForReport(run, old, next, io, options) });
  }
  const report = combine(reports, options.against, config);
  await writeReport(run, report, io, options);
  return report.decision.exitCode;
}

/** One report for several servers: every change tagged with its server, counts summed. */
function combine(
  reports: readonly { server: string; report: Report }[],
  against: string,
  config: { fail_on: Threshold; warn_on: Threshold },
): Report {
  const changes: Change[] = [];
  for (const { server, report } of reports) {
    for (const change of report.changes) {
      changes.push({ ...change, server, message: `[${server}] ${change.message}` });
    }
  }
  changes.sort((a, b) => compareChanges(a, b) || (a.server! < b.server! ? -1 : 1));
  const names = reports.map((r) => r.server).join(", ");
  const first = reports[0]!.report;
  return {
    schemaVersion: first.schemaVersion,
    proxar: first.proxar,
    old: side(`${against} snapshots of ${names}`, reports.map((r) => r.report.old)),
    new: side(`live ${names}`, reports.map((r) => r.report.new)),
    changes,
    ...summarise(
      changes,
      { failOn: config.fail_on, warnOn: config.warn_on },
      mergeExpired(reports),
    ),
  };
}

function side(source: string, summaries: readonly ContractSummary[]): ContractSummary {
  const hash = sha256(summaries.map((s) => s.hash).join("\n"));
  const counts = { tools: 0, prompts: 0, resources: 0, resourceTemplates: 0 };
  for (const s of summaries) {
    counts.tools += s.counts.tools;
    counts.prompts += s.counts.prompts;
    counts.resources += s.counts.resources;
    counts.resourceTemplates += s.counts.resourceTemplates;
  }
  return {
    source,
    server: { name: "unknown", version: "unknown" },
    hash: `sha256:${hash}`,
    counts,
  };
}

/** The same ignore entry expired for several servers is listed once, with the matches summed. */
function mergeExpired(reports: readonly { report: Report }[]): ExpiredIgnore[] {
  const byEntry = new Map<string, ExpiredIgnore>();
  for (const { report } of reports) {
    for (const e of report.summary.expiredIgnores) {
      const key = JSON.stringify([e.rule, e.entity, e.path, e.expires, e.where]);
      const seen = byEntry.get(key);
      if (seen) seen.matched += e.matched;
      else byEntry.set(key, { ...e });
    }
  }
  return [...byEntry.values()];
}

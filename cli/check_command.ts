/**
 * `proxar check`: snapshots every configured server, compares each with its pinned (or latest)
 * snapshot and writes one combined report in any format. Each change names its server.
 * @module
 */
import { type Command, Option } from "commander";
import { createHash } from "node:crypto";
import type { Change } from "../core/change.ts";
import { compareChanges } from "../core/change.ts";
import { compareContracts } from "../core/engine.ts";
import { UserError } from "../core/errors.ts";
import { locateChanges } from "../core/locate.ts";
import { type ContractSummary, type Report, summarise } from "../core/report.ts";
import { SEVERITIES, type Threshold } from "../core/severity.ts";
import type { ExpiredIgnore } from "../core/suppress.ts";
import { checkConfigRules } from "../core/suppress.ts";
import { readConfig } from "./config_file.ts";
import type { CliContext } from "./context.ts";
import { parseFormats, writeOutputs } from "./outputs.ts";
import { addTimeoutOptions, LiveSession, type TimeoutFlags } from "./server_sources.ts";

/** Options of `proxar check`. */
export interface CheckOptions extends TimeoutFlags {
  config?: string;
  server: string[];
  against: string;
  failOn?: Threshold;
  warnOn?: Threshold;
  format: string[];
  output?: string;
  locations?: boolean;
}

/** Checks every configured server (or those named) and writes the combined report. */
export async function checkCommand(options: CheckOptions, context: CliContext): Promise<number> {
  const { io, registry } = context;
  const outputs = parseFormats(options.format, options.output, context.reporters);
  const config = await readConfig(io.cwd, options.config);
  if (options.failOn) config.fail_on = options.failOn;
  if (options.warnOn) config.warn_on = options.warnOn;
  checkConfigRules(config, registry);
  const session = new LiveSession(config, io, options);
  const names = options.server.length > 0
    ? [...new Set(options.server)].sort()
    : Object.keys(config.servers).sort();
  if (names.length === 0) {
    throw new UserError(
      `proxar check needs servers: in ${config.file ?? "proxar.yaml"} (none are configured)`,
    );
  }
  const today = io.env.PROXAR_TODAY;
  const reports: { server: string; report: Report }[] = [];
  for (const server of names) {
    const [old, next] = await session.serverPair(server, options.against);
    const report = compareContracts(old, next, { registry, config, ...(today ? { today } : {}) });
    if (options.locations !== false) locateChanges(report.changes, old, next);
    reports.push({ server, report });
  }
  const report = combine(reports, options.against, config);
  await writeOutputs(outputs, report, registry, io);
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
  const hash = createHash("sha256").update(summaries.map((s) => s.hash).join("\n")).digest("hex");
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

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

const THRESHOLDS = [...SEVERITIES, "never"];

/** Adds `proxar check`. */
export function registerCheck(program: Command, context: CliContext): void {
  const command = program.command("check")
    .description("Compare every configured server with its pinned snapshot, in one report")
    .option("-s, --server <name>", "check only this server, repeatable", collect, [])
    .addOption(
      new Option("--against <ref>", "compare with each server's pinned or latest snapshot")
        .choices(["pinned", "latest"]).default("pinned"),
    )
    .option("-c, --config <file>", "configuration file (default: ./proxar.yaml when present)")
    .addOption(
      new Option("--fail-on <level>", "exit 1 at or above this severity").choices(THRESHOLDS),
    )
    .addOption(
      new Option("--warn-on <level>", "warn at or above this severity").choices(THRESHOLDS),
    )
    .option(
      "-f, --format <name[=file]>",
      `report format, repeatable: ${context.reporters.map((r) => r.name).join(", ")}`,
      collect,
      [],
    )
    .option("-o, --output <file>", "write the report to a file instead of standard output")
    .option("--no-locations", "do not look up line and column of each change");
  addTimeoutOptions(command).action(async (opts: CheckOptions) => {
    context.exitCode = await checkCommand(opts, context);
  });
}

/**
 * The report: both contracts' identities, the sorted changes, counts, suppression and the
 * threshold decision. Every reporter renders this model; its JSON form is versioned.
 * @module
 */
import type { Change } from "./change.ts";
import type { ReleaseAdvice } from "./release.ts";
import type { ExpiredIgnore } from "./suppress.ts";
import { reaches, SEVERITIES, type Severity, type Threshold } from "./severity.ts";

/** The version of the JSON report format. It only ever gains fields. */
export const REPORT_SCHEMA_VERSION = 1;

/** One compared contract. */
export interface ContractSummary {
  source: string;
  server: { name: string; version: string };
  hash: string;
  counts: { tools: number; prompts: number; resources: number; resourceTemplates: number };
}

/** Counts of unsuppressed changes per severity. */
export type SeverityCounts = Record<Severity, number>;

/** The threshold decision. */
export interface Decision {
  failOn: Threshold;
  warnOn: Threshold;
  /** The strongest unsuppressed severity, or null when there is none. */
  highest: Severity | null;
  status: "fail" | "warn" | "pass";
  exitCode: 0 | 1;
}

/** The whole result of a comparison. */
export interface Report {
  schemaVersion: number;
  proxar: { version: string };
  old: ContractSummary;
  new: ContractSummary;
  changes: Change[];
  summary: {
    total: number;
    counts: SeverityCounts;
    suppressed: { total: number; reasons: { reason: string; count: number }[] };
    expiredIgnores: ExpiredIgnore[];
  };
  decision: Decision;
  /**
   * The smallest SemVer release that fits the changes, for a comparison of two versions of one
   * server (absent from `proxar check`'s combined report).
   */
  release?: ReleaseAdvice;
}

/** Counts, suppression reasons and the decision for sorted changes. */
export function summarise(
  changes: readonly Change[],
  thresholds: { failOn: Threshold; warnOn: Threshold },
  expiredIgnores: ExpiredIgnore[],
): Pick<Report, "summary" | "decision"> {
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as SeverityCounts;
  const reasons = new Map<string, number>();
  let highest: Severity | null = null;
  for (const change of changes) {
    if (change.suppressed) {
      reasons.set(change.suppressed.reason, (reasons.get(change.suppressed.reason) ?? 0) + 1);
      continue;
    }
    counts[change.severity]++;
    if (highest === null || reaches(change.severity, highest)) highest = change.severity;
  }
  const suppressedTotal = [...reasons.values()].reduce((a, b) => a + b, 0);
  const fail = highest !== null && reaches(highest, thresholds.failOn);
  const warn = highest !== null && reaches(highest, thresholds.warnOn);
  return {
    summary: {
      total: changes.length,
      counts,
      suppressed: {
        total: suppressedTotal,
        reasons: [...reasons].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map((
          [reason, count],
        ) => ({ reason, count })),
      },
      expiredIgnores,
    },
    decision: {
      failOn: thresholds.failOn,
      warnOn: thresholds.warnOn,
      highest,
      status: fail ? "fail" : warn ? "warn" : "pass",
      exitCode: fail ? 1 : 0,
    },
  };
}

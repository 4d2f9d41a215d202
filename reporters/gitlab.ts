/**
 * GitLab Code Quality (`artifacts:reports:codequality`): one JSON array of issues, `[]` when
 * there is nothing to show, no BOM.
 *
 * - Suppressed changes are left out: Code Quality has no notion of an accepted finding, so it
 *   would show them as open issues in the merge request.
 * - `severity`: BREAKING → `critical`, POTENTIALLY_BREAKING → `major`, NON_BREAKING → `minor`,
 *   DOCUMENTATION → `info`. `blocker` stays unused: the severity says how likely agents break,
 *   while whether the pipeline stops is `fail_on`'s call.
 * - `fingerprint` is the sha256 of the rule, the entity's kind and name, the path and the pointer
 *   relative to the entity (plus the server, in `proxar check`'s combined report), so it
 *   survives line moves and entities added before this one (snapshot pointers start with the
 *   entity's index, which shifts). Equal inputs get a counter.
 * - `location.path` is the file of the new location, else of the old one, else the new source
 *   label, as the CLI received it (relative to its working directory, the repository root in
 *   CI); `location.lines.begin` is that location's line, else 1.
 * - `type` and `categories` are added so the entries also follow the Code Climate spec that
 *   GitLab's format derives from.
 *
 * @module
 */
import { sha256 } from "../core/sha256.ts";
import { type Change, changeIdentity } from "../core/change.ts";
import type { Report } from "../core/report.ts";
import type { Severity } from "../core/severity.ts";
import type { Reporter } from "./reporter.ts";
import { cap, stripControl } from "../core/sanitize.ts";

/** One Code Quality issue. */
export interface CodeQualityIssue {
  type: "issue";
  description: string;
  check_name: string;
  categories: string[];
  fingerprint: string;
  severity: "info" | "minor" | "major" | "critical" | "blocker";
  location: { path: string; lines: { begin: number } };
}

/** Code Quality severity of each Proxar severity. */
export const CODE_QUALITY_SEVERITY: Record<Severity, CodeQualityIssue["severity"]> = {
  BREAKING: "critical",
  POTENTIALLY_BREAKING: "major",
  NON_BREAKING: "minor",
  DOCUMENTATION: "info",
};

const DESCRIPTION_MAX = 1000;
const PATH_MAX = 1000;

function issueOf(change: Change, report: Report, fingerprint: string): CodeQualityIssue {
  const where = change.locations?.new ?? change.locations?.old;
  const path = stripControl(where?.file ?? report.new.source);
  return {
    type: "issue",
    description: cap(
      stripControl(
        [change.message, ...(change.notes ?? []).map((n) => `Note (advisory): ${n}`)].join(" "),
      ),
      DESCRIPTION_MAX,
    ),
    check_name: change.rule,
    categories: ["Compatibility"],
    fingerprint,
    severity: CODE_QUALITY_SEVERITY[change.severity],
    location: {
      path: cap(path, PATH_MAX),
      lines: { begin: where && where.line >= 1 ? where.line : 1 },
    },
  };
}

/**
 * The Code Quality issues of several reports, with fingerprints unique across all of them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { codeQualityIssues } from "./gitlab.ts";
 * import { compareContracts } from "../core/engine.ts";
 * import { contractFromDocument } from "../core/load_contract.ts";
 * import { createRegistry } from "../core/registry.ts";
 * import { builtinRules } from "../rules/mod.ts";
 * const side = (tools: string[]) =>
 *   contractFromDocument({ label: "c.json", value: { tools: tools.map((name) => ({ name, inputSchema: {} })) } });
 * const report = compareContracts(side(["a", "b"]), side(["a"]), { registry: createRegistry(builtinRules) });
 * const [issue] = codeQualityIssues([report]);
 * assert.equal(issue?.check_name, "tool.removed");
 * assert.equal(issue?.severity, "critical");
 * assert.deepEqual(issue?.location, { path: "c.json", lines: { begin: 1 } });
 * ```
 */
export function codeQualityIssues(reports: readonly Report[]): CodeQualityIssue[] {
  const seen = new Set<string>();
  const issues: CodeQualityIssue[] = [];
  for (const report of reports) {
    for (const change of report.changes) {
      if (change.suppressed) continue;
      const key = changeIdentity(change);
      let fingerprint = sha256(JSON.stringify(key));
      for (let n = 2; seen.has(fingerprint); n++) {
        fingerprint = sha256(JSON.stringify([...key, n]));
      }
      seen.add(fingerprint);
      issues.push(issueOf(change, report, fingerprint));
    }
  }
  return issues;
}

/** Renders the Code Quality JSON of several reports as one array. */
export function renderCodeQuality(reports: readonly Report[]): string {
  return JSON.stringify(codeQualityIssues(reports), null, 2) + "\n";
}

/** The GitLab Code Quality reporter. */
export const gitlabReporter: Reporter = {
  name: "gitlab",
  summary: "GitLab Code Quality JSON for merge request widgets (suppressed changes left out)",
  oldLocationOnlyWithoutNew: true,
  render: (report) => renderCodeQuality([report]),
};

/**
 * GitHub Actions workflow commands: one annotation per change, then the full text report.
 *
 * - BREAKING → `::error`, POTENTIALLY_BREAKING → `::warning`, NON_BREAKING and DOCUMENTATION →
 *   `::notice`, each with `file`, `line` and `col` of the new location (else the old one) and the
 *   rule as `title`. Suppressed changes get no annotation (they were accepted on purpose); the
 *   text report below lists them with their reasons.
 * - The runner keeps only the first 10 errors, 10 warnings and 10 notices of a step and drops the
 *   rest silently. So at most 10 of each are written; when any is left out, the last notice
 *   slot goes to a `::notice` saying how many, and the text report has them all.
 * - Message data escapes `%`, CR and LF; property values also `:` and `,`. Server text is
 *   stripped of terminal control sequences and capped.
 * - The text report is wrapped in `::stop-commands::TOKEN` … `::TOKEN::`, so a description
 *   holding a line such as `::error::…` or `::add-mask::…` is printed, not obeyed. The token is
 *   the sha256 of the wrapped text: deterministic, and no text can hold its own hash.
 *
 * @module
 */
import { sha256 } from "../core/sha256.ts";
import type { Change } from "../core/change.ts";
import type { Report } from "../core/report.ts";
import type { Severity } from "../core/severity.ts";
import type { Reporter } from "./reporter.ts";
import { cap, stripControl } from "../core/sanitize.ts";
import { renderText } from "./text.ts";

type Command = "error" | "warning" | "notice";

const COMMAND: Record<Severity, Command> = {
  BREAKING: "error",
  POTENTIALLY_BREAKING: "warning",
  NON_BREAKING: "notice",
  DOCUMENTATION: "notice",
};

/** How many annotations of each kind the runner keeps per step. */
export const ANNOTATIONS_PER_KIND = 10;

const MESSAGE_MAX = 2000;
const PROPERTY_MAX = 500;

/**
 * Escapes the data of a workflow command (after `::`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeData } from "./github.ts";
 * assert.equal(escapeData("100%\r\n::x"), "100%25%0D%0A::x");
 * ```
 */
export function escapeData(text: string): string {
  return text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}

/**
 * Escapes a property value of a workflow command (`file=…`, `title=…`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeProperty } from "./github.ts";
 * assert.equal(escapeProperty("a:b,c%"), "a%3Ab%2Cc%25");
 * ```
 */
export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");
}

function annotation(change: Change): string {
  const where = change.locations?.new ?? change.locations?.old;
  const props: string[] = [];
  if (where) {
    props.push(
      `file=${escapeProperty(cap(stripControl(where.file), PROPERTY_MAX))}`,
      `line=${where.line}`,
      `col=${where.column}`,
    );
  }
  props.push(`title=${escapeProperty(cap(stripControl(change.rule), PROPERTY_MAX))}`);
  const text = [
    change.message,
    ...(change.hint ? [`hint: ${change.hint}`] : []),
    ...(change.notes ?? []).map((note) => `note (advisory): ${note}`),
  ].join("\n");
  return `::${COMMAND[change.severity]} ${props.join(",")}::${
    escapeData(cap(stripControl(text), MESSAGE_MAX))
  }`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** The annotation lines of a report, capped per kind. */
export function annotations(report: Report): string[] {
  const byKind: Record<Command, Change[]> = { error: [], warning: [], notice: [] };
  for (const change of report.changes) {
    if (!change.suppressed) byKind[COMMAND[change.severity]].push(change);
  }
  const { error, warning, notice } = byKind;
  const overflow = error.length > ANNOTATIONS_PER_KIND || warning.length > ANNOTATIONS_PER_KIND ||
    notice.length > ANNOTATIONS_PER_KIND;
  const noticeRoom = overflow ? ANNOTATIONS_PER_KIND - 1 : ANNOTATIONS_PER_KIND;
  const shown = [
    ...error.slice(0, ANNOTATIONS_PER_KIND),
    ...warning.slice(0, ANNOTATIONS_PER_KIND),
    ...notice.slice(0, noticeRoom),
  ];
  const lines = shown.map(annotation);
  if (overflow) {
    const left = [
      [error.length - Math.min(error.length, ANNOTATIONS_PER_KIND), "error"],
      [warning.length - Math.min(warning.length, ANNOTATIONS_PER_KIND), "warning"],
      [notice.length - Math.min(notice.length, noticeRoom), "notice"],
    ] as const;
    const total = left.reduce((sum, [n]) => sum + n, 0);
    const parts = left.filter(([n]) => n > 0).map(([n, word]) => plural(n, word));
    lines.push(
      `::notice title=proxar::${
        escapeData(
          `${plural(total, "annotation")} left out (${
            parts.join(", ")
          }): GitHub shows ${ANNOTATIONS_PER_KIND} of each kind per step. The full report is in the log.`,
        )
      }`,
    );
  }
  return lines;
}

/** Renders the annotations, then the full text report with workflow commands turned off. */
export function renderGithub(report: Report): string {
  const text = renderText(report, false);
  const token = sha256(text);
  return [
    ...annotations(report),
    `::stop-commands::${token}`,
    text.trimEnd(),
    `::${token}::`,
    "",
  ].join("\n");
}

/** The GitHub Actions reporter. */
export const githubReporter: Reporter = {
  name: "github",
  summary: "GitHub Actions annotations (capped as GitHub shows them) followed by the text report",
  oldLocationOnlyWithoutNew: true,
  render: (report) => renderGithub(report),
};

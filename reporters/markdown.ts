/**
 * Markdown for pull-request comments and job summaries: a hidden `<!-- proxar -->` marker (so a
 * CI step can find and update its own comment), a verdict line, a count table, one collapsible
 * block per entity with old and new values (prose as a `diff` block), and the suppressed
 * changes with their reasons. Server text is made inert; the whole is capped at GitHub's
 * comment limit with a note saying what was cut.
 * @module
 */
import type { Change } from "../core/change.ts";
import type { Report } from "../core/report.ts";
import { SEVERITIES, type Severity } from "../core/severity.ts";
import { groupByEntity, isAbsent, KIND_NAMES, LABELS, plural, releaseSentence } from "./_shared.ts";
import { codeSpan, escapeHtml, escapeInline, fenced } from "./markdown_escape.ts";
import type { Reporter } from "./reporter.ts";
import { cap } from "../core/sanitize.ts";
import { summaryLine } from "./text.ts";

/** GitHub's limit for a comment body. */
export const MARKDOWN_LIMIT = 65_536;

const MARKER = "<!-- proxar -->";
const HEADING: Record<Severity, string> = {
  BREAKING: "Breaking",
  POTENTIALLY_BREAKING: "Potentially breaking",
  NON_BREAKING: "Non-breaking",
  DOCUMENTATION: "Documentation",
};

function verdict(report: Report): string {
  const d = report.decision;
  if (d.status === "fail") {
    return `:x: **Proxar: ${LABELS[d.highest!]} changes reach \`fail_on: ${d.failOn}\`**`;
  }
  if (d.status === "warn") {
    return `:warning: **Proxar: ${
      LABELS[d.highest!]
    } changes need a look** (below \`fail_on: ${d.failOn}\`)`;
  }
  if (report.summary.total === 0) return ":white_check_mark: **Proxar: no changes**";
  return `:white_check_mark: **Proxar: nothing reaches \`fail_on: ${d.failOn}\`**`;
}

function side(s: Report["old"]): string {
  const server = s.server.name === "unknown"
    ? ""
    : ` (${escapeInline(`${s.server.name} ${s.server.version}`)})`;
  return `${codeSpan(s.source)}${server}`;
}

function isProse(change: Change): boolean {
  return change.prose !== undefined ||
    (typeof change.old === "string" && typeof change.new === "string" &&
      /\s/.test(change.old + change.new));
}

function values(change: Change): string[] {
  if (change.old === undefined && change.new === undefined) return [];
  if (isProse(change)) {
    const lines = (v: unknown, sign: string) =>
      typeof v === "string" ? cap(v, 4000).split(/\r\n?|\n/).map((l) => `${sign} ${l}`) : [];
    return ["", fenced([...lines(change.old, "-"), ...lines(change.new, "+")].join("\n"), "diff")];
  }
  const json = (v: unknown) => cap(JSON.stringify(v, null, 2) ?? "", 4000);
  const out: string[] = [];
  const side = (label: string, v: unknown) =>
    isAbsent(change.rule, v)
      ? ["", `${label}: absent`]
      : ["", `${label}:`, "", fenced(json(v), "json")];
  if (change.old !== undefined) out.push(...side("Old", change.old));
  if (change.new !== undefined) out.push(...side("New", change.new));
  return out;
}

function changeBlock(change: Change): string {
  const at = change.locations?.new ?? change.locations?.old;
  const where = at ? ` in ${codeSpan(`${at.file}:${at.line}:${at.column}`)}` : "";
  const override = change.overriddenFrom ? ` (overridden from ${change.overriddenFrom})` : "";
  const lines = [
    `- **${change.severity}**${override} ${codeSpan(change.rule)} at ${
      codeSpan(cap(change.path, 500))
    }${where}`,
    "",
    `  ${escapeInline(cap(change.message, 1000))}`,
  ];
  if (change.hint) lines.push("", `  Hint: ${escapeInline(cap(change.hint, 300))}`);
  for (const note of change.notes ?? []) {
    lines.push("", `  Note (advisory): ${escapeInline(cap(note, 1000))}`);
  }
  for (const line of values(change)) {
    lines.push(line === "" ? "" : `  ${line.replaceAll("\n", "\n  ")}`);
  }
  return lines.join("\n");
}

function entityBlock(group: readonly Change[]): string {
  const first = group[0]!;
  const strongest = group.map((c) => c.severity).sort((a, b) =>
    SEVERITIES.indexOf(a) - SEVERITIES.indexOf(b)
  )[0]!;
  const server = first.server ? `${escapeHtml(first.server)}: ` : "";
  const summary = `${server}${KIND_NAMES[first.entity.kind]} <code>${
    escapeHtml(cap(first.entity.name, 200))
  }</code>: ${plural(group.length, "change")}, ${LABELS[strongest]}`;
  return [
    "<details>",
    `<summary>${summary}</summary>`,
    "",
    group.map(changeBlock).join("\n\n"),
    "",
    "</details>",
  ].join("\n");
}

function release(report: Report): string[] {
  const sentence = releaseSentence(report, (t) => escapeInline(cap(t, 100)));
  return sentence ? [sentence.replace(/^Release: /, "**Release:** "), ""] : [];
}

function countTable(report: Report): string {
  const rows = SEVERITIES.map((s) => `| ${HEADING[s]} | ${report.summary.counts[s]} |`);
  rows.push(`| Suppressed | ${report.summary.suppressed.total} |`);
  return ["| Severity | Changes |", "| --- | ---: |", ...rows].join("\n");
}

function suppressedSection(report: Report): string[] {
  const suppressed = report.changes.filter((c) => c.suppressed);
  if (suppressed.length === 0) return [];
  const lines = [`### Suppressed (${suppressed.length})`, ""];
  for (const c of suppressed) {
    lines.push(
      `- ${codeSpan(c.rule)} at ${codeSpan(cap(c.path, 500))} (${c.severity}): ${
        escapeInline(cap(c.suppressed!.reason, 300))
      }`,
    );
  }
  return lines;
}

function expiredSection(report: Report): string[] {
  const expired = report.summary.expiredIgnores;
  if (expired.length === 0) return [];
  return [
    `### Expired ignore entries (${expired.length})`,
    "",
    ...expired.map((e) =>
      `- \`${escapeInline(e.rule)}\`${e.entity ? ` on ${escapeInline(e.entity)}` : ""} expired on ${
        escapeInline(e.expires)
      }: no longer suppresses ${plural(e.matched, "change")}`
    ),
  ];
}

/** Renders the Markdown report, capped at `limit` characters. */
export function renderMarkdown(report: Report, limit = MARKDOWN_LIMIT): string {
  const head = [
    MARKER,
    "",
    "## Proxar contract check",
    "",
    verdict(report),
    "",
    `${side(report.old)} → ${side(report.new)}`,
    "",
    summaryLine(report).replace(/^Summary: /, ""),
    "",
    ...release(report),
    countTable(report),
  ].join("\n");
  const tail = [suppressedSection(report), expiredSection(report)]
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join("\n"));
  const groups = groupByEntity(report.changes.filter((c) => !c.suppressed));
  const blocks = groups.map(entityBlock);
  const budget = limit - head.length - tail.join("\n\n").length - 600;
  const kept: string[] = [];
  let used = 0;
  for (const block of blocks) {
    if (used + block.length + 2 > budget) break;
    kept.push(block);
    used += block.length + 2;
  }
  const parts = [head];
  if (kept.length > 0) parts.push("### Changes", kept.join("\n\n"));
  const left = groups.slice(kept.length);
  if (left.length > 0) {
    const changes = plural(left.reduce((n, g) => n + g.length, 0), "change");
    const entities = `${left.length} ${left.length === 1 ? "entity" : "entities"}`;
    parts.push(
      `> [!NOTE]\n> ${changes} in ${entities} were left out to stay under GitHub's ${limit}-character limit. The JSON and text reports have every change.`,
    );
  }
  parts.push(...tail);
  return parts.join("\n\n") + "\n";
}

/** The Markdown reporter. */
export const markdownReporter: Reporter = {
  name: "markdown",
  summary: "Markdown for pull-request comments and job summaries",
  oldLocationOnlyWithoutNew: true,
  render: (report) => renderMarkdown(report),
};

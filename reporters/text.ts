/**
 * The default human-readable report: grouped by entity, old → new values, a suppressed section
 * and a summary line. Colour only when asked for; server text is stripped of control sequences.
 * @module
 */
import { createRequire } from "node:module";
import type picocolors from "picocolors";
import { describeStep } from "../core/prose.ts";
import type { Report } from "../core/report.ts";
import { SEVERITIES, type Severity } from "../core/severity.ts";
import { groupByEntity, isAbsent, KIND_NAMES, LABELS, plural, releaseSentence } from "./_shared.ts";
import type { Reporter } from "./reporter.ts";
import { cap, escapeControl } from "../core/sanitize.ts";

/** Untrusted text on one line: control characters and line breaks shown as escapes, capped. */
function clean(text: string, max = 400): string {
  return cap(escapeControl(text), max);
}

function value(v: unknown): string {
  return clean(JSON.stringify(v) ?? "", 300);
}

type Colors = ReturnType<typeof picocolors.createColors>;

/** The formatters the report uses. */
type Paint = Pick<Colors, "bold" | "dim" | "red" | "yellow" | "green" | "cyan">;

/** Without colour, every formatter returns its text (as picocolors' do then). */
const PLAIN: Paint = {
  bold: String,
  dim: String,
  red: String,
  yellow: String,
  green: String,
  cyan: String,
};

/**
 * The report's colours. picocolors is required only when colour is on: loading it asks whether
 * `process.stdout` is a terminal, and in a compiled Bun binary that stream costs milliseconds to
 * set up. Bun's bundler resolves the `require` into the binary; Deno and Node take the
 * `createRequire` branch.
 */
function colors(color: boolean): Paint {
  if (!color) return PLAIN;
  const pc =
    (typeof require === "function"
      ? require("picocolors")
      : createRequire(import.meta.url)("picocolors")) as typeof picocolors;
  return pc.createColors(true);
}

/** Renders the text report. */
export function renderText(report: Report, color: boolean): string {
  const c = colors(color);
  const paint: Record<Severity, (s: string) => string> = {
    BREAKING: (s) => c.bold(c.red(s)),
    POTENTIALLY_BREAKING: c.yellow,
    NON_BREAKING: c.green,
    DOCUMENTATION: c.cyan,
  };
  const out: string[] = [];
  const side = (s: Report["old"]) =>
    s.server.name === "unknown"
      ? clean(s.source)
      : `${clean(s.source)} (${clean(s.server.name)} ${clean(s.server.version)})`;
  out.push(`${c.bold("proxar")} ${side(report.old)} → ${side(report.new)}`, "");
  const active = report.changes.filter((x) => !x.suppressed);
  for (const group of groupByEntity(active)) {
    const first = group[0]!;
    out.push(c.bold(`${KIND_NAMES[first.entity.kind]} ${clean(first.entity.name)}`));
    for (const change of group) {
      const where = change.locations?.new ?? change.locations?.old;
      const loc = where ? `  ${clean(where.file)}:${where.line}:${where.column}` : "";
      const override = change.overriddenFrom ? ` (overridden from ${change.overriddenFrom})` : "";
      out.push(
        `  ${paint[change.severity](change.severity)}${override}  ${change.rule}  ${
          clean(change.path)
        }${loc}`,
      );
      out.push(`    ${clean(change.message)}`);
      if (change.hint) out.push(`    hint: ${clean(change.hint)}`);
      const shown = (v: unknown) => isAbsent(change.rule, v) ? "(absent)" : value(v);
      if (change.old !== undefined) out.push(`    ${c.dim("old:")} ${shown(change.old)}`);
      if (change.new !== undefined) out.push(`    ${c.dim("new:")} ${shown(change.new)}`);
      if (change.prose) out.push(`    ${c.dim("reason:")} ${describeStep(change.prose.step)}`);
      for (const note of change.notes ?? []) out.push(`    note: ${clean(note)}`);
    }
    out.push("");
  }
  const suppressed = report.changes.filter((x) => x.suppressed);
  if (suppressed.length > 0) {
    out.push(c.bold(`Suppressed (${suppressed.length}):`));
    for (const s of suppressed) {
      out.push(
        `  ${s.severity}  ${s.rule}  ${clean(s.path)}: ${clean(s.suppressed!.reason)} (${
          clean(s.suppressed!.by)
        })`,
      );
    }
    out.push("");
  }
  const expired = report.summary.expiredIgnores;
  if (expired.length > 0) {
    out.push(c.bold(c.yellow(`Expired ignore entries (${expired.length}):`)));
    for (const e of expired) {
      out.push(
        `  ${clean(e.rule)}${e.entity ? ` on ${clean(e.entity)}` : ""} expired on ${e.expires}${
          e.where ? ` (${clean(e.where)})` : ""
        }: no longer suppresses ${plural(e.matched, "change")}`,
      );
    }
    out.push("");
  }
  out.push(summaryLine(report));
  const release = releaseSentence(report, (t) => clean(t, 100));
  if (release) out.push(release);
  out.push(verdictLine(report, c));
  return out.join("\n") + "\n";
}

/** One line: counts per severity and suppression, or why there is nothing to show. */
export function summaryLine(report: Report): string {
  const { counts, suppressed, total } = report.summary;
  if (total === 0) return "Summary: no changes.";
  const active = total - suppressed.total;
  if (active === 0) {
    const all = `all ${plural(total, "change")} ${total === 1 ? "is" : "are"}`;
    return `Summary: ${all} suppressed by ignore entries (${
      suppressed.reasons.map((r) => `${r.count}× ${JSON.stringify(r.reason)}`).join(", ")
    }).`;
  }
  const parts = SEVERITIES.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${LABELS[s]}`);
  const sup = suppressed.total > 0 ? `; ${suppressed.total} suppressed` : "";
  return `Summary: ${plural(active, "change")}: ${parts.join(", ")}${sup}.`;
}

function verdictLine(report: Report, c: Paint): string {
  const d = report.decision;
  if (d.status === "fail") {
    return c.bold(c.red(`Result: FAIL (${d.highest} reaches fail_on ${d.failOn})`));
  }
  if (d.status === "warn") {
    return c.yellow(
      `Result: WARN (${d.highest} reaches warn_on ${d.warnOn}; fail_on is ${d.failOn})`,
    );
  }
  return c.green(`Result: PASS (nothing reaches fail_on ${d.failOn})`);
}

/** The text reporter. */
export const textReporter: Reporter = {
  name: "text",
  summary: "Human-readable report grouped by entity (default)",
  oldLocationOnlyWithoutNew: true,
  render: (report, context) => renderText(report, context.color),
};

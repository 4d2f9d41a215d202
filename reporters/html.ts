/**
 * One self-contained HTML page for reviewers: a summary with the verdict, counts and release
 * advice; filters by severity and entity; every change with its rule, path and location; prose
 * changes with old and new text side by side and word-level marks; other values (schemas above
 * all) as a compact tree.
 *
 * - No network: no external style sheet, script, image, font or link that loads anything. The
 *   one inline style sheet and script are allowed by their sha256 hashes in a
 *   Content-Security-Policy meta tag with `default-src 'none'`, so injected markup could neither
 *   run nor load even if escaping failed.
 * - Server text is stripped of control characters, capped and escaped everywhere, attributes
 *   included; the script reads it only through `dataset` and writes only `textContent`.
 *
 * @module
 */
import { sha256 } from "../core/sha256.ts";
import type { Change } from "../core/change.ts";
import type { Report } from "../core/report.ts";
import { SEVERITIES, type Severity } from "../core/severity.ts";
import { groupByEntity, KIND_NAMES, LABELS, plural, releaseSentence } from "./_shared.ts";
import { SCRIPT, STYLE } from "./html_assets.ts";
import { html } from "./html_escape.ts";
import { isProse, proseValues, valueTree } from "./html_values.ts";
import type { Reporter } from "./reporter.ts";
import { summaryLine } from "./text.ts";

const HEADING: Record<Severity, string> = {
  BREAKING: "Breaking",
  POTENTIALLY_BREAKING: "Potentially breaking",
  NON_BREAKING: "Non-breaking",
  DOCUMENTATION: "Documentation",
};

function hash(text: string): string {
  return `'sha256-${sha256(text, "base64")}'`;
}

/** The Content-Security-Policy of the page: nothing but its own style sheet and script. */
export function contentSecurityPolicy(): string {
  return [
    "default-src 'none'",
    `style-src ${hash(STYLE)}`,
    `script-src ${hash(SCRIPT)}`,
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

/** The value of the entity filter for a change: server, kind and name, as JSON. */
function entityKey(change: Change): string {
  return JSON.stringify([change.server ?? "", change.entity.kind, change.entity.name]);
}

function entityTitle(change: Change): string {
  const server = change.server ? `${html(change.server, 200)}: ` : "";
  return `${server}${KIND_NAMES[change.entity.kind]} <code>${html(change.entity.name, 200)}</code>`;
}

function changeArticle(change: Change): string {
  const at = change.locations?.new ?? change.locations?.old;
  const where = at
    ? `<span class="loc">${html(`${at.file}:${at.line}:${at.column}`, 500)}</span>`
    : "";
  const override = change.overriddenFrom
    ? ` <span class="loc">(overridden from ${change.overriddenFrom})</span>`
    : "";
  const parts = [
    `<div class="meta"><span class="badge ${change.severity}">${change.severity}</span>${override}${
      change.suppressed ? '<span class="badge suppressed">suppressed</span>' : ""
    }<code class="rule">${html(change.rule, 200)}</code><code class="path">${
      html(change.path, 500)
    }</code>${where}</div>`,
    `<p class="message">${html(change.message, 1000)}</p>`,
  ];
  if (change.hint) parts.push(`<p class="hint">Hint: ${html(change.hint, 300)}</p>`);
  parts.push(isProse(change) ? proseValues(change) : valueTree(change));
  for (const note of change.notes ?? []) {
    parts.push(`<div class="note"><strong>Note (advisory):</strong> ${html(note, 2000)}</div>`);
  }
  if (change.suppressed) {
    parts.push(
      `<p class="suppressed-by">Suppressed by ${html(change.suppressed.by, 300)}: ${
        html(change.suppressed.reason, 500)
      }</p>`,
    );
  }
  return `<article class="change ${change.severity}" data-severity="${change.severity}" data-entity="${
    html(entityKey(change), 2000)
  }" data-suppressed="${change.suppressed ? "true" : "false"}">${parts.join("")}</article>`;
}

function summary(report: Report): string {
  const d = report.decision;
  const verdict = d.status === "fail"
    ? `FAIL: ${LABELS[d.highest!]} changes reach fail_on ${d.failOn}`
    : d.status === "warn"
    ? `WARN: ${LABELS[d.highest!]} changes reach warn_on ${d.warnOn}`
    : `PASS: nothing reaches fail_on ${d.failOn}`;
  const side = (s: Report["old"]) =>
    `<code>${html(s.source, 500)}</code>${
      s.server.name === "unknown" ? "" : ` (${html(`${s.server.name} ${s.server.version}`, 200)})`
    }`;
  const rows = SEVERITIES.map((s) =>
    `<tr><th>${HEADING[s]}</th><td class="n">${report.summary.counts[s]}</td></tr>`
  ).join("");
  const release = releaseSentence(report, (t) => html(t, 100));
  const expired = report.summary.expiredIgnores.map((e) =>
    `<li><code>${html(e.rule, 200)}</code> expired on ${
      html(e.expires, 20)
    }: no longer suppresses ${plural(e.matched, "change")}</li>`
  ).join("");
  return [
    '<header class="top">',
    "<h1>Proxar contract report</h1>",
    `<p class="verdict ${d.status}">${verdict}</p>`,
    `<p>${side(report.old)} → ${side(report.new)}</p>`,
    `<p>${html(summaryLine(report), 2000)}</p>`,
    release ? `<p class="release">${release}</p>` : "",
    `<table class="counts"><tbody>${rows}<tr><th>Suppressed</th><td class="n">${report.summary.suppressed.total}</td></tr></tbody></table>`,
    expired ? `<p>Expired ignore entries:</p><ul>${expired}</ul>` : "",
    "</header>",
  ].join("\n");
}

function filters(report: Report, groups: Change[][]): string {
  const counts = new Map<Severity, number>(SEVERITIES.map((s) => [s, 0]));
  for (const c of report.changes) counts.set(c.severity, counts.get(c.severity)! + 1);
  const boxes = SEVERITIES.map((s) =>
    `<label><input type="checkbox" name="severity" value="${s}" checked> ${HEADING[s]} (${
      counts.get(s)
    })</label>`
  ).join("");
  const options = groups.map((g) => {
    const first = g[0]!;
    const server = first.server ? `${first.server}: ` : "";
    return `<option value="${html(entityKey(first), 2000)}">${
      html(`${server}${KIND_NAMES[first.entity.kind]} ${first.entity.name}`, 200)
    }</option>`;
  }).join("");
  return [
    '<form id="filters">',
    `<fieldset><legend>Severity</legend>${boxes}</fieldset>`,
    `<label>Entity <select id="entity"><option value="">All entities (${groups.length})</option>${options}</select></label>`,
    '<label><input type="checkbox" id="show-suppressed" checked> Suppressed</label>',
    `<output id="shown">${plural(report.changes.length, "change")}</output>`,
    "</form>",
  ].join("\n");
}

/** Renders the HTML page. */
export function renderHtml(report: Report): string {
  const groups = groupByEntity(report.changes);
  const sections = groups.map((group) =>
    `<section class="entity"><h2>${entityTitle(group[0]!)}: ${
      plural(group.length, "change")
    }</h2>\n${group.map(changeArticle).join("\n")}</section>`
  );
  const title = `Proxar report: ${report.old.source} → ${report.new.source}`;
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${html(title, 300)}</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    summary(report),
    filters(report, groups),
    "<main>",
    sections.length > 0 ? sections.join("\n") : "<p>No changes.</p>",
    "</main>",
    `<footer>Proxar ${html(report.proxar.version, 50)} · old ${html(report.old.hash, 80)} · new ${
      html(report.new.hash, 80)
    }</footer>`,
    `<script>${SCRIPT}</script>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** The HTML reporter. */
export const htmlReporter: Reporter = {
  name: "html",
  summary: "One self-contained HTML page for review: filters, prose side by side, schema trees",
  oldLocationOnlyWithoutNew: true,
  render: (report) => renderHtml(report),
};

/**
 * Alerts as terminal lines: a heading, then one line per finding
 * (`BREAKING search_issues.inputSchema.required tool.input.required.added: …`), with server text
 * escaped so it can neither add lines nor send terminal control sequences.
 * @module
 */
import type { AlertEntry } from "../mcp/proxy/alert.ts";
import { cap, stripControl } from "../core/sanitize.ts";

/** One line of untrusted text: control characters removed, line breaks shown as `\n`. */
export function oneLine(text: string, max = 500): string {
  return cap(stripControl(text.replace(/\r\n|\r|\n/g, "\\n")), max);
}

/**
 * The lines of an alert (without a trailing newline each).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { alertLines } from "./alert_lines.ts";
 * const lines = alertLines({
 *   proxar: 1, time: "2026-01-01T00:00:00.000Z", server: "issues", against: "pinned",
 *   old: { hash: "sha256:aaaaaaaaaaaaaaaa", version: "1" },
 *   new: { hash: "sha256:bbbbbbbbbbbbbbbb", version: "2" },
 *   counts: { BREAKING: 1, POTENTIALLY_BREAKING: 0, NON_BREAKING: 0, DOCUMENTATION: 0 },
 *   suppressed: 0, withheld: [],
 *   findings: [{ severity: "BREAKING", rule: "tool.input.required.added",
 *     entity: { kind: "tool", name: "search" }, path: "search.inputSchema.required",
 *     message: "limit is required now" }],
 * }, "proxar pin --server issues");
 * assert.equal(lines[1], "BREAKING search.inputSchema.required tool.input.required.added: limit is required now");
 * ```
 */
export function alertLines(entry: AlertEntry, accept: string): string[] {
  const counts = Object.entries(entry.counts)
    .filter(([, n]) => n > 0)
    .map(([severity, n]) => `${n} ${severity}`);
  if (entry.suppressed > 0) counts.push(`${entry.suppressed} suppressed`);
  const what = entry.against === "pinned-samples"
    ? "tool results drifted from the pinned samples"
    : `the contract changed since ${
      entry.against === "pinned" ? "the pinned snapshot" : "the last snapshot seen"
    }`;
  const lines = [
    `ALERT ${oneLine(entry.server, 200)}: ${what} (${short(entry.old.hash)} → ${
      short(entry.new.hash)
    }): ${counts.join(", ") || "no graded changes"}`,
  ];
  for (const f of entry.findings) {
    const suppressed = f.suppressed === undefined ? "" : ` (suppressed: ${oneLine(f.suppressed)})`;
    lines.push(
      `${f.severity} ${oneLine(f.path, 300)} ${f.rule}: ${oneLine(f.message)}${suppressed}`,
    );
  }
  if (entry.withheld.length > 0) {
    lines.push(
      `WITHHELD from the client: ${
        entry.withheld.map((t) => oneLine(t, 100)).join(", ")
      }; to accept the change, run: ${accept}`,
    );
  }
  return lines;
}

function short(hash: string): string {
  return hash.replace(/^sha256:/, "").slice(0, 12);
}

/**
 * Reports built by the real engine from contracts generated in the test: many findings of each
 * severity, or contracts held in files with awkward names.
 * @module
 */
import { compareContracts } from "../../core/engine.ts";
import type { JsonValue } from "../../core/json.ts";
import { contractFromDocuments } from "../../core/load_contract.ts";
import { locateChanges } from "../../core/locate.ts";
import type { Report } from "../../core/report.ts";
import { parseDocument } from "../../core/read_source.ts";
import { registry } from "./_reports.ts";

/** Diffs two contract values as if read from files named `oldFile` and `newFile`. */
export function reportOfValues(
  old: JsonValue,
  next: JsonValue,
  files: { old: string; new: string } = { old: "old.json", new: "new.json" },
): Report {
  const load = (file: string, value: JsonValue) =>
    contractFromDocuments(file, [parseDocument(file, JSON.stringify(value, null, 2), file)]);
  const a = load(files.old, old);
  const b = load(files.new, next);
  const report = compareContracts(a, b, { registry, today: "2026-01-01" });
  locateChanges(report.changes, a, b);
  return report;
}

const pad = (i: number) => String(i).padStart(3, "0");

/**
 * A report with `removed` removed tools (BREAKING), `narrowed` descriptions that gain a "never"
 * (POTENTIALLY_BREAKING) and `added` added tools with distinct schemas (NON_BREAKING).
 */
export function bulkReport(removed: number, narrowed: number, added: number): Report {
  const gone = Array.from({ length: removed }, (_, i) => ({
    name: `gone_${pad(i)}`,
    description: "Does something.",
    inputSchema: { type: "object" },
  }));
  const kept = (never: boolean) =>
    Array.from({ length: narrowed }, (_, i) => ({
      name: `kept_${pad(i)}`,
      description: never
        ? "Create an issue in a repository. Never use it for duplicates."
        : "Create an issue in a repository.",
      inputSchema: { type: "object" },
    }));
  const fresh = Array.from({ length: added }, (_, i) => ({
    name: `new_${pad(i)}`,
    description: "Does something new.",
    inputSchema: { type: "object", properties: { [`p_${pad(i)}`]: { type: "string" } } },
  }));
  return reportOfValues(
    { server: { name: "bulk", version: "1.0.0" }, tools: [...gone, ...kept(false)] },
    { server: { name: "bulk", version: "1.0.0" }, tools: [...kept(true), ...fresh] },
  );
}

/**
 * Proxar's third extension of the seed's prose steps: an upper-case identifier-like word (an
 * HTTP verb, an enum-like constant, a name: `PUT`, `SUCCEEDED`, `READ_ONLY`, `GITHUB_TOKEN`) is one
 * a model may copy as written, so replacing or removing one changes what it sends or uses, however
 * similar the two texts are.
 * @playwright/mcp's "…PUT request…" → "…PATCH request…" (edit similarity 0.9) and
 * @apify/actors-mcp-server's run status FINISHED → SUCCEEDED were both DOCUMENTATION by step 5.
 * An acronym on both sides (`JSON`, `URL`) is no change; one only added leaves every old call
 * valid. Labels and document names (`NOTE`, `IMPORTANT`, `README`, `TODO` …) are no identifiers
 * at all. See `docs/prose.md`.
 * @module
 */

/** Upper-case identifier-like tokens replaced (or removed) and those added in their place. */
export interface ConstantChange {
  /** Tokens of the old text the new text no longer holds, in order of first appearance. */
  removed: string[];
  /** Tokens of the new text the old text did not hold, in order of first appearance. */
  added: string[];
}

/**
 * Ordinary acronyms, which name things rather than values a model sends: one only removed is
 * dropped words (@supabase/mcp-server-supabase 0.12.0 → 0.8.0 instructions lost "API" and
 * "URL"), so it counts only when another upper-case word came in its place.
 */
const ACRONYMS: ReadonlySet<string> = new Set([
  "AI",
  "API",
  "APIS",
  "CSS",
  "CSV",
  "HTML",
  "HTTP",
  "HTTPS",
  "ID",
  "IDS",
  "JSON",
  "LLM",
  "MCP",
  "PDF",
  "SDK",
  "SQL",
  "UI",
  "URI",
  "URL",
  "URLS",
  "UTC",
  "UUID",
  "XML",
]);

/**
 * Upper-case words of ordinary prose that are never a value nor a name a model copies: labels
 * (NOTE, IMPORTANT, WARNING, TIP …) and the names of documents (README, CHANGELOG …). They are
 * no identifier whether removed, added or replaced: "IMPORTANT: call search first" → "Call search
 * first" is a rewording, left to the other steps.
 */
const PROSE_WORDS: ReadonlySet<string> = new Set([
  "CAUTION",
  "CHANGELOG",
  "FAQ",
  "FIXME",
  "IMPORTANT",
  "LICENSE",
  "NB",
  "NOTE",
  "NOTES",
  "README",
  "TIP",
  "TODO",
  "WARNING",
]);

const CONSTANT = /(?<![\p{L}\p{N}_])[A-Z][A-Z0-9_]+(?![\p{L}\p{N}_])/gu;

/** The distinct upper-case identifier-like words of a text, in order of first appearance. */
function constants(text: string): string[] {
  const words = text.match(CONSTANT) ?? [];
  return [...new Set(words.filter((w) => !PROSE_WORDS.has(w)))];
}

/** Whether `word` occurs in `text` as a whole word, ignoring case. */
function occursIn(text: string, word: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}_])${word}(?![\\p{L}\\p{N}_])`, "iu").test(text);
}

/**
 * The upper-case identifier-like words (`[A-Z][A-Z0-9_]+`, whole words) the old text holds and the
 * new text no longer holds in any case, with those the new text added; undefined when none was
 * removed (words only added, or only their case changed, are left to the other steps), or when
 * only ordinary acronyms (`API`, `URL`, `JSON` …) were removed and nothing came in their place.
 * The texts are in NFC, as `classifyProse` passes them (it normalises them once).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { constantChange } from "./prose_constant.ts";
 * assert.deepEqual(
 *   constantChange("Sends a PUT request", "Sends a PATCH request"),
 *   { removed: ["PUT"], added: ["PATCH"] },
 * );
 * assert.equal(constantChange("Returns JSON", "Returns the JSON body"), undefined);
 * assert.equal(constantChange("Status is FINISHED", "Status is FINISHED or ABORTED"), undefined);
 * assert.equal(constantChange("Call the API at the URL", "Call it"), undefined);
 * assert.equal(constantChange("NOTE: see the README", "See the docs"), undefined);
 * ```
 */
export function constantChange(oldText: string, newText: string): ConstantChange | undefined {
  const before = constants(oldText);
  const gone = before.filter((w) => !occursIn(newText, w));
  if (gone.length === 0) return undefined;
  const had = new Set(before.map((w) => w.toLowerCase()));
  const added = constants(newText).filter((w) => !had.has(w.toLowerCase()));
  const removed = added.length > 0 ? gone : gone.filter((w) => !ACRONYMS.has(w));
  return removed.length === 0 ? undefined : { removed, added };
}

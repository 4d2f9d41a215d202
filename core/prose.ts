/**
 * The prose classifier: decides whether a change of description, title or instructions could move
 * a model's tool selection. Deterministic, in the specification's order of steps.
 * @module
 */
import { distance } from "fastest-levenshtein";
import type { Severity } from "./severity.ts";

/** Which step of the classifier decided. */
export type ProseStep = "equal" | "emptiness" | "marker" | "order" | "similarity";

/** The classifier's verdict and its reasons. */
export interface ProseVerdict {
  severity: Severity;
  step: ProseStep;
  /** The marker whose count differs (step `marker`). */
  marker?: string;
  /** Character edit similarity, 1 − Levenshtein / longer length (step `similarity`). */
  edit?: number;
  /** Token-set overlap, Jaccard (step `similarity`). */
  jaccard?: number;
}

/** Thresholds and extra markers; see {@link DEFAULT_PROSE_OPTIONS}. */
export interface ProseOptions {
  /** A score at or above this is high. */
  high: number;
  /** A score below this is low. */
  low: number;
  /** Words that count as semantic markers besides the built-in ones. */
  extraMarkers: readonly string[];
}

/** Defaults, chosen from the labelled table in `tests/fixtures/prose_cases.json`. */
export const DEFAULT_PROSE_OPTIONS: ProseOptions = { high: 0.9, low: 0.5, extraMarkers: [] };

const BUILTIN_MARKERS = [
  "not",
  "never",
  "without",
  "no",
  "must",
  "should",
  "only",
  "required",
  "optional",
];
const CONTRACTION = /^[a-z]+n't$|^cannot$/;
const NUMBER = /^[+-]?(?:\d+(?:[.,]\d+)*|[.,]\d+)[a-z%]*$/;

/** Lowercase, whitespace collapsed, trailing punctuation stripped. */
export function normaliseProse(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim().replace(/[\s.,;:!?…]+$/u, "");
}

/** Words of a normalised text: letters, digits, apostrophes, signs and decimal points. */
export function proseTokens(normalised: string): string[] {
  return normalised.match(/(?<![\p{L}\p{N}])[+-]?[\p{L}\p{N}]+(?:['’.,][\p{L}\p{N}]+)*%?/gu)?.map((
    t,
  ) => t.replace(/’/g, "'")) ?? [];
}

function markerOf(token: string, extra: ReadonlySet<string>): string | undefined {
  if (BUILTIN_MARKERS.includes(token) || extra.has(token)) return token;
  if (CONTRACTION.test(token)) return "not";
  if (NUMBER.test(token)) return token;
  return undefined;
}

function markerCounts(tokens: readonly string[], extra: ReadonlySet<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) {
    const marker = markerOf(token, extra);
    if (marker !== undefined) counts.set(marker, (counts.get(marker) ?? 0) + 1);
  }
  return counts;
}

function firstDifferentMarker(a: Map<string, number>, b: Map<string, number>): string | undefined {
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort();
  return keys.find((k) => (a.get(k) ?? 0) !== (b.get(k) ?? 0));
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/**
 * Classifies a change of prose.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { classifyProse } from "./prose.ts";
 * assert.ok(classifyProse("Limit defaults to 10", "Limit defaults to 100").severity === "POTENTIALLY_BREAKING");
 * assert.ok(classifyProse("Search the issue tracker", "Search the isue tracker").severity === "DOCUMENTATION");
 * ```
 */
export function classifyProse(
  oldText: string | undefined,
  newText: string | undefined,
  options: ProseOptions = DEFAULT_PROSE_OPTIONS,
): ProseVerdict {
  const a = normaliseProse(oldText ?? "");
  const b = normaliseProse(newText ?? "");
  if (a === b) return { severity: "DOCUMENTATION", step: "equal" };
  if (a === "" || b === "") return { severity: "POTENTIALLY_BREAKING", step: "emptiness" };
  const extra = new Set(options.extraMarkers.map((m) => m.toLowerCase()));
  const ta = proseTokens(a);
  const tb = proseTokens(b);
  const marker = firstDifferentMarker(markerCounts(ta, extra), markerCounts(tb, extra));
  if (marker !== undefined) return { severity: "POTENTIALLY_BREAKING", step: "marker", marker };
  if (ta.join(" ") !== tb.join(" ") && [...ta].sort().join(" ") === [...tb].sort().join(" ")) {
    return { severity: "POTENTIALLY_BREAKING", step: "order" };
  }
  const edit = round(1 - distance(a, b) / Math.max(a.length, b.length));
  const sa = new Set(ta);
  const sb = new Set(tb);
  const common = [...sa].filter((t) => sb.has(t)).length;
  const union = sa.size + sb.size - common;
  const jaccard = round(union === 0 ? 1 : common / union);
  const high = edit >= options.high || jaccard >= options.high;
  const low = edit < options.low || jaccard < options.low;
  return {
    severity: high && !low ? "DOCUMENTATION" : "POTENTIALLY_BREAKING",
    step: "similarity",
    edit,
    jaccard,
  };
}

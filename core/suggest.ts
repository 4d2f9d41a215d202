/**
 * "Did you mean" suggestions for misspelt identifiers.
 * @module
 */
import { distance } from "fastest-levenshtein";

/**
 * The candidate closest to `input`, if it is close enough to be a plausible typo.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { suggest } from "./suggest.ts";
 * assert.ok(suggest("tool.remove", ["tool.removed", "tool.added"]) === "tool.removed");
 * ```
 */
export function suggest(input: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(input.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance || (d === bestDistance && best !== undefined && candidate < best)) {
      best = candidate;
      bestDistance = d;
    }
  }
  const limit = Math.max(2, Math.floor(input.length / 3));
  return bestDistance <= limit ? best : undefined;
}

/** ` (did you mean "x"?)` or the empty string. */
export function didYouMean(input: string, candidates: Iterable<string>): string {
  const hit = suggest(input, candidates);
  return hit === undefined ? "" : ` (did you mean "${hit}"?)`;
}

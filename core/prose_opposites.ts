/**
 * Opposite words as prose markers, counted only when one turns into the other. "Returns the first
 * 10 results" → "Returns the last 10 results", "sorted in ascending order" → "… descending …",
 * "include archived projects" → "exclude …", "Defaults to true" → "Defaults to false": one word
 * swapped for its opposite states the opposite behaviour, and in a long description step 5 alone
 * passes it (edit 0.96 to 0.98). A word of a pair only stated or dropped is the usual rewording
 * ("Call it first" → "Call it before create_issue", "at most 10" → "a maximum of 10", "5 min" →
 * "5 minutes"): only a swap, one word of a pair gained while the other is lost, counts.
 * @module
 */

/** The pairs of opposites, each word as it is reported. */
export const OPPOSITES: readonly (readonly [string, string])[] = [
  ["minimum", "maximum"],
  ["first", "last"],
  ["before", "after"],
  ["ascending", "descending"],
  ["oldest", "newest"],
  ["older", "newer"],
  ["earliest", "latest"],
  ["earlier", "later"],
  ["include", "exclude"],
  ["inclusive", "exclusive"],
  ["enable", "disable"],
  ["true", "false"],
];

/** Other forms of the words: short forms (`max` is `maximum`) and inflections (`enabled` is `enable`). */
const FORMS: ReadonlyMap<string, string> = new Map([
  ["min", "minimum"],
  ["max", "maximum"],
  ["asc", "ascending"],
  ["desc", "descending"],
  ...["include", "exclude", "enable", "disable"].flatMap((verb) => {
    const stem = verb.slice(0, -1);
    return [`${verb}s`, `${verb}d`, `${stem}ing`].map((form) => [form, verb] as [string, string]);
  }),
]);

const WORDS: ReadonlyMap<string, string> = new Map([
  ...OPPOSITES.flat().map((w) => [w, w] as [string, string]),
  ...FORMS,
]);

/**
 * The opposite a token is a form of, or `undefined`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { oppositeWord } from "./prose_opposites.ts";
 * assert.equal(oppositeWord("enabled"), "enable");
 * assert.equal(oppositeWord("max"), "maximum");
 * assert.equal(oppositeWord("tool"), undefined);
 * ```
 */
export function oppositeWord(token: string): string | undefined {
  return WORDS.get(token);
}

/**
 * The words of the pairs that turned into their opposite, given how much more often each word
 * occurs in the new text than in the old one: both words of a pair, when one gained and the
 * other lost.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { swappedOpposites } from "./prose_opposites.ts";
 * const delta = (k: string) => ({ first: -1, last: 1, before: 1 })[k] ?? 0;
 * assert.deepEqual([...swappedOpposites(delta)], ["first", "last"]);
 * ```
 */
export function swappedOpposites(delta: (word: string) => number): Set<string> {
  const out = new Set<string>();
  for (const [x, y] of OPPOSITES) {
    if (Math.sign(delta(x)) * Math.sign(delta(y)) < 0) {
      out.add(x);
      out.add(y);
    }
  }
  return out;
}

/**
 * An npm version range written as two comparators that a caret or tilde range writes in one:
 * `>=1.2.0 <2.0.0` accepts the versions `^1.2.0` accepts, and `>=1.2.3 <1.3.0` those of `~1.2.3`
 * (npm's semver: `^` allows the changes that keep the left-most non-zero part, `~` those that keep
 * the minor version; the upper bound may carry npm's `-0`, which shuts out its pre-releases). The
 * classifier reads both texts with such pairs in the short form before it counts markers and
 * scores them, so the same range written the other way is no marker changed (it read `>=1.2.0`
 * and `<2.0.0` against `^1.2.0`, POTENTIALLY_BREAKING). A pair no caret or tilde range writes
 * (`>=1.2.0 <1.5.0`), or a version of fewer than three parts, stays as written. See `docs/prose.md`.
 * @module
 */

/**
 * `>=` (or `≥`) and a version of three parts, a space, `<` and another (`-0` allowed after it),
 * in lower-cased text, not glued to a word, a version or another operator on either side.
 */
const PAIR =
  /(?<![\p{L}\p{N}.^~<>=!≥≤])(?:>=|≥) ?(\d+)\.(\d+)\.(\d+) < ?(\d+)\.(\d+)\.(\d+)(?:-0)?(?![\p{L}\p{N}-]|\.\p{N})/gu;

/**
 * `text` with each pair of comparators that a caret or tilde range writes in one written so.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { asShortRanges } from "./prose_version_ranges.ts";
 * assert.equal(asShortRanges("needs >=1.2.0 <2.0.0 or later"), "needs ^1.2.0 or later");
 * assert.equal(asShortRanges(">= 0.2.3 < 0.3.0"), "^0.2.3");
 * assert.equal(asShortRanges(">=0.0.3 <0.0.4-0"), "^0.0.3");
 * assert.equal(asShortRanges(">=1.2.3 <1.3.0."), "~1.2.3.");
 * assert.equal(asShortRanges(">=1.2.0 <1.5.0"), ">=1.2.0 <1.5.0");
 * ```
 */
export function asShortRanges(text: string): string {
  if (!text.includes("<")) return text;
  return text.replace(PAIR, (whole, ...parts: string[]) => shortRange(whole, parts));
}

/**
 * The pairs of comparators in `text` that {@link asShortRanges} writes short: each as written and
 * in its short form.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shortRanges } from "./prose_version_ranges.ts";
 * assert.deepEqual(shortRanges("needs >=1.2.0 <2.0.0 or >=1.2.0 <1.5.0"), [
 *   { written: ">=1.2.0 <2.0.0", short: "^1.2.0" },
 * ]);
 * ```
 */
export function shortRanges(text: string): { written: string; short: string }[] {
  if (!text.includes("<")) return [];
  return [...text.matchAll(PAIR)].flatMap((m) => {
    const short = shortRange(m[0], m.slice(1));
    return short === m[0] ? [] : [{ written: m[0], short }];
  });
}

/** The short form of the pair `whole` whose six version parts are `parts`, else `whole`. */
function shortRange(whole: string, parts: readonly (string | undefined)[]): string {
  const [x, y, z, u, v, w] = parts.slice(0, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (![x, y, z, u, v, w].every(Number.isSafeInteger)) return whole;
  const upper = (p: number, q: number, r: number) => u === p && v === q && w === r;
  const caret = x > 0 ? upper(x + 1, 0, 0) : y > 0 ? upper(0, y + 1, 0) : upper(0, 0, z + 1);
  if (caret) return `^${x}.${y}.${z}`;
  return upper(x, y + 1, 0) ? `~${x}.${y}.${z}` : whole;
}

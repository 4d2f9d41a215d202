/**
 * Proxar's fourth extension of the seed's prose steps: a text that only lost an alternative
 * ("from CSV data or a URL to CSV data" → "from CSV data") tells a model that what it was offered
 * is no longer accepted, however similar the two texts are: drawio's description lost "or a URL to
 * CSV data" (edit similarity 0.909, overlap 0.9), which step 5 alone calls DOCUMENTATION. See
 * `docs/prose.md`.
 * @module
 */

/**
 * The words removed when the new text is the old one with a single run of words taken out that
 * begins or ends with `or` and holds at least one word beside it (an alternative dropped);
 * undefined otherwise. Takes the words of both normalised texts (see `proseTokens`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { alternativeRemoved } from "./prose_alternative.ts";
 * const words = (s: string) => s.split(" ");
 * assert.equal(
 *   alternativeRemoved(words("from csv data or a url to csv data"), words("from csv data")),
 *   "or a url to csv data",
 * );
 * assert.equal(alternativeRemoved(words("from csv data"), words("from csv data or a url")), undefined);
 * assert.equal(alternativeRemoved(words("the issue and its labels"), words("the issue")), undefined);
 * ```
 */
export function alternativeRemoved(
  oldWords: readonly string[],
  newWords: readonly string[],
): string | undefined {
  if (newWords.length >= oldWords.length) return undefined;
  let prefix = 0;
  while (prefix < newWords.length && oldWords[prefix] === newWords[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < newWords.length - prefix &&
    oldWords[oldWords.length - 1 - suffix] === newWords[newWords.length - 1 - suffix]
  ) suffix++;
  if (prefix + suffix !== newWords.length) return undefined;
  const run = oldWords.slice(prefix, oldWords.length - suffix);
  if (run.length < 2 || (run[0] !== "or" && run.at(-1) !== "or")) return undefined;
  return run.join(" ");
}

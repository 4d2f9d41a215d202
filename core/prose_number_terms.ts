/**
 * Number words that count nothing, read with the words beside them: a number spelt out is a marker
 * (the seed's "any number"), but in a product name ("a Vuetify One subscription", @vuetify/mcp
 * 0.11.0) or a term whose number states no quantity ("zero-width characters", ssh-mcp 2.11.0) an
 * agent reads no count, and adding such a text read as a number added ("one" 0× → 1×, "zero" 0× →
 * 1×). And a compound that says how often ("one-time", "one-shot", "one-off") is counted as
 * `once`, the word it means, so "a one-time code" → "a code valid once" is no number changed while
 * "a one-time code" → "a code" still is. See `docs/prose.md`.
 * @module
 */
import { ONES, TENS } from "./prose_numbers.ts";

/** `zero` to `twelve`, `twenty` to `ninety`: the number words a name or a term may hold. */
const NAME_NUMBERS: ReadonlySet<string> = new Set([...ONES.slice(0, 13), ONES[20]!, ...TENS]);

/**
 * Terms of art whose number word states no quantity an agent acts on: "zero-width characters" is a
 * class of characters, "two-factor authentication" a kind of login. A number a compound does
 * quantify stays one: "zero-based" → "one-based" moves every index, "two-letter codes" →
 * "three-letter codes" every code, and "one-page" or "two-step" count pages and steps.
 */
const TERMS: ReadonlySet<string> = new Set([
  "zero-width",
  "zero-trust",
  "zero-day",
  "zero-knowledge",
  "zero-copy",
  "zero-downtime",
  "two-factor",
]);

/** Compounds that say how often, as `once` does: a one-time code is used once. */
const ONCE: ReadonlySet<string> = new Set(["one-time", "one-shot", "one-off"]);

/**
 * Words before a capitalised number that make it a label or a count, not part of a name: a step,
 * an option or a page ("Step Two", "Option One"), or a bound or preposition of a heading written
 * in title case ("Up To Ten Results").
 */
const NOT_A_NAME: ReadonlySet<string> = new Set([
  "step",
  "steps",
  "option",
  "phase",
  "part",
  "level",
  "tier",
  "version",
  "chapter",
  "section",
  "page",
  "item",
  "stage",
  "round",
  "number",
  "no",
  "to",
  "of",
  "up",
  "at",
  "than",
  "and",
  "or",
  "by",
  "for",
  "with",
  "in",
  "on",
  "from",
  "least",
  "most",
  "only",
  "top",
  "first",
  "last",
  "next",
  "every",
  "each",
  "all",
  "per",
  "max",
  "min",
  "maximum",
  "minimum",
]);

/** The articles before a noun or adjective that a pronoun or a name's `one` may follow. */
const ARTICLES: ReadonlySet<string> = new Set(["a", "an", "the"]);
/** Words after a number word that make it a count: "one at a time", "one or both", "one of". */
const COUNTING_NEXT: ReadonlySet<string> = new Set(["at", "by", "of", "per", "or", "and", "to"]);
const CAPITALISED = /^\p{Lu}/u;
/** A word in title case, not in capitals: "One", not "ONE", which stresses a count. */
const TITLE_CASE = /^\p{Lu}\p{Ll}/u;
const LETTERS = /^\p{L}+$/u;

/**
 * How a number word of `proseTokens` reads beside its neighbours, when not as a count: `"none"`
 * for a word that counts nothing, `{ marker, key }` for one counted as another word, `undefined`
 * for a count (as `numberMarkers` reads it). `gaps[k]` is the text after `tokens[k]`; `cased`, when
 * given, returns the same tokens as written (before lower-casing), or `undefined` when they differ.
 *
 * No count:
 * - a term of `TERMS` ("zero-width characters");
 * - `one` after an article and a word, a name's part or a pronoun, never a count before its noun
 *   ("requires a vuetify one subscription", "the latest one");
 * - a number word in title case after a capitalised word that is not the first of its sentence
 *   and is no label or bound (`NOT_A_NAME`), with no capitalised word right after it: "requires
 *   Vuetify One", not "Step Two", "Up To Ten", "EXACTLY ONE" or "Return Ten Results".
 *
 * A word read so still counts when both texts hold such words and they differ (`classifyProse`
 * restores them): "the selected Type One" → "the selected Type Two" names another thing.
 *
 * Neither name rule reads a number word before a hyphen (`one-page`) or before `at`, `by`, `of`,
 * `per`, `or`, `and` or `to` ("one at a time", "one or both").
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { numberWordReading } from "./prose_number_terms.ts";
 * const read = (text: string, at: number) => {
 *   const tokens = text.toLowerCase().split(/[ -]/u);
 *   const gaps = [...(text.match(/[ -]/gu) ?? []), ""];
 *   return numberWordReading(tokens, gaps, at, () => text.split(/[ -]/u));
 * };
 * assert.equal(read("no zero-width characters", 1), "none");
 * assert.equal(read("requires a vuetify one subscription", 3), "none");
 * assert.deepEqual(read("a one-time code", 1), { marker: "one-time", key: "once" });
 * assert.equal(read("requires Vuetify One access", 2), "none");
 * assert.equal(read("see Step Two below", 2), undefined);
 * assert.equal(read("returns one item", 1), undefined);
 * assert.equal(read("zero-based index", 0), undefined);
 * ```
 */
export function numberWordReading(
  tokens: readonly string[],
  gaps: readonly string[],
  i: number,
  cased?: () => readonly string[] | undefined,
): "none" | { marker: string; key: string } | undefined {
  const word = tokens[i]!;
  if (!NAME_NUMBERS.has(word)) return undefined;
  if (gaps[i] === "-" && tokens[i + 1] !== undefined) {
    const compound = `${word}-${tokens[i + 1]}`;
    if (TERMS.has(compound)) return "none";
    if (ONCE.has(compound)) return { marker: compound, key: "once" };
  }
  if (i === 0 || gaps[i - 1] !== " ") return undefined;
  const before = tokens[i - 1]!;
  if (!LETTERS.test(before) || NAME_NUMBERS.has(before)) return undefined;
  // Not before a hyphen, a compound ("a hosted one-page store"), nor before a word that makes it a
  // count ("the customer one at a time", "a GPU one or both").
  if (gaps[i] === "-" || COUNTING_NEXT.has(tokens[i + 1] ?? "")) return undefined;
  if (word === "one" && i >= 2 && gaps[i - 2] === " " && ARTICLES.has(tokens[i - 2]!)) {
    return "none";
  }
  const written = cased?.();
  const name = written?.[i];
  const previous = written?.[i - 1];
  // A capitalised word after it makes the whole a heading in title case ("Return Ten Results"),
  // where every number word is capitalised and most count.
  const next = gaps[i] === " " ? written?.[i + 1] : undefined;
  if (
    name !== undefined && previous !== undefined && TITLE_CASE.test(name) &&
    CAPITALISED.test(previous) && !NOT_A_NAME.has(before) && i >= 2 &&
    !/[.!?:;]\s*$/u.test(gaps[i - 2]!) && (next === undefined || !CAPITALISED.test(next))
  ) return "none";
  return undefined;
}

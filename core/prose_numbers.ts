/**
 * Numbers as prose markers (the seed's "any number"): every run of letters and digits that holds a
 * digit, as written (`10`, `-1`, `0.75`, `90%`, `10s`, `5mb`, `v2`), and numbers spelt out.
 *
 * Two writings of one number are one marker: a thousands separator is no number changed, so
 * `1,000` and `1000` are counted together (see `numberKey`). And inside Chinese, Japanese and
 * Korean text, where a whole clause is one word, only the digits and the Latin letters glued to
 * them count: "最多返回10条记录" is the marker `10`, not the clause, which before made any edit of
 * the clause a number changed (and `10条` → `10 条` too).
 * @module
 */

/**
 * Numbers spelt out: the seed's "any number" covers `up to ten` as much as `up to 10` (found on
 * server-everything, whose "Returns multiple resource links" became "Returns up to ten …").
 */
export const NUMBER_WORDS: ReadonlySet<string> = new Set([
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
  "thirty",
  "forty",
  "fifty",
  "sixty",
  "seventy",
  "eighty",
  "ninety",
  "hundred",
  "thousand",
  "million",
  "billion",
  "dozen",
  "once",
  "twice",
]);

const DIGIT = /\p{N}/u;
/** Scripts of Chinese, Japanese and Korean: a number inside a word of them is cut out of it. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/u;
/** Digits grouped by thousands with commas: `1,000`, `-12,345.5`, `1,000ms`. */
const GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?![\d,])/u;

/**
 * The number markers of a word of `proseTokens`, as written: the word when it holds a digit, the
 * digit-bearing parts between Chinese, Japanese or Korean characters, or the word when it is a
 * number spelt out.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { numberMarkers } from "./prose_numbers.ts";
 * assert.deepEqual(numberMarkers("10s"), ["10s"]);
 * assert.deepEqual(numberMarkers("最多返回10条记录"), ["10"]);
 * assert.deepEqual(numberMarkers("ten"), ["ten"]);
 * assert.deepEqual(numberMarkers("tool"), []);
 * ```
 */
export function numberMarkers(word: string): string[] {
  if (!DIGIT.test(word)) return NUMBER_WORDS.has(word) ? [word] : [];
  return CJK.test(word) ? word.split(CJK).filter((part) => DIGIT.test(part)) : [word];
}

/**
 * The key a marker is counted by: its thousands separators dropped, so `1,000` and `1000` are one
 * number; any other marker is its own key.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { numberKey } from "./prose_numbers.ts";
 * assert.equal(numberKey("1,000"), "1000");
 * assert.equal(numberKey("-12,345.5ms"), "-12345.5ms");
 * assert.equal(numberKey("1,5"), "1,5");
 * assert.equal(numberKey("not"), "not");
 * ```
 */
export function numberKey(marker: string): string {
  return marker.replace(GROUPED, (grouped) => grouped.replaceAll(",", ""));
}

/**
 * Numbers as prose markers (the seed's "any number"): every run of letters and digits that holds a
 * digit, as written (`10`, `-1`, `0.75`, `90%`, `10s`, `5mb`, `v2`), and numbers spelt out.
 *
 * Two writings of one number are one marker (see `numberKey`): a thousands separator is no number
 * changed, so `1,000` and `1000` are counted together, and nor is a number spelt out in words or in
 * Han numerals: "up to ten" → "up to 10" and "最多返回十条" → "最多返回10条" were each a number
 * changed, where "ten" → "twenty" and "十" → "二十" still are (Korean number words are read
 * beside their counter, in `prose_hangul_numbers.ts`). And inside Chinese, Japanese and
 * Korean text, where a whole clause is one word, only the digits and the Latin letters glued to
 * them count: "最多返回10条记录" is the marker `10`, not the clause, which before made any edit of
 * the clause a number changed (and `10条` → `10 条` too).
 * @module
 */
import { hanAsDigits, hanValue } from "./prose_han_numbers.ts";
import { hangulAsDigits } from "./prose_hangul_numbers.ts";

/** `zero` to `twenty`, each at the index of its value. */
const ONES = [
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
];
/** `thirty` to `ninety`. */
const TENS = ["thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/**
 * Numbers spelt out: the seed's "any number" covers `up to ten` as much as `up to 10` (found on
 * server-everything, whose "Returns multiple resource links" became "Returns up to ten …").
 */
export const NUMBER_WORDS: ReadonlySet<string> = new Set([
  ...ONES,
  ...TENS,
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

/** The value of a number spelt out in one word (`once` and `twice` state no value alone). */
const WORD_VALUES: ReadonlyMap<string, string> = new Map([
  ...ONES.map((w, i) => [w, String(i)] as [string, string]),
  ...TENS.map((w, i) => [w, String(30 + 10 * i)] as [string, string]),
  ["hundred", "100"],
  ["thousand", "1000"],
  ["million", "1000000"],
  ["billion", "1000000000"],
  ["dozen", "12"],
]);
/** A run of Han numerals, the whole marker. */
const HAN_RUN = /^[〇零一二三四五六七八九十百千万萬亿億两兩]+$/u;
/** The `v` of a version (`v2`, `v1.2.3`): `v2.3` and `version 2.3` write one number. */
const VERSION = /^v(?=\d)/u;
/** Full-width digits, as Chinese and Japanese text may write them. */
const WIDE_DIGIT = /[０-９]/gu;

/**
 * The key a marker is counted by, so that two writings of one number are one: the value of a
 * number spelt out in English (`ten` → `10`) or in Han numerals (`十` → `10`, `两` → `2`, see
 * `hanValue`), full-width digits as ASCII ones (`１０` → `10`), thousands separators dropped
 * (`1,000` → `1000`), the `v` of a version dropped (`v2.3` → `2.3`, as in "version 2.3"); any
 * other marker is its own key.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { numberKey } from "./prose_numbers.ts";
 * assert.equal(numberKey("1,000"), "1000");
 * assert.equal(numberKey("-12,345.5ms"), "-12345.5ms");
 * assert.equal(numberKey("1,5"), "1,5");
 * assert.equal(numberKey("ten"), "10");
 * assert.equal(numberKey("二十"), "20");
 * assert.equal(numberKey("v1.2.3-beta.1"), "1.2.3-beta.1");
 * assert.equal(numberKey("not"), "not");
 * ```
 */
export function numberKey(marker: string): string {
  const word = WORD_VALUES.get(marker);
  if (word !== undefined) return word;
  if (HAN_RUN.test(marker)) return hanValue(marker) ?? marker;
  return marker.replace(WIDE_DIGIT, (d) => String(d.charCodeAt(0) - 0xff10))
    .replace(GROUPED, (grouped) => grouped.replaceAll(",", ""))
    .replace(VERSION, "");
}

/** `hundred` and up: a number before one multiplies it (`two hundred`). */
const MULTIPLIERS: ReadonlyMap<string, number> = new Map([
  ["hundred", 100],
  ["thousand", 1000],
  ["million", 1_000_000],
  ["billion", 1_000_000_000],
]);

/** A hyphen and a word: after a number word, an adjective compound (`one-line`, `two-letter`). */
const HYPHENED = /^-[\p{L}\p{N}]/u;

/**
 * The value of two words of `proseTokens` that write one number in English, or `undefined`: the
 * tens and a digit (`twenty five`, `twenty-five`: 25) or a number and a multiplier (`two hundred`:
 * 200, `twenty thousand`: 20000). Read word by word they were two numbers, so "twenty-five" →
 * "25" read as 20 and 5 removed, 25 added.
 *
 * `gap` is the text between the two words and `after` the text after the second: only a space or
 * a hyphen joins them, so "twenty, five per page" is two numbers, and a digit followed by a hyphen
 * and a word after a space is an adjective compound of its own, so "twenty one-line summaries" is
 * 20 summaries of one line (and "thirty two-letter codes" 30 codes), where "twenty-one-line" is
 * one number as English writes 21 to 99 with a hyphen.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { spelledPair } from "./prose_numbers.ts";
 * assert.equal(spelledPair("twenty", "five"), "25");
 * assert.equal(spelledPair("twenty", "five", "-"), "25");
 * assert.equal(spelledPair("two", "hundred"), "200");
 * assert.equal(spelledPair("five", "twenty"), undefined);
 * assert.equal(spelledPair("twenty", "five", ", "), undefined);
 * assert.equal(spelledPair("twenty", "one", " ", "-line"), undefined);
 * ```
 */
export function spelledPair(
  word: string,
  next: string | undefined,
  gap = " ",
  after = "",
): string | undefined {
  if (next === undefined || (gap !== " " && gap !== "-")) return undefined;
  const tens = TENS.indexOf(word);
  const one = ONES.indexOf(next);
  if ((tens >= 0 || word === "twenty") && one >= 1 && one <= 9) {
    if (gap === " " && HYPHENED.test(after)) return undefined;
    return String((tens >= 0 ? 30 + 10 * tens : 20) + one);
  }
  const multiplier = MULTIPLIERS.get(next);
  const value = Number(WORD_VALUES.get(word));
  return multiplier === undefined || !(value >= 1 && value <= 90)
    ? undefined
    : String(value * multiplier);
}

const alternation = (words: readonly string[]) => words.join("|");
const END = "(?![\\p{L}\\p{N}])";
/**
 * Two words that write one number, exactly those `spelledPair` joins: the tens and a digit after
 * a hyphen, or after a space unless a hyphen and a word follow, or a number and a multiplier after
 * a space or a hyphen.
 */
const SPELT_PAIR = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(?:${alternation(["twenty", ...TENS])})(?:-(?:${
    alternation(ONES.slice(1, 10))
  })${END}| (?:${alternation(ONES.slice(1, 10))})${END}(?!-[\\p{L}\\p{N}]))|(?:${
    alternation([...ONES.slice(1), ...TENS])
  })[ -](?:${alternation([...MULTIPLIERS.keys()])})${END})`,
  "gu",
);

/** A number spelt out in English as a whole word, or a full-width digit. */
const SPELT = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...WORD_VALUES.keys()].join("|")})(?![\\p{L}\\p{N}])|[０-９]`,
  "gu",
);

/**
 * `a` and a multiplier or `dozen` (`a hundred`, `a dozen`), one number as `one hundred` is: its `a`
 * goes with it, so "a dozen rows" → "12 rows" is no word dropped. Not before a hyphen and a word
 * ("a hundred-page book" keeps its `a`, as "a 100-page book" does).
 */
const A_NUMBER = new RegExp(
  `(?<![\\p{L}\\p{N}])a (${
    alternation([...MULTIPLIERS.keys(), "dozen"])
  })${END}(?!-[\\p{L}\\p{N}])`,
  "gu",
);
/** Digits grouped by thousands inside a text, as `GROUPED` reads a marker: `3,000` → `3000`. */
const GROUPED_IN_TEXT = /(?<![\p{L}\p{N}.,])\d{1,3}(?:,\d{3})+(?!\d|,\d)/gu;

/**
 * A normalised text with its numbers written in digits: English number words (`ten` → `10`, `a
 * hundred` → `100`), Han numerals (`十` → `10`, see `hanAsDigits`), Korean number words before a
 * counter (`열 개` → `10개`, see `hangulAsDigits`), full-width digits, and digits without their
 * thousands separators (`3,000` → `3000`). Step 5 compares these, so a number written another way
 * scores as no change (its key, `numberKey`, is already the same).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { numbersAsDigits } from "./prose_numbers.ts";
 * assert.equal(numbersAsDigits("returns up to ten links"), "returns up to 10 links");
 * assert.equal(numbersAsDigits("up to twenty-five or two hundred"), "up to 25 or 200");
 * assert.equal(numbersAsDigits("最多で十件"), "最多で10件");
 * assert.equal(numbersAsDigits("a dozen of 3,000 rows"), "12 of 3000 rows");
 * assert.equal(numbersAsDigits("a hundred-page book, 1,5 or 10,20"), "a 100-page book, 1,5 or 10,20");
 * assert.equal(numbersAsDigits("someone"), "someone");
 * ```
 */
export function numbersAsDigits(normalised: string): string {
  return hangulAsDigits(hanAsDigits(normalised))
    .replace(A_NUMBER, (_, word: string) => WORD_VALUES.get(word)!)
    .replace(GROUPED_IN_TEXT, (grouped) => grouped.replaceAll(",", ""))
    .replace(SPELT_PAIR, (pair) => {
      const [word, next] = pair.split(/[ -]/u);
      return spelledPair(word!, next, pair.charAt(word!.length)) ?? pair;
    })
    .replace(SPELT, (m) => WORD_VALUES.get(m) ?? numberKey(m));
}

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
import { CJK_RUN } from "./prose_cjk.ts";
import { hanAsDigits, hanValue } from "./prose_han_numbers.ts";
import { hangulAsDigits } from "./prose_hangul_numbers.ts";
import { OPERATOR_SOURCE, operatorKey } from "./prose_operators.ts";

/** `zero` to `twenty`, each at the index of its value. */
export const ONES: readonly string[] = [
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
export const TENS: readonly string[] = [
  "thirty",
  "forty",
  "fifty",
  "sixty",
  "seventy",
  "eighty",
  "ninety",
];

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
  // Inside Chinese, Japanese or Korean, a number is cut out of the word.
  return CJK_RUN.test(word) ? word.split(CJK_RUN).filter((part) => DIGIT.test(part)) : [word];
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
/**
 * The range or comparison operator a number may begin with (see `proseTokens`), and the space
 * after it, which says nothing: npm reads `^ 1.2.3` as `^1.2.3`, and `>= 18` is `>=18`.
 */
const OPERATOR = new RegExp(`^${OPERATOR_SOURCE}`, "u");
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
 * (`1,000` → `1000`), the `v` of a version dropped (`v2.3` → `2.3`, as in "version 2.3"), a range
 * or comparison operator kept without the space after it (`^ 1.2.3` → `^1.2.3`, `≥ 2` → `>=2`);
 * any other marker is its own key.
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
 * assert.equal(numberKey("^ 1.2.3"), "^1.2.3");
 * assert.equal(numberKey("≥ v18"), ">=18");
 * assert.equal(numberKey("not"), "not");
 * ```
 */
export function numberKey(marker: string): string {
  const operator = OPERATOR.exec(marker);
  if (operator) return `${operatorKey(operator[0])}${numberKey(marker.slice(operator[0].length))}`;
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

/** The words `a` may begin a number before: "a hundred", "a dozen". */
const MULTIPLIED: ReadonlySet<string> = new Set([...MULTIPLIERS.keys(), "dozen"]);

/** The value of a word `spelledNumber` reads as under a hundred: `one` to `nineteen`, the tens. */
function small(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  const one = ONES.indexOf(word);
  if (one >= 1) return one;
  const tens = TENS.indexOf(word);
  return tens >= 0 ? 30 + 10 * tens : undefined;
}
/**
 * Digits times a power of ten, exactly (no floating point): `scaled("1.5", 6)` is `"1500000"`,
 * `scaled("22", 2)` `"2200"`, `scaled("1.2345", 3)` `"1234.5"`.
 */
function scaled(digits: string, zeros: number): string {
  const [whole = "", fraction = ""] = digits.split(".");
  const all = `${whole}${fraction.padEnd(zeros, "0")}`;
  const point = whole.length + zeros;
  const int = all.slice(0, point).replace(/^0+(?=\d)/u, "");
  const rest = all.slice(point).replace(/0+$/u, "");
  return rest === "" ? int : `${int}.${rest}`;
}
/** Digits that `numberKey` reads as a plain number: `22`, `1.5`, `1,500`; not `v2` or `1,5`. */
const PLAIN_DIGITS = /^\d+(?:\.\d+)?$/u;

/**
 * The value of plain digits (`PLAIN_DIGITS`, thousands separators dropped) times a multiplier or
 * `dozen`, exactly: `22` `hundred` is `2200`, `1.5` `million` `1500000`, `2` `dozen` `24`, `1.5`
 * `dozen` `18`, `0.25` `dozen` `3`, `1.1` `dozen` `13.2` (in whole numbers, without floating point).
 */
function digitsTimes(digits: string, word: string): string | undefined {
  if (!PLAIN_DIGITS.test(digits)) return undefined;
  const times = MULTIPLIERS.get(word);
  if (times !== undefined) return scaled(digits, String(times).length - 1);
  if (word !== "dozen") return undefined;
  const [whole = "", fraction = ""] = digits.split(".");
  const product = String(BigInt(`${whole}${fraction}`) * 12n).padStart(fraction.length + 1, "0");
  const point = product.length - fraction.length;
  const rest = product.slice(point).replace(/0+$/u, "");
  return rest === "" ? product.slice(0, point) : `${product.slice(0, point)}.${rest}`;
}

const isTens = (word: string | undefined) => word === "twenty" || TENS.includes(word ?? "");
const isDigit = (word: string | undefined) => {
  const one = ONES.indexOf(word ?? "");
  return one >= 1 && one <= 9;
};

/**
 * The number English writes in several words from `words[start]`, or `undefined` when none of two
 * words or more starts there: `value` and `end`, the index after its last word. `gaps[k]` is the
 * text between `words[k]` and `words[k + 1]` (after the last, the text that follows). Read word by
 * word these were several numbers, so "twenty-five" → "25" read as 20 and 5 removed, 25 added, and
 * "one hundred and five" → "105" as 100 and 5.
 *
 * What it reads: a number under a hundred (`twenty-five`), times `hundred` (`five hundred`,
 * `twenty-two hundred`: 2200), then `and` and one under a hundred or one alone (`one hundred and
 * five`, `one hundred twenty`), each such group times `thousand`, `million` or `billion` in falling
 * order (`one thousand two hundred`: 1200, `two million five thousand`). `a` first before a
 * multiplier or `dozen` is one (`a hundred and five`: 105), a number under a hundred times `dozen`
 * ends the number (`two dozen`: 24), and digits times one multiplier or `dozen` are one number,
 * exactly (`22 hundred`: 2200, `1.5 million`: 1500000, `2 dozen`: 24, `1.5 dozen`: 18; not digits
 * after a comma that is no thousands separator, `1,5 million`).
 *
 * Only a space or a hyphen joins two words, so "twenty, five per page" is two numbers, and a word
 * after a space followed by a hyphen and a word is an adjective compound of its own, unless the
 * tens and a digit (`one hundred twenty-five`), so "twenty one-line summaries" is 20 summaries of
 * one line (and "thirty two-letter codes" 30 codes), where "twenty-one-line" is one number as
 * English writes 21 to 99 with a hyphen. A multiplier joins either way ("two hundred-page reports"
 * are 200-page reports).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { spelledNumber } from "./prose_numbers.ts";
 * const read = (text: string) => {
 *   const words = text.split(/[ ,-]+/u);
 *   const gaps = [...text.matchAll(/[ ,-]+/gu)].map((m) => m[0]);
 *   return spelledNumber(words, [...gaps, ""], 0);
 * };
 * assert.deepEqual(read("one hundred and five"), { value: "105", end: 4 });
 * assert.deepEqual(read("twenty-two hundred rows"), { value: "2200", end: 3 });
 * assert.deepEqual(read("a hundred and five"), { value: "105", end: 4 });
 * assert.deepEqual(read("two dozen"), { value: "24", end: 2 });
 * assert.deepEqual(read("1.5 million"), { value: "1500000", end: 2 });
 * assert.deepEqual(read("twenty, five"), undefined);
 * assert.deepEqual(read("twenty one-line"), undefined);
 * ```
 */
export function spelledNumber(
  words: readonly string[],
  gaps: readonly string[],
  start: number,
): { value: string; end: number } | undefined {
  const joined = (k: number) => gaps[k] === " " || gaps[k] === "-";
  // Word k (after a space) opens an adjective compound: a hyphen and a word follow it, and it is
  // not the tens before their digit.
  const compound = (k: number) =>
    gaps[k - 1] === " " && gaps[k] === "-" && words[k + 1] !== undefined &&
    !(isTens(words[k]) && isDigit(words[k + 1]));
  // Digits times a multiplier or dozen: "22 hundred" is 2200, "1.5 million" 1500000, "2 dozen" 24.
  if (
    gaps[start] === " " && MULTIPLIED.has(words[start + 1] ?? "") &&
    /^[\d,.]+$/u.test(words[start]!)
  ) {
    const value = digitsTimes(numberKey(words[start]!), words[start + 1]!);
    if (value !== undefined) return { value, end: start + 2 };
  }
  // A number under a hundred at k: [value, next index]; `a` first before a multiplier or `dozen`
  // is one ("a hundred and five").
  const underHundred = (k: number, first: boolean): [number, number] | undefined => {
    if (first && words[k] === "a" && gaps[k] === " " && MULTIPLIED.has(words[k + 1] ?? "")) {
      return [1, k + 1];
    }
    const value = small(words[k]);
    if (value === undefined || (!first && compound(k))) return undefined;
    if (isTens(words[k]) && joined(k) && isDigit(words[k + 1])) {
      if (gaps[k] === "-" || !compound(k + 1)) return [value + ONES.indexOf(words[k + 1]!), k + 2];
    }
    return [value, k + 1];
  };
  let total = 0;
  let scale = Infinity;
  let at = start;
  for (;;) {
    if (at > start && !joined(at - 1)) break;
    const head = underHundred(at, at === start);
    if (head === undefined) break;
    let [group, next] = head;
    // A number under a hundred times `dozen` ends there: "two dozen" is 24.
    if (at === start && joined(next - 1) && words[next] === "dozen") {
      return { value: String(group * 12), end: next + 1 };
    }
    if (joined(next - 1) && words[next] === "hundred") {
      group *= 100;
      next++;
      const withAnd = words[next] === "and" && gaps[next - 1] === " " && gaps[next] === " ";
      const k = withAnd ? next + 1 : next;
      const rest = joined(k - 1) ? underHundred(k, false) : undefined;
      if (rest !== undefined && words[rest[1]] !== "hundred") {
        [group, next] = [group + rest[0], rest[1]];
      }
    }
    const multiplier = joined(next - 1) ? MULTIPLIERS.get(words[next] ?? "") : undefined;
    if (multiplier !== undefined && multiplier !== 100) {
      if (multiplier >= scale) break;
      total += group * multiplier;
      scale = multiplier;
      at = next + 1;
      // `and` before a last number under a hundred: "one thousand and five".
      if (words[at] === "and" && gaps[at - 1] === " " && gaps[at] === " ") {
        const rest = underHundred(at + 1, false);
        if (rest !== undefined && !MULTIPLIERS.has(words[rest[1]] ?? "")) {
          total += rest[0];
          at = rest[1];
          break;
        }
      }
      continue;
    }
    if (at > start && MULTIPLIERS.has(words[next] ?? "")) break;
    total += group;
    at = next;
    break;
  }
  return at - start >= 2 ? { value: String(total), end: at } : undefined;
}

/**
 * The value of two words that write one number (see `spelledNumber`), or `undefined`: `gap` is
 * the text between them and `after` the text after the second.
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
  if (next === undefined) return undefined;
  const following = /^([^\p{L}\p{N}]*)([\p{L}\p{N}]+)?/u.exec(after)!;
  const words = following[2] === undefined ? [word, next] : [word, next, following[2]];
  const number = spelledNumber(words, [gap, following[1]!, ""], 0);
  return number?.end === 2 ? number.value : undefined;
}

const alternation = (words: readonly string[]) => words.join("|");
const END = "(?![\\p{L}\\p{N}])";
const SPELLED_WORD = alternation([...ONES.slice(1), ...TENS, ...MULTIPLIERS.keys(), "dozen"]);
/**
 * A run of English number words (and `and`) joined by spaces or hyphens, with the `a` before a
 * multiplier or `dozen` that begins it (`a hundred and five`): `spelledNumber` reads it.
 */
const SPELT_RUN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:a (?=(?:${
    alternation([...MULTIPLIED])
  })${END}))?(?:${SPELLED_WORD})(?:[ -](?:${SPELLED_WORD}|and)${END})+${END}`,
  "gu",
);
/** A hyphen and the word after a run: the adjective compound its last word may open. */
const HYPHENED_WORD = /^-([\p{L}\p{N}]+)/u;

/** A run of `SPELT_RUN` with each number of several words in it written in digits. */
function runAsDigits(run: string, offset: number, text: string): string {
  const words = run.split(/[ -]/u);
  const gaps: string[] = [...(run.match(/[ -]/gu) ?? [])];
  const last = words.length;
  const hyphened = HYPHENED_WORD.exec(text.slice(offset + run.length));
  if (hyphened) {
    words.push(hyphened[1]!);
    gaps.push("-");
  }
  gaps.push("");
  let out = "";
  for (let i = 0; i < last;) {
    const number = spelledNumber(words, gaps, i);
    const end = Math.min(number?.end ?? i + 1, last);
    out += `${number === undefined ? words[i] : number.value}${end < last ? gaps[end - 1] : ""}`;
    i = end;
  }
  return out;
}

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
/** Digits and a multiplier or `dozen` after a space, as `spelledNumber` reads them: `22 hundred`. */
const DIGITS_TIMES = new RegExp(
  `(?<![\\p{L}\\p{N}.,])(\\d+(?:\\.\\d+)?) (${alternation([...MULTIPLIED])})${END}`,
  "gu",
);
/** Digits grouped by thousands inside a text, as `GROUPED` reads a marker: `3,000` → `3000`. */
const GROUPED_IN_TEXT = /(?<![\p{L}\p{N}.,])\d{1,3}(?:,\d{3})+(?!\d|,\d)/gu;

/**
 * A range of two numbers in digits written with a hyphen or an en dash (`2-3`, `2–3`), read as
 * with `to` (`2 to 3`): one range, whose numbers step 3 already counts the same. Only between two
 * numbers in digits (after the words are), not inside a run of them (`2024-01-15`), so "up to 3"
 * stays.
 */
const RANGE =
  /(?<![\p{L}\p{N}.,+\-–])(\d+(?:\.\d+)?) ?[-–] ?(\d+(?:\.\d+)?)(?![\p{L}\p{N}]|[.,\-–]\d)/gu;

/** A range or comparison operator before a number, as `numberKey` reads it (the space dropped). */
const OPERATOR_IN_TEXT = new RegExp(OPERATOR_SOURCE, "gu");

/**
 * A normalised text with its numbers written in digits: English number words (`ten` → `10`, `a
 * hundred` → `100`, `two dozen` → `24`, `22 hundred` → `2200`), Han numerals (`十` → `10`, see `hanAsDigits`), Korean number words before a
 * counter (`열 개` → `10개`, see `hangulAsDigits`), full-width digits, and digits without their
 * thousands separators (`3,000` → `3000`), and a range with a hyphen or an en dash as with `to`
 * (`2-3` → `2 to 3`, as `two to three` reads), and a range or comparison operator as `numberKey`
 * reads it (`^ 1.2.3` → `^1.2.3`, `≥ 2` → `>=2`). Step 5 compares these, so a number written another way
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
 * assert.equal(numbersAsDigits("two to three rows, 5–10 pages"), "2 to 3 rows, 5 to 10 pages");
 * assert.equal(numbersAsDigits("needs ^ 1.2.3 or ≥ 2"), "needs ^1.2.3 or >=2");
 * assert.equal(numbersAsDigits("someone"), "someone");
 * ```
 */
export function numbersAsDigits(normalised: string): string {
  return hangulAsDigits(hanAsDigits(normalised))
    .replace(GROUPED_IN_TEXT, (grouped) => grouped.replaceAll(",", ""))
    .replace(
      DIGITS_TIMES,
      (whole: string, digits: string, word: string) => digitsTimes(digits, word) ?? whole,
    )
    .replace(SPELT_RUN, runAsDigits)
    .replace(A_NUMBER, (_, word: string) => WORD_VALUES.get(word)!)
    .replace(SPELT, (m) => WORD_VALUES.get(m) ?? numberKey(m))
    .replace(RANGE, "$1 to $2")
    .replace(OPERATOR_IN_TEXT, operatorKey);
}

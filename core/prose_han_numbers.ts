/**
 * Numbers written in Han numerals, markers of Chinese and Japanese prose as digits are of any
 * text: "最多返回十条" → "最多返回五十条" ("at most ten" → "at most fifty") states another limit,
 * and similarity alone passes it in a long description (edit 0.97). Korean writes its numbers in
 * digits or Hangul words, which are left out (`일`, `이`, `삼` are also common syllables).
 *
 * The numeral `一` ("one") also writes words that state no number (`一些` "some", `一起`
 * "together", `统一` "unify", `万一` "in case", `一致` "consistent", `上一个` "the previous"), and
 * other numerals do too (`十分` "very", though not in `十分钟` "ten minutes"; `千万` "by all
 * means"; `百度`), and so do ordinals (`第一` "first", `第三方` "third-party"), as English
 * "first" is no marker: these words are left out before the numerals are read, as `prose_cjk.ts`
 * leaves out `非常`. So are `一种` "a kind of", `单一` "single", `一度に` "at once" and the number
 * bases (`十六进制` "hexadecimal"). `一个` is both "a" and "one" and counts, as English "one"
 * does, like the other rarer words not listed: adding or removing one errs toward
 * POTENTIALLY_BREAKING, as the seed asks.
 *
 * A number is counted by its value (`hanValue`, through `numberKey` in `prose_numbers.ts`), so
 * "最多返回十条" → "最多返回10条" is no number changed, and step 5 scores the texts with their
 * numerals in digits (`hanAsDigits`).
 * @module
 */

const NOT_ASCII = /[\u0080-\uffff]/;

/** Whether `text` is ASCII only: no Han, Kana or Hangul, and none of their numerals. */
export function isAscii(text: string): boolean {
  return !NOT_ASCII.test(text);
}

/** The Han numerals: digits, `十`, `百`, `千`, `万`/`萬`, `亿`/`億`, `两`/`兩` ("two") and zeros. */
const NUMERAL = "〇零一二三四五六七八九十百千万萬亿億两兩";

/**
 * Words that hold a numeral and state no number, in Chinese (simplified and traditional) and
 * Japanese. The longest are read first, so `进一步` goes whole before `一步` could be read.
 */
export const NOT_NUMBERS: readonly string[] = [
  // 一 as "a", "all", "same", "together" …
  "一些",
  "一點",
  "一点",
  "一起",
  "一样",
  "一樣",
  "一般",
  "一直",
  "一定",
  "一旦",
  "一下",
  "一致",
  "一切",
  "一并",
  "一併",
  "一律",
  "一同",
  "一键",
  "一鍵",
  "一体",
  "一體",
  "一览",
  "一覽",
  "一覧",
  "一系列",
  "一部分",
  "一部",
  "一方面",
  "一方",
  "一边",
  "一邊",
  "一向",
  "一再",
  "一概",
  "一括",
  "一時",
  "一时",
  "一意",
  "一緒",
  "一連",
  "一番",
  "一种",
  "一種",
  "一度に",
  "一貫",
  "一贯",
  "统一",
  "統一",
  "唯一",
  "单一",
  "單一",
  "単一",
  "同一",
  "逐一",
  "万一",
  "萬一",
  "万が一",
  "进一步",
  "進一步",
  "上一",
  "下一",
  // Other numerals in words that count nothing.
  "千万",
  "千萬",
  "万能",
  "萬能",
  "百度",
  "百科",
  "百分比",
  // Number bases: "binary", "octal", "decimal", "hexadecimal".
  "二进制",
  "二進制",
  "八进制",
  "八進制",
  "十进制",
  "十進制",
  "十六进制",
  "十六進制",
  "二進数",
  "八進数",
  "十進数",
  "十六進数",
  "二维码",
  "二維碼",
  "零件",
  "零售",
];

/**
 * `十分` is "very", unless minutes (`十分钟`) or a fraction (`十分之一`) follow. `第` and numerals
 * write an ordinal (`第一页` "the first page", `第三方` "third-party"), read as English reads
 * "first" and "tenth": an ordinal spelt out is no marker, `第1页` in digits is.
 */
interface HanPatterns {
  notNumber: RegExp;
  number: RegExp;
  /** A word that states no number, or else a run of numerals, whichever starts first. */
  wordOrNumber: RegExp;
}

function hanPatternsNow(): HanPatterns {
  const notNumber = new RegExp(
    [
      ...[...NOT_NUMBERS].sort((a, b) => b.length - a.length),
      "十分(?![钟鐘之])",
      `第[${NUMERAL}]+`,
    ].join("|"),
    "gu",
  );
  return {
    notNumber,
    number: new RegExp(`[${NUMERAL}]+`, "gu"),
    wordOrNumber: new RegExp(`(${notNumber.source})|[${NUMERAL}]+`, "gu"),
  };
}

let hanPatternsBuilt: HanPatterns | undefined;
/**
 * The patterns, built when a text with Han first needs them: a diff of ASCII texts never does,
 * and building them (a sort and three Unicode patterns) was a part of every diff's start.
 */
function hanPatterns(): HanPatterns {
  return hanPatternsBuilt ??= hanPatternsNow();
}

/**
 * The numbers a word writes in Han numerals, each run of numerals as written, in order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hanNumbers } from "./prose_han_numbers.ts";
 * assert.deepEqual(hanNumbers("最多返回五十条"), ["五十"]);
 * assert.deepEqual(hanNumbers("返回一些记录并统一格式"), []);
 * assert.deepEqual(hanNumbers("支持两种方式，一次返回十条"), ["两", "一", "十"]);
 * ```
 */
export function hanNumbers(word: string): string[] {
  const { notNumber, number } = hanPatterns();
  return word.replace(notNumber, " ").match(number) ?? [];
}

const DIGITS: ReadonlyMap<string, number> = new Map([
  ..."〇零".split("").map((c) => [c, 0] as [string, number]),
  ..."一二三四五六七八九".split("").map((c, i) => [c, i + 1] as [string, number]),
  ["两", 2],
  ["兩", 2],
]);
const UNITS: ReadonlyMap<string, number> = new Map([["十", 10], ["百", 100], ["千", 1000]]);
const MYRIADS: ReadonlyMap<string, number> = new Map([
  ["万", 1e4],
  ["萬", 1e4],
  ["亿", 1e8],
  ["億", 1e8],
]);

/**
 * The value of a run of Han numerals as digits, so that `十` and `10` are one number: `十` → `10`,
 * `二十` → `20`, `两` → `2`, `一百零五` → `105`, `三千二百` → `3200`, `三千五` → `3500`, `一万` →
 * `10000`, and a run
 * without `十`, `百`, `千`, `万` or `亿` read digit by digit (`二〇二四` → `2024`). `undefined` when
 * the run reads as no one number (`十五六` "fifteen or sixteen", `十百`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hanValue } from "./prose_han_numbers.ts";
 * assert.equal(hanValue("二十"), "20");
 * assert.equal(hanValue("一万五千"), "15000");
 * assert.equal(hanValue("十五六"), undefined);
 * ```
 */
export function hanValue(run: string): string | undefined {
  const chars = [...run];
  if (chars.every((c) => DIGITS.has(c))) return chars.map((c) => DIGITS.get(c)).join("");
  let total = 0;
  let lastMyriad = Infinity;
  let section = 0;
  let lastUnit = Infinity;
  let digit: number | undefined;
  // The unit or myriad just before the digit read last (0 after a digit, a zero).
  let before = 0;
  let scale = 0;
  for (const c of chars) {
    const d = DIGITS.get(c);
    if (d !== undefined) {
      // Two digits in a row state a range or a guess, unless a zero stands between units.
      if (digit !== undefined && digit !== 0) return undefined;
      before = digit === undefined ? scale : 0;
      digit = d;
      continue;
    }
    const unit = UNITS.get(c);
    if (unit !== undefined) {
      if (unit >= lastUnit) return undefined;
      section += (digit ?? 1) * unit;
      lastUnit = scale = unit;
      digit = undefined;
      continue;
    }
    const myriad = MYRIADS.get(c);
    if (myriad === undefined || myriad >= lastMyriad) return undefined;
    section += digit ?? 0;
    total += (section === 0 ? 1 : section) * myriad;
    lastMyriad = scale = myriad;
    section = 0;
    lastUnit = Infinity;
    digit = undefined;
  }
  // A last digit right after a hundred or more counts the next place down: 三千五 is 3500, 两万五
  // 25000 (一百零五, a zero between, is 105).
  const last = digit === undefined ? 0 : before >= 100 ? digit * before / 10 : digit;
  const value = total + section + last;
  return Number.isSafeInteger(value) ? String(value) : undefined;
}

/**
 * A text with each number it writes in Han numerals written in digits (`hanValue`), the words that
 * state no number left as they are: what step 5 compares, so that "最多で十件を返します" →
 * "最多で10件を返します" scores as the same sentence.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hanAsDigits } from "./prose_han_numbers.ts";
 * assert.equal(hanAsDigits("最多返回二十条，统一格式"), "最多返回20条，统一格式");
 * ```
 */
export function hanAsDigits(text: string): string {
  // Every run it replaces holds a Han numeral: an ASCII text holds none (and running the pattern
  // the first time costs more than a diff's other prose checks of a short text).
  if (isAscii(text)) return text;
  return text.replace(
    hanPatterns().wordOrNumber,
    (run, word: string | undefined) => word === undefined ? hanValue(run) ?? run : run,
  );
}

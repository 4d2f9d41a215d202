/**
 * Markers of prose written without spaces between words. Chinese and Japanese run a whole clause
 * into one word of `proseTokens`, so the English markers never match inside it: a clause
 * "不需要 buildId 时…" ("when you do not need buildId…") added to @cloudbase/cloudbase-mcp 2.34.6's
 * manageCloudRun description was DOCUMENTATION (edit 0.939) where "do not need" is a marker. Within
 * a word written in Han, Hiragana, Katakana or Hangul, these markers are counted wherever they
 * occur, the longest first, so `必须` counts once as `必须` and not again as `须`.
 *
 * A marker character is also found inside words where it means something else (`不同`,
 * "different"): such a count changes only when that word is added or removed, and the classifier
 * then errs toward POTENTIALLY_BREAKING, as the seed asks; the commonest of them in tool
 * descriptions (`非常`, "very"; `非同期`, "asynchronous"; `无论`, "regardless") are left out. Words whose marker
 * character mostly means something else are left out (`应` in `应用`, "application"; `别` in `别名`,
 * "alias"), and written in full where the marker needs them (`应该`, `应当`).
 */

import { hanNumbers } from "./prose_han_numbers.ts";
import { CJK_OPPOSITES } from "./prose_opposites.ts";

/** Negations, modality and `default` in Chinese, Japanese and Korean. */
export const CJK_MARKERS: readonly string[] = [
  // Negations.
  "不",
  "没",
  "沒",
  "无",
  "無",
  "非",
  "未",
  "勿",
  "禁止",
  "ない",
  "ません",
  "않",
  "없",
  "못",
  // Modality.
  "必须",
  "必須",
  "务必",
  "須",
  "须",
  "需",
  "应该",
  "應該",
  "应当",
  "應當",
  "べき",
  "必ず",
  "仅",
  "僅",
  "只",
  "のみ",
  "だけ",
  "必填",
  "可选",
  "可選",
  "选填",
  "任意",
  "필수",
  "필요",
  "반드시",
  "해야",
  "선택",
  "必要",
  "省略",
  "選填",
  // A default stated or dropped.
  "默认",
  "默認",
  "缺省",
  "デフォルト",
  "既定",
  "기본값",
  "預設",
];

/**
 * Words that hold a marker character and never mean it: `非常` ("very"), `非同期` ("asynchronous"),
 * `无论`/`無論`/`不管` ("regardless"). They are left out before the markers are counted, so
 * "非常重要" → "重要" ("very important" → "important") is no negation removed.
 */
const NOT_MARKERS = /非常|非同期|无论|無論|不管/gu;

/**
 * Han and kana, the scripts Chinese and Japanese write without spaces between words, as the body
 * of a RegExp character class (`[${UNSPACED_SCRIPTS}]`).
 */
export const UNSPACED_SCRIPTS = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}";
/** A run of Han, kana or Hangul: a word of Chinese, Japanese or Korean, or its part in them. */
export const CJK_RUN: RegExp = new RegExp(`[${UNSPACED_SCRIPTS}\\p{Script=Hangul}]+`, "u");
const PATTERN = new RegExp(
  [...CJK_MARKERS, ...CJK_OPPOSITES.keys()].sort((a, b) => b.length - a.length).join("|"),
  "gu",
);

/**
 * The CJK markers a word holds, each as written: negations, modality, defaults and opposites
 * (`CJK_OPPOSITES` in `prose_opposites.ts`) in order, then the numbers it writes in Han numerals
 * (`prose_han_numbers.ts`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cjkMarkers } from "./prose_cjk.ts";
 * assert.deepEqual(cjkMarkers("不需要时必须传入"), ["不", "需", "必须"]);
 * assert.deepEqual(cjkMarkers("最多返回五十条"), ["最多", "五十"]);
 * assert.deepEqual(cjkMarkers("required"), []);
 * ```
 */
export function cjkMarkers(word: string): string[] {
  if (!CJK_RUN.test(word)) return [];
  return [...word.replace(NOT_MARKERS, " ").match(PATTERN) ?? [], ...hanNumbers(word)];
}

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

/**
 * The opposites in Chinese, Japanese and Korean, each as the English word it counts as, so that
 * "按创建时间升序排列" → "…降序…" ("ascending" → "descending") is a swap and "倒序" → "降序" (two
 * words for "descending") or "最多" → "最大" is none. They are found inside a word of those scripts,
 * as the negations of `prose_cjk.ts` are. `以上`/`以下` and `이상`/`이하` ("or more", "or less";
 * also "the above", "the following") are left out.
 */
export const CJK_OPPOSITES: ReadonlyMap<string, string> = new Map([
  ["升序", "ascending"],
  ["正序", "ascending"],
  ["昇順", "ascending"],
  ["오름차순", "ascending"],
  ["降序", "descending"],
  ["倒序", "descending"],
  ["降順", "descending"],
  ["내림차순", "descending"],
  ["最大", "maximum"],
  ["最多", "maximum"],
  ["최대", "maximum"],
  ["最小", "minimum"],
  ["最少", "minimum"],
  ["최소", "minimum"],
  ["包含", "include"],
  ["包括", "include"],
  ["포함", "include"],
  ["排除", "exclude"],
  ["除外", "exclude"],
  ["제외", "exclude"],
  ["启用", "enable"],
  ["啟用", "enable"],
  ["开启", "enable"],
  ["開啟", "enable"],
  ["활성화", "enable"],
  ["禁用", "disable"],
  ["关闭", "disable"],
  ["關閉", "disable"],
  ["비활성화", "disable"],
  ["最早", "earliest"],
  ["最旧", "earliest"],
  ["最舊", "earliest"],
  ["最新", "latest"],
  ["之前", "before"],
  ["以前", "before"],
  ["이전", "before"],
  ["之后", "after"],
  ["之後", "after"],
  ["以后", "after"],
  ["以後", "after"],
  ["이후", "after"],
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

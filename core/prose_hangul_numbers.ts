/**
 * Numbers written in Korean words, markers as digits are: "최대 열 개의 결과" → "최대 스무 개의 결과"
 * ("at most ten results" → "at most twenty") states another limit, and in a long description step 5
 * alone passes it (edit 0.98 for 십 → 이십). Korean writes spaces between words, and a number word
 * is counted by what it counts: the native numbers (`하나`/`한` 1, `둘`/`두` 2, `셋`/`세` 3,
 * `넷`/`네` 4, `다섯` … `아홉`, `열` 10, `스물`/`스무` 20, `서른`, `마흔`, `쉰` and their
 * compounds, `열두` 12) and the Sino-Korean ones that hold `십`, `백`, `천`, `만` or `억` (`십` 10,
 * `이십` 20, `삼백` 300; read as their Han numerals, see `hanValue`) are a number only as a whole
 * word followed by a counter word (`개`, `번`, `명`, `건`, `가지`, `줄`, `자`, `장`, `회`, `초`,
 * `분`, `시간`, `일`, `주`, `개월`, `년`, `페이지`, `단계`, `항목`, `행`, `바이트`, …) and at most
 * a particle (`개의`, `개까지`, `번만`). Without it they are common words: `열` "column", `네`
 * "yes", `세` "tax", `한` "did"; and a Sino-Korean digit alone (`일` "day", `이` "this", `사`,
 * `오`) is no number read at all. An ordinal (`두 번째` "the second") is no number, as English
 * "second" is none. The number glued to its counter (`열개`, `한번` "once, try") is not read: the
 * spelling rule spaces it, and glued it is mostly an idiom.
 * @module
 */
import { hanValue, isAscii } from "./prose_han_numbers.ts";

const ONES: ReadonlyMap<string, number> = new Map([
  ["하나", 1],
  ["한", 1],
  ["둘", 2],
  ["두", 2],
  ["셋", 3],
  ["세", 3],
  ["넷", 4],
  ["네", 4],
  ["다섯", 5],
  ["여섯", 6],
  ["일곱", 7],
  ["여덟", 8],
  ["아홉", 9],
]);
const TENS: ReadonlyMap<string, number> = new Map([
  ["열", 10],
  ["스물", 20],
  ["스무", 20],
  ["서른", 30],
  ["마흔", 40],
  ["쉰", 50],
]);
/** Sino-Korean numerals as the Han numerals they stand for. */
const SINO: ReadonlyMap<string, string> = new Map(
  [..."영공일이삼사오육칠팔구십백천만억"].map((
    c,
    i,
  ) => [c, "零〇一二三四五六七八九十百千万亿"[i]!]),
);
const SINO_UNIT = /[십백천만억]/u;

const COUNTERS = [
  "개월",
  "개",
  "번",
  "명",
  "건",
  "가지",
  "글자",
  "자리",
  "자",
  "줄",
  "장",
  "회",
  "초",
  "분",
  "시간",
  "일",
  "주일",
  "주",
  "달",
  "년",
  "페이지",
  "단계",
  "항목",
  "행",
  "바이트",
  "차례",
  "쪽",
];
const PARTICLES = [
  "으로",
  "에서",
  "까지",
  "부터",
  "이상",
  "이하",
  "이내",
  "미만",
  "초과",
  "의",
  "를",
  "을",
  "이",
  "가",
  "은",
  "는",
  "도",
  "만",
  "씩",
  "에",
  "로",
  "와",
  "과",
  "뿐",
  "당",
];
interface HangulPatterns {
  /** A word that is a counter, maybe with one particle: `개`, `개의`, `번까지`. */
  counterWord: RegExp;
  /** A Hangul word or digits, a space, a counter word: where a number may stand in a text. */
  counted: RegExp;
}

let hangulPatternsBuilt: HangulPatterns | undefined;
/** The patterns, built when a Korean text first needs them (a diff of ASCII texts never does). */
function hangulPatterns(): HangulPatterns {
  return hangulPatternsBuilt ??= {
    counterWord: new RegExp(`^(?:${COUNTERS.join("|")})(?:${PARTICLES.join("|")})?$`, "u"),
    counted: new RegExp(
      `(?<![\\p{L}\\p{N}])(\\p{Script=Hangul}+|\\d+) ((?:${COUNTERS.join("|")})(?:${
        PARTICLES.join("|")
      })?)(?![\\p{L}\\p{N}])`,
      "gu",
    ),
  };
}

/** The value of a Korean number word, native or Sino-Korean, or `undefined`. */
function wordValue(word: string): string | undefined {
  const one = ONES.get(word);
  if (one !== undefined) return String(one);
  for (const [tens, value] of TENS) {
    if (!word.startsWith(tens)) continue;
    const rest = word.slice(tens.length);
    if (rest === "") return String(value);
    const unit = ONES.get(rest);
    return unit === undefined ? undefined : String(value + unit);
  }
  if (!SINO_UNIT.test(word)) return undefined;
  let han = "";
  for (const c of word) {
    const numeral = SINO.get(c);
    if (numeral === undefined) return undefined;
    han += numeral;
  }
  return hanValue(han);
}

const FIRST_HANGUL = 0xac00;
const LAST_HANGUL = 0xd7a3;

/**
 * The value of a word of `proseTokens` that writes a number in Korean, given the word after it
 * (the counter), or `undefined`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hangulNumber } from "./prose_hangul_numbers.ts";
 * assert.equal(hangulNumber("열", "개의"), "10");
 * assert.equal(hangulNumber("스물두", "번"), "22");
 * assert.equal(hangulNumber("이십", "개"), "20");
 * assert.equal(hangulNumber("열", "이름"), undefined);
 * assert.equal(hangulNumber("두", "번째"), undefined);
 * ```
 */
export function hangulNumber(word: string, next: string | undefined): string | undefined {
  const first = word.charCodeAt(0);
  if (first < FIRST_HANGUL || first > LAST_HANGUL || next === undefined) return undefined;
  return hangulPatterns().counterWord.test(next) ? wordValue(word) : undefined;
}

/**
 * A normalised text with each Korean number word before a counter written in digits, glued to
 * the counter as digits are written (`열 개` → `10개`, and `10 개` → `10개`): what step 5 compares,
 * so that "최대 열 개의 결과" → "최대 10개의 결과" scores as the same sentence.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hangulAsDigits } from "./prose_hangul_numbers.ts";
 * assert.equal(hangulAsDigits("최대 스무 개의 결과"), "최대 20개의 결과");
 * assert.equal(hangulAsDigits("최대 10 개"), "최대 10개");
 * assert.equal(hangulAsDigits("열 이름"), "열 이름");
 * ```
 */
export function hangulAsDigits(text: string): string {
  // Every run it replaces ends in a Hangul counter word: an ASCII text holds none.
  if (isAscii(text)) return text;
  return text.replace(hangulPatterns().counted, (all, word: string, counter: string) => {
    const value = /^\d/.test(word) ? word : wordValue(word);
    return value === undefined ? all : value + counter;
  });
}

/**
 * The prose classifier: decides whether a change of description, title or instructions could move
 * a model's tool selection. Deterministic, in the specification's order of steps:
 *
 * 1. normalise (lowercase, collapse whitespace, strip trailing punctuation): equal → DOCUMENTATION;
 * 2. one side empty, the other not → POTENTIALLY_BREAKING;
 * 3. a semantic marker's count differs (negations, modality, numbers, opposites swapped, see
 *    `prose_opposites.ts`; inside Chinese, Japanese and Korean words too, see `prose_cjk.ts`) →
 *    POTENTIALLY_BREAKING;
 * 4. the same words in another order → POTENTIALLY_BREAKING;
 * 5. edit similarity and token-set overlap: DOCUMENTATION when one is high and neither is low.
 *
 * Proxar's two extensions: before step 1 or step 5 return DOCUMENTATION, an identifier of the
 * contract or a quoted token whose case changed (`identifierCase`, see `prose_case.ts`), or a code
 * span replaced by another or only removed (`codeSpan`, see `prose_code.ts`), or an upper-case
 * identifier-like word replaced or removed (`constant`, see `prose_constant.ts`), or an "or …"
 * alternative only removed (`alternative`, see `prose_alternative.ts`), or a tool name of the
 * contract replaced or removed (`toolName`, see `prose_tool.ts`), makes the change
 * POTENTIALLY_BREAKING. And before step 5 returns DOCUMENTATION, each run of sentences, lines or
 * list items that differs is graded alone (`unit`, see `prose_units.ts`).
 *
 * The thresholds and why they are what they are: `docs/prose.md`.
 * @module
 */
import { distance } from "fastest-levenshtein";
import { cjkMarkers, UNSPACED_SCRIPTS } from "./prose_cjk.ts";
import {
  boundInWords,
  type BoundWay,
  dropLoneOperators,
  OPERATOR_SOURCE,
} from "./prose_operators.ts";
import { numberKey, numberMarkers, numbersAsDigits, spelledNumber } from "./prose_numbers.ts";
import { asShortRanges, shortRanges } from "./prose_version_ranges.ts";
import { hangulNumber } from "./prose_hangul_numbers.ts";
import { numberWordReading } from "./prose_number_terms.ts";
import { CJK_OPPOSITES, oppositeWord, swappedOpposites } from "./prose_opposites.ts";
import { type CaseChange, identifierCaseChange, type NameSet } from "./prose_case.ts";
import {
  type CodeSpanChange,
  codeSpanChange,
  isBareHost,
  isHostWord,
  isWrittenPath,
} from "./prose_code.ts";
import { type ConstantChange, constantChange } from "./prose_constant.ts";
import { alternativeRemoved } from "./prose_alternative.ts";
import { nameReplacedByTool, toolNameRemoved } from "./prose_tool.ts";
import { unitChanges } from "./prose_units.ts";
import { DEFAULT_PROSE_OPTIONS, type ProseOptions } from "./prose_options.ts";
import type { Severity } from "./severity.ts";

/** Which step of the classifier decided. */
export type ProseStep =
  | "equal"
  | "identifierCase"
  | "codeSpan"
  | "constant"
  | "alternative"
  | "toolName"
  | "unit"
  | "emptiness"
  | "marker"
  | "order"
  | "similarity";

/** The classifier's verdict and its reasons. */
export interface ProseVerdict {
  severity: Severity;
  step: ProseStep;
  /** The identifier or quoted token whose case changed (step `identifierCase`). */
  caseChange?: CaseChange;
  /** The code span replaced by another, or only removed (step `codeSpan`). */
  codeSpan?: CodeSpanChange;
  /** The upper-case identifier-like words replaced or removed, and those added (step `constant`). */
  constant?: ConstantChange;
  /** The words of the "or …" alternative the new text dropped (step `alternative`). */
  alternative?: string;
  /**
   * The tool name of the contract the new text names fewer times, or the name that is no tool
   * of the contract and that a tool name replaced (step `toolName`).
   */
  toolName?: string;
  /** The tool name of the contract that came in place of `toolName` when that is no tool (step `toolName`). */
  replacedBy?: string;
  /**
   * The first run of sentences, lines or list items that differs and that the other steps grade
   * POTENTIALLY_BREAKING alone (step `unit`): its old and new text ("" when added or removed whole)
   * and that verdict.
   */
  unit?: { old: string; new: string; verdict: ProseVerdict };
  /** The marker whose count differs (step `marker`). */
  marker?: string;
  /** How often the marker occurs in the old and the new text (step `marker`). */
  counts?: { old: number; new: number };
  /** Character edit similarity, 1 − Levenshtein / longer length (step `similarity`). */
  edit?: number;
  /**
   * The numbers written another way, old and new as written (step `similarity` with edit 1): "up
   * to ten" → "up to 10" holds `{old: "ten", new: "10"}`; empty for a range written another way
   * (`2-3` → `2 to 3`), whose numbers are written alike.
   */
  rewritten?: { old: string; new: string }[];
  /** Token-set overlap, Jaccard (step `similarity`). */
  jaccard?: number;
  /** The thresholds the scores were held against (step `similarity`). */
  thresholds?: { high: number; low: number };
}

export { DEFAULT_PROSE_OPTIONS, type ProseOptions };

/**
 * Negations, modality words and `default` (a default stated or dropped changes what a model omits);
 * numbers are markers too (`prose_numbers.ts`), and opposites turned into each other
 * (`prose_opposites.ts`).
 */
export const BUILTIN_MARKERS: readonly string[] = [
  "not",
  "never",
  "without",
  "no",
  "must",
  "should",
  "only",
  "required",
  "optional",
  "default",
];

/** Words counted as another marker: a plural. */
const SAME_MARKER: ReadonlyMap<string, string> = new Map([["defaults", "default"]]);
/** `don't`, `can't`, `isn't` … and `cannot` count as `not`. */
const CONTRACTION = /^[\p{L}]+n't$|^cannot$/u;

/** Lowercase, Unicode NFC, whitespace collapsed, trailing punctuation stripped. */
export function normaliseProse(text: string): string {
  return collapse(text.normalize("NFC"));
}

/** {@link normaliseProse} of a text already in NFC. */
function collapse(nfc: string): string {
  return nfc.toLowerCase().replace(/\s+/g, " ").trim().replace(/[\s.,;:!?…]+$/u, "");
}

/** The pre-release labels of a version (`beta` in `1.2.3-beta.1`). */
const LABEL = "(?:alpha|beta|rc|pre|preview|dev|next|canary|nightly|snapshot)";
/**
 * A version with its pre-release label, one word: `1.2.3-beta.1`, `v2.0-rc1`, `4.0.0-alpha`,
 * `1.2.3-rc-1`. The hyphen would split it into two numbers (`1.2.3` and `beta.1`); the labels are
 * listed so that a number and a hyphenated word (`2.5-inch`) stay two words. And a version written
 * as a slug, its points as hyphens (`v3-0-0-beta-3`, a release page's path in @heroui/react-mcp
 * 1.1.0, `v3-0-0-rc-1` in 1.1.2): after a `v`, or with its label, so that a range (`2-3`) or a
 * phone number stays apart. Split, the slug was the numbers `v3`, `0`, `0` and `3`, and the
 * release changed read as marker "1" (of `rc-1`) 0× → 1×.
 */
const PRERELEASE = new RegExp(
  `v?\\d+(?:\\.\\d+)+-${LABEL}(?:[.-]?\\d+)*(?![\\p{L}\\p{N}])|` +
    `v\\d+(?:-\\d+)+(?:-${LABEL}(?:[.-]?\\d+)*)?(?![\\p{L}\\p{N}])|` +
    `\\d+(?:-\\d+)+-${LABEL}(?:[.-]?\\d+)*(?![\\p{L}\\p{N}])`,
  "u",
).source;
/**
 * An ISO 8601 date, with its time and offset if any, one word: `2024-03-01`,
 * `2024-03-01T00:00:00+00:00`, `2024-03-01 12:30Z`, `2017-10-23 11:31:45 +00:00`. Read as numbers, an example timestamp was
 * the markers `2024`, `03`, `00` (four times) and `+00`, so a date changed read as some numbers
 * counted again; whole, it is one marker that changes or stays. So is a year and month
 * (`2026-07`, a month 01 to 12 that no digit follows): Shopify names its API versions so, and
 * "API version 2026-01" → "2026-07" read as marker "01" 1× → 0×, a fragment of the version
 * named as if it were a number of its own.
 */
const ISO_DATE =
  /\d{4}-\d{2}-\d{2}(?:[t ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?: ?(?:z|[+-]\d{2}(?::?\d{2})?))?)?(?![\p{L}\p{N}])|\d{4}-(?:0[1-9]|1[0-2])(?![\p{L}\p{N}]|[-.,]\p{N})/u
    .source;
/**
 * What joins two runs of letters and digits into one word: an apostrophe or a point, or a comma
 * unless it stands between a digit and digits that are not a group of three (a thousands
 * separator: `1,000`, `12,345,678`), so that `[1,10]` and `0,1000` hold two numbers each.
 */
const JOINER = `(?:['’.]|,(?!\\p{N})|(?<!\\p{N}),|,(?=\\p{N}{3}(?!\\p{N})))`;
const WORD = new RegExp(
  `(?:${OPERATOR_SOURCE}|(?<![\\p{L}\\p{N}]))(?:${ISO_DATE}|${PRERELEASE}|[+-]?[\\p{L}\\p{N}]+(?:${JOINER}[\\p{L}\\p{N}]+)*%?)`,
  "gu",
);

/**
 * Words of a normalised text: runs of letters and digits, joined by inner apostrophes, points or
 * commas (`don't`, `2.5`, `1,000`; not the comma of `1,10`, see `JOINER`), an ISO date and time
 * whole (`2024-03-01t00:00:00+00:00`), with a leading sign, a range or comparison operator before a
 * number (`^1.2.3`, `>= 18`) and a trailing `%`. A hyphen splits words,
 * so `read-only` holds `only`, except in a version with its pre-release label (`1.2.3-beta.1`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { proseTokens } from "./prose.ts";
 * assert.deepEqual(proseTokens("don't use read-only v1.2.3-beta.1"), ["don't", "use", "read", "only", "v1.2.3-beta.1"]);
 * assert.deepEqual(proseTokens("needs ^1.2.3, >= 18 or x^2"), ["needs", "^1.2.3", ">= 18", "or", "x", "^2"]);
 * assert.deepEqual(proseTokens("range [1,10] of 1,000 from 2024-03-01t00:00:00z"), ["range", "1", "10", "of", "1,000", "from", "2024-03-01t00:00:00z"]);
 * ```
 */
export function proseTokens(normalised: string): string[] {
  return normalised.match(WORD)?.map((t) => t.replace(/’/g, "'")) ?? [];
}

/**
 * Whether each word of {@link proseTokens} stands inside double quotes (straight, or curly
 * between an opening and a closing one): a quoted example, whose numbers are no less markers but
 * are named after one outside quotes (`firstDifferentMarker`).
 */
function quotedWords(normalised: string): boolean[] {
  if (!/["“”]/u.test(normalised)) return [];
  const out: boolean[] = [];
  let end = 0, straight = 0, curly = 0;
  for (const word of normalised.matchAll(WORD)) {
    for (const c of normalised.slice(end, word.index)) {
      if (c === '"') straight++;
      else if (c === "“") curly++;
      else if (c === "”" && curly > 0) curly--;
    }
    out.push(straight % 2 === 1 || curly > 0);
    end = word.index + word[0].length;
  }
  return out;
}

/**
 * What follows each word of {@link proseTokens} up to the next word (after the last, the rest of
 * the text): a number written in two words is one only when a space or a hyphen joins them
 * (`spelledNumber`), so "twenty, five per page" stays two.
 */
function tokenGaps(normalised: string): string[] {
  const gaps: string[] = [];
  let end = -1;
  for (const word of normalised.matchAll(WORD)) {
    if (end >= 0) gaps.push(normalised.slice(end, word.index));
    end = word.index + word[0].length;
  }
  if (end >= 0) gaps.push(normalised.slice(end));
  return gaps;
}

/** A run of Han or kana: scripts written without spaces between words. */
const UNSPACED = new RegExp(`[${UNSPACED_SCRIPTS}]+`, "gu");

/**
 * The tokens the overlap score counts: the words, with each run of Han or kana inside a word
 * taken as its pairs of neighbouring characters (a lone character as itself). Chinese and
 * Japanese put no spaces between words, so a whole clause is one word of {@link proseTokens},
 * and one character added to a clause of a short sentence made its overlap 0.33 (cloudbase-mcp's
 * "云托管服务名称" → "云托管服务的名称", edit 0.947), where a typo in an English sentence of the
 * same length changes one word of many.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { overlapTokens } from "./prose.ts";
 * assert.deepEqual(overlapTokens(["云托管服务", "id"]), ["云托", "托管", "管服", "服务", "id"]);
 * assert.deepEqual(overlapTokens(["buildid时"]), ["buildid", "时"]);
 * ```
 */
export function overlapTokens(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    if (!UNSPACED.test(token)) {
      UNSPACED.lastIndex = 0;
      out.push(token);
      continue;
    }
    UNSPACED.lastIndex = 0;
    let at = 0;
    for (const run of token.matchAll(UNSPACED)) {
      if (run.index > at) out.push(token.slice(at, run.index));
      const chars = [...run[0]];
      if (chars.length === 1) out.push(chars[0]!);
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
      at = run.index + run[0].length;
    }
    if (at < token.length) out.push(token.slice(at));
  }
  return out;
}

/**
 * The markers a token stands for: the word itself, `not` for a contraction (and the modal word a
 * contraction holds: `mustn't` is `must` and `not`), the numbers it writes (`prose_numbers.ts`).
 */
function markersOf(token: string, builtin: ReadonlySet<string>): string[] {
  if (builtin.has(token)) return [token];
  // A default stated or dropped changes what a model may leave out; `defaults` counts as `default`.
  const same = SAME_MARKER.get(token);
  if (same !== undefined && builtin.has(same)) return [same];
  if (CONTRACTION.test(token)) {
    const stem = token.slice(0, -3);
    return builtin.has(stem) ? [stem, "not"] : ["not"];
  }
  // An opposite's forms count as it (`max` → `maximum` is no change, `min` → `max` is).
  const opposite = oppositeWord(token);
  if (opposite !== undefined) return [opposite];
  // A host name is compared as a URL (`codeSpanChange`), not read as a number: `v3.heroui.com`.
  return isHostWord(token) ? [] : numberMarkers(token);
}

/**
 * How often a marker occurs, and how often each way it was written (`1,000` and `one thousand` for
 * the key `1000`), in the order first seen.
 */
interface Counted {
  count: number;
  /** How many of them stand outside double quotes (`quotedWords`). */
  plain: number;
  forms: Map<string, number>;
  /** The ways bounds in words beside it go, where there are some (`boundInWords`): "over 1MB". */
  bounds?: Set<BoundWay>;
}

/** Counts `marker` once under `key` in `counts`. */
function addMarker(
  counts: Map<string, Counted>,
  marker: string,
  key = numberKey(marker),
  bound?: BoundWay,
  quoted = false,
): void {
  const counted: Counted = counts.get(key) ??
    { count: 0, plain: 0, forms: new Map<string, number>() };
  counted.count++;
  if (!quoted) counted.plain++;
  if (bound !== undefined) (counted.bounds ??= new Set()).add(bound);
  counted.forms.set(marker, (counted.forms.get(marker) ?? 0) + 1);
  counts.set(key, counted);
}

/**
 * Counts every marker of a token list (`gaps`: what follows each token, see `tokenGaps`); extra
 * markers may be phrases of several words. `cased` gives the tokens as written, for a number word
 * in a product name (`numberWordReading`); such words go to `names`, not to the counts.
 */
function markerCounts(
  tokens: readonly string[],
  gaps: readonly string[],
  words: ReadonlySet<string>,
  phrases: readonly (readonly string[])[],
  cased: () => readonly string[] | undefined,
  names: string[],
  quoted: readonly boolean[] = [],
): Map<string, Counted> {
  const counts = new Map<string, Counted>();
  let i = 0;
  const add = (marker: string, key = numberKey(marker), bound?: BoundWay) =>
    addMarker(counts, marker, key, bound, quoted[i] === true);
  // The words after the first of a number written in several (`twenty five`, `one hundred and
  // five`) are counted with it, up to `spelled`.
  let spelled = 0;
  for (; i < tokens.length; i++) {
    const number = i < spelled ? undefined : spelledNumber(tokens, gaps, i);
    if (number !== undefined) {
      const written = tokens.slice(i, number.end).map((t, k) =>
        k === 0 ? t : `${gaps[i + k - 1]}${t}`
      );
      add(written.join(""), number.value, boundInWords(tokens, gaps, i));
      spelled = number.end;
    } else if (i >= spelled) {
      // A number word in a name or a term counts nothing ("zero-width", "a Vuetify One plan").
      const reading = words.has(tokens[i]!) ? undefined : numberWordReading(tokens, gaps, i, cased);
      if (reading === "none") names.push(tokens[i]!);
      else if (reading !== undefined) add(reading.marker, reading.key);
      else {
        const bound = boundInWords(tokens, gaps, i);
        for (const marker of markersOf(tokens[i]!, words)) add(marker, undefined, bound);
      }
    }
    for (const cjk of cjkMarkers(tokens[i]!)) add(cjk, CJK_OPPOSITES.get(cjk) ?? numberKey(cjk));
    const korean = hangulNumber(tokens[i]!, tokens[i + 1]);
    if (korean !== undefined) add(tokens[i]!, korean);
    for (const phrase of phrases) {
      if (phrase.every((word, k) => tokens[i + k] === word)) add(phrase.join(" "));
    }
  }
  return counts;
}

/**
 * Counts again the number words read as part of a name (`numberWordReading`) when both texts hold
 * some and they differ: a name's number added or dropped counts nothing ("a Vuetify One
 * subscription"), but one number word in its place of another names another thing or count
 * ("Type One" → "Type Two", "Return Ten" → "Return Five").
 */
function restoreNames(
  a: Map<string, Counted>,
  namesA: readonly string[],
  b: Map<string, Counted>,
  namesB: readonly string[],
): void {
  if (namesA.length === 0 || namesB.length === 0) return;
  const key = (names: readonly string[]) => [...names].sort().join(" ");
  if (key(namesA) === key(namesB)) return;
  for (const name of namesA) addMarker(a, name);
  for (const name of namesB) addMarker(b, name);
}

/**
 * The first marker whose count differs. An opposite (`prose_opposites.ts`) counts only as a swap,
 * one gained while the other is lost ("Minimum price" → "Maximum price", "the first 10" → "the last
 * 10"), unless the configuration lists it among the extra markers (`words`): a bound or an order
 * merely stated or dropped is the usual rewording ("at most 10" → "a maximum of 10", "5 min" → "5
 * minutes", "max 200" → "up to 200"), and a number beside it, if it changed, is a marker of its own.
 */
function firstDifferentMarker(
  a: Map<string, Counted>,
  b: Map<string, Counted>,
  words: ReadonlySet<string>,
): { marker: string; counts: { old: number; new: number } } | undefined {
  const delta = (k: string) => (b.get(k)?.count ?? 0) - (a.get(k)?.count ?? 0);
  const swapped = swappedOpposites(delta);
  const counts = (k: string) => swapped.has(k) || words.has(k) || oppositeWord(k) !== k;
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort();
  const differ = keys.filter((k) => delta(k) !== 0 && counts(k));
  // Named, of those that differ, one that differs outside double quotes where there is one: a
  // quoted example ('prefixed like "1: code"') beside a bound added ('>1500 lines') named "1".
  const plain = (k: string) => (b.get(k)?.plain ?? 0) !== (a.get(k)?.plain ?? 0);
  const key = differ.find(plain) ?? differ[0];
  if (key === undefined) return undefined;
  // Named as written where it changed: a form the side with more holds more often than the other
  // ("ten rows, 10 per page" → "ten rows, 20 per page" names "10", not "ten").
  const [more, fewer] = delta(key) < 0 ? [a.get(key)!, b.get(key)] : [b.get(key)!, a.get(key)];
  const forms = [...more.forms];
  const marker = (forms.find(([form, n]) => n > (fewer?.forms.get(form) ?? 0)) ?? forms[0]!)[0];
  return { marker, counts: { old: a.get(key)?.count ?? 0, new: b.get(key)?.count ?? 0 } };
}

/**
 * The numbers written another way, each as first written on the side that has it more often: a
 * marker counted as often on both sides (step 3 found none differ) whose forms differ, in the order
 * the old text first has them.
 */
function rewrittenNumbers(
  a: Map<string, Counted>,
  b: Map<string, Counted>,
): { old: string; new: string }[] {
  const more = (x: Counted, y: Counted) => [...x.forms].find(([f, n]) => n > (y.forms.get(f) ?? 0));
  const out: { old: string; new: string }[] = [];
  for (const key of a.keys()) {
    const [x, y] = [a.get(key)!, b.get(key)];
    const [lost, gained] = y === undefined ? [] : [more(x, y), more(y, x)];
    if (lost && gained) out.push({ old: lost[0], new: gained[0] });
  }
  return out;
}

/**
 * The npm ranges one text writes as two comparators and the other in their short form
 * (prose_version_ranges.ts): each as the old text writes it and as the new one does.
 */
function rangesRewritten(a: string, b: string): { old: string; new: string }[] {
  const [ra, rb] = [shortRanges(a), shortRanges(b)];
  const only = (xs: typeof ra, ys: typeof ra) =>
    xs.filter((x) => !ys.some((y) => y.written === x.written));
  return [
    ...only(ra, rb).map((r) => ({ old: r.written, new: r.short })),
    ...only(rb, ra).map((r) => ({ old: r.short, new: r.written })),
  ];
}

/**
 * Levenshtein distance, computed on what lies between the common prefix and the common suffix:
 * the distance is the same, and a long text with one sentence changed costs what that sentence
 * costs.
 */
export function editDistance(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  let start = 0;
  while (start < shorter && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < shorter - start &&
    a.charCodeAt(a.length - 1 - end) === b.charCodeAt(b.length - 1 - end)
  ) end++;
  return distance(a.slice(start, a.length - end), b.slice(start, b.length - end));
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/**
 * Classifies a change of prose.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { classifyProse } from "./prose.ts";
 * assert.deepEqual(classifyProse("limit defaults to 10", "limit defaults to 100"), {
 *   severity: "POTENTIALLY_BREAKING", step: "marker", marker: "10", counts: { old: 1, new: 0 },
 * });
 * assert.equal(classifyProse("Search the issue tracker", "Search the isue tracker").severity, "DOCUMENTATION");
 * ```
 */
export function classifyProse(
  oldText: string | undefined,
  newText: string | undefined,
  options: ProseOptions = DEFAULT_PROSE_OPTIONS,
): ProseVerdict {
  // In NFC once, here: every check below reads the texts so.
  return classify(
    (oldText ?? "").normalize("NFC"),
    (newText ?? "").normalize("NFC"),
    options,
    true,
  );
}

/**
 * {@link classifyProse} of two texts in NFC; `units` false grades a run of sentences alone, without
 * splitting it again (a run of an NFC text, cut at whitespace, is in NFC too).
 */
function classify(
  oldText: string,
  newText: string,
  options: ProseOptions,
  units: boolean,
): ProseVerdict {
  const writtenA = collapse(withoutQuoteMarks(oldText));
  const writtenB = collapse(withoutQuoteMarks(newText));
  // Read past the equality check with an npm range written as two comparators in its short form
  // (prose_version_ranges.ts): `>=1.2.0 <2.0.0` and `^1.2.0` are no marker changed.
  const a = asShortRanges(writtenA);
  const b = asShortRanges(writtenB);
  // The words of both texts, read once: by the alternative check and by steps 3 to 5.
  let split: [string[], string[]] | undefined;
  const wordsOf = () => (split ??= [proseTokens(a), proseTokens(b)]);
  const caseOf = (documentation: ProseVerdict): ProseVerdict => {
    const change = identifierCaseChange(oldText, newText, options.identifiers ?? NONE);
    if (change) {
      return { severity: "POTENTIALLY_BREAKING", step: "identifierCase", caseChange: change };
    }
    const span = codeSpanChange(oldText, newText);
    if (span) return { severity: "POTENTIALLY_BREAKING", step: "codeSpan", codeSpan: span };
    const constant = constantChange(oldText, newText);
    if (constant) return { severity: "POTENTIALLY_BREAKING", step: "constant", constant };
    const dropped = alternativeRemoved(...wordsOf());
    if (dropped !== undefined) {
      return { severity: "POTENTIALLY_BREAKING", step: "alternative", alternative: dropped };
    }
    const toolName = toolNameRemoved(oldText, newText, options.toolNames ?? []);
    if (toolName !== undefined) {
      return { severity: "POTENTIALLY_BREAKING", step: "toolName", toolName };
    }
    const instead = nameReplacedByTool(oldText, newText, options.toolNames ?? []);
    if (instead !== undefined) {
      return {
        severity: "POTENTIALLY_BREAKING",
        step: "toolName",
        toolName: instead.old,
        replacedBy: instead.tool,
      };
    }
    if (documentation.step !== "similarity" || !units) return documentation;
    for (const change of unitChanges(oldText, newText)) {
      const verdict = classify(change.old, change.new, options, false);
      if (verdict.severity !== "DOCUMENTATION") {
        return { severity: "POTENTIALLY_BREAKING", step: "unit", unit: { ...change, verdict } };
      }
    }
    return documentation;
  };
  if (writtenA === writtenB) return caseOf({ severity: "DOCUMENTATION", step: "equal" });
  if (a === "" || b === "") return { severity: "POTENTIALLY_BREAKING", step: "emptiness" };
  const words = new Set(BUILTIN_MARKERS);
  const phrases: string[][] = [];
  for (const extra of options.extraMarkers) {
    const tokens = proseTokens(normaliseProse(extra));
    if (tokens.length === 1) words.add(tokens[0]!);
    else if (tokens.length > 1) phrases.push(tokens);
  }
  const [ta, tb] = wordsOf();
  const namesA: string[] = [];
  const namesB: string[] = [];
  const ma = markerCounts(
    ta,
    tokenGaps(a),
    words,
    phrases,
    casedTokens(oldText, ta),
    namesA,
    quotedWords(a),
  );
  const mb = markerCounts(
    tb,
    tokenGaps(b),
    words,
    phrases,
    casedTokens(newText, tb),
    namesB,
    quotedWords(b),
  );
  restoreNames(ma, namesA, mb, namesB);
  dropLoneOperators(ma, mb);
  const differs = firstDifferentMarker(ma, mb, words);
  if (differs !== undefined) {
    return { severity: "POTENTIALLY_BREAKING", step: "marker", ...differs };
  }
  if (ta.join(" ") !== tb.join(" ") && [...ta].sort().join(" ") === [...tb].sort().join(" ")) {
    return { severity: "POTENTIALLY_BREAKING", step: "order" };
  }
  // Scored with their numbers in digits: "up to ten" → "up to 10" or "十件" → "10件" is no edit (its
  // marker, counted by value, did not change either).
  const da = numbersAsDigits(a);
  const db = numbersAsDigits(b);
  // Edit 1 only when no character differs once the numbers are in digits: rounded, one character
  // in 2,000 would read 1, and `describeVerdict` says edit 1 is a number written another way.
  const moved = editDistance(da, db);
  const edit = moved === 0 ? 1 : Math.min(0.999, round(1 - moved / Math.max(da.length, db.length)));
  const sa = new Set(overlapTokens(da === a ? ta : proseTokens(da)));
  const sb = new Set(overlapTokens(db === b ? tb : proseTokens(db)));
  let common = 0;
  for (const t of sa) if (sb.has(t)) common++;
  const union = sa.size + sb.size - common;
  const jaccard = round(union === 0 ? 1 : common / union);
  const { high, low } = options;
  const isHigh = edit >= high || jaccard >= high;
  const isLow = edit < low || jaccard < low;
  const verdict: ProseVerdict = {
    severity: isHigh && !isLow ? "DOCUMENTATION" : "POTENTIALLY_BREAKING",
    step: "similarity",
    edit,
    jaccard,
    thresholds: { high, low },
  };
  if (edit === 1) {
    verdict.rewritten = [...rangesRewritten(writtenA, writtenB), ...rewrittenNumbers(ma, mb)];
  }
  return verdict.severity === "DOCUMENTATION" ? caseOf(verdict) : verdict;
}

const NONE: NameSet = new Set();

/**
 * A Markdown quote's `> ` at the start of a line before a number, which is no bound: "> 5 items
 * are returned" quotes "5 items are returned" (`dropLoneOperators` keeps a bound dropped).
 */
const QUOTE_BEFORE_NUMBER = /^([ \t]{0,3})> (?=[+-]?v?\p{N})/gmu;

/** `text` without the quote marks of {@link QUOTE_BEFORE_NUMBER}. */
function withoutQuoteMarks(text: string): string {
  return text.includes(">") ? text.replace(QUOTE_BEFORE_NUMBER, "$1") : text;
}

/**
 * The words of a text as written, before lower-casing, computed once when asked: the same words as
 * `tokens` (its lower-cased words), or `undefined` when lower-casing changed where words begin or
 * end, as it may outside Latin script.
 */
function casedTokens(text: string, tokens: readonly string[]): () => readonly string[] | undefined {
  let cased: readonly string[] | undefined | null = null;
  return () => {
    if (cased !== null) return cased;
    const words = proseTokens(text.replace(/\s+/g, " "));
    const same = words.length === tokens.length &&
      words.every((w, k) => w.toLowerCase() === tokens[k]);
    return (cased = same ? words : undefined);
  };
}

/**
 * The classifier's reason in a few words, for messages and reports.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { classifyProse, describeVerdict } from "./prose.ts";
 * assert.equal(
 *   describeVerdict(classifyProse("Never deletes issues", "Deletes issues")),
 *   'marker "never" 1× → 0×',
 * );
 * ```
 */
export function describeVerdict(v: ProseVerdict): string {
  switch (v.step) {
    case "equal":
      return "only case, whitespace or trailing punctuation changed";
    case "identifierCase":
      return `the case of "${v.caseChange?.old}" changed to "${v.caseChange?.new}", an identifier a model copies verbatim`;
    case "codeSpan": {
      const old = v.codeSpan?.old ?? "";
      const what = /^[a-z][a-z0-9+.-]*:\/\//i.test(old)
        ? "URL"
        : isBareHost(old)
        ? old.includes("@") ? "e-mail address" : "host name"
        : isWrittenPath(old)
        ? "path"
        : "code span";
      return v.codeSpan?.new === undefined
        ? `the ${what} \`${v.codeSpan?.old}\` was removed, text a model was told to use verbatim`
        : `the ${what} \`${v.codeSpan.old}\` became \`${v.codeSpan.new}\`, text a model copies verbatim`;
    }
    case "constant": {
      const words = (list: readonly string[] = []) => list.map((w) => `"${w}"`).join(", ");
      const removed = v.constant?.removed ?? [];
      const one = removed.length === 1;
      const what = v.constant?.added.length
        ? `became ${words(v.constant.added)}`
        : `${one ? "was" : "were"} removed`;
      return `the upper-case word${one ? "" : "s"} ${words(removed)} ${what}, ${
        one ? "an identifier" : "identifiers"
      } a model may copy as written`;
    }
    case "alternative":
      return `the alternative "${v.alternative}" was removed, which a model was offered`;
    case "toolName":
      return v.replacedBy !== undefined
        ? `the name "${v.toolName}" became the tool name "${v.replacedBy}", a tool a model is now told to call`
        : `the tool name "${v.toolName}" was replaced or removed, a tool a model was told to call`;
    case "unit": {
      const quote = (t: string) => `"${t.length > 80 ? `${t.slice(0, 79)}…` : t}"`;
      const u = v.unit;
      if (!u) return "a sentence changed";
      if (u.old === "") {
        return `the sentence ${quote(u.new)} was added, an instruction a model reads`;
      }
      if (u.new === "") {
        return `the sentence ${quote(u.old)} was removed, an instruction a model read`;
      }
      return `the sentence ${quote(u.old)} became ${quote(u.new)}: ${describeVerdict(u.verdict)}`;
    }
    case "emptiness":
      return "one side is empty";
    case "marker":
      return `marker "${v.marker}"${
        v.counts ? ` ${v.counts.old}× → ${v.counts.new}×` : " changed"
      }`;
    case "order":
      return "the same words in another order";
    case "similarity": {
      // Edit 1 is no character changed once numbers are in digits (`classifyProse`): "up to ten" →
      // "up to 10", "十件" → "10件".
      if (v.edit === 1 && v.jaccard === 1) {
        return `${rewritten(v.rewritten ?? [])} (edit 1, overlap 1)`;
      }
      const scores = `edit ${v.edit}, overlap ${v.jaccard}`;
      if (!v.thresholds) return scores;
      const { high, low } = v.thresholds;
      const lows = [["edit", v.edit], ["overlap", v.jaccard]].filter(([, s]) => Number(s) < low);
      if (lows.length > 0) return `${scores}: ${lows.map(([n]) => n).join(" and ")} below ${low}`;
      if (v.severity === "POTENTIALLY_BREAKING") return `${scores}: neither reaches ${high}`;
      return `${scores}: one reaches ${high}, neither below ${low}`;
    }
  }
}

/**
 * The numbers of `ProseVerdict.rewritten` in a few words: `the number "ten" written as "10"`, three
 * at most named.
 */
function rewritten(numbers: readonly { old: string; new: string }[]): string {
  if (numbers.length === 0) return "the same numbers written another way";
  const list = (side: "old" | "new") => {
    const named = numbers.slice(0, 3).map((n) => `"${n[side]}"`);
    const rest = numbers.length - named.length;
    if (rest > 0) return `${named.join(", ")} and ${rest} more`;
    return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
  };
  const one = numbers.length === 1;
  return `the number${one ? "" : "s"} ${list("old")} written as ${list("new")}`;
}

const STEP_LABELS: readonly [ProseStep, string][] = [
  ["equal", "the normalised texts are equal"],
  ["emptiness", "one side is empty"],
  ["marker", "a semantic marker differs"],
  ["order", "the same words in another order"],
  ["similarity", "edit similarity and token overlap"],
];

/**
 * Which step of the classifier decided, as reports show it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { describeStep } from "./prose.ts";
 * assert.equal(describeStep("marker"), "prose classifier step 3 of 5: a semantic marker differs");
 * ```
 */
export function describeStep(step: ProseStep): string {
  if (step === "identifierCase") {
    return "prose classifier, Proxar's extension of steps 1 and 5: the case of an identifier changed";
  }
  if (step === "codeSpan") {
    return "prose classifier, Proxar's extension of steps 1 and 5: a code span, URL or host name changed or was removed";
  }
  if (step === "constant") {
    return "prose classifier, Proxar's extension of steps 1 and 5: an upper-case identifier-like word was replaced or removed";
  }
  if (step === "toolName") {
    return "prose classifier, Proxar's extension of steps 1 and 5: a tool name of the contract was replaced or removed";
  }
  if (step === "unit") {
    return "prose classifier, Proxar's extension of step 5: a sentence, line or list item graded alone";
  }
  if (step === "alternative") {
    return "prose classifier, Proxar's extension of steps 1 and 5: an alternative (or …) was removed";
  }
  const index = STEP_LABELS.findIndex(([s]) => s === step);
  if (index < 0) return `prose classifier: ${String(step)}`;
  return `prose classifier step ${index + 1} of ${STEP_LABELS.length}: ${STEP_LABELS[index]![1]}`;
}

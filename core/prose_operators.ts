/**
 * Range and comparison operators before a number (`^1.2.3`, `~1.2`, `>=18`, `< 5`, `!= 0`), read as
 * part of the number's marker. One operator replaced by another before the same number changes
 * the values or versions accepted (`^1.2.3` → `~1.2.3`, `>=3.10` → `>3.10`, `!= 5` → `== 5`); an
 * operator written on one side only, against words or nothing, is the usual rewording ("~5
 * minutes" → "about 5 minutes", ">1MB" → "over 1MB", a Markdown quote "> 5 items" → "5 items"), so
 * there the number alone is the marker (see `dropLoneOperators`), unless a bound is dropped where
 * the other side writes the number alone ("Python >=3.10" → "Python 3.10"). See `docs/prose.md`.
 * @module
 */

/**
 * An operator (`^`, `~`, `~>`, `>`, `>=`, `<`, `<=`, `≥`, `≤`, `=`, `==`, `===`, `!=`, `!==`, `≠`)
 * and the space after it, before a number; glued to a word before it or not (`age>=18` reads as
 * `age >= 18`), but never after `-`, `=`, `<`, `>`, `!`, `~` or `^`, so the `>` of an arrow
 * (`->`, `=>`) is no operator.
 */
export const OPERATOR_SOURCE =
  `(?<![-=<>!~^≥≤≠])(?:[\\^≥≤≠]|~>?|[<>]=?|!==?|={1,3}) ?(?=[+-]?v?\\p{N})`;

/** Operators written another way: `≥` is `>=`, `==` is `=`, `≠` is `!=`. */
const SAME_OPERATOR: ReadonlyMap<string, string> = new Map([
  ["≥", ">="],
  ["≤", "<="],
  ["≠", "!="],
  ["!==", "!="],
  ["==", "="],
  ["===", "="],
]);

/** An operator as counted: without the space after it, `≥` as `>=` (see `SAME_OPERATOR`). */
export function operatorKey(written: string): string {
  const op = written.trimEnd();
  return SAME_OPERATOR.get(op) ?? op;
}

/** The operator a number's key begins with (as `operatorKey` writes it) and the number. */
const KEYED = /^(>=|<=|!=|~>|[\^~<>=])(?=[+-]?\p{N})/u;

/**
 * A range that pins a version however written beside it: `^` before a version with a point,
 * `~` or `~>` before one of three parts. `^1.2.3` → `1.2.3` turns a range into one version, while
 * `~5`, `~80%` or `~1.5` say "about" ("~5 minutes" → "about 5 minutes").
 */
function isVersionRange(op: string, number: string): boolean {
  if (op === "^" || op === "~>") return /^\d+\.\d/.test(number);
  return op === "~" && /^\d+\.\d+\.\d/.test(number);
}

/**
 * Which way a bound in words goes: `lower` ("over 5", "at least 5", "5 or later", "18+"), `upper`
 * ("under 5", "at most 5", "up to 5", "5 or older"), `near` ("about 5") or `any` ("than 5" after
 * a word that says neither).
 */
export type BoundWay = "lower" | "upper" | "near" | "any";

/**
 * How often a marker occurs, how often each way it was written, and which ways a bound in words
 * beside it goes, where there is one (`boundInWords`).
 */
interface Counted {
  count: number;
  /** How many stand outside double quotes (prose.ts `quotedWords`). */
  plain?: number;
  forms: Map<string, number>;
  bounds?: Set<BoundWay>;
}

/**
 * The way each operator that bounds the values accepted, or excludes one, goes: dropped, it
 * widens or reverses them. `!=` goes none of the ways words say.
 */
const BOUNDS: ReadonlyMap<string, BoundWay | "not"> = new Map([
  [">", "lower"],
  [">=", "lower"],
  ["<", "upper"],
  ["<=", "upper"],
  ["!=", "not"],
]);

/** Words just before a number that bound it, and which way: "over 1MB", "at least 3.10". */
const BOUND_BEFORE: ReadonlyMap<string, BoundWay> = new Map([
  ["over", "lower"],
  ["above", "lower"],
  ["exceeding", "lower"],
  ["beyond", "lower"],
  ["least", "lower"],
  ["min", "lower"],
  ["minimum", "lower"],
  ["under", "upper"],
  ["below", "upper"],
  ["within", "upper"],
  ["most", "upper"],
  ["max", "upper"],
  ["maximum", "upper"],
  ["about", "near"],
  ["around", "near"],
  ["approximately", "near"],
  ["roughly", "near"],
  ["nearly", "near"],
  ["almost", "near"],
]);
/**
 * Words after "or" (or "and") after a number that bound it, and which way: "0.95 or more", "3.10
 * or later", "18 and up", "5 or fewer"; before "than", which way "more than 5" goes.
 */
const BOUND_AFTER: ReadonlyMap<string, BoundWay> = new Map([
  ["more", "lower"],
  ["later", "lower"],
  ["newer", "lower"],
  ["higher", "lower"],
  ["greater", "lower"],
  ["larger", "lower"],
  ["longer", "lower"],
  ["above", "lower"],
  ["over", "lower"],
  ["up", "lower"],
  ["less", "upper"],
  ["fewer", "upper"],
  ["lower", "upper"],
  ["smaller", "upper"],
  ["shorter", "upper"],
  ["older", "upper"],
  ["earlier", "upper"],
  ["below", "upper"],
  ["under", "upper"],
]);
/** Words right after a number that bound it: "100 max", "100 (maximum)", "5 minimum". */
const BOUND_NEXT: ReadonlyMap<string, BoundWay> = new Map([
  ["max", "upper"],
  ["maximum", "upper"],
  ["min", "lower"],
  ["minimum", "lower"],
]);

/**
 * Which way the number at `tokens[i]` is bounded in words (`gaps[k]` is the text after
 * `tokens[k]`), if it is: after "over", "about", "at least", "more than", "up to" and the like,
 * before "or more", "or later", "and up", "max", "(maximum)", "at most", "at the least" and the
 * like, or with a `+` after it ("18+").
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { boundInWords } from "./prose_operators.ts";
 * assert.equal(boundInWords(["skips", "over", "1mb"], [" ", " ", ""], 2), "lower");
 * assert.equal(boundInWords(["python", "3.10", "or", "later"], [" ", " ", " ", ""], 1), "lower");
 * assert.equal(boundInWords(["node", "18", "or", "older"], [" ", " ", " ", ""], 1), "upper");
 * assert.equal(boundInWords(["node", "18"], [" ", "+"], 1), "lower");
 * assert.equal(boundInWords(["be", "100", "at", "most"], [" ", " ", " ", ""], 1), "upper");
 * assert.equal(boundInWords(["be", "100", "max"], [" ", " (", ")"], 1), "upper");
 * assert.equal(boundInWords(["18", "at", "the", "least"], [" ", " ", " ", ""], 0), "lower");
 * assert.equal(boundInWords(["fewer", "than", "5"], [" ", " ", ""], 2), "upper");
 * assert.equal(boundInWords(["python", "3.10"], [" ", ""], 1), undefined);
 * ```
 */
export function boundInWords(
  tokens: readonly string[],
  gaps: readonly string[],
  i: number,
): BoundWay | undefined {
  const before = tokens[i - 1];
  if (before === "than") return BOUND_AFTER.get(tokens[i - 2] ?? "") ?? "any";
  const way = before === undefined ? undefined : BOUND_BEFORE.get(before);
  if (way !== undefined) return way;
  if (before === "to" && tokens[i - 2] === "up") return "upper";
  if (gaps[i]?.startsWith("+")) return "lower";
  const next = tokens[i + 1];
  if (next === undefined) return undefined;
  const after = BOUND_NEXT.get(next);
  if (after !== undefined) return after;
  if (next === "at") {
    const then = tokens[i + 2] === "the" ? tokens[i + 3] : tokens[i + 2];
    return then === "most" ? "upper" : then === "least" ? "lower" : undefined;
  }
  if (next !== "or" && next !== "and") return undefined;
  return BOUND_AFTER.get(tokens[i + 2] ?? "");
}

/**
 * Whether words bound a number the way an operator did (`Counted.bounds` of the number written
 * alone): `>=18` → `18 or later` says the same, `>=18` → `18 or older` or no words the reverse
 * or nothing.
 */
function sameWay(op: BoundWay | "not", bounds: ReadonlySet<BoundWay> | undefined): boolean {
  if (bounds === undefined) return false;
  return bounds.has("any") || (op !== "not" && bounds.has(op));
}

/**
 * Merges, on both sides, the count of a number written with an operator into the number alone
 * unless both sides write an operator before that number: only then do the operators compare
 * (`^1.2.3` → `~1.2.3` differs, `~5` → `about 5` and `-> 204` → `→ 204` do not); a version range
 * (`^1.2`, `~1.2.3`, see `isVersionRange`) stays whole, so `^1.2.3` → `1.2.3` differs too, and so
 * does a bound (`>`, `>=`, `<`, `<=`, `!=`) the other side drops where it writes the number alone,
 * with no bound in words beside it that goes the same way (`Counted.bounds`): "Python >=3.10" →
 * "Python 3.10" no longer says which versions are accepted, nor does "Node >= 18" → "Node 18 or
 * older" or "< 100 MB" → "over 100 MB", while "(>1MB)" → "(over 1MB)" and ">= 0.95" → "0.95 or
 * more" say the same; `~` (about) dropped against a bound one way differs too ("~5 minutes" →
 * "over 5 minutes"), against "about" or no words not.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dropLoneOperators } from "./prose_operators.ts";
 * const one = (key: string) => new Map([[key, { count: 1, forms: new Map([[key, 1]]) }]]);
 * const [a, b] = [one("~5"), one("5")];
 * dropLoneOperators(a, b);
 * assert.deepEqual([...a.keys(), ...b.keys()], ["5", "5"]);
 * const [c, d] = [one("^1.2.3"), one("~1.2.3")];
 * dropLoneOperators(c, d);
 * assert.deepEqual([...c.keys(), ...d.keys()], ["^1.2.3", "~1.2.3"]);
 * const [e, f] = [one(">=3.10"), one("3.10")];
 * dropLoneOperators(e, f);
 * assert.deepEqual([...e.keys(), ...f.keys()], [">=3.10", "3.10"]);
 * ```
 */
export function dropLoneOperators(a: Map<string, Counted>, b: Map<string, Counted>): void {
  const numbersWithOperator = (side: Map<string, Counted>) => {
    const out = new Set<string>();
    for (const key of side.keys()) {
      const op = KEYED.exec(key);
      if (op) out.add(key.slice(op[0].length));
    }
    return out;
  };
  const both = numbersWithOperator(a);
  const inB = numbersWithOperator(b);
  for (const n of both) if (!inB.has(n)) both.delete(n);
  for (const side of [a, b]) {
    for (const [key, counted] of [...side]) {
      const op = KEYED.exec(key);
      const number = op ? key.slice(op[0].length) : "";
      if (!op || both.has(number) || isVersionRange(op[1]!, number)) continue;
      // A bound dropped where the other side writes the number alone, in no words going its way.
      const alone = (side === a ? b : a).get(number);
      const way = BOUNDS.get(op[1]!);
      if (way !== undefined && alone !== undefined && !sameWay(way, alone.bounds)) continue;
      // "About" against a bound one way: "~5 minutes" → "over 5 minutes" says another thing.
      if (op[1] === "~" && alone?.bounds !== undefined && !sameWay("near", alone.bounds)) continue;
      const into = side.get(number) ?? { count: 0, plain: 0, forms: new Map<string, number>() };
      into.count += counted.count;
      into.plain = (into.plain ?? 0) + (counted.plain ?? 0);
      for (const [form, n] of counted.forms) into.forms.set(form, (into.forms.get(form) ?? 0) + n);
      side.delete(key);
      side.set(number, into);
    }
  }
}

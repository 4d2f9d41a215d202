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
 * How often a marker occurs, how often each way it was written, and whether a bound in words
 * stands beside it somewhere (`boundInWords`).
 */
interface Counted {
  count: number;
  forms: Map<string, number>;
  bounded?: boolean;
}

/** Operators that bound the values accepted, or exclude one: dropped, they widen or reverse. */
const BOUNDS: ReadonlySet<string> = new Set([">", ">=", "<", "<=", "!="]);

/** Words just before a number that bound it: "over 1MB", "at least 3.10", "more than 5". */
const BOUND_BEFORE: ReadonlySet<string> = new Set([
  "over",
  "above",
  "under",
  "below",
  "about",
  "around",
  "approximately",
  "roughly",
  "nearly",
  "almost",
  "exceeding",
  "beyond",
  "within",
  "least",
  "most",
  "than",
  "max",
  "min",
  "maximum",
  "minimum",
]);
/** Words after "or" (or "and") after a number that bound it: "0.95 or more", "3.10 or later". */
const BOUND_AFTER: ReadonlySet<string> = new Set([
  "more",
  "less",
  "later",
  "newer",
  "higher",
  "greater",
  "fewer",
  "lower",
  "older",
  "earlier",
  "above",
  "below",
  "over",
  "under",
  "up",
]);

/** Words right after a number that bound it: "100 max", "100 (maximum)", "5 minimum". */
const BOUND_NEXT: ReadonlySet<string> = new Set(["max", "min", "maximum", "minimum"]);

/**
 * Whether the number at `tokens[i]` is bounded in words (`gaps[k]` is the text after
 * `tokens[k]`): after "over", "about", "at least", "more than", "up to" and the like, before "or
 * more", "or later", "and up", "max", "(maximum)", "at most", "at the least" and the like, or with
 * a `+` after it ("18+").
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { boundInWords } from "./prose_operators.ts";
 * assert.equal(boundInWords(["skips", "over", "1mb"], [" ", " ", ""], 2), true);
 * assert.equal(boundInWords(["python", "3.10", "or", "later"], [" ", " ", " ", ""], 1), true);
 * assert.equal(boundInWords(["node", "18"], [" ", "+"], 1), true);
 * assert.equal(boundInWords(["be", "100", "at", "most"], [" ", " ", " ", ""], 1), true);
 * assert.equal(boundInWords(["be", "100", "max"], [" ", " (", ")"], 1), true);
 * assert.equal(boundInWords(["18", "at", "the", "least"], [" ", " ", " ", ""], 0), true);
 * assert.equal(boundInWords(["python", "3.10"], [" ", ""], 1), false);
 * ```
 */
export function boundInWords(
  tokens: readonly string[],
  gaps: readonly string[],
  i: number,
): boolean {
  const before = tokens[i - 1];
  if (before !== undefined && BOUND_BEFORE.has(before)) return true;
  if (before === "to" && tokens[i - 2] === "up") return true;
  if (gaps[i]?.startsWith("+")) return true;
  const next = tokens[i + 1];
  if (next === undefined) return false;
  if (BOUND_NEXT.has(next)) return true;
  if (next === "at") {
    const then = tokens[i + 2] === "the" ? tokens[i + 3] : tokens[i + 2];
    return then === "most" || then === "least";
  }
  return (next === "or" || next === "and") && BOUND_AFTER.has(tokens[i + 2] ?? "");
}

/**
 * Merges, on both sides, the count of a number written with an operator into the number alone
 * unless both sides write an operator before that number: only then do the operators compare
 * (`^1.2.3` → `~1.2.3` differs, `~5` → `about 5` and `-> 204` → `→ 204` do not); a version range
 * (`^1.2`, `~1.2.3`, see `isVersionRange`) stays whole, so `^1.2.3` → `1.2.3` differs too, and so
 * does a bound (`>`, `>=`, `<`, `<=`, `!=`) the other side drops where it writes the number alone,
 * with no bound in words beside it (`Counted.bounded`): "Python >=3.10" → "Python 3.10" no longer
 * says which versions are accepted, while "(>1MB)" → "(over 1MB)" and ">= 0.95" → "0.95 or more"
 * say the same.
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
      // A bound dropped where the other side writes the number alone, in no words either.
      const alone = (side === a ? b : a).get(number);
      if (BOUNDS.has(op[1]!) && alone !== undefined && !alone.bounded) continue;
      const into = side.get(number) ?? { count: 0, forms: new Map<string, number>() };
      into.count += counted.count;
      for (const [form, n] of counted.forms) into.forms.set(form, (into.forms.get(form) ?? 0) + n);
      side.delete(key);
      side.set(number, into);
    }
  }
}

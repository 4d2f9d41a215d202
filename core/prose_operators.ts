/**
 * Range and comparison operators before a number (`^1.2.3`, `~1.2`, `>=18`, `< 5`, `!= 0`), read as
 * part of the number's marker. One operator replaced by another before the same number changes
 * the values or versions accepted (`^1.2.3` → `~1.2.3`, `>=3.10` → `>3.10`, `!= 5` → `== 5`); an
 * operator written on one side only, against words or nothing, is the usual rewording ("~5
 * minutes" → "about 5 minutes", ">1MB" → "over 1MB", a Markdown quote "> 5 items" → "5 items"), so
 * there the number alone is the marker (see `dropLoneOperators`). See `docs/prose.md`.
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

/** How often a marker occurs, and how often each way it was written. */
interface Counted {
  count: number;
  forms: Map<string, number>;
}

/**
 * Merges, on both sides, the count of a number written with an operator into the number alone
 * unless both sides write an operator before that number: only then do the operators compare
 * (`^1.2.3` → `~1.2.3` differs, `~5` → `about 5` and `-> 204` → `→ 204` do not); a version range
 * (`^1.2`, `~1.2.3`, see `isVersionRange`) stays whole, so `^1.2.3` → `1.2.3` differs too.
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
      const into = side.get(number) ?? { count: 0, forms: new Map<string, number>() };
      into.count += counted.count;
      for (const [form, n] of counted.forms) into.forms.set(form, (into.forms.get(form) ?? 0) + n);
      side.delete(key);
      side.set(number, into);
    }
  }
}

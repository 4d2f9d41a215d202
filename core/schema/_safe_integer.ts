/**
 * The safe-integer limit, shared by both schema comparisons: on a schema that accepts integers
 * only, a bound at ±(2^53 − 1) or beyond rejects no integer a JSON client can send exactly
 * (RFC 7493, section 2.2). zod's `.int()` writes these bounds. The comparisons compare such a
 * bound as none on an input schema only, and only while both sides accept some safe integer
 * ({@link acceptsSafeInteger}): otherwise the integers it rejects are all the schema is about.
 * On an output schema the bound is a promise to consumers and keeps its variance.
 * @module
 */
import type { JsonValue } from "../json.ts";

/** The largest integer every JSON implementation reads exactly: 2^53 − 1. */
export const SAFE_INTEGER_LIMIT = Number.MAX_SAFE_INTEGER;

/** A numeric bound: its value and whether it is exclusive. */
export interface NumericBound {
  value: number;
  exclusive: boolean;
}

/** What an integer schema says about its integers, as a comparison read it. */
export interface IntegerFacts {
  min: NumericBound | undefined;
  max: NumericBound | undefined;
  /** The `enum`/`const` values it is restricted to, or `undefined` when unrestricted. */
  values: readonly JsonValue[] | undefined;
  /** A positive `multipleOf`, or `undefined`. */
  multipleOf: number | undefined;
}

/** Whether a type list accepts integers and no other numbers (other kinds have no bounds). */
export function integerOnly(types: Iterable<string> | undefined): boolean {
  if (types === undefined) return false;
  const set = new Set(types);
  return set.has("integer") && !set.has("number");
}

/** Whether a lower (`lower`) or upper bound lets every safe integer through. */
export function admitsEverySafeInteger(bound: NumericBound, lower: boolean): boolean {
  const edge = lower ? -SAFE_INTEGER_LIMIT : SAFE_INTEGER_LIMIT;
  if (bound.value === edge) return !bound.exclusive;
  return lower ? bound.value < edge : bound.value > edge;
}

/**
 * Compares two lower (`lower`) or upper bounds: > 0 when `a` admits fewer values than `b`, < 0
 * when more, 0 when the same (no bound admits the most).
 */
export function compareBounds(
  a: NumericBound | undefined,
  b: NumericBound | undefined,
  lower: boolean,
): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? -1 : 1;
  if (a.value !== b.value) return (a.value > b.value) === lower ? 1 : -1;
  return a.exclusive === b.exclusive ? 0 : a.exclusive ? 1 : -1;
}

/** The tighter of two lower (`lower`) or upper bounds. */
function tighter(a: NumericBound | undefined, b: NumericBound | undefined, lower: boolean) {
  return compareBounds(a, b, lower) >= 0 ? a : b;
}

/**
 * The facts of several schemas that all apply to one value (a node and the schemas its `$ref`
 * reaches), or `undefined` when they hold two different `multipleOf` values, which this does not
 * combine.
 */
export function jointFacts(list: readonly IntegerFacts[]): IntegerFacts | undefined {
  const multiples = new Set(list.flatMap((f) => f.multipleOf === undefined ? [] : [f.multipleOf]));
  if (multiples.size > 1) return undefined;
  let values: readonly JsonValue[] | undefined;
  for (const f of list) {
    if (f.values === undefined) continue;
    const other = f.values;
    values = values === undefined ? other : values.filter((v) => other.includes(v));
  }
  return {
    min: list.reduce<NumericBound | undefined>((m, f) => tighter(m, f.min, true), undefined),
    max: list.reduce<NumericBound | undefined>((m, f) => tighter(m, f.max, false), undefined),
    values,
    multipleOf: [...multiples][0],
  };
}

function isMultiple(n: number, of: number): boolean {
  const q = n / of;
  return Math.abs(q - Math.round(q)) < 1e-9;
}

/**
 * Whether an integer schema accepts at least one safe integer (|n| ≤ 2^53 − 1), from its bounds,
 * `enum`/`const` and `multipleOf`. `false` also when that cannot be decided (a fractional
 * `multipleOf` whose range holds no zero), so the bound is then graded by its variance.
 */
export function acceptsSafeInteger(facts: IntegerFacts): boolean {
  const { min, max, values, multipleOf } = facts;
  let lo = -SAFE_INTEGER_LIMIT, hi = SAFE_INTEGER_LIMIT;
  if (min) lo = Math.max(lo, min.exclusive ? Math.floor(min.value) + 1 : Math.ceil(min.value));
  if (max) hi = Math.min(hi, max.exclusive ? Math.ceil(max.value) - 1 : Math.floor(max.value));
  if (lo > hi) return false;
  const fits = (n: number) =>
    Number.isInteger(n) && lo <= n && n <= hi &&
    (multipleOf === undefined || isMultiple(n, multipleOf));
  if (values !== undefined) return values.some((v) => typeof v === "number" && fits(v));
  if (multipleOf === undefined || (lo <= 0 && 0 <= hi)) return true;
  if (!Number.isInteger(multipleOf)) return false;
  return fits(Math.ceil(lo / multipleOf) * multipleOf);
}

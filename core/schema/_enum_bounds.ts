/**
 * A numeric bound beside an `enum` or `const`, shared by both schema comparisons: a side whose
 * values are listed accepts none but those, so a bound the other side gained, tightened, lost or
 * relaxed changes an accepted value only when one of the listed numbers falls between the two
 * bounds. open-meteo-mcp-server 1.1.3 → 2.1.0 replaced `past_days: {type: integer, enum: [1, 2]}`
 * with `{type: integer, minimum: 1, maximum: 92}`: every old value passes both new bounds, so the
 * bounds are no narrowing (the enum removed says what widened). Only the node's own `enum` and
 * `const` are read: a list a `$ref` or an `allOf` beside it adds is left to the bound's grade.
 * @module
 */
import type { JsonValue } from "../json.ts";
import { compareBounds, type NumericBound } from "./_safe_integer.ts";

/** Whether number `n` passes a lower (`lower`) or upper bound. */
function passes(n: number, bound: NumericBound, lower: boolean): boolean {
  if (n === bound.value) return !bound.exclusive;
  return lower ? n > bound.value : n < bound.value;
}

/**
 * The listed numbers (non-numbers pass every numeric bound) that one bound admits and the other
 * does not: the values a move between them adds or takes away when a side accepts `values` only.
 * `undefined` when `values` is `undefined` (the side lists none, so any number may be in between).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { listedBetween } from "./_enum_bounds.ts";
 * assert.deepEqual(listedBetween([1, 2], undefined, { value: 1, exclusive: false }, true), []);
 * assert.deepEqual(listedBetween([45, 274], undefined, { value: 217, exclusive: false }, false), [274]);
 * assert.equal(listedBetween(undefined, undefined, { value: 1, exclusive: false }, true), undefined);
 * ```
 */
export function listedBetween(
  values: readonly JsonValue[] | undefined,
  a: NumericBound | undefined,
  b: NumericBound | undefined,
  lower: boolean,
): number[] | undefined {
  if (values === undefined) return undefined;
  const tight = compareBounds(a, b, lower) >= 0 ? a : b;
  const loose = tight === a ? b : a;
  return values.filter((v): v is number =>
    typeof v === "number" && (loose === undefined || passes(v, loose, lower)) &&
    tight !== undefined && !passes(v, tight, lower)
  );
}

/** Whether ajv certainly accepts number `n` under `multipleOf: m` (its test: n / m an integer). */
const certainlyMultiple = (n: number, m: number): boolean =>
  Number.isInteger(n / m) && Math.abs(n / m) < 1e21;

/**
 * The listed numbers that `multipleOf: from` may admit and `multipleOf: to` may reject (an absent
 * one admits every number; non-numbers pass both): the values a change from `from` to `to` may
 * take away when a side accepts `values` only. Read with `from` and `to` swapped, the values it
 * may let in. `undefined` when `values` is `undefined`. A quotient ajv reads otherwise than
 * `Number.isInteger` (beyond 1e21) counts as possibly either way, so it is listed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { listedOffMultiple } from "./_enum_bounds.ts";
 * assert.deepEqual(listedOffMultiple([2, 4, "x"], undefined, 2), []);
 * assert.deepEqual(listedOffMultiple([2, 4, 5], undefined, 2), [5]);
 * assert.deepEqual(listedOffMultiple([3, 6], 3, 6), [3]);
 * assert.equal(listedOffMultiple(undefined, undefined, 2), undefined);
 * ```
 */
export function listedOffMultiple(
  values: readonly JsonValue[] | undefined,
  from: number | undefined,
  to: number | undefined,
): number[] | undefined {
  if (values === undefined) return undefined;
  const certainlyRejected = (n: number, m: number) => !Number.isInteger(n / m);
  return values.filter((v): v is number =>
    typeof v === "number" && (from === undefined || !certainlyRejected(v, from)) &&
    to !== undefined && !certainlyMultiple(v, to)
  );
}

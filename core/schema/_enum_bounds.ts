/**
 * A numeric bound beside an `enum` or `const`, shared by both schema comparisons: a side whose
 * values are listed accepts none but those, so a bound the other side gained, tightened, lost or
 * relaxed changes an accepted value only when one of the listed numbers falls between the two
 * bounds. open-meteo-mcp-server 1.1.3 → 2.1.0 replaced `past_days: {type: integer, enum: [1, 2]}`
 * with `{type: integer, minimum: 1, maximum: 92}`: every old value passes both new bounds, so the
 * bounds are no narrowing (the enum removed says what widened). The node's own `enum` and `const`
 * are read, else those its allOf branches or all its anyOf or oneOf branches list
 * ({@link listedThrough}); a list a `$ref` adds is left to the bound's grade.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
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

/** How deep {@link listedThrough} reads branches of branches. */
const MAX_DEPTH = 8;

/**
 * The values schema `s` may accept at most, as listed: its own (`own(s)`, from its `enum` and
 * `const`), else those an allOf branch lists (the schema accepts no value the branch rejects),
 * else those of every branch of its anyOf (or oneOf) together, when each branch lists some
 * (`false` lists none). `undefined` when nothing lists them (a branch that is `true` or a `$ref`
 * lists nothing it can read). A value listed need not be accepted (other keywords may reject it),
 * so a bound that every listed value passes changes no accepted value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { JsonObject } from "../json.ts";
 * import { listedThrough } from "./_enum_bounds.ts";
 * const own = (s: JsonObject) => Array.isArray(s.enum) ? s.enum : undefined;
 * assert.deepEqual(listedThrough({ allOf: [{ enum: [2, 4] }] }, own), [2, 4]);
 * assert.deepEqual(listedThrough({ anyOf: [{ enum: [2] }, { enum: [6] }, false] }, own), [2, 6]);
 * assert.equal(listedThrough({ anyOf: [{ enum: [2] }, { type: "integer" }] }, own), undefined);
 * ```
 */
export function listedThrough(
  s: JsonObject,
  own: (s: JsonObject) => readonly JsonValue[] | undefined,
  depth = 0,
): readonly JsonValue[] | undefined {
  const mine = own(s);
  if (mine !== undefined || depth >= MAX_DEPTH) return mine;
  if (Array.isArray(s.allOf)) {
    for (const branch of s.allOf) {
      const listed = isObject(branch) ? listedThrough(branch, own, depth + 1) : undefined;
      if (listed !== undefined) return listed;
    }
  }
  for (const key of ["anyOf", "oneOf"]) {
    const branches = s[key];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const lists = branches.map((branch) =>
      branch === false ? [] : isObject(branch) ? listedThrough(branch, own, depth + 1) : undefined
    );
    if (lists.every((l) => l !== undefined)) return lists.flat();
  }
  return undefined;
}

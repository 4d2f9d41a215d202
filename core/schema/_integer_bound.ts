/**
 * A numeric bound read as the integers it admits, shared by both schema comparisons: on a
 * schema that accepts integers only, `minimum: 1`, `exclusiveMinimum: 0` and `minimum: 0.5` admit
 * the same integers, so a move between them changes no value a call or a result can hold. zod
 * writes `.positive()` as `exclusiveMinimum: 0` and `.min(1)` as `minimum: 1`
 * (@cyanheads/git-mcp-server 2.3.2 → 2.5.8 moved git_cherry_pick's mainline from one to the
 * other, graded a widening). A schema that also accepts other numbers keeps its bound as written.
 * @module
 */
import type { NumericBound } from "./_safe_integer.ts";

/**
 * The inclusive integer bound that admits the same integers as a lower (`lower`) or upper bound.
 * A bound beyond ±2^53 is returned as it is: there a double no longer tells n from n + 1.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { integerBound } from "./_integer_bound.ts";
 * assert.deepEqual(integerBound({ value: 0, exclusive: true }, true), { value: 1, exclusive: false });
 * assert.deepEqual(integerBound({ value: 9.5, exclusive: false }, false), { value: 9, exclusive: false });
 * ```
 */
export function integerBound(bound: NumericBound, lower: boolean): NumericBound {
  const { value, exclusive } = bound;
  if (!(Math.abs(value) < 2 ** 53)) return bound;
  const edge = lower
    ? exclusive ? Math.floor(value) + 1 : Math.ceil(value)
    : exclusive
    ? Math.ceil(value) - 1
    : Math.floor(value);
  return { value: edge, exclusive: false };
}

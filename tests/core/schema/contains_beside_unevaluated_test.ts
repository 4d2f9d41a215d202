/**
 * In draft 2020-12 the items a `contains` matches are evaluated, so beside an `unevaluatedItems`
 * that sees it, a contains written on one side only both requires a matching item and lets the
 * matching items past that keyword: `{type: array, unevaluatedItems: false}` gaining
 * `contains: {type: number}` rejects `[]` and accepts `[1]` and `[1, 2]` (@hyperjump/json-schema
 * 2020-12). It read contains.narrowed, NON_BREAKING on output (a missed break), and removed
 * contains.widened, NON_BREAKING on input (a missed break).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { fourWays, narrowedFourWays, sameFourWays } from "./_schema_helpers.ts";

/** An array closed by `unevaluatedItems: false`, with `more`. */
const closed = (more: Record<string, JsonValue> = {}) => ({
  type: "array",
  unevaluatedItems: false,
  ...more,
});
const contains = { contains: { type: "number" } };

Deno.test("diff reads a contains on one side only beside unevaluatedItems as changed", () => {
  const changed = sameFourWays("contains.changed", "contains", "BREAKING");
  assert.deepEqual(fourWays(closed(), closed(contains)), changed);
  // Beside prefixItems: [] and [1] rejected after, [1, "a"] accepted after only.
  const prefix = { prefixItems: [{}] };
  assert.deepEqual(
    fourWays(closed(prefix), closed({ ...prefix, contains: { type: "string" } })),
    changed,
  );
  // With minContains 0 it only lets items in ([1] accepted after only); the proof cannot tell
  // which items a contains evaluates, so it stays changed, BREAKING on both sides.
  const none = { minContains: 0 };
  assert.deepEqual(fourWays(closed(none), closed({ ...none, ...contains })), changed);
});

Deno.test("diff still reads a contains added where no unevaluatedItems reads it as narrowing", () => {
  const narrowed = narrowedFourWays("contains", "contains");
  assert.deepEqual(fourWays({ type: "array" }, { type: "array", ...contains }), narrowed);
  // An unevaluatedProperties reads no item.
  const names = { type: "array", unevaluatedProperties: false };
  assert.deepEqual(fourWays(names, { ...names, ...contains }), narrowed);
});

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
import {
  catchAll,
  fourWays,
  narrowedFourWays,
  NOTHING_FOUR_WAYS,
  sameFourWays,
  widenedFourWays,
} from "./_schema_helpers.ts";

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
});

Deno.test("diff reads a contains beside minContains 0 on one side only as widening where unevaluatedItems reads it", () => {
  // It requires no item and only marks the items it matches evaluated: [] accepted both ways, [1]
  // after only, ["a"] and [1, "a"] neither (@hyperjump/json-schema 2020-12; ajv 8, which marks
  // nothing there, accepts the same values both ways). It read contains.changed, BREAKING on
  // both sides (a false break on input).
  const none = { minContains: 0 };
  const widened = widenedFourWays("contains", "contains");
  assert.deepEqual(fourWays(closed(none), closed({ ...none, ...contains })), widened);
  const prefix = { ...none, prefixItems: [{}] };
  assert.deepEqual(fourWays(closed(prefix), closed({ ...prefix, ...contains })), widened);
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(
      catchAll(closed(none), closed({ ...none, ...contains }), { side }).map((d) => d.rule),
      [`tool.${side}.keyword.widened`],
    );
  }
  // Where nothing reads what it marks, it constrains nothing: its prose alone.
  assert.deepEqual(
    fourWays({ type: "array", ...none }, { type: "array", ...none, ...contains }),
    NOTHING_FOUR_WAYS,
  );
  // Beside maxContains it counts again: a conjunct, as any contains there.
  const most = { ...none, maxContains: 1 };
  assert.deepEqual(fourWays(closed(most), closed({ ...most, ...contains })).input, [
    "tool.input.contains.changed t.inputSchema.contains BREAKING",
  ]);
});

Deno.test("diff still reads a contains added where no unevaluatedItems reads it as narrowing", () => {
  const narrowed = narrowedFourWays("contains", "contains");
  assert.deepEqual(fourWays({ type: "array" }, { type: "array", ...contains }), narrowed);
  // An unevaluatedProperties reads no item.
  const names = { type: "array", unevaluatedProperties: false };
  assert.deepEqual(fourWays(names, { ...names, ...contains }), narrowed);
});

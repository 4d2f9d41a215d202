/**
 * A then or else that constrains no value, changed or written on one side only, changes no
 * verdict (@hyperjump/json-schema, 2020-12, installed under /tmp only):
 * - a branch its `if` never leads to: `{type: object, if: false, then: {required: ["a", "b"]}}`
 *   accepts `{}` and `{a: 1}`, as with `required: ["a"]`; so does `if: true` with its else; and
 *   beside `unevaluatedProperties: false` and `properties: {a: {}}`, a then under `if: false`
 *   that declares b marks nothing: `{b: 1}` is rejected with it and without it. Such a change
 *   read `required.added`, BREAKING on input (a false break), and the reverse on output;
 * - a then that accepts every value, added beside an `if` and an else where no unevaluated
 *   keyword reads it: `{if: {required: ["a"]}, else: {required: ["b"]}}` accepts `{a: 1}` and
 *   `{b: 1}` and rejects `{}` with `then: {}` and without; and a whole conditional whose then
 *   accepts everything, `{if: {required: ["a"]}, then: {}}`, accepts `{}` and `{a: 1}`. Those
 *   read then.narrowed and if.narrowed, BREAKING on input (false breaks).
 * Where Proxar cannot tell that the condition rejects every value (a reference it cannot follow),
 * the branch is still read as applying: graded, never silent.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { catchAll, fourWays, NOTHING_FOUR_WAYS } from "./_schema_helpers.ts";

const object = (more: Record<string, JsonValue>) => ({ type: "object", ...more });

/** Nothing from the whole diff and from the catch-all alone, each way, on both sides. */
function nothingEveryWay(a: JsonValue, b: JsonValue): void {
  assert.deepEqual(fourWays(a, b), NOTHING_FOUR_WAYS);
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(catchAll(a, b, { side }), []);
    assert.deepEqual(catchAll(b, a, { side }), []);
  }
}

Deno.test("diff reads a then under if: false or an else under if: true, changed, as no change", () => {
  nothingEveryWay(
    object({ if: false, then: { required: ["a"] } }),
    object({ if: false, then: { required: ["a", "b"] } }),
  );
  nothingEveryWay(
    object({ if: true, else: { required: ["a"] } }),
    object({ if: true, else: { required: ["a", "b"] } }),
  );
  // Added, and beside unevaluatedProperties, where it marks nothing evaluated either.
  nothingEveryWay(object({ if: false }), object({ if: false, then: { required: ["a"] } }));
  const closed = { properties: { a: {} }, unevaluatedProperties: false };
  nothingEveryWay(
    object({ ...closed, if: false, then: { properties: { a: {} } } }),
    object({ ...closed, if: false, then: { properties: { a: {}, b: {} } } }),
  );
});

Deno.test("diff reads a then that accepts every value, on one side only, as no change", () => {
  const condition = { if: { required: ["a"] }, else: { required: ["b"] } };
  nothingEveryWay(object(condition), object({ ...condition, then: {} }));
  // Not written as {}: a bound that holds for every object.
  nothingEveryWay(object(condition), object({ ...condition, then: { minProperties: 0 } }));
  // The whole conditional, its then accepting everything or never applying.
  nothingEveryWay(object({}), object({ if: { required: ["a"] }, then: {} }));
  nothingEveryWay(object({}), object({ if: false, then: { required: ["a"] } }));
});

Deno.test("diff still grades a branch whose condition it cannot read as applying", () => {
  // The anchor names {not: {}}, so the then never applies; Proxar cannot follow "#named".
  const named = (required: string[]) =>
    object({
      if: { $ref: "#named" },
      then: { required },
      $defs: { f: { $anchor: "named", not: {} } },
    });
  const found = fourWays(named(["a"]), named(["a", "b"]));
  assert.deepEqual(found.input, ["tool.input.required.added t.inputSchema.then.required BREAKING"]);
  assert.deepEqual(found.outputReversed, [
    "tool.output.required.removed t.outputSchema.then.required BREAKING",
  ]);
  // A then that constrains values is still a conjunct.
  const condition = { if: { required: ["a"] }, else: { required: ["b"] } };
  assert.deepEqual(
    fourWays(object(condition), object({ ...condition, then: { required: ["c"] } })).input,
    ["tool.input.then.narrowed t.inputSchema.then BREAKING"],
  );
});

/**
 * An empty allOf is no schema the 2019-09 and 2020-12 meta-schemas allow (allOf holds one branch
 * or more): @hyperjump/json-schema refuses to register `{allOf: []}`, and ajv 8 refuses to
 * compile it; with its schema validation off, ajv reads it as absent (`{type: object, allOf: [],
 * unevaluatedProperties: false}` accepts `{}` and rejects `{a: 1}`, as without it). Proxar reads
 * it so too: added or removed beside anything, it changes no value, and in particular it is no
 * allOf of `if`s without then and else (which, added, widens where an unevaluated keyword sees
 * them: `loneConditionsOnly()`).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { catchAll, fourWays, NOTHING_FOUR_WAYS, widenedFourWays } from "./_schema_helpers.ts";

const closed = (more: Record<string, JsonValue> = {}) => ({
  type: "object",
  unevaluatedProperties: false,
  ...more,
});

Deno.test("diff reads an empty allOf added or removed as no change", () => {
  for (const base of [{ type: "object" }, closed(), closed({ if: { required: ["a"] } })]) {
    const empty = { ...base, allOf: [] };
    assert.deepEqual(fourWays(base, empty), NOTHING_FOUR_WAYS);
    for (const side of ["input", "output"] as const) {
      assert.deepEqual(catchAll(base, empty, { side }), []);
      assert.deepEqual(catchAll(empty, base, { side }), []);
    }
  }
});

Deno.test("diff reads an allOf of conditions in place of an empty one as conditions added", () => {
  // The conditions alone mark names evaluated: {a: 1} accepted after only.
  const conditions = closed({ allOf: [{ if: { properties: { a: {} } } }] });
  assert.deepEqual(
    fourWays(closed({ allOf: [] }), conditions),
    fourWays(closed(), conditions),
  );
  assert.deepEqual(fourWays(closed(), conditions), widenedFourWays("allOf", "allOf"));
});

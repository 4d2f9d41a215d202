/**
 * The subsumption proof's not check reads the branches of the union a `not` negates: a value
 * apart from every branch of an anyOf or oneOf (or from one branch of an allOf) is outside it,
 * so within the not. anyOf [not (oneOf [integer, string]), array] → anyOf [anyOf [that not,
 * null], array] accepts the same values (the not already holds null), yet null read as outside
 * the not: anyOf.widened, BREAKING on output, and reversed anyOf.narrowed, BREAKING on input.
 * The chained-definitions oracle, read both ways, listed it among its equal values graded
 * BREAKING one way only (a definition D that is such a not, wrapped in a nullable union).
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, widenedFourWays } from "./_schema_helpers.ts";

const ONE_OF = { oneOf: [{ type: "integer" }, { type: "string" }] };

/** Property c is anyOf [D, array], D = not `inner`, with `branch` beside D in the new one. */
function pair(inner: JsonValue, branch: JsonValue, defined = false): [JsonObject, JsonObject] {
  const d = defined ? { $ref: "#/definitions/D" } : { not: inner };
  const root = (first: JsonValue): JsonObject => ({
    type: "object",
    properties: { c: { anyOf: [first, { type: "array" }] } },
    ...defined ? { definitions: { D: { not: inner } } } : {},
  });
  return [root(d), root({ anyOf: [d, branch] })];
}

/** Whether `value` is valid in `old` and not in `next` (ajv, draft-07). */
const lost = (old: JsonValue, next: JsonValue, value: JsonValue) =>
  checkOf(old, "draft-07")!.valid(value) && !checkOf(next, "draft-07")!.valid(value);

Deno.test("diff reads a branch a not of a union already holds as no change, every way", () => {
  const none = { input: [], inputReversed: [], output: [], outputReversed: [] };
  for (const inner of [ONE_OF, { anyOf: ONE_OF.oneOf }, { allOf: ONE_OF.oneOf }]) {
    for (const defined of [false, true]) {
      const [old, next] = pair(inner, { type: "null" }, defined);
      assert.deepEqual(fourWays(old, next), none, JSON.stringify(old));
      for (const v of [{ c: null }, { c: 1 }, { c: "a" }, { c: [] }, { c: {} }]) {
        assert.ok(!lost(old, next, v) && !lost(next, old, v), JSON.stringify(v));
      }
    }
  }
});

Deno.test("diff still reads a branch the not of a union rejects as a widening", () => {
  // Integers are in a branch of the oneOf: the not rejects them, the branch lets them in.
  const [old, next] = pair(ONE_OF, { type: "integer", maximum: 3 }, true);
  assert.deepEqual(fourWays(old, next), widenedFourWays("anyOf", "properties.c.anyOf"));
  // The BREAKING directions: {c: 0} is new on output and lost on input reversed.
  assert.ok(lost(next, old, { c: 0 }) && !lost(old, next, { c: 0 }));
});

Deno.test("diff still reads a branch beside a not of a union with a remote reference as a widening", () => {
  // Never fetched: the remote schema may accept null, which the not would then reject.
  const remote = { anyOf: [{ type: "integer" }, { $ref: "https://example.com/s.json" }] };
  const [old, next] = pair(remote, { type: "null" });
  assert.deepEqual(fourWays(old, next), widenedFourWays("anyOf", "properties.c.anyOf"));
});

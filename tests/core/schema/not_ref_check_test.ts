/**
 * The subsumption proof reads a `not` of a local `$ref` through its target: whether a schema lies
 * outside `{not: {$ref: Str}}` asked what the reference accepts and, not following it, took it
 * for any value. anyOf [{not: {$ref: Str}}, null] → anyOf [{not: {$ref: Str}}, string ≤ 3] read
 * the null branch as removed (anyOf.narrowed, BREAKING on input), though the not still accepts
 * null. The chained-definitions oracle listed such findings among its BREAKING without a witness
 * (the chains write a negated definition in a nullable union).
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, narrowedFourWays } from "./_schema_helpers.ts";

const STR = { type: "string" };
const tool = (other: JsonValue, not: JsonValue = { $ref: "#/$defs/Str" }): JsonObject => ({
  type: "object",
  properties: { id: { anyOf: [{ not }, other] } },
  $defs: { Str: STR },
});

/** Whether `value` is valid in `old` and not in `next` (ajv, draft-07). */
const lost = (old: JsonValue, next: JsonValue, value: JsonValue) =>
  checkOf(old, "draft-07")!.valid(value) && !checkOf(next, "draft-07")!.valid(value);

Deno.test("diff reads a branch outside a not of a reference through its target", () => {
  const [old, next] = [tool({ type: "null" }), tool({ type: "string", maxLength: 3 })];
  // old → next only adds short strings (the not still holds null): its four directions are
  // those of next → old, a narrowing graded by the variance.
  assert.deepEqual(fourWays(next, old), narrowedFourWays("anyOf", "properties.id.anyOf"));
  // The BREAKING directions: "ab" is new on output, lost on input reversed; null stays valid.
  assert.ok(lost(next, old, { id: "ab" }));
  for (const [a, b] of [[old, next], [next, old]] as const) assert.ok(!lost(a, b, { id: null }));
});

Deno.test("diff finds no change where a not of a reference already held the new branch", () => {
  // not {$ref: Str} accepts null and every other non-string: the branches add nothing.
  const obj = { type: "object" };
  const [old, next] = [
    tool({ type: "null" }, { $ref: "#/$defs/Obj" }),
    tool(STR, { $ref: "#/$defs/Obj" }),
  ];
  for (const s of [old, next]) (s.$defs as JsonObject).Obj = obj;
  const none = { input: [], inputReversed: [], output: [], outputReversed: [] };
  assert.deepEqual(fourWays(old, next), none);
  for (const v of [{ id: null }, { id: "x" }, { id: 1 }]) {
    assert.ok(!lost(old, next, v) && !lost(next, old, v));
  }
});

Deno.test("diff still grades a branch beside a not of a remote reference as removed", () => {
  // Never fetched: what the not accepts is unknown, so the null may be lost.
  const remote = { $ref: "https://example.com/str.json" };
  const [old, next] = [tool({ type: "null" }, remote), tool(STR, remote)];
  const found = fourWays(old, next);
  assert.ok(
    found.input.includes("tool.input.anyOf.narrowed t.inputSchema.properties.id.anyOf BREAKING"),
  );
  assert.ok(
    found.output.includes("tool.output.anyOf.widened t.outputSchema.properties.id.anyOf BREAKING"),
  );
});

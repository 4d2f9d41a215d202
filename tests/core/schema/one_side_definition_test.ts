/**
 * A definition that references reach on one side only: the catch-all compared it with the other
 * side's unused entry of the same name as written, so {type: string} written inline → a `$ref`
 * to D, with D {} → {type: string}, read "type added" at D (keyword.changed, BREAKING on input)
 * where both accept the same values, and the reversed pair read it removed (BREAKING on output).
 * The chained-definitions oracle, read both ways, listed it among its equal values graded
 * BREAKING one way only. Each place that uses D is compared with what the other side writes
 * there, which grades a real change where the values change.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, narrowedFourWays } from "./_schema_helpers.ts";

/** An object whose property `id` is `id`, beside `definitions` (draft-07). */
const tool = (id: JsonValue, definitions: JsonObject): JsonObject => ({
  type: "object",
  properties: { id },
  definitions,
});
const inline = tool({ type: "string" }, { D: {} });
/** `id` refers to D through B; D is `d`. */
const referred = (d: JsonValue) =>
  tool({ $ref: "#/definitions/B" }, { B: { $ref: "#/definitions/D" }, D: d });

/** Whether `value` is valid in `old` and not in `next` (ajv, draft-07). */
const lost = (old: JsonValue, next: JsonValue, value: JsonValue) =>
  checkOf(old, "draft-07")!.valid(value) && !checkOf(next, "draft-07")!.valid(value);

Deno.test("diff grades no change where a definition used on one side only accepts what the other side writes inline", () => {
  const next = referred({ type: "string" });
  const none = { input: [], inputReversed: [], output: [], outputReversed: [] };
  assert.deepEqual(fourWays(inline, next), none);
  for (const v of [{ id: "" }, { id: "abc" }, { id: 1 }, { id: null }, {}]) {
    assert.ok(!lost(inline, next, v) && !lost(next, inline, v), JSON.stringify(v));
  }
});

Deno.test("diff grades a definition used on one side only where it is used", () => {
  const next = referred({ type: "string", maxLength: 2 });
  assert.deepEqual(
    fourWays(inline, next),
    narrowedFourWays("maxLength", "properties.id.maxLength"),
  );
  // The BREAKING directions: "abc" is lost on input and new on output reversed.
  assert.ok(lost(inline, next, { id: "abc" }));
  assert.ok(!lost(next, inline, { id: "abc" }) && !lost(inline, next, { id: "ab" }));
});

Deno.test("diff still compares a definition used on one side only where a remote reference is beside it", () => {
  // Never fetched: what the remote schema refers to is unknown, so D may be used there.
  const remote = { $ref: "https://example.com/s.json" };
  const [old, next] = [inline, referred({ type: "string" })];
  for (const s of [old, next]) s.properties = { ...s.properties as JsonObject, x: remote };
  // As on main: D compared as written, "type added" graded by the variance.
  const at = (side: string, severity: string) => [
    `tool.${side}.keyword.changed t.${side}Schema.definitions.D.type ${severity}`,
  ];
  assert.deepEqual(fourWays(old, next), {
    input: at("input", "BREAKING"),
    inputReversed: at("input", "NON_BREAKING"),
    output: at("output", "NON_BREAKING"),
    outputReversed: at("output", "BREAKING"),
  });
});

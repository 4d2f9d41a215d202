/**
 * An object whose properties moved into every branch of an anyOf or oneOf written beside the
 * keywords it kept (`type: object`): agent-device 0.20.5 → 0.21.3 turned fill.outputSchema
 * `{type: object, properties: {…22…}}` into `{type: object, oneOf: [{…the same 22…, not:
 * {required: [verification]}}, {…the same 22 and more…}]}`, read as 22 properties removed,
 * BREAKING on both sides, though every branch still declares them. The old object is compared as
 * one branch of the new union, as it is when the union stands alone.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { fourWays } from "./_schema_helpers.ts";

const obj = (extra: Record<string, JsonValue> = {}, required = ["k"]) => ({
  type: "object",
  properties: { a: { type: "string" }, k: { type: "string" }, ...extra },
  required,
});
const p = "t.inputSchema", q = "t.outputSchema";

Deno.test("besideKept: an object that became the only branch of a union beside type object is no change", () => {
  const none = { input: [], inputReversed: [], output: [], outputReversed: [] };
  assert.deepEqual(fourWays(obj(), { type: "object", anyOf: [obj()] }), none);
  assert.deepEqual(fourWays(obj(), { type: "object", oneOf: [obj()], description: "d" }), {
    input: [`tool.input.description.changed ${p}.description POTENTIALLY_BREAKING`],
    inputReversed: [`tool.input.description.changed ${p}.description POTENTIALLY_BREAKING`],
    output: [`tool.output.description.changed ${q}.description POTENTIALLY_BREAKING`],
    outputReversed: [`tool.output.description.changed ${q}.description POTENTIALLY_BREAKING`],
  });
});

Deno.test("besideKept: an object whose properties every branch declares is graded as the union, both ways", () => {
  const union = { type: "object", anyOf: [obj(), obj({ v: { type: "boolean" } }, ["k", "v"])] };
  assert.deepEqual(fourWays(obj(), union), {
    input: [`tool.input.anyOf.widened ${p}.anyOf NON_BREAKING`],
    inputReversed: [`tool.input.anyOf.narrowed ${p}.anyOf BREAKING`],
    output: [`tool.output.anyOf.widened ${q}.anyOf BREAKING`],
    outputReversed: [`tool.output.anyOf.narrowed ${q}.anyOf NON_BREAKING`],
  });
  // A branch whose property changed is compared with the property it came from.
  const moved = { type: "object", oneOf: [obj({ a: { type: "integer" } })] };
  assert.deepEqual(fourWays(obj(), moved).input, [
    `tool.input.type.changed ${p}.oneOf.0.properties.a.type BREAKING`,
  ]);
});

Deno.test("besideKept: a branch that leaves a name out, or a keyword beside the union that differs, keeps the names compared", () => {
  // Undecided by the branches alone: "k" is declared in one branch only, so the names are
  // compared as before (a union of objects flattened into one reads this way too).
  const split = {
    type: "object",
    anyOf: [
      { type: "object", properties: { a: { type: "string" } } },
      { type: "object", properties: { k: { type: "string" } }, required: ["k"] },
    ],
  };
  assert.ok(
    fourWays(obj(), split).output.includes(
      `tool.output.property.removed ${q}.properties.a BREAKING`,
    ),
  );
  // type [object, null] beside the union is not the old type object: not one branch.
  const nullable = { type: ["object", "null"], anyOf: [obj(), { type: "null" }] };
  assert.ok(
    fourWays(obj(), nullable).input.includes(
      `tool.input.property.removed ${p}.properties.a BREAKING`,
    ),
  );
});

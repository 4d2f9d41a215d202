/**
 * A lower count bound of 0 (minLength, minItems, minProperties) holds of every value: adding or
 * removing it is no change. Found by the validator oracle's review list (BREAKING without a
 * witness): `minItems: 0` dropped from an array was tool.output.minItems.widened (BREAKING), and
 * its addition tool.input.minItems.narrowed (BREAKING), in either differ or in the union proof.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { fourWays } from "./_schema_helpers.ts";

const v = (s: JsonValue) => ({ type: "object", properties: { v: s } });
const none = { input: [], inputReversed: [], output: [], outputReversed: [] };

Deno.test("diff reports nothing when a lower count bound of 0 comes or goes", () => {
  const pairs: [string, string][] = [
    ["string", "minLength"],
    ["array", "minItems"],
    ["object", "minProperties"],
  ];
  for (const [type, key] of pairs) {
    assert.deepEqual(fourWays(v({ type, [key]: 0 }), v({ type })), none, key);
    // In a union branch too, where the proof compares the branches as a whole.
    const union = (s: JsonValue) => v({ anyOf: [s, { type: "null" }] });
    assert.deepEqual(fourWays(union({ type, [key]: 0 }), union({ type })), none, key);
  }
});

Deno.test("diff still grades a lower count bound of 1 by variance", () => {
  const at = "properties.v.minItems";
  assert.deepEqual(fourWays(v({ type: "array", minItems: 1 }), v({ type: "array" })), {
    input: [`tool.input.minItems.widened t.inputSchema.${at} NON_BREAKING`],
    inputReversed: [`tool.input.minItems.narrowed t.inputSchema.${at} BREAKING`],
    output: [`tool.output.minItems.widened t.outputSchema.${at} BREAKING`],
    outputReversed: [`tool.output.minItems.narrowed t.outputSchema.${at} NON_BREAKING`],
  });
});

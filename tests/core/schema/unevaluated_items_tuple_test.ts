/**
 * A tuple position added to an allOf branch beside `unevaluatedItems: false` lets the item at that
 * position past it: `{type: array, allOf: [{prefixItems: [{}]}], unevaluatedItems: false}` accepts
 * `[]` and `[1]`, and with two positions `[1, 2]` too (@hyperjump/json-schema, 2020-12; `items` as
 * a list, 2019-09, the same). The branch compared alone changes no value, so the subsumption
 * proof's finding says it; on input it was dropped, since a branch finding that agreed with it
 * (there was none) was all the walk kept: forward on input, and reversed on output, read nothing.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { fourWays, widenedFourWays } from "./_schema_helpers.ts";

/** An array whose one allOf branch writes `n` tuple positions, `extra` beside them. */
const tuple = (n: number, extra: Record<string, JsonValue> = {}, top = {}) => ({
  type: "array",
  allOf: [{ prefixItems: Array(n).fill({}), ...extra }],
  unevaluatedItems: false,
  ...top,
});
const widened = widenedFourWays("allOf", "allOf");

Deno.test("diff reads a tuple position added to an allOf branch beside unevaluatedItems as widening, on input too", () => {
  assert.deepEqual(fourWays(tuple(1), tuple(2)), widened);
  // Beside another branch, and in draft 2019-09's items list.
  const two = (n: number) => ({ ...tuple(n), allOf: [...tuple(n).allOf, { minItems: 1 }] });
  assert.deepEqual(fourWays(two(1), two(2)), widened);
  const listed = (n: number) => ({
    $schema: "https://json-schema.org/draft/2019-09/schema",
    type: "array",
    allOf: [{ items: Array(n).fill({}) }],
    unevaluatedItems: false,
  });
  assert.deepEqual(fourWays(listed(1), listed(2)), widened);
  // With the branch's text reworded: the text and the proof's finding, both.
  const text = (n: number, d: string) => tuple(n, { description: d });
  const reworded = (side: string) =>
    `tool.${side}.description.changed t.${side}Schema.allOf.0.description DOCUMENTATION`;
  const found = fourWays(text(1, "Short name of the thing"), text(2, "Short name of the things"));
  assert.deepEqual(found, {
    input: [...widened.input, reworded("input")],
    inputReversed: [...widened.inputReversed, reworded("input")],
    output: [...widened.output, reworded("output")],
    outputReversed: [...widened.outputReversed, reworded("output")],
  });
});

Deno.test("diff reads a tuple position added to an allOf branch beside unevaluatedItems and a reference it cannot follow as changed", () => {
  // The anchor may name a schema that evaluates items: which items unevaluatedItems governs is
  // not known, and the branch compared alone changes nothing. It read nothing every way.
  const open = { $ref: "#named", $defs: { q: { $anchor: "named" } } };
  const at = (side: string) => [`tool.${side}.allOf.changed t.${side}Schema.allOf BREAKING`];
  assert.deepEqual(fourWays(tuple(1, {}, open), tuple(2, {}, open)), {
    input: at("input"),
    inputReversed: at("input"),
    output: at("output"),
    outputReversed: at("output"),
  });
});

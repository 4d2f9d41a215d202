/**
 * A pattern written on one side only of an object that writes `unevaluatedProperties` and no
 * additionalProperties frees the names it matches from it: `{type: object, properties: {a: {}},
 * unevaluatedProperties: false}` gaining `patternProperties: {"^x": {}}` accepts `{xb: 1}` after
 * only (@hyperjump/json-schema, 2019-09 and 2020-12). The property keywords compared together
 * left the unevaluatedProperties out: it read nothing every way (removed, a missed break on
 * input), and with `{"^x": {type: string}}` patternProperties.narrowed, NON_BREAKING on output.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { catchAll, fourWays, sameFourWays, widenedFourWays } from "./_schema_helpers.ts";

/** An object declaring a beside `unevaluatedProperties: false` and `more`. */
const closed = (more: Record<string, JsonValue> = {}) => ({
  type: "object",
  properties: { a: {} },
  unevaluatedProperties: false,
  ...more,
});
const widened = widenedFourWays("patternProperties", "patternProperties");

Deno.test("diff reads a pattern added beside unevaluatedProperties as widening", () => {
  for (const pattern of [{}, { type: "string" }]) {
    const more = { patternProperties: { "^x": pattern } };
    assert.deepEqual(fourWays(closed(), closed(more)), widened);
    // Beside an allOf that evaluates no name ({xb: "s"} accepted after only).
    const beside = { allOf: [{ minProperties: 0 }] };
    assert.deepEqual(fourWays(closed(beside), closed({ ...beside, ...more })), widened);
  }
  // An unevaluatedProperties that constrains the names it governs: {xb: "s"} after only.
  const numbers = { unevaluatedProperties: { type: "number" } };
  assert.deepEqual(
    fourWays(closed(numbers), closed({ ...numbers, patternProperties: { "^x": {} } })),
    widened,
  );
});

Deno.test("diff reads a pattern added beside unevaluatedProperties that another keyword may take names from as changed", () => {
  const changed = sameFourWays("patternProperties.changed", "patternProperties", "BREAKING");
  const more = { patternProperties: { "^x": {} } };
  // The undecidable case: a reference Proxar cannot follow may evaluate any name.
  const named = { $ref: "#named", $defs: { q: { $anchor: "named", properties: { b: {} } } } };
  assert.deepEqual(fourWays(closed(named), closed({ ...named, ...more })), changed);
  // An anyOf branch: Proxar does not tell which names such a branch evaluates for certain, so it
  // finds no direction there (conservative).
  const maybe = { anyOf: [{ properties: { b: {} } }, { minProperties: 0 }] };
  assert.deepEqual(fourWays(closed(maybe), closed({ ...maybe, ...more })), changed);
});

Deno.test("diff reads a pattern added beside unevaluatedProperties and an allOf branch that evaluates names by the names it frees", () => {
  // The branch evaluates b for certain, so b is not the rest's: {xb: 1} accepted after only,
  // {b: 1} both ways, {c: 1} neither (@hyperjump/json-schema, 2019-09 and 2020-12). It read
  // patternProperties.changed, BREAKING on both sides (a false break on input).
  const branch = { allOf: [{ properties: { b: {} } }] };
  const more = { patternProperties: { "^x": {} } };
  assert.deepEqual(fourWays(closed(branch), closed({ ...branch, ...more })), widened);
  const draft2019 = { $schema: "https://json-schema.org/draft/2019-09/schema", ...branch };
  assert.deepEqual(fourWays(closed(draft2019), closed({ ...draft2019, ...more })), widened);
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(
      catchAll(closed(branch), closed({ ...branch, ...more }), { side }).map((d) => d.rule),
      [`tool.${side}.keyword.widened`],
    );
  }
  // A pattern that also constrains a name the branch evaluates: {b: 1} accepted before only,
  // {bx: "s"} after only.
  const strings = { patternProperties: { "^b": { type: "string" } } };
  assert.deepEqual(
    fourWays(closed(branch), closed({ ...branch, ...strings })),
    sameFourWays("patternProperties.changed", "patternProperties", "BREAKING"),
  );
});

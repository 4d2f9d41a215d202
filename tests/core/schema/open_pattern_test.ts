/**
 * A patternProperties entry whose schema accepts every value ({}, true, annotations only) governs
 * nothing, but a name it matches is evaluated: additionalProperties and unevaluatedProperties do
 * not apply to it. Equivalent schemas grade the same; checked against ajv in draft-07 and 2020-12.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf, type Dialect } from "./_oracle_ajv.ts";
import { fourWays, removedFourWays } from "./_schema_helpers.ts";

const I = "t.inputSchema";
const O = "t.outputSchema";
const x = { type: "string", description: "the x" };
const obj = (more: Record<string, JsonValue>) => ({ type: "object", ...more });
/** The pair: x declared before and gone after, with `more` on both sides. */
const pair = (more: Record<string, JsonValue>) =>
  fourWays(obj({ properties: { a: {}, x }, ...more }), obj({ properties: { a: {} }, ...more }));
const OPEN = removedFourWays("properties.x");
const UNTOLD = {
  input: [`tool.input.property.changed ${I}.properties.x BREAKING`],
  inputReversed: [`tool.input.property.changed ${I}.properties.x BREAKING`],
  output: [`tool.output.property.changed ${O}.properties.x BREAKING`],
  outputReversed: [`tool.output.property.changed ${O}.properties.x BREAKING`],
};
const OPEN_SCHEMAS: JsonValue[] = [{}, true, { description: "any" }, { "x-k": 1, title: "t" }];

function valid(schema: JsonValue, value: JsonValue, dialect: Dialect): boolean {
  return checkOf(schema, dialect)!.failures(value).length === 0;
}

Deno.test("diff grades a property beside a pattern that accepts every value as beside none", () => {
  assert.deepEqual(pair({}), OPEN);
  for (const open of OPEN_SCHEMAS) {
    // It read patternProperties.narrowed BREAKING added on input, type.widened beside removed.
    assert.deepEqual(pair({ patternProperties: { "^x$": open } }), OPEN, JSON.stringify(open));
    // A name it matches is evaluated: additionalProperties false does not close the object to it.
    const closed = { patternProperties: { "^x$": open }, additionalProperties: false };
    assert.deepEqual(pair(closed), OPEN, `closed ${JSON.stringify(open)}`);
    // Nor does a constraining additionalProperties govern it.
    const rest = { patternProperties: { "^x$": open }, additionalProperties: { type: "integer" } };
    assert.deepEqual(pair(rest), OPEN, `rest ${JSON.stringify(open)}`);
    // Nor unevaluatedProperties (2020-12).
    const unevaluated = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      patternProperties: { "^x$": open },
      unevaluatedProperties: false,
    };
    assert.deepEqual(pair(unevaluated), OPEN, `unevaluated ${JSON.stringify(open)}`);
    for (const dialect of ["draft-07", "2020-12"] as const) {
      const s = obj({ ...closed, properties: { a: {} } });
      assert.equal(valid(s, { x: 5 }, dialect), true);
      assert.equal(valid(s, { y: 5 }, dialect), false);
      const r = obj({ ...rest, properties: { a: {} } });
      assert.equal(valid(r, { x: "s" }, dialect), true);
    }
  }
  // Beside a pattern that constrains the name too, that one governs it, as alone.
  const both = pair({ patternProperties: { "^x": { type: "string" }, "x$": {} } });
  assert.deepEqual(both, pair({ patternProperties: { "^x": { type: "string" } } }));
  assert.deepEqual(both.input, [
    `tool.input.property.removed ${I}.properties.x POTENTIALLY_BREAKING`,
  ]);
});

Deno.test("diff grades a property beside an open pattern it cannot match by what else governs the name", () => {
  // Matched or not, the name is open when nothing else governs it.
  const pattern = "(?<=q)x|^x";
  for (const open of OPEN_SCHEMAS) {
    assert.deepEqual(pair({ patternProperties: { [pattern]: open } }), OPEN, JSON.stringify(open));
    // Beside additionalProperties false or a schema, matched it is open, not matched it is
    // closed or constrained: untold, BREAKING.
    for (const rest of [false, { type: "integer" }]) {
      const more = { patternProperties: { [pattern]: open }, additionalProperties: rest };
      assert.deepEqual(pair(more), UNTOLD, `${JSON.stringify(open)} ${JSON.stringify(rest)}`);
    }
  }
  // A pattern it cannot match that constrains stays untold.
  assert.deepEqual(pair({ patternProperties: { [pattern]: { type: "string" } } }), UNTOLD);
});

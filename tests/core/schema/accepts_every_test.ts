/**
 * A schema for other names that accepts every value though not written as {} (a lone $ref to {}
 * or to annotations only, {minLength: 0}, {anyOf: [true]}, every type listed) governs nothing,
 * as {} does: the subsumption proof tells. Checked against ajv in draft-07 and 2020-12.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf, type Dialect } from "./_oracle_ajv.ts";
import { fourWays, removedFourWays } from "./_schema_helpers.ts";

const I = "t.inputSchema";
const O = "t.outputSchema";
const x = { type: "string", description: "the x" };
const $defs = { Any: {}, AnyD: { description: "anything" }, S: { type: "string" } };
const obj = (more: Record<string, JsonValue>) => ({ type: "object", $defs, ...more });
const pair = (more: Record<string, JsonValue>) =>
  fourWays(obj({ properties: { a: {}, x }, ...more }), obj({ properties: { a: {} }, ...more }));
const OPEN = removedFourWays("properties.x");
const EVERY: JsonValue[] = [
  { $ref: "#/$defs/Any" },
  { $ref: "#/$defs/AnyD" },
  { minLength: 0 },
  { anyOf: [true] },
  { type: ["string", "number", "boolean", "object", "array", "null"] },
];

function valid(schema: JsonValue, value: JsonValue, dialect: Dialect): boolean {
  return checkOf(schema, dialect)!.failures(value).length === 0;
}

Deno.test("diff grades a property beside a schema for other names that accepts every value as beside {}", () => {
  assert.deepEqual(pair({ additionalProperties: {} }), OPEN);
  for (const every of EVERY) {
    // It read type.narrowed BREAKING added on input, removed POTENTIALLY_BREAKING.
    assert.deepEqual(pair({ additionalProperties: every }), OPEN, JSON.stringify(every));
    assert.deepEqual(
      pair({ patternProperties: { "^x$": every } }),
      OPEN,
      `^x$ ${JSON.stringify(every)}`,
    );
    const closed = { patternProperties: { "^x$": every }, additionalProperties: false };
    assert.deepEqual(pair(closed), OPEN, `closed ${JSON.stringify(every)}`);
    const unevaluated = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      unevaluatedProperties: every,
    };
    assert.deepEqual(pair(unevaluated), OPEN, `unevaluated ${JSON.stringify(every)}`);
    for (const dialect of ["draft-07", "2020-12"] as const) {
      for (const value of ["s", 5, null, [1], { k: 1 }, true]) {
        assert.equal(valid(obj({ additionalProperties: every }), { x: value }, dialect), true);
      }
    }
  }
  // A reference to a schema that constrains still governs the name (a warning removed on input).
  const ref = pair({ additionalProperties: { $ref: "#/$defs/S" } });
  assert.deepEqual(ref.input, [
    `tool.input.property.removed ${I}.properties.x POTENTIALLY_BREAKING`,
  ]);
  assert.deepEqual(ref.output, [`tool.output.property.removed ${O}.properties.x NON_BREAKING`]);
});

/**
 * A schema that holds a combination keyword itself (an object with an allOf beside its
 * properties) wrapped in anyOf [it, null] is that union's first branch, as a schema without one
 * is: it was compared keyword by keyword with the bare anyOf, so its properties read as removed
 * (property.removed, BREAKING on input) although every old value is still accepted (validator
 * oracle, widening survey in draft 2020-12, where unevaluatedProperties sits beside the allOf).
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { judge } from "./_oracle.ts";
import { fourWays } from "./_schema_helpers.ts";

const v = (schema: JsonValue) => ({ type: "object", properties: { v: schema } });
const combined = (extra: JsonObject = {}) => ({
  type: "object",
  allOf: [{ properties: { a: { type: "string" } } }],
  properties: { b: { type: "integer" } },
  ...extra,
});
const nullable = (x: JsonValue) => ({ anyOf: [x, { type: "null" }] });

/** The union widened, and its mirror narrowed, on both sides. */
function widened() {
  const f = (side: string, effect: string, severity: string) =>
    `tool.${side}.anyOf.${effect} t.${side}Schema.properties.v.anyOf ${severity}`;
  return {
    input: [f("input", "widened", "NON_BREAKING")],
    inputReversed: [f("input", "narrowed", "BREAKING")],
    output: [f("output", "widened", "BREAKING")],
    outputReversed: [f("output", "narrowed", "NON_BREAKING")],
  };
}

Deno.test("diff grades an object with an allOf wrapped in anyOf with null as the union widened", () => {
  assert.deepEqual(fourWays(v(combined()), v(nullable(combined()))), widened());
  // With unevaluatedProperties beside the allOf (draft 2020-12), as the oracle found it.
  const closed = combined({ unevaluatedProperties: { const: 2 } });
  assert.deepEqual(fourWays(v(closed), v(nullable(closed))), widened());
  const [input] = judge(v(combined()), v(nullable(combined())))!.verdicts;
  assert.equal(input!.witness, undefined);
});

Deno.test("diff still reports what changed inside an object with an allOf that it wraps in anyOf", () => {
  // A property really removed while wrapping: reported where it was, BREAKING on input.
  const { b: _, ...rest } = combined().properties;
  const findings = fourWays(v(combined()), v(nullable(combined({ properties: rest }))));
  assert.ok(
    findings.input.includes(
      "tool.input.property.removed t.inputSchema.properties.v.anyOf.0.properties.b BREAKING",
    ),
    findings.input.join("\n"),
  );
  // Undecidable: an unmodelled keyword that changes in the wrapped schema stays BREAKING.
  const vendor = fourWays(
    v(combined({ "vndK": 1 })),
    v(nullable(combined({ "vndK": 2 }))),
  );
  for (const side of ["input", "output"] as const) {
    assert.ok(
      vendor[side].includes(
        `tool.${side}.keyword.unmodelled t.${side}Schema.properties.v.anyOf.0.vndK BREAKING`,
      ),
      vendor[side].join("\n"),
    );
  }
});

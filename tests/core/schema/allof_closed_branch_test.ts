/**
 * `additionalProperties: false` in an allOf branch sees only that branch's properties (ajv,
 * draft-07 and 2020-12): `{properties: {a}, allOf: [{properties: {b}, additionalProperties:
 * false}]}` rejects every object holding `a`. Written beside both properties instead, `a` is
 * accepted: every old value is accepted now. The walk read the place's additionalProperties
 * gained as narrowed (BREAKING on input, and widened, BREAKING on output, the way back) beside
 * the proof's allOf.widened; the proof of the whole now decides, and the keyword's finding that
 * says the opposite goes.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { judge } from "./_oracle.ts";
import { fourWays } from "./_schema_helpers.ts";

const x = (schema: JsonValue) => ({ type: "object", properties: { x: schema } });
const s = { type: "string" };
const inBranch = x({
  type: "object",
  properties: { a: s },
  allOf: [{ properties: { b: s }, additionalProperties: false }],
});
const beside = x({ type: "object", properties: { a: s, b: s }, additionalProperties: false });

Deno.test("additionalProperties false moved from an allOf branch beside the properties is graded as ajv reads it", () => {
  // ajv: no old input is rejected now; an output with a holds it only now.
  const verdicts = judge(inBranch, beside)!.verdicts;
  assert.equal(verdicts.find((v) => v.side === "input")!.witness, undefined);
  assert.deepEqual(verdicts.find((v) => v.side === "output")!.witness, { x: { a: "", b: "" } });
  const at = (side: string, effect: string, severity: string) => [
    `tool.${side}.allOf.${effect} t.${side}Schema.properties.x.allOf ${severity}`,
  ];
  assert.deepEqual(fourWays(inBranch, beside), {
    input: at("input", "widened", "NON_BREAKING"),
    inputReversed: at("input", "narrowed", "BREAKING"),
    output: at("output", "widened", "BREAKING"),
    outputReversed: at("output", "narrowed", "NON_BREAKING"),
  });
});

Deno.test("a keyword beside an allOf removed keeps its finding where the proof agrees or cannot tell", () => {
  // maxProperties 1 gained beside the same move: the proof finds no direction (ajv still
  // accepts every old value, {} and {b} alone), so nothing is dropped and the findings stay,
  // BREAKING on input: undecided, the stricter reading.
  const tighter = x({
    type: "object",
    properties: { a: s, b: s },
    additionalProperties: false,
    maxProperties: 1,
  });
  const input = fourWays(inBranch, tighter).input;
  assert.ok(input.some((f) => f.endsWith(" BREAKING")), input.join("\n"));
  assert.ok(input.some((f) => f.includes(".maxProperties.narrowed ")), input.join("\n"));
});

/**
 * A union wrapped as one branch of another union (or unwrapped from one) is a widening (or
 * narrowing) as a whole: the kept union's branches are not compared in place with the other
 * branches, where an unmodelled keyword that stayed where it was read as added or removed
 * (fast-check seed 644214400 of properties_test's "wrapped in anyOf with extra branches").
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { fourWays } from "./_schema_helpers.ts";

const v = (schema: JsonValue) => ({ type: "object", properties: { v: schema } });
const P = "properties.v.anyOf";
const arrayOf = (items: JsonValue) => ({ type: "array", items, minItems: 0 });

Deno.test("diff reads a union wrapped beside another branch as widened, its unmodelled keyword unmoved", () => {
  const body = { anyOf: [{ anyOf: [{ const: "x" }] }, arrayOf({ vndVendor: 0 })] };
  const wrapped = { anyOf: [body, arrayOf({ allOf: [true] })] };
  assert.deepEqual(fourWays(v(body), v(wrapped)), {
    input: [`tool.input.anyOf.widened t.inputSchema.${P} NON_BREAKING`],
    inputReversed: [`tool.input.anyOf.narrowed t.inputSchema.${P} BREAKING`],
    output: [`tool.output.anyOf.widened t.outputSchema.${P} BREAKING`],
    outputReversed: [`tool.output.anyOf.narrowed t.outputSchema.${P} NON_BREAKING`],
  });
});

Deno.test("diff still reports the unmodelled keyword a wrapping branch brings", () => {
  const body = { anyOf: [{ const: "x" }, arrayOf({ type: "string" })] };
  const wrapped = { anyOf: [body, arrayOf({ vndVendor: 1 })] };
  const { input, outputReversed } = fourWays(v(body), v(wrapped));
  assert.deepEqual(input, [
    `tool.input.anyOf.widened t.inputSchema.${P} NON_BREAKING`,
    `tool.input.keyword.unmodelled t.inputSchema.${P}.1.items.vndVendor BREAKING`,
  ]);
  // Unwrapped, the kept union brings nothing: only the narrowing is read.
  assert.deepEqual(outputReversed, [`tool.output.anyOf.narrowed t.outputSchema.${P} NON_BREAKING`]);
});

// A branch that accepts nothing (N) holding an unmodelled keyword, paired with another branch
// that accepts nothing where the union was wrapped: the keyword stayed where it was (fast-check
// seeds -1465304087 and -939757977).
Deno.test("diff reads no unmodelled keyword added where a union holding one that accepts nothing is wrapped", () => {
  const nothing = { allOf: [{ type: "object" }, arrayOf({ vndVendor: 0 })] };
  const body = { anyOf: [{ type: "string" }, nothing] };
  const wrapped = { anyOf: [{ enum: ["a"] }, { allOf: [{ not: true }] }, body, { minimum: 0 }] };
  const { input, outputReversed } = fourWays(v(body), v(wrapped));
  assert.deepEqual(input, [`tool.input.anyOf.widened t.inputSchema.${P} NON_BREAKING`]);
  assert.deepEqual(outputReversed, [`tool.output.anyOf.narrowed t.outputSchema.${P} NON_BREAKING`]);
  const none = { anyOf: [{ allOf: [{ vndVendor: 0 }, false] }] };
  const around = { anyOf: [none, { type: "string" }] };
  assert.deepEqual(schemaFindingsBreaking(none, around), []);
});

function schemaFindingsBreaking(a: JsonValue, b: JsonValue): string[] {
  const ways = fourWays(v(a), v(b));
  return [...ways.input, ...ways.outputReversed].filter((line) => line.endsWith(" BREAKING"));
}

Deno.test("diff reads no unmodelled keyword removed with a branch that accepted nothing", () => {
  // The removed branch accepted nothing and held the keyword; the branch left accepts nothing too.
  const closedArray = { type: "object", additionalProperties: { vndVendor: 0 } };
  const wrapped = { anyOf: [{ anyOf: [{ not: true }] }, { allOf: [closedArray, arrayOf({})] }] };
  const { output } = fourWays(v(wrapped), v({ anyOf: [{ not: true }] }));
  assert.deepEqual(output.filter((line) => line.includes("unmodelled")), []);
});

/**
 * An intersection of objects: zod 3 (zod-to-json-schema) writes `allOf` of one object per side,
 * zod 4 one object holding both sides' properties. The subsumption proof took each allOf branch
 * on its own, and no single branch implies the merged object, so the move was graded `changed`
 * (BREAKING on input and on output). Each case runs on input and output, in both directions.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { fourWays } from "./_schema_helpers.ts";

const A = { type: "object", properties: { a: { type: "string" } }, required: ["a"] };
const B = { type: "object", properties: { b: { type: "number" } }, required: ["b"] };
const zod3 = { allOf: [A, B] };
const merged = (b: JsonValue, more: Record<string, JsonValue> = {}) => ({
  type: "object",
  properties: { a: { type: "string" }, b },
  required: ["a", "b"],
  ...more,
});

Deno.test("zod 3's allOf of objects and zod 4's merged object are the same values", () => {
  assert.deepEqual(fourWays(zod3, merged({ type: "number" })), {
    input: [],
    inputReversed: [],
    output: [],
    outputReversed: [],
  });
});

Deno.test("the merged object closed (zod 4's output schema) narrows the allOf", () => {
  assert.deepEqual(fourWays(zod3, merged({ type: "number" }, { additionalProperties: false })), {
    input: ["tool.input.allOf.narrowed t.inputSchema.allOf BREAKING"],
    inputReversed: ["tool.input.allOf.widened t.inputSchema.allOf NON_BREAKING"],
    output: ["tool.output.allOf.narrowed t.outputSchema.allOf NON_BREAKING"],
    outputReversed: ["tool.output.allOf.widened t.outputSchema.allOf BREAKING"],
  });
});

Deno.test("a property narrowed while the allOf is merged is graded as a narrowing", () => {
  assert.deepEqual(fourWays(zod3, merged({ type: "integer" })), {
    input: ["tool.input.allOf.narrowed t.inputSchema.allOf BREAKING"],
    inputReversed: ["tool.input.allOf.widened t.inputSchema.allOf NON_BREAKING"],
    output: ["tool.output.allOf.narrowed t.outputSchema.allOf NON_BREAKING"],
    outputReversed: ["tool.output.allOf.widened t.outputSchema.allOf BREAKING"],
  });
});

Deno.test("a merge the proof cannot decide (patternProperties in a branch) is never NON_BREAKING alone", () => {
  const P = { type: "object", patternProperties: { "^x": { type: "string" } } };
  const split = { allOf: [P, B] };
  const one = { ...B, patternProperties: P.patternProperties };
  const ways = fourWays(split, one);
  // split ⊆ one needs the branches together, which patternProperties keep the proof from: the
  // undecided direction (input forwards, output backwards) must fail the build.
  const breaks = (findings: string[]) => findings.some((f) => / BREAKING$/.test(f));
  assert.ok(breaks(ways.input), ways.input.join("\n"));
  assert.ok(breaks(ways.outputReversed), ways.outputReversed.join("\n"));
  // one ⊆ split holds branch by branch: proven, and graded by variance.
  assert.deepEqual(ways.inputReversed, [
    "tool.input.allOf.widened t.inputSchema.allOf NON_BREAKING",
  ]);
  assert.deepEqual(ways.output, ["tool.output.allOf.narrowed t.outputSchema.allOf NON_BREAKING"]);
});

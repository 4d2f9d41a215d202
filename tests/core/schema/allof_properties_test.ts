/**
 * Properties declared inside allOf branches (zod 3 writes an intersection as an allOf of
 * objects). A property the old allOf declared and the new schema declares nowhere is removed,
 * BREAKING on input and output as a property dropped from `properties` is; one that only moved
 * between a branch and the top level is not. Each case runs on input and output, both ways.
 */
import assert from "node:assert/strict";
import { fourWays } from "./_schema_helpers.ts";

const A = { type: "object", properties: { a: { type: "string" } } };
const B = { type: "object", properties: { b: { type: "number" } } };

Deno.test("walkSchemas() reports a property dropped with its allOf branch as removed", () => {
  const both = { allOf: [A, B] };
  const expected = {
    input: [
      "tool.input.allOf.widened t.inputSchema.allOf NON_BREAKING",
      "tool.input.property.removed t.inputSchema.allOf.1.properties.b BREAKING",
    ],
    inputReversed: ["tool.input.allOf.narrowed t.inputSchema.allOf BREAKING"],
    output: [
      "tool.output.allOf.widened t.outputSchema.allOf BREAKING",
      "tool.output.property.removed t.outputSchema.allOf.1.properties.b BREAKING",
    ],
    outputReversed: ["tool.output.allOf.narrowed t.outputSchema.allOf NON_BREAKING"],
  };
  assert.deepEqual(fourWays(both, { allOf: [A] }), expected);
  // The lone schema is compared as a one-branch allOf: the same findings.
  assert.deepEqual(fourWays(both, A), expected);
});

Deno.test("walkSchemas() reports no removal for a property the new schema still declares", () => {
  // b moved from the removed branch into the kept one.
  const kept = { type: "object", properties: { a: { type: "string" }, b: { type: "number" } } };
  const found = fourWays({ allOf: [A, B] }, { allOf: [kept] });
  for (const list of Object.values(found)) {
    assert.ok(list.every((f) => !f.includes("property.removed")), list.join("\n"));
  }
});

Deno.test("walkSchemas() grades zod 3's allOf form of an object by its values, not as a removal", () => {
  // b moved into a branch (not removed) and lost its maximum: a widening.
  const zod4 = {
    type: "object",
    properties: { a: { type: "string" }, b: { type: "number", maximum: 5 } },
  };
  assert.deepEqual(fourWays(zod4, { allOf: [A, B] }), {
    input: ["tool.input.allOf.widened t.inputSchema.allOf NON_BREAKING"],
    inputReversed: ["tool.input.allOf.narrowed t.inputSchema.allOf BREAKING"],
    output: ["tool.output.allOf.widened t.outputSchema.allOf BREAKING"],
    outputReversed: ["tool.output.allOf.narrowed t.outputSchema.allOf NON_BREAKING"],
  });
});

Deno.test("walkSchemas() says a removed allOf branch behind a remote reference is BREAKING", () => {
  // Which properties the branch declared cannot be known: never NON_BREAKING alone.
  const found = fourWays({ allOf: [A, { $ref: "other.json#/B" }] }, { allOf: [A] });
  assert.ok(found.input.includes("tool.input.property.removed t.inputSchema.allOf BREAKING"));
  assert.ok(found.output.some((f) => f.endsWith("BREAKING") && !f.endsWith("NON_BREAKING")));
});

Deno.test("walkSchemas() compares a property moved into an allOf branch with its new schema", () => {
  // Beside `type` the lone schema is not lifted into the allOf: "a" leaves `properties` for
  // branch 0 (not removed) and changes type there; "b" comes with branch 1, which declares
  // nothing else, so "b" is an optional property added, as it would be in `properties`.
  const before = { type: "object", properties: { a: { type: "number" } } };
  const after = { type: "object", allOf: [A, B] };
  assert.deepEqual(fourWays(before, after), {
    input: [
      "tool.input.allOf.narrowed t.inputSchema.allOf BREAKING",
      "tool.input.keyword.changed t.inputSchema.properties.a BREAKING",
      "tool.input.property.added t.inputSchema.allOf.1.properties.b NON_BREAKING",
      "tool.input.type.changed t.inputSchema.properties.a.type BREAKING",
    ],
    inputReversed: [
      "tool.input.allOf.widened t.inputSchema.allOf NON_BREAKING",
      "tool.input.property.removed t.inputSchema.allOf.1.properties.b BREAKING",
      "tool.input.type.changed t.inputSchema.properties.a.type BREAKING",
    ],
    output: [
      "tool.output.allOf.narrowed t.outputSchema.allOf NON_BREAKING",
      "tool.output.keyword.changed t.outputSchema.properties.a BREAKING",
      "tool.output.property.added t.outputSchema.allOf.1.properties.b NON_BREAKING",
      "tool.output.type.changed t.outputSchema.properties.a.type BREAKING",
    ],
    outputReversed: [
      "tool.output.allOf.widened t.outputSchema.allOf BREAKING",
      "tool.output.property.removed t.outputSchema.allOf.1.properties.b BREAKING",
      "tool.output.type.changed t.outputSchema.properties.a.type BREAKING",
    ],
  });
  // Moved unchanged: nothing says "a" was removed or added (it was, before); "b" was added.
  const same = { type: "object", properties: { a: { type: "string" } } };
  assert.deepEqual(fourWays(same, after), {
    input: ["tool.input.property.added t.inputSchema.allOf.1.properties.b NON_BREAKING"],
    inputReversed: [
      "tool.input.allOf.widened t.inputSchema.allOf NON_BREAKING",
      "tool.input.property.removed t.inputSchema.allOf.1.properties.b BREAKING",
    ],
    output: ["tool.output.property.added t.outputSchema.allOf.1.properties.b NON_BREAKING"],
    outputReversed: [
      "tool.output.allOf.widened t.outputSchema.allOf BREAKING",
      "tool.output.property.removed t.outputSchema.allOf.1.properties.b BREAKING",
    ],
  });
});

/**
 * Name schemas (`propertyNames`) only ever see strings, so a `type` in them that admits strings
 * constrains nothing. Found on firecrawl-mcp 2.0.2 → 3.1.13, whose move to zod 4 wrote
 * `propertyNames: {"type": "string"}` beside every record (`z.record(z.string(), …)`): Proxar
 * graded it an input narrowed from every type to strings, BREAKING, although every object the
 * old schema accepted is still accepted.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { fourWays, NOTHING_FOUR_WAYS, schemaFindings } from "./_schema_helpers.ts";
import { withoutNameTypes } from "../../../core/schema/_property_names.ts";

const record = (names?: JsonObject): JsonObject => ({
  type: "object",
  properties: {
    schema: names === undefined
      ? { type: "object" }
      : { type: "object", additionalProperties: {}, propertyNames: names },
  },
});

Deno.test("diff reports nothing when propertyNames {type: string} is added or removed, on input and on output", () => {
  for (const side of ["input", "output"] as const) {
    for (const names of [{ type: "string" }, { type: ["string", "null"] }]) {
      assert.deepEqual(schemaFindings(side, record(), record(names)), []);
      assert.deepEqual(schemaFindings(side, record(names), record()), []);
    }
  }
});

Deno.test("diff still grades a real name constraint beside type string by its variance", () => {
  const a = record({ type: "string" });
  const b = record({ type: "string", maxLength: 8 });
  const path = (side: string) => `t.${side}Schema.properties.schema.propertyNames.maxLength`;
  assert.deepEqual(schemaFindings("input", a, b), [
    `tool.input.maxLength.narrowed ${path("input")} BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", a, b), [
    `tool.output.maxLength.narrowed ${path("output")} NON_BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("input", b, a), [
    `tool.input.maxLength.widened ${path("input")} NON_BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", b, a), [
    `tool.output.maxLength.widened ${path("output")} BREAKING`,
  ]);
});

Deno.test("diff reads type string as every name inside the branches of a name schema", () => {
  const a = record({
    anyOf: [{ type: "string", pattern: "^a" }, { type: "string", pattern: "^b" }],
  });
  const b = record({ anyOf: [{ pattern: "^a" }, { pattern: "^b" }] });
  assert.deepEqual(schemaFindings("input", a, b), []);
  assert.deepEqual(schemaFindings("output", b, a), []);
});

Deno.test("diff keeps grading a name type that admits no string, and a property called propertyNames", () => {
  // No name is a number: the object may no longer have any property.
  assert.deepEqual(schemaFindings("input", record(), record({ type: "number" })), [
    "tool.input.type.narrowed t.inputSchema.properties.schema.propertyNames.type BREAKING",
  ]);
  const named = (s: JsonValue): JsonObject => ({
    type: "object",
    properties: { propertyNames: s },
  });
  assert.deepEqual(schemaFindings("input", named({}), named({ type: "string" })), [
    "tool.input.type.narrowed t.inputSchema.properties.propertyNames.type BREAKING",
  ]);
});

Deno.test("diff keeps the verdict on a name schema reached through $ref, whose definition may describe values too", () => {
  const viaRef = {
    type: "object",
    $defs: { key: { type: "string" } },
    properties: { schema: { type: "object", propertyNames: { $ref: "#/$defs/key" } } },
  };
  const plain = {
    type: "object",
    $defs: { key: { type: "string" } },
    properties: { schema: { type: "object" } },
  };
  assert.deepEqual(schemaFindings("input", plain, viaRef), [
    "tool.input.type.narrowed t.inputSchema.properties.schema.propertyNames.type BREAKING",
  ]);
  assert.ok(
    schemaFindings("output", viaRef, plain).includes(
      "tool.output.type.widened t.outputSchema.properties.schema.propertyNames.type BREAKING",
    ),
  );
});

Deno.test("withoutNameTypes finds a name schema nested deeper than its quick look goes", () => {
  const nested = (depth: number, inner: JsonObject): JsonObject =>
    depth === 0 ? inner : { type: "object", properties: { a: nested(depth - 1, inner) } };
  for (const depth of [3, 700]) {
    const before = nested(depth, { type: "object", propertyNames: { type: "string" } });
    // Compared as text: assert.deepEqual itself runs out of stack at this depth.
    assert.equal(
      JSON.stringify(withoutNameTypes(before)),
      JSON.stringify(nested(depth, { type: "object", propertyNames: {} })),
    );
    const plain = nested(depth, { type: "object" });
    assert.equal(withoutNameTypes(plain), plain);
  }
});

// zod 3's intersection of two objects (allOf) became zod 4's z.record(z.string(), …): the proof
// that grades the allOf dropped asked the old branches for a name schema, found none, and read
// the record as narrower (allOf.narrowed BREAKING on input, allOf.widened BREAKING on output
// the other way), though both accept every object.
const intersection: JsonValue = { allOf: [{ type: "object" }, { type: "object" }] };
const named = (names: JsonValue): JsonValue => ({ type: "object", propertyNames: names });

Deno.test("diff reports nothing when an allOf of objects becomes an object whose name schema takes every string", () => {
  for (const names of [{ type: "string" }, {}, true]) {
    assert.deepEqual(fourWays(intersection, named(names)), NOTHING_FOUR_WAYS);
  }
});

Deno.test("diff grades a name constraint beside an allOf of objects dropped by the proof's direction", () => {
  for (const names of [{ type: "string", maxLength: 3 }, { $ref: "https://example.com/names" }]) {
    // A remote name schema may constrain names: it is taken as one, never as no change.
    assert.deepEqual(fourWays(intersection, named(names)), {
      input: ["tool.input.allOf.narrowed t.inputSchema.allOf BREAKING"],
      inputReversed: ["tool.input.allOf.widened t.inputSchema.allOf NON_BREAKING"],
      output: ["tool.output.allOf.narrowed t.outputSchema.allOf NON_BREAKING"],
      outputReversed: ["tool.output.allOf.widened t.outputSchema.allOf BREAKING"],
    });
  }
});

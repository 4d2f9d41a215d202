/**
 * A property declared for a name the old schema already required (with any value): every caller
 * sent it, so its new schema constrains what they send. It was graded as an optional parameter
 * offered (property.added NON_BREAKING) in `properties` and in a new allOf branch alike.
 */
import assert from "node:assert/strict";
import { fourWays } from "./_schema_helpers.ts";

const x = { type: "integer" };

Deno.test("a property declared for a name required before is graded by what its schema admits", () => {
  const ways = fourWays({ type: "object", required: ["x"] }, {
    type: "object",
    required: ["x"],
    properties: { x },
  });
  assert.deepEqual(ways.input, [
    "tool.input.type.narrowed t.inputSchema.properties.x.type BREAKING",
  ]);
  assert.deepEqual(ways.output, [
    "tool.output.type.narrowed t.outputSchema.properties.x.type NON_BREAKING",
  ]);
  // Dropping the declaration is still property.removed (the model loses its description).
  assert.deepEqual(ways.inputReversed, [
    "tool.input.property.removed t.inputSchema.properties.x BREAKING",
  ]);
});

Deno.test("a new allOf branch declaring a name an allOf branch required before is not an optional property offered", () => {
  const a = { type: "object", allOf: [{ required: ["x"] }] };
  const b = { type: "object", allOf: [{ required: ["x"] }, { properties: { x } }] };
  const ways = fourWays(a, b);
  assert.deepEqual(ways.input, ["tool.input.allOf.narrowed t.inputSchema.allOf BREAKING"]);
  assert.ok(ways.output.every((f) => !f.endsWith(" BREAKING")), ways.output.join("\n"));
  // A name required nowhere keeps the property.added grade.
  const open = fourWays({ type: "object", allOf: [{ required: ["y"] }] }, {
    type: "object",
    allOf: [{ required: ["y"] }, { properties: { x } }],
  });
  assert.deepEqual(open.input, [
    "tool.input.property.added t.inputSchema.allOf.1.properties.x NON_BREAKING",
  ]);
});

Deno.test("a property declared for a name required only in the new schema stays required.added", () => {
  const ways = fourWays({ type: "object" }, { type: "object", required: ["x"], properties: { x } });
  assert.ok(ways.input.some((f) => f.startsWith("tool.input.required.added")), ways.input.join());
  assert.ok(!ways.input.some((f) => f.includes("type.narrowed")), ways.input.join());
});

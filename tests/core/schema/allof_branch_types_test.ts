import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { catchAll, fourWays } from "./_schema_helpers.ts";

// zod 3's intersection (z.object({name}).and(…)) as airtable-mcp-server 1.4.1 wrote create_field's
// field, and the z.record(z.string(), z.any()) of 1.9.6 under zod 4: both accept objects only.
const named = { type: "object", properties: { name: { type: "string" } } };
const intersection = { allOf: [named, { type: "object" }] };
const record = { type: "object", additionalProperties: {} };
const at = (f: JsonValue): JsonValue => ({ type: "object", properties: { f } });

Deno.test("catchAllDiff() reads the types of a node's allOf branches as its own", () => {
  for (const side of ["input", "output"] as const) {
    for (const [a, b] of [[intersection, record], [record, intersection]]) {
      const types = catchAll(a, b, { side }).filter((d) => d.facet === "type");
      assert.deepEqual(types, [], `${side}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
    }
  }
});

Deno.test("diff grades zod 3's intersection of objects becoming a record by its properties, not its type", () => {
  // Before: tool.input.keyword.changed at f.type, BREAKING ("accepted types any became object").
  assert.deepEqual(fourWays(at(intersection), at(record)), {
    input: [
      "tool.input.allOf.widened t.inputSchema.properties.f.allOf NON_BREAKING",
      "tool.input.property.removed t.inputSchema.properties.f.allOf.0.properties.name BREAKING",
    ],
    inputReversed: ["tool.input.allOf.narrowed t.inputSchema.properties.f.allOf BREAKING"],
    output: [
      "tool.output.allOf.widened t.outputSchema.properties.f.allOf BREAKING",
      "tool.output.property.removed t.outputSchema.properties.f.allOf.0.properties.name BREAKING",
    ],
    outputReversed: ["tool.output.allOf.narrowed t.outputSchema.properties.f.allOf NON_BREAKING"],
  });
});

Deno.test("diff still finds a type an allOf branch drops beside the record", () => {
  const strings = ["object", "string"];
  const wide = { allOf: [{ ...named, type: strings }, { type: strings }] };
  const type = "properties.f.allOf.1.type";
  assert.deepEqual(fourWays(at(wide), at(record)), {
    input: [
      "tool.input.allOf.widened t.inputSchema.properties.f.allOf NON_BREAKING",
      "tool.input.property.removed t.inputSchema.properties.f.allOf.0.properties.name BREAKING",
      `tool.input.type.narrowed t.inputSchema.${type} BREAKING`,
    ],
    inputReversed: [
      "tool.input.allOf.narrowed t.inputSchema.properties.f.allOf BREAKING",
      `tool.input.type.widened t.inputSchema.${type} NON_BREAKING`,
    ],
    output: [
      "tool.output.allOf.widened t.outputSchema.properties.f.allOf BREAKING",
      "tool.output.property.removed t.outputSchema.properties.f.allOf.0.properties.name BREAKING",
      `tool.output.type.narrowed t.outputSchema.${type} NON_BREAKING`,
    ],
    outputReversed: [
      "tool.output.allOf.narrowed t.outputSchema.properties.f.allOf NON_BREAKING",
      `tool.output.type.widened t.outputSchema.${type} BREAKING`,
    ],
  });
});

Deno.test("diff keeps the type compared alone when an allOf branch cannot be read", () => {
  // A remote reference may allow any type: the type the record adds stays a change.
  const unknown = { allOf: [named, { $ref: "https://example.com/field.json" }] };
  const found = fourWays(at(unknown), at(record));
  const type = (side: string, severity: string) =>
    `tool.${side}.keyword.changed t.${side}Schema.properties.f.type ${severity}`;
  assert.ok(found.input.includes(type("input", "BREAKING")), found.input.join("\n"));
  assert.ok(found.outputReversed.includes(type("output", "BREAKING")));
});

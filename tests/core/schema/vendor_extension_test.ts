/**
 * A vendor extension (a keyword named `x-…`) is an annotation: no JSON Schema draft defines one,
 * validators ignore it (the MCP SDK's ajv runs with strict off), and a client or a model may
 * read it. A change is tool.*.extension.changed, POTENTIALLY_BREAKING on input and output, in
 * place of keyword.unmodelled BREAKING (@ivotoby/openapi-mcp-server 1.10.2 → 1.16.1 added
 * x-content-type to the root of all 59 tools' inputSchema); inside a subschema added whole it
 * is graded with that addition; proofs set it aside; a keyword of no draft that is not named x-…
 * stays keyword.unmodelled.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { isAnnotationKeyword, isExtensionKeyword } from "../../../core/schema/types.ts";
import { schemaFindings } from "./_schema_helpers.ts";

const root = (extra: JsonObject = {}): JsonValue => ({
  type: "object",
  properties: { id: { type: "number" } },
  ...extra,
});

Deno.test("diff grades a vendor extension added, changed or removed POTENTIALLY_BREAKING on input and output", () => {
  for (const side of ["input", "output"] as const) {
    const found = [
      `tool.${side}.extension.changed t.${side}Schema.x-content-type POTENTIALLY_BREAKING`,
    ];
    const json = { "x-content-type": "application/json" };
    const form = { "x-content-type": "multipart/form-data" };
    assert.deepEqual(schemaFindings(side, root(), root(json)), found);
    assert.deepEqual(schemaFindings(side, root(json), root(form)), found);
    assert.deepEqual(schemaFindings(side, root(json), root()), found);
    assert.deepEqual(schemaFindings(side, root(json), root(json)), []);
  }
});

Deno.test("diff grades a vendor extension inside a property added whole with the addition, and sets it aside in proofs", () => {
  const added = root({
    properties: { id: { type: "number" }, kind: { type: "string", "x-enum-varnames": ["A"] } },
  });
  assert.deepEqual(schemaFindings("input", root(), added), [
    "tool.input.property.added t.inputSchema.properties.kind NON_BREAKING",
  ]);
  // A union branch that differs from the other only by a vendor extension: its removal loses no
  // value, and adding it back changes no value either, only the extension's place.
  const one: JsonValue = { type: "object", properties: { q: { anyOf: [{ type: "string" }] } } };
  const two: JsonValue = {
    type: "object",
    properties: { q: { anyOf: [{ type: "string" }, { type: "string", "x-k": 1 }] } },
  };
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, two, one), []);
    assert.deepEqual(schemaFindings(side, one, two), []);
  }
});

Deno.test("isExtensionKeyword() reads x- and a name only; a keyword of no draft otherwise stays unmodelled", () => {
  assert.ok(isExtensionKeyword("x-content-type") && isAnnotationKeyword("x-content-type"));
  assert.ok(!isExtensionKeyword("x-") && !isExtensionKeyword("x") && !isExtensionKeyword("X-a"));
  assert.ok(!isAnnotationKeyword("xml"));
  assert.deepEqual(
    schemaFindings("input", root(), root({ xml: { name: "kind" } })),
    ["tool.input.keyword.unmodelled t.inputSchema.xml BREAKING"],
  );
});

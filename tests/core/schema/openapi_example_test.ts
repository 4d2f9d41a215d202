/**
 * OpenAPI 3.0's singular `example` (its Schema Object's, carried into tool schemas by servers
 * generated from an OpenAPI document) is an annotation, as `examples` is: validators, the MCP
 * SDK's ajv among them, ignore it. It was keyword.unmodelled BREAKING (@runpod/mcp-server 3.3.0 →
 * 4.0.0 added it to seven properties); it is tool.*.examples.changed DOCUMENTATION, in both
 * differs, and its value is data, never read as a schema.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { catchAll, schemaFindings } from "./_schema_helpers.ts";

const product = (extra: JsonObject = {}): JsonValue => ({
  type: "object",
  properties: { product: { type: "string", ...extra } },
});
const at = (side: string) => `t.${side}Schema.properties.product.example`;

Deno.test("diff grades OpenAPI's example added, changed or removed DOCUMENTATION on input and output", () => {
  for (const side of ["input", "output"] as const) {
    const rule = `tool.${side}.examples.changed ${at(side)} DOCUMENTATION`;
    assert.deepEqual(schemaFindings(side, product(), product({ example: "POD" })), [rule]);
    assert.deepEqual(
      schemaFindings(side, product({ example: "POD" }), product({ example: "CLUSTER" })),
      [rule],
    );
    assert.deepEqual(schemaFindings(side, product({ example: "POD" }), product()), [rule]);
  }
});

Deno.test("the catch-all differ reads OpenAPI's example as a known annotation, not an unmodelled keyword", () => {
  const deltas = catchAll(product(), product({ example: "POD" }), { tool: true });
  assert.deepEqual(deltas.map((d) => d.rule), []);
});

Deno.test("diff reads an example's value as data, and a property named example as a property", () => {
  // A value shaped like a schema constrains nothing: only the example changed.
  const shaped: JsonValue = { $ref: "#/nowhere", type: "integer", items: [{ type: "string" }] };
  assert.deepEqual(
    schemaFindings("input", product({ example: "POD" }), product({ example: shaped })),
    [`tool.input.examples.changed ${at("input")} DOCUMENTATION`],
  );
  // Nor does it make a move between drafts matter (array-form items reads apart in 2020-12).
  const drafted = (dialect: string): JsonValue => ({
    $schema: dialect,
    type: "object",
    properties: { product: { type: "string", example: shaped } },
  });
  assert.deepEqual(
    schemaFindings(
      "input",
      drafted("http://json-schema.org/draft-07/schema#"),
      drafted("https://json-schema.org/draft/2020-12/schema"),
    ),
    ["tool.input.dialect.inert t.inputSchema.$schema DOCUMENTATION"],
  );
  // Under properties, "example" names a property: adding it is an optional property added.
  const named = (props: JsonObject): JsonValue => ({ type: "object", properties: props });
  assert.deepEqual(
    schemaFindings("input", named({}), named({ example: { type: "string" } })),
    ["tool.input.property.added t.inputSchema.properties.example NON_BREAKING"],
  );
  // OpenAPI's xml, which no draft defines either, stays unmodelled: BREAKING.
  assert.deepEqual(
    schemaFindings("input", product(), product({ xml: { name: "kind" } })),
    ["tool.input.keyword.unmodelled t.inputSchema.properties.product.xml BREAKING"],
  );
});

/**
 * OpenAPI 3's `discriminator` ({propertyName, mapping}, carried into tool schemas by servers
 * generated from an OpenAPI document) is an annotation: no JSON Schema draft defines it, and
 * validators ignore it (ajv applies it only with its `discriminator` option, which the MCP SDK
 * does not set). A model may read it as a hint, so a change is tool.*.discriminator.changed,
 * POTENTIALLY_BREAKING on input and output, in place of keyword.unmodelled BREAKING
 * (@runpod/mcp-server 3.3.0 → 4.0.0 added it to EndpointScaling); inside a subschema added whole
 * it is graded with that addition; proofs set it aside; its value is data, never a schema.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { isAnnotationKeyword } from "../../../core/schema/types.ts";
import { judge } from "./_oracle.ts";
import { catchAll, fourWays, schemaFindings } from "./_schema_helpers.ts";

const variant = (tag: string, extra: string): JsonObject => ({
  type: "object",
  properties: { type: { enum: [tag] }, [extra]: { type: "number" } },
  required: ["type", extra],
  additionalProperties: false,
});
/** Runpod 4.0.0's EndpointScaling, trimmed: a oneOf of two variants told apart by `type`. */
const scaling = (extra: JsonObject = {}): JsonValue => ({
  type: "object",
  properties: {
    scaling: { oneOf: [{ $ref: "#/$defs/Queue" }, { $ref: "#/$defs/Count" }], ...extra },
  },
  $defs: { Queue: variant("QUEUE_DELAY", "queueDelay"), Count: variant("REQUEST_COUNT", "count") },
});
const mapping = { QUEUE_DELAY: "#/$defs/Queue", REQUEST_COUNT: "#/$defs/Count" };
const byType = { discriminator: { propertyName: "type", mapping } };
const at = (side: string) => `t.${side}Schema.properties.scaling.discriminator`;

Deno.test("diff grades OpenAPI's discriminator added, changed or removed POTENTIALLY_BREAKING on input and output", () => {
  const byKind = { discriminator: { propertyName: "kind" } };
  for (const side of ["input", "output"] as const) {
    const found = [`tool.${side}.discriminator.changed ${at(side)} POTENTIALLY_BREAKING`];
    assert.deepEqual(schemaFindings(side, scaling(), scaling(byType)), found);
    assert.deepEqual(schemaFindings(side, scaling(byType), scaling(byKind)), found);
    assert.deepEqual(schemaFindings(side, scaling(byType), scaling()), found);
    assert.deepEqual(schemaFindings(side, scaling(byType), scaling(byType)), []);
  }
  assert.ok(isAnnotationKeyword("discriminator"));
  // Every value keeps its verdict: ajv, as the MCP SDK runs it, ignores the keyword.
  for (const [old, next] of [[scaling(), scaling(byType)], [scaling(byType), scaling(byKind)]]) {
    for (const v of judge(old!, next!)!.verdicts) assert.equal(v.witness, undefined, v.side);
  }
});

Deno.test("the catch-all differ reads OpenAPI's discriminator as a known annotation, not an unmodelled keyword", () => {
  const deltas = catchAll(scaling(), scaling(byType), { tool: true });
  assert.deepEqual(deltas.map((d) => d.rule), []);
});

Deno.test("diff grades a discriminator inside a property added whole with the addition, and sets it aside in proofs", () => {
  const bare: JsonValue = { type: "object", properties: { id: { type: "number" } } };
  const added = scaling(byType) as JsonObject;
  const grown = { ...added, properties: { id: { type: "number" }, ...added.properties as object } };
  assert.deepEqual(
    schemaFindings("input", { ...added, properties: { id: { type: "number" } } }, grown),
    [
      "tool.input.property.added t.inputSchema.properties.scaling NON_BREAKING",
    ],
  );
  assert.deepEqual(
    schemaFindings("output", bare, {
      ...bare,
      properties: { ...(bare.properties as object), s: { type: "string", ...byType } },
    }),
    [
      "tool.output.property.added t.outputSchema.properties.s NON_BREAKING",
    ],
  );
  // A union branch that differs from the other only by a discriminator: its removal loses no
  // value, and adding it back changes none either.
  const one: JsonValue = { type: "object", properties: { q: { anyOf: [{ type: "object" }] } } };
  const two: JsonValue = {
    type: "object",
    properties: { q: { anyOf: [{ type: "object" }, { type: "object", ...byType }] } },
  };
  const found = fourWays(two, one);
  assert.deepEqual(found, { input: [], output: [], inputReversed: [], outputReversed: [] });
  for (const v of judge(two, one)!.verdicts) assert.equal(v.witness, undefined, v.side);
});

Deno.test("diff reads a discriminator's value as data: its mapping is never a schema or a reference", () => {
  // A mapping key a draft would read differently (prefixItems) does not make a move between
  // drafts matter, as it would if the value were searched as a schema.
  const drafted = (dialect: string): JsonValue => ({
    $schema: dialect,
    ...scaling({
      discriminator: { propertyName: "type", mapping: { prefixItems: "#/$defs/Queue" } },
    }) as JsonObject,
  });
  assert.deepEqual(
    schemaFindings(
      "input",
      drafted("http://json-schema.org/draft-07/schema#"),
      drafted("https://json-schema.org/draft/2020-12/schema"),
    ),
    ["tool.input.dialect.inert t.inputSchema.$schema DOCUMENTATION"],
  );
  // A mapping string that points nowhere is no unresolvable reference: only the keyword changed.
  const nowhere = {
    discriminator: { propertyName: "type", mapping: { CAT: "#/components/schemas/Cat" } },
  };
  assert.deepEqual(schemaFindings("input", scaling(byType), scaling(nowhere)), [
    `tool.input.discriminator.changed ${at("input")} POTENTIALLY_BREAKING`,
  ]);
  // Nor does a mapping key named $ref make the definition it names used: D changed is an
  // unused definition changed, where read as a reference it was keyword.changed BREAKING.
  const unused = (type: string): JsonValue => ({
    type: "object",
    properties: {
      p: {
        type: "string",
        discriminator: { propertyName: "type", mapping: { $ref: "#/$defs/D" } },
      },
    },
    $defs: { D: { type } },
  });
  assert.deepEqual(schemaFindings("input", unused("string"), unused("number")), [
    "tool.input.unusedDefinition.changed t.inputSchema.$defs.D DOCUMENTATION",
  ]);
  // Under properties, "discriminator" names a property: adding it is an optional property added.
  const named = (props: JsonObject): JsonValue => ({ type: "object", properties: props });
  assert.deepEqual(
    schemaFindings("input", named({}), named({ discriminator: { type: "string" } })),
    ["tool.input.property.added t.inputSchema.properties.discriminator NON_BREAKING"],
  );
});

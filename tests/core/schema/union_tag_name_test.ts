/**
 * A union branch that came or went is named by the value it alone holds a property to, also when
 * the other branches list theirs in an enum: server-filesystem 2025.12.18 → 2026.8.31 turned
 * read_media_file's content items from `type` enum image|audio|blob into an image|audio branch
 * and a `type: "resource"` one, and "anyOf branch 1 was added" did not say which items an agent
 * now receives.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { schemaChanges } from "./_schema_helpers.ts";

const media = (tags: JsonValue) => ({
  type: "object",
  additionalProperties: false,
  properties: {
    type: { type: "string", ...(tags as object) },
    data: { type: "string" },
    mimeType: { type: "string" },
  },
  required: ["type", "data", "mimeType"],
});
const resource = {
  type: "object",
  additionalProperties: false,
  properties: {
    type: { type: "string", const: "resource" },
    resource: { type: "object", properties: { uri: { type: "string" } }, required: ["uri"] },
  },
  required: ["type", "resource"],
};
const content = (items: JsonValue) => ({
  type: "object",
  properties: { content: { type: "array", items } },
});
const before = content(media({ enum: ["image", "audio", "blob"] }));
const after = content({ anyOf: [media({ enum: ["image", "audio"] }), resource] });

/** `rule severity message` of each finding when the schema on `side` goes from a to b. */
function found(side: "input" | "output", a: JsonValue, b: JsonValue): string[] {
  return schemaChanges(side, a, b).map((c) => `${c.rule} ${c.severity} ${c.message}`).sort();
}

Deno.test("diff names an added union branch by the tag value it alone holds", () => {
  const at = (side: string) => `t.${side}Schema.properties.content.items`;
  assert.deepEqual(found("output", before, after), [
    `tool.output.anyOf.widened BREAKING ${
      at("output")
    }: anyOf branch 1 (type "resource") was added`,
    `tool.output.enum.narrowed NON_BREAKING ${
      at("output")
    }.anyOf.0.properties.type: allowed values narrowed (removed "blob")`,
  ]);
  assert.deepEqual(found("input", before, after), [
    `tool.input.anyOf.widened NON_BREAKING ${
      at("input")
    }: anyOf branch 1 (type "resource") was added`,
    `tool.input.enum.narrowed BREAKING ${
      at("input")
    }.anyOf.0.properties.type: allowed values narrowed (removed "blob")`,
  ]);
});

Deno.test("diff names a removed union branch by the tag value it alone held", () => {
  assert.deepEqual(found("output", after, before), [
    'tool.output.anyOf.narrowed NON_BREAKING t.outputSchema.properties.content.items: anyOf branch 1 (type "resource") was removed',
    'tool.output.enum.widened BREAKING t.outputSchema.properties.content.items.anyOf.0.properties.type: allowed values widened (added "blob")',
  ]);
});

Deno.test("diff names no branch by a value another branch also lists", () => {
  const shared = content({ anyOf: [media({ enum: ["image", "resource"] }), resource] });
  const messages = found("output", before, shared).filter((m) => m.includes("anyOf branch"));
  assert.deepEqual(messages, [
    "tool.output.anyOf.widened BREAKING t.outputSchema.properties.content.items: anyOf branch 1 was added",
  ]);
});

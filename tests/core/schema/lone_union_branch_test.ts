/**
 * A lone schema compared with one branch of a union (a type list, or one schema, facing an
 * anyOf or oneOf): findings below the branch name it by its index on the side that has the
 * union, and point into the new schema where the place exists there. The old union's branch was
 * named by the index of the new side's one-branch stand-in (`anyOf.0`), which named the wrong
 * branch of the old union.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { propertyChanges } from "./_schema_helpers.ts";

/** `rule path pointer severity` of each finding when property `files` goes from a to b. */
function found(side: "input" | "output", a: JsonValue, b: JsonValue): string[] {
  return propertyChanges(side, "files", a, b)
    .map((c) => `${c.rule} ${c.path} ${c.pointer} ${c.severity}`).sort();
}

const nullable = {
  anyOf: [{ type: "null" }, { type: "array", items: { type: "string" } }],
};
const lone = { type: "array", items: { type: "string", minLength: 1 } };
const list = { type: ["array", "null"], items: { type: "string", minLength: 1 } };
const base = "t.inputSchema.properties.files";
const ptr = "/tools/0/inputSchema/properties/files";

Deno.test("diff names the old union's branch that faced a lone new schema", () => {
  assert.deepEqual(found("input", nullable, lone), [
    `tool.input.anyOf.narrowed ${base}.anyOf ${ptr}/anyOf BREAKING`,
    `tool.input.minLength.narrowed ${base}.anyOf.1.items.minLength ${ptr}/items/minLength BREAKING`,
  ]);
  // A type list faces the union as one branch per type: the array branch is still anyOf.1.
  assert.deepEqual(found("input", nullable, list), [
    `tool.input.minLength.narrowed ${base}.anyOf.1.items.minLength ${ptr}/items/minLength BREAKING`,
  ]);
  const out = (s: string) => s.replaceAll("input", "output");
  assert.deepEqual(found("output", nullable, list), [
    out(
      `tool.input.minLength.narrowed ${base}.anyOf.1.items.minLength ${ptr}/items/minLength NON_BREAKING`,
    ),
  ]);
});

Deno.test("diff names the new union's branch that a lone old schema faced, as before", () => {
  assert.deepEqual(found("input", lone, nullable), [
    `tool.input.anyOf.widened ${base}.anyOf ${ptr}/anyOf NON_BREAKING`,
    `tool.input.minLength.widened ${base}.anyOf.1.items.minLength ${ptr}/anyOf/1/items/minLength NON_BREAKING`,
  ]);
  assert.deepEqual(found("input", list, nullable), [
    `tool.input.minLength.widened ${base}.anyOf.1.items.minLength ${ptr}/anyOf/1/items/minLength NON_BREAKING`,
  ]);
});

Deno.test("diff names the branch of a union on both sides by the new side's index", () => {
  // Both sides unions, branches reordered: the new index, where the new schema has it.
  const reordered = {
    anyOf: [{ type: "array", items: { type: "string", minLength: 1 } }, { type: "null" }],
  };
  assert.deepEqual(found("input", nullable, reordered), [
    `tool.input.minLength.narrowed ${base}.anyOf.0.items.minLength ${ptr}/anyOf/0/items/minLength BREAKING`,
  ]);
});

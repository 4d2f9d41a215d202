/**
 * oneOf branches added or removed: a oneOf rejects a value that two branches accept, so a new
 * branch widens it only when it is disjoint from the others. Found on notion-mcp-server
 * 1.9.1 → 2.0.0, where `parent` gained two `$ref` branches beside one that accepts any object
 * with the same required key; the walk called that widened (NON_BREAKING on input).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { schemaFindings } from "./_schema_helpers.ts";

const v = (oneOf: JsonValue[]) => ({ type: "object", properties: { v: { oneOf } } });
const two = [{ type: "string" }, { type: "integer" }];
const P = "properties.v.oneOf";

Deno.test("diff grades a oneOf branch added that may overlap another as changed on both sides", () => {
  const overlapping = v([...two, { type: "string", maxLength: 3 }]);
  assert.deepEqual(schemaFindings("input", v(two), overlapping), [
    `tool.input.oneOf.changed t.inputSchema.${P} BREAKING`,
  ]);
  // Output, removed: the strings of up to three characters the old oneOf rejected are returned.
  assert.deepEqual(schemaFindings("output", overlapping, v(two)), [
    `tool.output.oneOf.changed t.outputSchema.${P} BREAKING`,
  ]);
});

Deno.test("diff grades a disjoint oneOf branch by variance", () => {
  const three = v([...two, { type: "boolean" }]);
  assert.deepEqual(schemaFindings("input", v(two), three), [
    `tool.input.oneOf.widened t.inputSchema.${P} NON_BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", v(two), three), [
    `tool.output.oneOf.widened t.outputSchema.${P} BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("input", three, v(two)), [
    `tool.input.oneOf.narrowed t.inputSchema.${P} BREAKING`,
  ]);
});

Deno.test("diff grades a oneOf branch behind a $ref by the whole proof where there is one", () => {
  // The new branch is the string branch again: every string now matches two branches.
  const defs = { $defs: { s: { type: "string" } } };
  const old = { ...defs, ...v(two) };
  const next = { ...defs, ...v([...two, { $ref: "#/$defs/s" }]) };
  assert.deepEqual(schemaFindings("input", old, next), [
    `tool.input.oneOf.changed t.inputSchema.${P} BREAKING`,
  ]);
  // On output the subsumption proof shows the new oneOf accepts fewer values (NON_BREAKING);
  // the catch-all differ cannot tell, and its BREAKING stays the stricter verdict.
  assert.deepEqual(schemaFindings("output", old, next), [
    `tool.output.keyword.changed t.outputSchema.${P} BREAKING`,
    `tool.output.oneOf.narrowed t.outputSchema.${P} NON_BREAKING`,
  ]);
});

/**
 * A branch of an anyOf nested bare in a branch of another (`flatAnyOf`) was named by its indices
 * joined with the keyword: "anyOf branch 3/anyOf/2 was added". It now says where it stands in
 * words, the path to it and what it accepts; a branch of the outer union keeps its short name.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { walkSchemas } from "../../../core/schema/walk.ts";
import { classifyProse } from "../../../core/prose.ts";

const v = (schema: JsonValue) => ({ type: "object", properties: { v: schema } });
const inner = [{ type: "null" }, { type: "array", items: { type: "string" } }];
const object = { type: "object", properties: { x: { type: "integer" } } };
const before = v({ anyOf: [{ type: "string" }, { type: "number" }, { anyOf: inner }] });
const after = v({ anyOf: [{ type: "string" }, { type: "number" }, { anyOf: [...inner, object] }] });

const messages = (side: "input" | "output", a: JsonValue, b: JsonValue) =>
  walkSchemas(a, b, { side, basePath: "t", basePointer: "", classifyProse })
    .filter((d) => d.rule.endsWith("anyOf.widened") || d.rule.endsWith("anyOf.narrowed"))
    .map((d) => `${d.rule} ${d.severity}: ${d.message}`);

// The branch is shown with its keys sorted, whatever order the file wrote them in.
const named =
  'branch 2 of the anyOf in anyOf branch 2 (anyOf.2.anyOf.2: {"properties":{"x":{"type":"integer"}},"type":"object"})';

Deno.test("the walk names a branch added to a nested anyOf by where it stands and what it accepts", () => {
  assert.deepEqual(messages("input", before, after), [
    `tool.input.anyOf.widened NON_BREAKING: t.properties.v: ${named} was added`,
  ]);
  assert.deepEqual(messages("output", before, after), [
    `tool.output.anyOf.widened BREAKING: t.properties.v: ${named} was added`,
  ]);
});

Deno.test("the walk names a branch removed from a nested anyOf by where it stood and what it accepted", () => {
  assert.deepEqual(messages("input", after, before), [
    `tool.input.anyOf.narrowed BREAKING: t.properties.v: ${named} was removed`,
  ]);
  assert.deepEqual(messages("output", after, before), [
    `tool.output.anyOf.narrowed NON_BREAKING: t.properties.v: ${named} was removed`,
  ]);
});

Deno.test("the walk shows a branch the same whatever order its keys are written in", () => {
  // orq 3.12.1 → 3.14.45 read {"enum":[…],"type":"string"} or {"type":"string","enum":[…]} by
  // the file's key order: the same contracts gave two reports.
  const reordered = { properties: { x: { type: "integer" } }, type: "object" };
  const afterReordered = v({
    anyOf: [{ type: "string" }, { type: "number" }, { anyOf: [...inner, reordered] }],
  });
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(messages(side, before, afterReordered), messages(side, before, after));
    assert.deepEqual(messages(side, afterReordered, before), messages(side, after, before));
  }
});

Deno.test("a branch of a nested anyOf with a tag is named by its tag, one of the outer by its index", () => {
  const variant = (kind: string) => ({
    type: "object",
    properties: { kind: { const: kind } },
    required: ["kind"],
  });
  const a = v({ anyOf: [{ type: "null" }, { anyOf: [variant("text")] }] });
  const b = v({ anyOf: [{ type: "null" }, { anyOf: [variant("text"), variant("image")] }] });
  assert.deepEqual(messages("input", a, b), [
    'tool.input.anyOf.widened NON_BREAKING: t.properties.v: branch 1 of the anyOf in anyOf branch 1 (anyOf.1.anyOf.1: kind "image") was added',
  ]);
  assert.deepEqual(
    messages(
      "input",
      v({ anyOf: [{ type: "string" }] }),
      v({ anyOf: [{ type: "string" }, { type: "null" }] }),
    ),
    [
      "tool.input.anyOf.widened NON_BREAKING: t.properties.v: anyOf branch 1 (null) was added",
    ],
  );
});

Deno.test("a branch that accepts any value, added to a nested anyOf, is said to", () => {
  // dataforseo-mcp-server 2.8.6 → 2.9.11's filters items: {} added to anyOf [string, number].
  const a = v({ anyOf: [{ type: "null" }, { anyOf: [{ type: "string" }, { type: "number" }] }] });
  const b = v({
    anyOf: [{ type: "null" }, { anyOf: [{ type: "string" }, { type: "number" }, {}] }],
  });
  const named = "branch 2 of the anyOf in anyOf branch 1 (anyOf.1.anyOf.2: any value)";
  assert.deepEqual(messages("input", a, b), [
    `tool.input.anyOf.widened NON_BREAKING: t.properties.v: ${named} was added`,
  ]);
  assert.deepEqual(messages("input", b, a), [
    `tool.input.anyOf.narrowed BREAKING: t.properties.v: ${named} was removed`,
  ]);
});

/**
 * The variants of a discriminated union (objects told apart by a tag property held to one value)
 * are paired by that tag. They look alike otherwise, so when every variant changed a little
 * (mongodb-mcp-server 1.7.0 → 2.1.1 opened them and dropped their descriptions) the pairing tied
 * and the walk graded the union as a whole: the values were right, but the descriptions removed
 * inside went unreported.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { pairBranches } from "../../../core/schema/branches.ts";
import { fourWays } from "./_schema_helpers.ts";

const variant = (
  tag: JsonValue,
  args: Record<string, JsonValue>,
  closed: boolean,
): JsonValue => ({
  type: "object",
  properties: { name: { type: "string", ...(tag as object) }, arguments: { properties: args } },
  required: ["name", "arguments"],
  ...(closed ? { additionalProperties: false } : {}),
});
const items = (branches: JsonValue[]) => ({
  type: "object",
  properties: { m: { type: "array", items: { anyOf: branches } } },
});
const A = "properties.m.items.anyOf";

Deno.test("pairBranches() pairs the variants of a discriminated union by their tag", () => {
  const find = (d: JsonValue) => variant({ const: "find" }, { filter: d as JsonValue }, true);
  const count = (d: JsonValue) => variant({ const: "count" }, { query: d as JsonValue }, true);
  const old = [find({ description: "The filter" }), count({ description: "A query" })];
  const next = [count({}), find({})];
  assert.deepEqual(pairBranches(old, next), {
    pairs: [[1, 0], [0, 1]],
    added: [],
    removed: [],
    ambiguous: false,
  });
  // zod 3 writes the tag as a one-value enum: it pairs with zod 4's const.
  const zod3 = [variant({ enum: ["count"] }, { query: {} }, true), find({})];
  assert.deepEqual(pairBranches(old, zod3).pairs, [[1, 0], [0, 1]]);
});

Deno.test("diff reports what changed inside each variant of a discriminated union", () => {
  const old = items([
    variant({ const: "find" }, { filter: { type: "object", description: "The filter" } }, true),
    variant({ const: "count" }, { query: { type: "object", description: "A query" } }, true),
  ]);
  const next = items([
    variant({ const: "find" }, { filter: { type: "object" } }, false),
    variant({ const: "count" }, { query: { type: "object" } }, false),
  ]);
  const prose = (side: string) => [
    `tool.${side}.description.changed t.${side}Schema.${A}.0.properties.arguments.properties.filter.description POTENTIALLY_BREAKING`,
    `tool.${side}.description.changed t.${side}Schema.${A}.1.properties.arguments.properties.query.description POTENTIALLY_BREAKING`,
  ];
  const open = (side: string, effect: string, severity: string) =>
    [0, 1].map((i) =>
      `tool.${side}.additionalProperties.${effect} t.${side}Schema.${A}.${i}.additionalProperties ${severity}`
    );
  // Before: tool.input.anyOf.widened at the union (tool.output.anyOf.widened BREAKING), and no
  // description finding in either direction.
  assert.deepEqual(fourWays(old, next), {
    input: [...open("input", "widened", "NON_BREAKING"), ...prose("input")],
    inputReversed: [...open("input", "narrowed", "BREAKING"), ...prose("input")],
    output: [...open("output", "widened", "BREAKING"), ...prose("output")],
    outputReversed: [...open("output", "narrowed", "NON_BREAKING"), ...prose("output")],
  });
});

Deno.test("diff grades a changed type inside a paired variant changed, BREAKING both ways", () => {
  const old = items([
    variant({ const: "find" }, { limit: { type: "string", description: "How many" } }, true),
    variant({ const: "count" }, { query: { type: "object", description: "A query" } }, true),
  ]);
  const next = items([
    variant({ const: "find" }, { limit: { type: "number" } }, true),
    variant({ const: "count" }, { query: { type: "object" } }, true),
  ]);
  const found = fourWays(old, next);
  const limit = (side: string) => `t.${side}Schema.${A}.0.properties.arguments.properties.limit`;
  for (const [side, list] of [["input", found.input], ["output", found.output]] as const) {
    assert.ok(
      list.includes(`tool.${side}.type.changed ${limit(side)}.type BREAKING`),
      list.join("\n"),
    );
    assert.ok(
      list.includes(
        `tool.${side}.description.changed ${limit(side)}.description POTENTIALLY_BREAKING`,
      ),
      list.join("\n"),
    );
    assert.ok(!list.some((f) => f.includes(".anyOf.changed")), list.join("\n"));
  }
});

Deno.test("pairBranches() leaves a renamed tag to the likeness of the rest", () => {
  // find → search: no tag pairs the first variants, count pairs by its tag, and the rest pair by
  // likeness, so the walk reports the const changed rather than a union it cannot pair.
  const old = [
    variant({ const: "find" }, { a: {} }, true),
    variant({ const: "count" }, { b: {} }, true),
  ];
  const next = [
    variant({ const: "search" }, { a: {} }, true),
    variant({ const: "count" }, { b: {} }, true),
  ];
  assert.deepEqual(pairBranches(old, next).pairs, [[0, 0], [1, 1]]);
  assert.equal(pairBranches(old, next).ambiguous, false);
});

/**
 * A lone schema that became one branch of a union (or the reverse) is compared by the catch-all
 * with the branch the walk pairs it with: one whose type it shares, then the closest by types,
 * properties and tags. It took the branch holding most of its keywords with the same value, the
 * first on a tie: an object that became [external, internal] was compared with external and read
 * two properties removed, BREAKING on input (@orq-ai/node 3.12.1 → 3.14.45's knowledge-update),
 * and a boolean that became [null, [true]] read "types boolean became null".
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { catchAll, propertyChanges } from "./_schema_helpers.ts";

/** `rule path severity` of each finding when property `f` goes from a to b on `side`. */
function found(side: "input" | "output", a: JsonValue, b: JsonValue): string[] {
  return propertyChanges(side, "f", a, b)
    .map((c) => `${c.rule} ${c.path} ${c.severity}`).sort();
}

const variant = (names: string[], kind?: string) => ({
  type: "object",
  additionalProperties: false,
  properties: {
    ...Object.fromEntries(names.map((n) => [n, { type: "string" }])),
    ...kind === undefined ? {} : { kind: { enum: [kind], type: "string" } },
  },
});
const lone = variant(["embedding", "path"]);
const union = {
  anyOf: [variant(["external", "path"], "external"), variant(["embedding", "path"], "internal")],
};
const at = "t.inputSchema.properties.f";

Deno.test("diff compares an object that became a tagged union with the branch holding its properties", () => {
  assert.deepEqual(found("input", lone, union), [
    `tool.input.anyOf.widened ${at}.anyOf NON_BREAKING`,
    `tool.input.property.added ${at}.anyOf.1.properties.kind NON_BREAKING`,
  ]);
  // The reverse: the union narrowed to its internal branch, which lost its tag.
  assert.deepEqual(found("input", union, lone), [
    `tool.input.anyOf.narrowed ${at}.anyOf BREAKING`,
    `tool.input.property.removed ${at}.anyOf.1.properties.kind BREAKING`,
  ]);
  const out = "t.outputSchema.properties.f";
  assert.deepEqual(found("output", lone, union), [
    `tool.output.anyOf.widened ${out}.anyOf BREAKING`,
    `tool.output.property.added ${out}.anyOf.1.properties.kind POTENTIALLY_BREAKING`,
  ]);
  assert.deepEqual(found("output", union, lone), [
    `tool.output.anyOf.narrowed ${out}.anyOf NON_BREAKING`,
    `tool.output.property.removed ${out}.anyOf.1.properties.kind BREAKING`,
  ]);
});

Deno.test("catchAllDiff() pairs a lone schema with no branch whose types it does not share", () => {
  const deltas = (a: JsonValue, b: JsonValue) =>
    catchAll(a, b).map((d) => `${d.path} ${d.rule} ${d.severity}`);
  const nullable = {
    anyOf: [{ type: "null" }, { anyOf: [{ type: "boolean", const: true }] }],
  };
  // false is no longer accepted: narrowed at the const, not "boolean became null".
  assert.deepEqual(deltas({ type: "boolean" }, nullable), [
    "t.anyOf.0 tool.input.keyword.widened NON_BREAKING",
    "t.anyOf.1.anyOf.0.const tool.input.keyword.narrowed BREAKING",
  ]);
  assert.deepEqual(found("input", { type: "boolean" }, nullable), [
    `tool.input.anyOf.widened ${at}.anyOf NON_BREAKING`,
    `tool.input.enum.narrowed ${at}.anyOf.1.anyOf.0.const BREAKING`,
  ]);
});

Deno.test("catchAllDiff() keeps the first branch on a tie, and reads the others added beside it", () => {
  // Two branches equally close (each gained another property): the first is compared in place.
  const object = (extra: Record<string, JsonValue>) => ({
    type: "object",
    properties: { a: { type: "string" }, ...extra },
  });
  const deltas = catchAll(object({}), {
    anyOf: [object({ b: { type: "string" } }), object({ c: { type: "string" } })],
  }).map((d) => `${d.path} ${d.rule} ${d.severity}`);
  assert.deepEqual(deltas, [
    "t.anyOf.1 tool.input.keyword.widened NON_BREAKING",
    "t.anyOf.0.properties.b tool.input.keyword.widened NON_BREAKING",
  ]);
});

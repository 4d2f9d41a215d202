/**
 * Two unions of different lengths whose branches pair one to one, one of them changed in a way
 * the subsumption proof does not settle (a property added, which it refuses to hide): the
 * catch-all compares the pairs in place and reads the branches left over as added or removed,
 * as the walk does. It read "neither set of branches accepts every value of the other", BREAKING
 * on input, beside the walk's anyOf.widened and property.added (@orq-ai/node 3.12.1 → 3.14.45).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { catchAll, propertyChanges } from "./_schema_helpers.ts";

/** `rule path severity` of each finding when property `f` goes from a to b on `side`. */
function found(side: "input" | "output", a: JsonValue, b: JsonValue): string[] {
  return propertyChanges(side, "f", a, b)
    .map((c) => `${c.rule} ${c.path} ${c.severity}`).sort();
}

const closed = (extra: Record<string, JsonValue> = {}) => ({
  type: "object",
  additionalProperties: false,
  properties: { k: { type: "string" }, ...extra },
});
const before = { anyOf: [closed(), { type: "number" }] };
const after = {
  anyOf: [closed({ d: { type: "string" } }), { type: "number" }, { type: "string" }],
};
const at = "t.inputSchema.properties.f";

Deno.test("diff reads a branch added beside a branch that gained a property as both, on input", () => {
  assert.deepEqual(found("input", before, after), [
    `tool.input.anyOf.widened ${at}.anyOf NON_BREAKING`,
    `tool.input.property.added ${at}.anyOf.0.properties.d NON_BREAKING`,
  ]);
  // Removed: the branch and the property each narrow what a call may send.
  assert.deepEqual(found("input", after, before), [
    `tool.input.anyOf.narrowed ${at}.anyOf BREAKING`,
    `tool.input.property.removed ${at}.anyOf.0.properties.d BREAKING`,
  ]);
});

Deno.test("diff reads a branch added beside a branch that gained a property as both, on output", () => {
  const out = "t.outputSchema.properties.f";
  assert.deepEqual(found("output", before, after), [
    `tool.output.anyOf.widened ${out}.anyOf BREAKING`,
    `tool.output.property.added ${out}.anyOf.0.properties.d POTENTIALLY_BREAKING`,
  ]);
  assert.deepEqual(found("output", after, before), [
    `tool.output.anyOf.narrowed ${out}.anyOf NON_BREAKING`,
    `tool.output.property.removed ${out}.anyOf.0.properties.d BREAKING`,
  ]);
});

Deno.test("catchAllDiff() compares the paired branches in place and grades the union by the ones left", () => {
  const deltas = (a: JsonValue, b: JsonValue) =>
    catchAll(a, b).map((d) => `${d.path} ${d.rule} ${d.severity}`);
  assert.deepEqual(deltas(before, after), [
    "t.anyOf tool.input.keyword.widened NON_BREAKING",
    "t.anyOf.0.properties.d tool.input.keyword.widened NON_BREAKING",
  ]);
  assert.deepEqual(deltas(after, before), [
    "t.anyOf tool.input.keyword.narrowed BREAKING",
    "t.anyOf.0.properties.d tool.input.keyword.changed BREAKING",
  ]);
  // A lone branch facing two: the same.
  const one = { anyOf: [closed()] };
  const two = { anyOf: [closed({ d: { type: "string" } }), { type: "string" }] };
  assert.deepEqual(deltas(one, two), [
    "t.anyOf tool.input.keyword.widened NON_BREAKING",
    "t.anyOf.0.properties.d tool.input.keyword.widened NON_BREAKING",
  ]);
});

Deno.test("diff keeps a oneOf whose added branch may overlap another changed, undecided", () => {
  // {type: object} overlaps the closed object: a value both accept now fails the oneOf.
  const a = { oneOf: [closed()] };
  const b = { oneOf: [closed({ d: { type: "string" } }), { type: "object" }] };
  assert.deepEqual(found("input", a, b), [
    `tool.input.oneOf.changed ${at}.oneOf BREAKING`,
    `tool.input.property.added ${at}.oneOf.0.properties.d NON_BREAKING`,
  ]);
  // Disjoint branches: as with anyOf.
  const c = { oneOf: [closed(), { type: "number" }] };
  const d = { oneOf: [closed({ d: { type: "string" } }), { type: "number" }, { type: "string" }] };
  assert.deepEqual(found("input", c, d), [
    `tool.input.oneOf.widened ${at}.oneOf NON_BREAKING`,
    `tool.input.property.added ${at}.oneOf.0.properties.d NON_BREAKING`,
  ]);
});

Deno.test("diff keeps branches that do not pair one to one changed", () => {
  // Two alike branches for one: the pairing is ambiguous, so the union as a whole is graded.
  const a = { anyOf: [closed()] };
  const b = {
    anyOf: [closed({ d: { type: "string" } }), closed({ e: { type: "string" } })],
  };
  const deltas = catchAll(a, b).map((d) => `${d.path} ${d.rule} ${d.severity}`);
  assert.deepEqual(deltas, ["t.anyOf tool.input.keyword.changed BREAKING"]);
});

Deno.test("diff reads a union that moved into an anyOf beside null as its branches, one of them changed", () => {
  // zod's nullable union: anyOf [string, array] → anyOf [anyOf [string, array'], null], the
  // array's items gaining an optional property. Compared in order, the array met null.
  const items = (extra: Record<string, JsonValue> = {}) => ({
    type: "array",
    items: closed(extra),
  });
  const old = { anyOf: [{ type: "string" }, items()] };
  const next = {
    anyOf: [{ anyOf: [{ type: "string" }, items({ d: { type: "string" } })] }, { type: "null" }],
  };
  const d = "anyOf.0.anyOf.1.items.properties.d";
  assert.deepEqual(found("input", old, next), [
    `tool.input.anyOf.widened ${at}.anyOf NON_BREAKING`,
    `tool.input.property.added ${at}.${d} NON_BREAKING`,
  ]);
  assert.deepEqual(found("input", next, old), [
    `tool.input.anyOf.narrowed ${at}.anyOf BREAKING`,
    `tool.input.property.removed ${at}.anyOf.1.items.properties.d BREAKING`,
  ]);
  const out = "t.outputSchema.properties.f";
  assert.deepEqual(found("output", old, next), [
    `tool.output.anyOf.widened ${out}.anyOf BREAKING`,
    `tool.output.property.added ${out}.${d} POTENTIALLY_BREAKING`,
  ]);
  assert.deepEqual(found("output", next, old), [
    `tool.output.anyOf.narrowed ${out}.anyOf NON_BREAKING`,
    `tool.output.property.removed ${out}.anyOf.1.items.properties.d BREAKING`,
  ]);
  // The null branch first: the same.
  const first = { anyOf: [{ type: "null" }, next.anyOf[0]!] };
  assert.deepEqual(found("input", old, first), [
    `tool.input.anyOf.widened ${at}.anyOf NON_BREAKING`,
    `tool.input.property.added ${at}.anyOf.1.anyOf.1.items.properties.d NON_BREAKING`,
  ]);
});

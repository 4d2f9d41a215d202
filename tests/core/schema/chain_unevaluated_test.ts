/**
 * A `$ref` chain where more than one link carries an unevaluatedProperties that constrains
 * (draft 2020-12). Each one sees what its own link and the links its `$ref` reaches evaluate,
 * so the deepest one evaluates every name left in its reach and the outer ones never apply: a
 * property added after the deepest link is added to an object that link closed. It read
 * property.changed, BREAKING on both sides ("several links of the reference chain have
 * unevaluatedProperties"). A link before the deepest one is not in its reach: undecided still.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays } from "./_schema_helpers.ts";

const D2020 = "https://json-schema.org/draft/2020-12/schema";
/** Root → A → B, the root and A closed by unevaluatedProperties false. */
const chain = (b: JsonObject, root: JsonObject = {}): JsonValue => ({
  $schema: D2020,
  type: "object",
  $ref: "#/$defs/A",
  unevaluatedProperties: false,
  ...root,
  $defs: {
    A: { $ref: "#/$defs/B", properties: { a: { type: "string" } }, unevaluatedProperties: false },
    B: b,
  },
});
const valid = (schema: JsonValue, value: JsonValue) =>
  checkOf(schema, "2020-12")!.failures(value).length === 0;

Deno.test("diff grades a property added past every closing link of a reference chain as added to a closed object", () => {
  const old = chain({ properties: { b: { type: "string" } } });
  const next = chain({ properties: { b: { type: "string" }, c: { type: "integer" } } });
  const at = (side: string) => `t.${side}Schema.properties.c`;
  assert.deepEqual(fourWays(old, next), {
    input: [`tool.input.property.added ${at("input")} NON_BREAKING`],
    inputReversed: [`tool.input.property.removed ${at("input")} BREAKING`],
    output: [`tool.output.property.added ${at("output")} POTENTIALLY_BREAKING`],
    outputReversed: [`tool.output.property.removed ${at("output")} BREAKING`],
  });
  // ajv (2020-12): {c: 1} rejected before (A closes it), accepted now; other values alike.
  assert.deepEqual([valid(old, { c: 1 }), valid(next, { c: 1 })], [false, true]);
  for (const value of [{ a: "x", b: "y" }, { c: "s" }, { z: 1 }]) {
    assert.equal(valid(old, value), valid(next, value), JSON.stringify(value));
  }
});

Deno.test("diff still cannot tell what a link before the deepest closing one governs", () => {
  // z on the root: A, deeper, does not see it and rejects it whatever the root says, which the
  // root's keywords alone do not show.
  const b = { properties: { b: { type: "string" } } };
  const old = chain(b, { properties: { y: {} } });
  const next = chain(b, { properties: { y: {}, z: { type: "string" } } });
  const found = fourWays(old, next);
  for (const list of Object.values(found)) {
    assert.ok(list.length > 0 && list.every((f) => f.endsWith(" BREAKING")), `${list}`);
  }
  // ajv: z is rejected on both sides (A closes the object to it).
  assert.deepEqual([valid(old, { z: "s" }), valid(next, { z: "s" })], [false, false]);
});

Deno.test("diff grades a property a link adds beside a deeper link's declaration by the two meeting, whatever an outer unevaluatedProperties says", () => {
  // Root (unevaluatedProperties string) → A → B, B declaring x: integer. x: {minimum: 0} added to
  // A meets B's integer: fewer values. The root's unevaluatedProperties does not govern x (B
  // evaluates it), but read from its keywords alone it seemed to, the two meetings both accepted
  // nothing, and the walk said property.added, NON_BREAKING on input (the catch-all's $defs
  // verdict kept the grade).
  const at = (x: JsonObject | undefined): JsonValue => ({
    $schema: D2020,
    type: "object",
    $ref: "#/$defs/A",
    unevaluatedProperties: { type: "string" },
    $defs: {
      A: { $ref: "#/$defs/B", properties: { a: {}, ...x && { x } } },
      B: { properties: { x: { type: "integer" } } },
    },
  });
  const [old, next] = [at(undefined), at({ minimum: 0 })];
  const p = (side: string) => `t.${side}Schema.properties.x`;
  assert.deepEqual(fourWays(old, next), {
    input: [`tool.input.allOf.narrowed ${p("input")} BREAKING`],
    // Still declared in B: only what A said of its values went.
    inputReversed: [`tool.input.allOf.widened ${p("input")} NON_BREAKING`],
    output: [`tool.output.allOf.narrowed ${p("output")} NON_BREAKING`],
    outputReversed: [`tool.output.allOf.widened ${p("output")} BREAKING`],
  });
  assert.deepEqual([valid(old, { x: -1 }), valid(next, { x: -1 })], [true, false]);
});

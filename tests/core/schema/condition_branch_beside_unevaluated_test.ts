/**
 * A then or else written on one side only beside an unevaluated keyword that reads what it marks
 * evaluated both constrains where it applies and lets those names or items past that keyword:
 * `{type: object, properties: {a: {}}, if: {required: [a]}, unevaluatedProperties: false}`
 * gaining `then: {properties: {b: {}}}` accepts `{a: 1, b: 1}` only after (@hyperjump/json-schema,
 * 2019-09 and 2020-12), a widening, yet it read then.narrowed, NON_BREAKING on output (a missed
 * break) and BREAKING on input. The subsumption proof of the whole object grades it now.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { fourWays, narrowedFourWays, sameFourWays, widenedFourWays } from "./_schema_helpers.ts";

/** A closed object declaring a, with the conditional keywords `more`. */
const closed = (more: Record<string, JsonValue>) => ({
  type: "object",
  properties: { a: {} },
  if: { required: ["a"] },
  unevaluatedProperties: false,
  ...more,
});
const declares = { properties: { b: {} } };

Deno.test("diff reads a then or else that only marks names beside unevaluatedProperties, added, as widening", () => {
  assert.deepEqual(
    fourWays(closed({}), closed({ then: declares })),
    widenedFourWays("then", "then"),
  );
  // A typed name: {a: 1, b: "x"} accepted after only.
  assert.deepEqual(
    fourWays(closed({}), closed({ then: { properties: { b: { type: "string" } } } })),
    widenedFourWays("then", "then"),
  );
  // An else beside a then: {b: 1} accepted after only.
  const then = { then: { required: ["c"] } };
  assert.deepEqual(
    fourWays(closed(then), closed({ ...then, else: declares })),
    widenedFourWays("else", "else"),
  );
  // The conditional added as a whole.
  const { if: _, ...bare } = closed({});
  assert.deepEqual(
    fourWays(bare, closed({ then: declares })),
    widenedFourWays("if", "if"),
  );
  // prefixItems beside unevaluatedItems: [1, 2] accepted after only.
  const tuple = (more: Record<string, JsonValue>) => ({
    type: "array",
    prefixItems: [{}],
    if: { minItems: 2 },
    unevaluatedItems: false,
    ...more,
  });
  assert.deepEqual(
    fourWays(tuple({}), tuple({ then: { prefixItems: [{}, {}] } })),
    widenedFourWays("then", "then"),
  );
});

Deno.test("diff reads a then beside unevaluatedProperties that constrains and marks names, or may, as changed", () => {
  // {a: 1} rejected after, {a: 1, b: 1} accepted after only.
  const changed = sameFourWays("then.changed", "then", "BREAKING");
  assert.deepEqual(
    fourWays(closed({}), closed({ then: { ...declares, required: ["b"] } })),
    changed,
  );
  // Undecidable: a reference Proxar cannot follow (here it names properties b, a widening).
  const named = { $defs: { q: { $anchor: "named", ...declares } } };
  assert.deepEqual(
    fourWays(closed(named), closed({ ...named, then: { $ref: "#named" } })),
    changed,
  );
});

Deno.test("diff still reads a then that marks nothing the keyword beside it reads, added, as narrowing", () => {
  // required alone marks no name; with no unevaluated keyword a then is a conjunct.
  assert.deepEqual(
    fourWays(closed({}), closed({ then: { required: ["b"] } })),
    narrowedFourWays("then", "then"),
  );
  const { unevaluatedProperties: _, ...open } = closed({});
  assert.deepEqual(
    fourWays(open, { ...open, then: { properties: { b: { type: "string" } } } }),
    narrowedFourWays("then", "then"),
  );
});

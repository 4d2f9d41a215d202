/**
 * A dependent schema written on one side only beside an unevaluated keyword that reads what it
 * marks evaluated is graded as a then or else is there: `{type: object, properties: {a: {}},
 * unevaluatedProperties: false}` gaining `dependentSchemas: {a: {properties: {b: {}}}}` accepts
 * `{a: 1, b: 1}` after only (@hyperjump/json-schema, 2019-09 and 2020-12), yet it read
 * dependentSchemas.narrowed, NON_BREAKING on output (a missed break), and removed
 * dependentSchemas.widened, NON_BREAKING on input (a missed break).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { fourWays, narrowedFourWays, sameFourWays } from "./_schema_helpers.ts";

/** A closed object declaring a, with `more`. */
const closed = (more: Record<string, JsonValue> = {}) => ({
  type: "object",
  properties: { a: {} },
  unevaluatedProperties: false,
  ...more,
});
const narrowed = narrowedFourWays("dependentSchemas", "dependentSchemas");
const entry = (schema: JsonValue) => ({ dependentSchemas: { a: schema } });

Deno.test("diff reads a dependent schema that only marks names beside unevaluatedProperties, removed, as narrowing", () => {
  const declares = entry({ properties: { b: {} } });
  assert.deepEqual(fourWays(closed(declares), closed()), narrowed);
  // An entry beside another.
  const other = { c: { required: ["a"] } };
  assert.deepEqual(
    fourWays(
      closed({ dependentSchemas: { ...other, a: { properties: { b: {} } } } }),
      closed({ dependentSchemas: other }),
    ),
    narrowed,
  );
});

Deno.test("diff reads a dependent schema beside unevaluatedProperties that constrains and marks names, or may, as changed", () => {
  const changed = sameFourWays("dependentSchemas.changed", "dependentSchemas", "BREAKING");
  // {a: 1} rejected after, {a: 1, b: 1} accepted after only.
  assert.deepEqual(
    fourWays(closed(), closed(entry({ properties: { b: {} }, required: ["b"] }))),
    changed,
  );
  // Undecidable: a reference Proxar cannot follow (here it names properties b, a widening).
  const named = { $defs: { q: { $anchor: "named", properties: { b: {} } } } };
  assert.deepEqual(
    fourWays(closed(named), closed({ ...named, ...entry({ $ref: "#named" }) })),
    changed,
  );
});

Deno.test("diff still reads a dependent schema that marks nothing the keyword beside it reads, added, as narrowing", () => {
  assert.deepEqual(fourWays(closed(), closed(entry({ required: ["b"] }))), narrowed);
  const { unevaluatedProperties: _, ...open } = closed();
  assert.deepEqual(
    fourWays(open, { ...open, ...entry({ properties: { b: { type: "string" } } }) }),
    narrowed,
  );
});

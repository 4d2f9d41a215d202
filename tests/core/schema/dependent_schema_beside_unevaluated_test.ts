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
import {
  catchAll,
  fourWays,
  narrowedFourWays,
  sameFourWays,
  widenedFourWays,
} from "./_schema_helpers.ts";

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

Deno.test("diff reads a dependent schema beside unevaluatedProperties that constrains only names it lets in, added, as widening", () => {
  // {a: 1, b: "x"} accepted after only; {a: 1, b: 1} rejected both ways, b being unevaluated
  // before and not a string after (@hyperjump/json-schema, 2019-09 and 2020-12). Every value
  // the old schema accepts meets the entry, so it holds wherever it applies: it read
  // dependentSchemas.changed, BREAKING on both sides (a false break on input).
  const typed = entry({ properties: { b: { type: "string" } } });
  assert.deepEqual(
    fourWays(closed(), closed(typed)),
    widenedFourWays("dependentSchemas", "dependentSchemas"),
  );
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(catchAll(closed(), closed(typed), { side }).map((d) => d.rule), [
      `tool.${side}.keyword.widened`,
    ]);
  }
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

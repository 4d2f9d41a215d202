/**
 * An allOf branch wrapped in `anyOf [_, null]` inside definitions that loop (B → A → B): the
 * proof for the whole allOf, asked with the seed's property conventions, compares the names its
 * two sides declare, and read those of a union's branches without following a `$ref`, so C's
 * names behind `anyOf [{$ref C}, null]` counted on one side only (validator oracle, chain pairs).
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, widenedFourWays } from "./_schema_helpers.ts";

const ref = (name: string) => ({ $ref: `#/definitions/${name}` });

/** A root whose property `a` reaches B through A, B's first allOf branch `first`. */
const root = (first: JsonValue, c: JsonValue, second: JsonValue = { items: ref("A") }) => ({
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  properties: { a: { anyOf: [ref("A")] } },
  definitions: { A: { items: ref("B") }, B: { allOf: [first, second] }, C: c },
});
/** The pair: B's first branch C, then C beside null. */
const pair = (c: JsonValue, second?: JsonValue): [JsonObject, JsonObject] => [
  root(ref("C"), c, second),
  root({ anyOf: [ref("C"), { type: "null" }] }, c, second),
];
const NONE = { input: [], inputReversed: [], output: [], outputReversed: [] };

Deno.test("diff finds nothing when a branch that accepts every value gains null in a loop", () => {
  // C accepts every value (null too): both roots accept exactly the same values.
  const [old, next] = pair({ properties: { z: {} } });
  for (const value of [{ a: [null] }, { a: [[{ z: 1 }]] }, { a: [[[]], 3] }]) {
    assert.equal(checkOf(old, "draft-07")!.valid(value), checkOf(next, "draft-07")!.valid(value));
  }
  // It read allOf.narrowed BREAKING on input ("allOf branch 0 was added") and allOf.widened
  // BREAKING on output reversed.
  assert.deepEqual(fourWays(old, next), NONE);
  // Without the loop (B's other branch a string's array) it read allOf.widened, BREAKING on
  // input reversed and output.
  assert.deepEqual(
    fourWays(...pair({ properties: { z: {} } }, { items: { type: "string" } })),
    NONE,
  );
});

/** `X` → `anyOf [X, null]` as B's first allOf branch, graded with `key` at `at` below `a`. */
const widened = (key: string, at: string) =>
  widenedFourWays(key, `properties.a.anyOf.0.items.${at}`);

Deno.test("diff grades null added to an object's branch in a loop by the variance", () => {
  const [old, next] = pair({ type: "object", properties: { z: {} } });
  // Null is now an item of `a`: lost on input reversed (and gained on output).
  const value = { a: [null] };
  assert.equal(checkOf(old, "draft-07")!.valid(value), false);
  assert.equal(checkOf(next, "draft-07")!.valid(value), true);
  // It read both allOf.narrowed and allOf.widened, a BREAKING in each direction.
  assert.deepEqual(fourWays(old, next), widened("allOf", "allOf"));
});

Deno.test("diff grades a branch it cannot read wrapped in a nullable anyOf in a loop", () => {
  // C is a remote schema and a property: what it accepts is not known here, yet C within anyOf
  // [C, null] is, whatever C holds.
  const c = { $ref: "https://example.com/c.json", properties: { z: {} } };
  const [old, next] = pair(c);
  assert.deepEqual(fourWays(old, next), widened("anyOf", "allOf.0.anyOf"));
  // Changed into another remote schema, the branch keeps a BREAKING finding every way.
  const other = root({ anyOf: [{ $ref: "https://example.com/d.json" }, { type: "null" }] }, c);
  for (const [way, lines] of Object.entries(fourWays(old, other))) {
    assert.ok(lines.some((line) => line.endsWith(" BREAKING")), `${way}: ${lines.join(", ")}`);
    assert.ok(lines.some((line) => /\.allOf\.narrowed /.test(line)), way);
  }
});

/**
 * A `not` of a schema that rejects every value accepts every value ({not: {not: {}}},
 * {not: false}, {not: {anyOf: [false]}}), and {not: {not: X}} accepts what X accepts: both
 * differs read them so, a few levels deep, as ajv does in draft-07 and 2020-12. They read
 * not.narrowed BREAKING on input ({} → {not: {not: {}}}) and, for other names, governed the
 * name (the proof cannot decide `not`).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { catchAllDiff } from "../../../core/schema/catch_all.ts";
import { FACET_OF } from "../../../core/schema/types.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, NOTHING_FOUR_WAYS, removedFourWays, schemaFindings } from "./_schema_helpers.ts";

const NN = (x: JsonValue): JsonValue => ({ not: { not: x } });
const EVERY: JsonValue[] = [
  NN({}),
  NN(true),
  NN({ description: "any" }),
  { not: false },
  { not: { anyOf: [false] } },
  NN(NN({})),
];
const obj = (more: Record<string, JsonValue>) => ({ type: "object", ...more });
const valid = (schema: JsonValue, value: JsonValue, dialect: "draft-07" | "2020-12") =>
  checkOf(schema, dialect)!.failures(value).length === 0;

Deno.test("diff reads a not of a schema that rejects every value as accepting every value", () => {
  for (const every of EVERY) {
    const what = JSON.stringify(every);
    for (const dialect of ["draft-07", "2020-12"] as const) {
      for (const value of ["s", 5, null, [1], { k: 1 }, true]) {
        assert.equal(valid(every, value, dialect), true, `${what} ${dialect}`);
      }
    }
    // As a property's schema: no change ({} → it read not.narrowed, BREAKING on input); the
    // description inside one is the property's, compared as such.
    const x = (s: JsonValue) => obj({ properties: { x: s } });
    const plain = what.includes("description") ? { description: "any" } : {};
    assert.deepEqual(fourWays(x(plain), x(every)), NOTHING_FOUR_WAYS, what);
    // For other names: it governs none, as {} (x removed beside it read POTENTIALLY_BREAKING
    // on input, beside not.narrowed and type.widened).
    const beside = (more: Record<string, JsonValue>) =>
      fourWays(
        obj({ properties: { a: {}, x: { type: "string" } }, ...more }),
        obj({ properties: { a: {} }, ...more }),
      );
    assert.deepEqual(
      beside({ additionalProperties: every }),
      removedFourWays("properties.x"),
      what,
    );
    assert.deepEqual(
      beside({ patternProperties: { "^x$": every } }),
      removedFourWays("properties.x"),
    );
    // The catch-all differ reads it so too.
    const known = new Set(Object.keys(FACET_OF));
    for (const side of ["input", "output"] as const) {
      assert.deepEqual(
        catchAllDiff({}, every, { side, basePath: "t", basePointer: "", known }),
        [],
      );
    }
  }
});

Deno.test("diff compares X of {not: {not: X}} where it is written", () => {
  const x = (s: JsonValue) => obj({ properties: { x: s } });
  const s = { type: "string" };
  // Read not.narrowed BREAKING with type.widened on input though ajv accepts the same values.
  assert.deepEqual(fourWays(x(s), x(NN(s))), NOTHING_FOUR_WAYS);
  assert.deepEqual(fourWays(x(NN(s)), x(NN(NN(s)))), NOTHING_FOUR_WAYS);
  assert.deepEqual(fourWays(x({ not: s }), x({ not: NN(s) })), NOTHING_FOUR_WAYS);
  for (const value of ["s", 5]) {
    for (const dialect of ["draft-07", "2020-12"] as const) {
      assert.equal(valid(x(s), { x: value }, dialect), valid(x(NN(s)), { x: value }, dialect));
    }
  }
  // What X says is graded as X's change, at its place.
  const narrowed = fourWays(x(NN(s)), x(NN({ ...s, minLength: 1 })));
  assert.deepEqual(narrowed.input, [
    "tool.input.minLength.narrowed t.inputSchema.properties.x.minLength BREAKING",
  ]);
  const [change] = schemaFindings("input", x(s), x(NN({ type: "integer" })));
  assert.equal(change, "tool.input.type.changed t.inputSchema.properties.x.type BREAKING");
});

Deno.test("diff reads a not of not beside other keywords as written", () => {
  // Bounded: only a not with nothing beside it at either level is unwrapped; a `not` the
  // reading cannot decide still constrains (not.narrowed, BREAKING on input).
  const x = (s: JsonValue) => obj({ properties: { x: s } });
  const undecided = { not: { type: "string", not: { type: "string" } } };
  assert.deepEqual(schemaFindings("input", x({}), x(undecided)), [
    "tool.input.not.narrowed t.inputSchema.properties.x.not BREAKING",
  ]);
  for (const dialect of ["draft-07", "2020-12"] as const) {
    assert.equal(valid(undecided, 5, dialect), true);
  }
});

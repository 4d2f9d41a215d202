/**
 * A conjunct the other side holds as written (equal, or a branch of a union there) needs no
 * proof of its parts. Definitions that refer to one another write such conjuncts twice, behind
 * references to `true`, or as a union branch that is itself a conjunction, and the proof took
 * them apart first, found a part in no branch, and read a pure widening as narrowed (validator
 * oracle, chain pairs, seed 51).
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays } from "./_schema_helpers.ts";

const ref = (name: string) => ({ $ref: `#/$defs/${name}` });
const nullable = (x: JsonValue) => ({ anyOf: [x, { type: "null" }] });
const root = (a: JsonValue, defs: JsonObject) => ({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: { a },
  $defs: defs,
});
const NONE = { input: [], inputReversed: [], output: [], outputReversed: [] };

/** Whether ajv (2020-12) reads `value` alike under both schemas. */
const alike = (old: JsonValue, next: JsonValue, value: JsonValue) =>
  checkOf(old, "2020-12")!.valid(value) === checkOf(next, "2020-12")!.valid(value);

Deno.test("diff reads a definition referred to twice in a conjunction as one conjunct", () => {
  // A accepts every value: allOf [A, A] and allOf [A, anyOf [A, null]] too. Taken apart, the
  // copy of A left beside its own branches asked the same question again, which fails at once:
  // anyOf.narrowed, BREAKING on input.
  const defs = { A: { anyOf: [true] } };
  const old = root({ anyOf: [{ allOf: [ref("A"), ref("A")] }] }, defs);
  const next = root({ anyOf: [{ allOf: [ref("A"), nullable(ref("A"))] }] }, defs);
  for (const value of [null, 1, { a: [] }]) assert.ok(alike(old, next, { a: value }));
  assert.deepEqual(fourWays(old, next), NONE);
});

Deno.test("diff finds a conjunction within a union branch whose conjuncts it holds", () => {
  // A is B beside a oneOf whose branches overlap (it rejects null), so allOf [B, A] lies within
  // allOf [B, anyOf [A, null]] conjunct by conjunct, and the rest adds null, which B accepts and
  // the nullable union around both already did: the same values. It read allOf.narrowed beside
  // allOf.widened, a BREAKING every way.
  const defs = {
    A: {
      allOf: [ref("B"), { oneOf: [{ properties: { id: { type: "null" } } }, { type: "null" }] }],
    },
    B: { required: ["z"] },
  };
  const old = root(nullable({ allOf: [ref("B"), ref("A")] }), defs);
  const next = root(nullable({ allOf: [ref("B"), nullable(ref("A"))] }), defs);
  for (const value of [null, { z: 1 }, { z: 1, id: null }, { z: 1, id: 2 }, {}]) {
    assert.ok(alike(old, next, { a: value }), JSON.stringify(value));
  }
  assert.deepEqual(fourWays(old, next), NONE);
});

Deno.test("diff grades a conjunction become a nullable union's branch by the variance", () => {
  // C accepts every value (a oneOf of not-null and null), so the old a is an array, and the new
  // one also null. The catch-all's proof took allOf [array, anyOf [A, x, C]] apart before asking
  // whether the new branch holds it, lost the anyOf it had to find there, and read "anyOf
  // added" narrowed, keyword.changed BREAKING on input and on output reversed.
  const defs = {
    A: { type: "null" },
    B: { type: "array" },
    C: { oneOf: [{ oneOf: [{ anyOf: [{ not: ref("D") }] }, { type: "null" }] }] },
    D: { type: "null" },
  };
  const either = { anyOf: [ref("A"), { const: "x" }, ref("C")] };
  const old = root({ allOf: [ref("B"), either] }, defs);
  const next = root(nullable({ allOf: [nullable(ref("B")), either] }), defs);
  // Null is lost on input reversed (and gained on output).
  assert.equal(checkOf(old, "2020-12")!.valid({ a: null }), false);
  assert.equal(checkOf(next, "2020-12")!.valid({ a: null }), true);
  const at = (side: string) => `t.${side}Schema.properties.a.anyOf`;
  const both = (side: string, effect: string, severity: string) => [
    `tool.${side}.allOf.${effect} ${at(side)}.0.allOf ${severity}`,
    `tool.${side}.anyOf.${effect} ${at(side)} ${severity}`,
  ];
  assert.deepEqual(fourWays(old, next), {
    input: both("input", "widened", "NON_BREAKING"),
    inputReversed: both("input", "narrowed", "BREAKING"),
    output: both("output", "widened", "BREAKING"),
    outputReversed: both("output", "narrowed", "NON_BREAKING"),
  });
});

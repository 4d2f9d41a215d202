/**
 * A conjunct written apart from the keywords beside it (an allOf branch, X of `not: {not: X}`)
 * is read merged into them where the two sides write it otherwise: `{type: string, allOf:
 * [{minLength: 1}]}` → `{type: string, minLength: 1}` read minLength.narrowed, BREAKING on input,
 * and `{type: string, minLength: 1}` ↔ `{type: string, not: {not: {minLength: 1}}}` not.narrowed
 * one way and minLength.narrowed the other, though ajv (draft-07 and 2020-12) accepts the same
 * values under each. A real change inside the conjunct stays graded, named where it is written;
 * a conjunct that does not assert alone (additionalProperties beside properties it does not see,
 * a `$ref`) is compared as before.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { mergedConjuncts } from "../../../core/schema/_merged_conjuncts.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, narrowedFourWays, NOTHING_FOUR_WAYS, schemaChanges } from "./_schema_helpers.ts";

const x = (schema: JsonValue) => ({ type: "object", properties: { x: schema } });
const DIALECTS = ["draft-07", "2020-12"] as const;
const SAMPLES: JsonValue[] = ["", "a", "ab", "abc", 3, null, {}, { a: 1 }, { a: "s" }, { b: 1 }, [
  1,
], ["a", "b"]];

/** Whether ajv accepts the same samples under `a` and `b` in both dialects. */
function sameValues(a: JsonValue, b: JsonValue): boolean {
  return DIALECTS.every((d) =>
    SAMPLES.every((v) =>
      (checkOf(a, d)!.failures(v).length === 0) === (checkOf(b, d)!.failures(v).length === 0)
    )
  );
}

const NN = (s: JsonValue): JsonValue => ({ not: { not: s } });
const obj = { type: "object", properties: { a: { type: "string" } } };

/** Pairs of schemas that accept the same values, one writing a conjunct apart. */
const EQUAL: [JsonValue, JsonValue][] = [
  [{ type: "string", allOf: [{ minLength: 1 }] }, { type: "string", minLength: 1 }],
  [{ type: "string", minLength: 1 }, { type: "string", ...NN({ minLength: 1 }) as object }],
  [{ type: "string", allOf: [{ minLength: 1 }] }, {
    type: "string",
    ...NN({ minLength: 1 }) as object,
  }],
  [{ ...obj, allOf: [{ required: ["a"] }] }, { ...obj, required: ["a"] }],
  [
    { type: "string", allOf: [{ minLength: 1 }, { maxLength: 2 }] },
    { type: "string", minLength: 1, allOf: [{ maxLength: 2 }] },
  ],
  // A keyword the conjunct restates with the same value.
  [{ type: "string", allOf: [{ type: "string", minLength: 1 }] }, { type: "string", minLength: 1 }],
];

Deno.test("mergedConjuncts: equal schemas, one writing a conjunct apart, read no change", () => {
  for (const [a, b] of EQUAL) {
    const what = JSON.stringify([a, b]);
    assert.equal(sameValues(a, b), true, what);
    assert.deepEqual(fourWays(x(a), x(b)), NOTHING_FOUR_WAYS, what);
    assert.deepEqual(fourWays(a, b), NOTHING_FOUR_WAYS, `${what} at the root`);
  }
});

Deno.test("mergedConjuncts: a change moved into an allOf is graded where the file writes it", () => {
  // minLength 1 → allOf [{minLength: 2}]: "a" is rejected now.
  const a = { type: "string", minLength: 1 };
  const b = { type: "string", allOf: [{ minLength: 2 }] };
  assert.equal(sameValues(a, b), false);
  assert.deepEqual(fourWays(x(a), x(b)), {
    input: ["tool.input.minLength.narrowed t.inputSchema.properties.x.allOf.0.minLength BREAKING"],
    inputReversed: [
      "tool.input.minLength.widened t.inputSchema.properties.x.minLength NON_BREAKING",
    ],
    output: [
      "tool.output.minLength.narrowed t.outputSchema.properties.x.allOf.0.minLength NON_BREAKING",
    ],
    outputReversed: [
      "tool.output.minLength.widened t.outputSchema.properties.x.minLength BREAKING",
    ],
  });
  const [moved] = schemaChanges("input", x(a), x(b));
  assert.equal(moved!.pointer, "/tools/0/inputSchema/properties/x/allOf/0/minLength");
  assert.equal(moved!.oldPointer, "/tools/0/inputSchema/properties/x/minLength");
  // Removed with its allOf: named where the old file wrote it.
  assert.deepEqual(
    fourWays(x(b), x({ type: "string" })).input,
    ["tool.input.minLength.widened t.inputSchema.properties.x.allOf.0.minLength NON_BREAKING"],
  );
  // Under a not of not too.
  assert.deepEqual(
    fourWays(x(a), x({ type: "string", ...NN({ minLength: 2 }) as object })).input,
    ["tool.input.minLength.narrowed t.inputSchema.properties.x.not.not.minLength BREAKING"],
  );
  // A required name moved into an allOf and another added there.
  assert.deepEqual(
    fourWays(x({ ...obj, required: ["a"] }), x({ ...obj, allOf: [{ required: ["a", "b"] }] }))
      .input,
    ["tool.input.required.added t.inputSchema.properties.x.allOf.0.required BREAKING"],
  );
});

Deno.test("mergedConjuncts: a conjunct that does not assert alone is compared as written", () => {
  // additionalProperties: false in a branch sees no properties: it rejects {a: "s"}, which the
  // schema with it beside properties accepts. Not merged; graded as before (BREAKING one way).
  const apart = { ...obj, allOf: [{ additionalProperties: false }] };
  const beside = { ...obj, additionalProperties: false };
  assert.equal(sameValues(apart, beside), false);
  assert.equal(mergedConjuncts<JsonValue>(apart, beside).old, apart);
  const found = fourWays(x(apart), x(beside));
  assert.ok(found.inputReversed.some((f) => f.endsWith(" BREAKING")), found.inputReversed.join());
  // A $ref in the conjunct (draft-07 ignores what stands beside a $ref), an annotation in it,
  // or a keyword beside it with another value: left as written.
  const defs = { $defs: { m: { minLength: 1 } } };
  for (
    const s of [
      { type: "string", allOf: [{ $ref: "#/$defs/m" }], ...defs },
      { type: "string", allOf: [{ minLength: 1, description: "d" }] },
      { type: "string", minLength: 2, allOf: [{ minLength: 1 }] },
      { type: "string", allOf: [{ minLength: 1, $defs: { n: {} } }] },
    ]
  ) {
    assert.equal(
      mergedConjuncts<JsonValue>(s, { type: "string", minLength: 1 }).old,
      s,
      JSON.stringify(s),
    );
  }
  // The same allOf on both sides stays where it is, and a change inside it is named there.
  const same = { type: "string", allOf: [{ minLength: 1 }] };
  assert.equal(mergedConjuncts<JsonValue>(same, { ...same, maxLength: 3 }).old, same);
  assert.deepEqual(
    fourWays(x({ ...same, maxLength: 4 }), x({ ...same, maxLength: 3 })),
    narrowedFourWays("maxLength", "properties.x.maxLength"),
  );
});

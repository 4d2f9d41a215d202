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
  // schema with it beside properties accepts. Against an open object it stays as written and the
  // allOf is graded whole: removed, it widens (NON_BREAKING on input), as ajv says.
  const apart = { ...obj, allOf: [{ additionalProperties: false }] };
  assert.equal(sameValues(apart, obj), false);
  assert.equal(mergedConjuncts<JsonValue>(apart, obj).old, apart);
  assert.deepEqual(fourWays(x(apart), x(obj)).input, [
    "tool.input.allOf.widened t.inputSchema.properties.x.allOf NON_BREAKING",
  ]);
  // A $ref whose target refers on, a definition in the conjunct, a default (the rules read it
  // beside required), a false branch, or a pattern beside it with another value: left as written
  // (an annotation written otherwise stays apart: allof_annotations_test.ts).
  const defs = { $defs: { m: { minLength: 1, items: { $ref: "#/$defs/m" } } } };
  for (
    const s of [
      { type: "string", allOf: [{ $ref: "#/$defs/m" }], ...defs },
      { type: "string", allOf: [{ minLength: 1, $defs: { n: {} } }] },
      { type: "string", allOf: [{ minLength: 1, default: "a" }] },
      { type: "string", allOf: [false, { minLength: 1 }] },
      { type: "string", pattern: "a", allOf: [{ minLength: 1, pattern: "b" }] },
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

/**
 * Pairs of schemas that accept the same values, one writing a conjunct apart that a27fec8 left as
 * written: nested, beside an accept-all branch, through a $ref, with an annotation, or a keyword
 * repeated with another value (the conjunction holds the tightest). Each read a narrowing one way,
 * BREAKING on input (minLength.narrowed at the place, required.added).
 */
const EQUAL_FURTHER: [JsonValue, JsonValue][] = [
  [{ type: "string", allOf: [{ allOf: [{ minLength: 1 }] }] }, { type: "string", minLength: 1 }],
  [{ type: "string", allOf: [{ not: { not: { minLength: 1 } } }] }, {
    type: "string",
    minLength: 1,
  }],
  [{ type: "string", allOf: [true, {}, { minLength: 1 }] }, { type: "string", minLength: 1 }],
  [{ type: "string", allOf: [true] }, { type: "string" }],
  [{ type: "string", allOf: [{ minLength: 1, description: "d" }] }, {
    type: "string",
    minLength: 1,
    description: "d",
  }],
  [{ type: "string", allOf: [{ minLength: 1 }, { minLength: 2 }] }, {
    type: "string",
    minLength: 2,
  }],
  [{ type: "string", minLength: 2, allOf: [{ minLength: 1 }] }, { type: "string", minLength: 2 }],
  [{ type: "string", maxLength: 5, allOf: [{ maxLength: 3 }] }, { type: "string", maxLength: 3 }],
  [{ ...obj, required: ["a"], allOf: [{ required: ["b"] }] }, { ...obj, required: ["a", "b"] }],
  [{ type: "number", minimum: 1, allOf: [{ exclusiveMinimum: 2 }] }, {
    type: "number",
    exclusiveMinimum: 2,
  }],
  [{ type: "number", multipleOf: 2, allOf: [{ multipleOf: 4 }] }, {
    type: "number",
    multipleOf: 4,
  }],
];

Deno.test("mergedConjuncts: nested, accept-all, annotated and repeated conjuncts read no change", () => {
  for (const [a, b] of EQUAL_FURTHER) {
    const what = JSON.stringify([a, b]);
    assert.equal(sameValues(a, b), true, what);
    assert.deepEqual(fourWays(x(a), x(b)), NOTHING_FOUR_WAYS, what);
  }
  // A branch that is a $ref: its target read in its place (the root holds the definition).
  const defs = { $defs: { m: { minLength: 1 } } };
  const ref = { type: "string", allOf: [{ $ref: "#/$defs/m" }], ...defs };
  const inline = { type: "string", minLength: 1, ...defs };
  assert.equal(sameValues(ref, inline), true);
  assert.deepEqual(fourWays(ref, inline), NOTHING_FOUR_WAYS);
});

Deno.test("mergedConjuncts: a change in a nested, $ref'd or repeated conjunct is graded where it is written", () => {
  const a = { type: "string", minLength: 1 };
  const at = (path: string) => ({
    input: [`tool.input.minLength.widened t.inputSchema.minLength NON_BREAKING`],
    inputReversed: [`tool.input.minLength.narrowed t.inputSchema.${path} BREAKING`],
    output: [`tool.output.minLength.widened t.outputSchema.minLength BREAKING`],
    outputReversed: [`tool.output.minLength.narrowed t.outputSchema.${path} NON_BREAKING`],
  });
  const nested = { type: "string", allOf: [{ allOf: [{ minLength: 2 }] }] };
  assert.equal(sameValues(nested, a), false);
  assert.deepEqual(fourWays(nested, a), at("allOf.0.allOf.0.minLength"));
  const repeated = { type: "string", allOf: [{ minLength: 1 }, { minLength: 3 }] };
  assert.deepEqual(fourWays(repeated, { type: "string", minLength: 2 }), {
    ...at("allOf.1.minLength"),
  });
  const defs = { $defs: { m: { minLength: 2 } } };
  assert.deepEqual(
    fourWays({ type: "string", allOf: [{ $ref: "#/$defs/m" }], ...defs }, { ...a, ...defs }),
    at("allOf.0.$ref"),
  );
  // An annotation that goes with its conjunct is compared as prose where the file wrote it.
  assert.deepEqual(
    fourWays({ type: "string", allOf: [{ minLength: 1, description: "d" }] }, a).input,
    ["tool.input.description.changed t.inputSchema.allOf.0.description POTENTIALLY_BREAKING"],
  );
});

Deno.test("mergedConjuncts: a branch closing objects to every property, against a closed object, is graded as ajv reads it", () => {
  // allOf [{additionalProperties: false}] beside properties accepts only {} (the branch sees no
  // properties); additionalProperties false beside them accepts {a: "s"} too. The change widens
  // (it read additionalProperties.narrowed, BREAKING on input, and allOf.widened).
  const apart = { ...obj, allOf: [{ additionalProperties: false }] };
  const beside = { ...obj, additionalProperties: false };
  assert.equal(sameValues(apart, beside), false);
  for (const dialect of DIALECTS) {
    assert.equal(checkOf(apart, dialect)!.failures({ a: "s" }).length > 0, true);
    assert.equal(checkOf(beside, dialect)!.failures({ a: "s" }).length, 0);
  }
  assert.deepEqual(fourWays(x(apart), x(beside)), {
    input: ["tool.input.schema.widened t.inputSchema.properties.x.properties.a NON_BREAKING"],
    inputReversed: [
      "tool.input.schema.narrowed t.inputSchema.properties.x.properties.a BREAKING",
    ],
    output: ["tool.output.schema.widened t.outputSchema.properties.x.properties.a BREAKING"],
    outputReversed: [
      "tool.output.schema.narrowed t.outputSchema.properties.x.properties.a NON_BREAKING",
    ],
  });
  // Closed to every property on both sides: no change.
  const empty = { type: "object", properties: { a: false }, additionalProperties: false };
  assert.equal(sameValues(apart, empty), true);
  assert.deepEqual(fourWays(x(apart), x(empty)), NOTHING_FOUR_WAYS);
});

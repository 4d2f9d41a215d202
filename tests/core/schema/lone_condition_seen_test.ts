/**
 * An `if` without then and else decides something only where an unevaluatedProperties or
 * unevaluatedItems sees its annotations: beside it, or in a schema object that applies it in place
 * (allOf, anyOf, oneOf, if/then/else, dependentSchemas, local references). e3a417a read such a
 * condition as deciding wherever either schema wrote one of those keywords, so a condition in one
 * property beside `unevaluatedProperties: false` in another read if.changed, BREAKING every way,
 * though no value changes its verdict (@hyperjump/json-schema, 2019-09 and 2020-12, accepts the
 * same samples with minLength 2 and 3 there; with the keyword beside the condition or above it
 * through an allOf or a $ref chain, {a: "ab"} is accepted with 2 and rejected with 3).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { decidingFourWays, fourWays, NOTHING_FOUR_WAYS, sameFourWays } from "./_schema_helpers.ts";

const cond = (n: number) => ({ properties: { a: { minLength: n } } });
const ref = (name: string) => ({ $ref: `#/$defs/${name}` });
/** The condition `cond(n)` written in `place`, or nothing there when `n` is null. */
const lone = (n: number | null, place: Record<string, JsonValue> = {}) =>
  n === null ? place : { ...place, if: cond(n) };

/** Findings of a lone condition that decides, at `path`: changed, and added (removed reversed). */
const deciding = decidingFourWays;

/** Asserts what changing the condition (2 → 3) and adding it read, both ways, in and out. */
function reads(
  schema: (n: number | null) => JsonValue,
  expected: { changed: ReturnType<typeof fourWays>; added: ReturnType<typeof fourWays> },
) {
  assert.deepEqual(fourWays(schema(2), schema(3)), expected.changed);
  assert.deepEqual(fourWays(schema(null), schema(2)), expected.added);
}

const NOTHING = { changed: NOTHING_FOUR_WAYS, added: NOTHING_FOUR_WAYS };

Deno.test("diff reads an if without then and else that no unevaluated keyword sees as deciding nothing", () => {
  // In a sibling property's schema: y's unevaluatedProperties evaluates another instance (the
  // suite's "property is evaluated in an uncle schema to unevaluatedProperties").
  reads((n) => ({
    type: "object",
    properties: {
      x: lone(n, { type: "object" }),
      y: { type: "object", unevaluatedProperties: false },
    },
  }), NOTHING);
  // The same through a reference from the property.
  reads((n) => ({
    type: "object",
    properties: { x: ref("c"), y: { type: "object", unevaluatedProperties: false } },
    $defs: { c: lone(n) },
  }), NOTHING);
  // Below the condition, in a property it does not apply in place.
  reads((n) => ({
    type: "object",
    ...lone(n),
    properties: { p: { type: "object", unevaluatedProperties: false } },
  }), NOTHING);
  // In an allOf branch below the condition, or in a cousin beside it: each collects its own
  // annotations ("unevaluatedProperties can't see inside cousins").
  reads(
    (n) => ({ type: "object", ...lone(n), allOf: [{ unevaluatedProperties: false }] }),
    NOTHING,
  );
  reads((n) => ({
    type: "object",
    allOf: [lone(n, { minProperties: 0 }), { unevaluatedProperties: false }],
  }), NOTHING);
  // Under not: no annotation of a not survives ("unevaluatedProperties with not").
  reads((n) => ({
    type: "object",
    not: { not: lone(n, { minProperties: 0 }) },
    unevaluatedProperties: false,
  }), NOTHING);
  // unevaluatedItems in a sibling property, the same.
  const items = (c: string) => ({
    type: "object",
    properties: {
      x: { type: "array", if: { prefixItems: [{ const: c }] } },
      y: { type: "array", unevaluatedItems: false },
    },
  });
  assert.deepEqual(fourWays(items("a"), items("b")), NOTHING_FOUR_WAYS);
});

Deno.test("diff keeps what an if without then and else no unevaluated keyword sees reads as text and unmodelled keywords", () => {
  const beside = (cond: JsonValue) => ({
    type: "object",
    properties: {
      x: { type: "object", if: cond },
      y: { type: "object", unevaluatedProperties: false },
    },
  });
  assert.deepEqual(
    fourWays(
      beside({ description: "Short name of the thing" }),
      beside({ description: "Short name of the things" }),
    ),
    sameFourWays("description.changed", "properties.x.if.description", "DOCUMENTATION"),
  );
  assert.deepEqual(
    fourWays(beside({ vndFoo: 1 }), beside({ vndFoo: 2 })),
    sameFourWays("keyword.unmodelled", "properties.x.if.vndFoo", "BREAKING"),
  );
});

Deno.test("diff reads an if without then and else an unevaluated keyword sees as deciding", () => {
  // Beside it in a property's schema.
  reads((n) => ({
    type: "object",
    properties: { x: lone(n, { type: "object", unevaluatedProperties: false }) },
  }), deciding("properties.x.if"));
  // Above it through an allOf, through an allOf of a $ref, through a chain of references.
  reads((n) => ({
    type: "object",
    allOf: [lone(n, { minProperties: 0 })],
    unevaluatedProperties: false,
  }), deciding("allOf.0.if"));
  reads((n) => ({
    type: "object",
    allOf: [ref("c")],
    unevaluatedProperties: false,
    $defs: { c: lone(n) },
  }), deciding("allOf.0.if"));
  reads((n) => ({
    type: "object",
    $ref: "#/$defs/c",
    unevaluatedProperties: false,
    $defs: { c: ref("e"), e: lone(n) },
  }), deciding("if"));
  // Through an anyOf branch, through a then.
  reads((n) => ({
    type: "object",
    anyOf: [lone(n, { minProperties: 0 })],
    unevaluatedProperties: false,
  }), deciding("anyOf.0.if"));
  reads((n) => ({
    type: "object",
    if: { required: ["b"] },
    then: lone(n, { minProperties: 0 }),
    unevaluatedProperties: false,
  }), deciding("then.if"));
});

Deno.test("diff reads an if without then and else in a combinator's branch beside unevaluatedItems as deciding", () => {
  // The subsumption proof flattened the branch beside the array's unevaluatedItems and found
  // unevaluatedItems written alike on both sides, so it called the two equal and the condition's
  // if.changed was dropped; yet the condition's prefixItems marks position 0 evaluated where it
  // holds (@hyperjump/json-schema 2020-12: ["a"] accepted with const "a" and rejected with "b").
  for (const key of ["allOf", "anyOf", "oneOf"]) {
    reads((n) => ({
      type: "array",
      [key]: [
        n === null ? { minItems: 0 } : { minItems: 0, if: { prefixItems: [{ const: `c${n}` }] } },
      ],
      unevaluatedItems: false,
    }), deciding(`${key}.0.if`));
  }
  // A branch of the condition alone, as the properties form reads it: added, it is the allOf
  // added beside a branch of nothing (every value accepted), graded by variance.
  const alone = (c: string | null) => ({
    type: "array",
    allOf: [c === null ? {} : { if: { prefixItems: [{ const: c }] } }],
    unevaluatedItems: false,
  });
  assert.deepEqual(fourWays(alone("a"), alone("b")), deciding("allOf.0.if").changed);
  assert.deepEqual(fourWays(alone(null), alone("a")), {
    input: ["tool.input.allOf.widened t.inputSchema.allOf NON_BREAKING"],
    inputReversed: ["tool.input.allOf.narrowed t.inputSchema.allOf BREAKING"],
    output: ["tool.output.allOf.widened t.outputSchema.allOf BREAKING"],
    outputReversed: ["tool.output.allOf.narrowed t.outputSchema.allOf NON_BREAKING"],
  });
});

Deno.test("diff reads an if without then and else as deciding where a reference on the way cannot be followed", () => {
  // An anchor may name any schema of the document: the condition may be applied in place.
  reads((n) => ({
    type: "object",
    properties: {
      x: lone(n, { type: "object" }),
      y: { type: "object", $ref: "#named", unevaluatedProperties: false },
    },
    $defs: { q: { $anchor: "named" } },
  }), deciding("properties.x.if"));
});

Deno.test("diff reads an allOf branch of an if without then and else that no unevaluated keyword sees as accepting every value", () => {
  // Beside a cousin's unevaluatedProperties, which does not see it: {} and the condition accept
  // every value alike (@hyperjump/json-schema, 2019-09 and 2020-12: only {} is accepted on both
  // sides). Against {} (a branch of nothing, left out of the comparison), the condition was a
  // branch added (allOf.narrowed, BREAKING on input) and, removed, a property removed at
  // allOf.0.properties.a, as if the condition declared it.
  const cousin = (...branch: JsonValue[]) => ({
    type: "object",
    allOf: [...branch, { unevaluatedProperties: false }],
  });
  const c = cond(2);
  assert.deepEqual(fourWays(cousin({}), cousin({ if: c })), NOTHING_FOUR_WAYS);
  assert.deepEqual(fourWays(cousin(), cousin({ if: c })), NOTHING_FOUR_WAYS);
  assert.deepEqual(
    fourWays(cousin({ description: "d" }), cousin({ description: "d", if: c })),
    NOTHING_FOUR_WAYS,
  );
  // Beside unevaluatedItems the same.
  const items = (...branch: JsonValue[]) => ({
    type: "array",
    allOf: [...branch, { unevaluatedItems: false }],
  });
  assert.deepEqual(
    fourWays(items({}), items({ if: { prefixItems: [{ const: "a" }] } })),
    NOTHING_FOUR_WAYS,
  );
  // What it writes of text and unmodelled keywords is still read, where it writes them: added
  // (the keyword a subschema brings), changed, and with then added, the conditional compared.
  const vendor = (n: number) => ({ if: { ...c, vndFoo: n } });
  assert.deepEqual(fourWays(cousin({}), cousin(vendor(1))), {
    input: ["tool.input.keyword.unmodelled t.inputSchema.allOf.0.if.vndFoo BREAKING"],
    inputReversed: [],
    output: ["tool.output.keyword.unmodelled t.outputSchema.allOf.0.if.vndFoo BREAKING"],
    outputReversed: [],
  });
  assert.deepEqual(
    fourWays(cousin(vendor(1)), cousin(vendor(2))),
    sameFourWays("keyword.unmodelled", "allOf.0.if.vndFoo", "BREAKING"),
  );
  // Moved to another index and reworded: its text, named where the new file writes it.
  const text = (d: string) => ({ if: { ...c, description: d } });
  const [before, after] = [text("Short name of the thing"), text("Short name of the things")];
  const reworded = (
    side: string,
    i: number,
  ) => [`tool.${side}.description.changed t.${side}Schema.allOf.${i}.if.description DOCUMENTATION`];
  assert.deepEqual(fourWays(cousin({}, before), cousin(after)), {
    input: reworded("input", 0),
    inputReversed: reworded("input", 1),
    output: reworded("output", 0),
    outputReversed: reworded("output", 1),
  });
  assert.deepEqual(fourWays(cousin({ if: c }), cousin({ if: c, then: { required: ["a"] } })), {
    input: ["tool.input.then.narrowed t.inputSchema.allOf.0.then BREAKING"],
    inputReversed: ["tool.input.then.widened t.inputSchema.allOf.0.then NON_BREAKING"],
    output: ["tool.output.then.narrowed t.outputSchema.allOf.0.then NON_BREAKING"],
    outputReversed: ["tool.output.then.widened t.outputSchema.allOf.0.then BREAKING"],
  });
});

Deno.test("diff reads an allOf branch of an if without then and else that may decide, added, as widening", () => {
  // Where a reference on the way cannot be followed, the condition may decide: the anchor may
  // name the branch itself, and then the cousin's unevaluatedProperties sees its annotations
  // (@hyperjump/json-schema, 2019-09 and 2020-12: with {$anchor: "named"} on the branch, {a: "ab"}
  // is accepted once the condition is added; with the anchor in $defs, only {} on both sides).
  // Such a branch only marks names evaluated, so added it widens and removed it narrows; it read
  // allOf.narrowed (an added conjunct), NON_BREAKING on output, in the walk and the catch-all.
  const c = cond(2);
  const widened = {
    input: ["tool.input.allOf.widened t.inputSchema.allOf NON_BREAKING"],
    inputReversed: ["tool.input.allOf.narrowed t.inputSchema.allOf BREAKING"],
    output: ["tool.output.allOf.widened t.outputSchema.allOf BREAKING"],
    outputReversed: ["tool.output.allOf.narrowed t.outputSchema.allOf NON_BREAKING"],
  };
  const open = (...branch: JsonValue[]) => ({
    type: "object",
    allOf: [...branch, { $ref: "#named", unevaluatedProperties: false }],
    $defs: { q: { $anchor: "named" } },
  });
  assert.deepEqual(fourWays(open({}), open({ if: c })), widened);
  assert.deepEqual(fourWays(open(), open({ if: c })), widened);
  assert.deepEqual(
    fourWays(open({ minProperties: 1 }), open({ minProperties: 1 }, { if: c })),
    widened,
  );
  assert.deepEqual(fourWays(open({}), open({ description: "d", if: c })), widened);
  // The same with the reference beside the unevaluated keyword that sees the branch for
  // certain: the allOf added whole read allOf.changed, BREAKING every way.
  const beside = (...branch: JsonValue[]) => ({
    type: "object",
    ...(branch.length > 0 ? { allOf: branch } : {}),
    $ref: "#named",
    unevaluatedProperties: false,
    $defs: { q: { $anchor: "named" } },
  });
  assert.deepEqual(fourWays(beside({}), beside({ if: c })), widened);
  assert.deepEqual(fourWays(beside(), beside({ if: c })), widened);
  // Changed, it stays undecidable.
  assert.deepEqual(
    fourWays(open({ if: c }), open({ if: cond(3) })),
    sameFourWays("if.changed", "allOf.0.if", "BREAKING"),
  );
});

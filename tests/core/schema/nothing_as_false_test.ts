/**
 * `{not: {}}` accepts no value, as `false` does: both differs read a lone `not` of a schema that
 * accepts every value as `false` (_nothing_as_false.ts). `additionalProperties: false` →
 * `{not: {}}` read additionalProperties.widened, BREAKING on output, and a property `{not: {}}`
 * added to an open object property.added, NON_BREAKING on input, where `false` reads
 * schema.narrowed, BREAKING: ajv accepts the same values under both.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { nothingAsFalse, withNothingAsFalse } from "../../../core/schema/_nothing_as_false.ts";
import { compareSchemaSide } from "../../../core/schema/compare_tool.ts";
import { classifyProse } from "../../../core/prose.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays } from "./_schema_helpers.ts";

const NONE = { input: [], inputReversed: [], output: [], outputReversed: [] };
/** Whether ajv accepts `value`, draft-07 and 2020-12 agreeing. */
const valid = (schema: JsonValue, value: JsonValue) => {
  const [a, b] = (["draft-07", "2020-12"] as const).map((d) =>
    checkOf(schema, d)!.failures(value).length === 0
  );
  assert.equal(a, b, `draft-07 and 2020-12 on ${JSON.stringify(value)}`);
  return a!;
};
const closedBy = (rest: JsonValue): JsonObject => ({
  type: "object",
  properties: { a: { type: "string" } },
  additionalProperties: rest,
});

Deno.test("diff reads a lone not of a schema accepting every value as false, both ways, on both sides", () => {
  for (const nothing of [{ not: {} }, { not: true }, { not: { description: "any" } }]) {
    const [old, next] = [closedBy(false), closedBy(nothing)];
    assert.deepEqual(fourWays(old, next), NONE, JSON.stringify(nothing));
    for (const value of [{ a: "x" }, { b: 1 }, { a: "x", b: "y" }]) {
      assert.equal(valid(old, value), valid(next, value), JSON.stringify(value));
    }
  }
  // In other places: a property's schema, items, a pattern's schema.
  const at = (s: JsonValue): JsonValue => ({
    type: "object",
    properties: { p: s, l: { type: "array", items: s } },
    patternProperties: { "^x": s },
  });
  assert.deepEqual(fourWays(at(false), at({ not: {} })), NONE);
  const value = { p: 1, l: [1], xa: 1 };
  assert.deepEqual([valid(at(false), value), valid(at({ not: {} }), value)], [false, false]);
});

Deno.test("diff grades a property {not: {}} added to an open object as the name newly refused", () => {
  const open = (b?: JsonValue): JsonValue => ({
    type: "object",
    properties: { a: {}, ...b !== undefined && { b } },
  });
  const p = (side: string) => `t.${side}Schema.properties.b`;
  const refused = {
    input: [`tool.input.schema.narrowed ${p("input")} BREAKING`],
    inputReversed: [`tool.input.schema.widened ${p("input")} NON_BREAKING`],
    output: [`tool.output.schema.narrowed ${p("output")} NON_BREAKING`],
    outputReversed: [`tool.output.schema.widened ${p("output")} BREAKING`],
  };
  // It read property.added NON_BREAKING on input, though {b: 1} is rejected now.
  assert.deepEqual(fourWays(open(), open({ not: {} })), refused);
  assert.deepEqual(fourWays(open(), open(false)), refused);
  assert.deepEqual([valid(open(), { b: 1 }), valid(open({ not: {} }), { b: 1 })], [true, false]);
  // Added to an object closed to it already: refused before and now, nothing changes.
  const closed = (b?: JsonValue): JsonValue => ({
    ...open(b) as JsonObject,
    additionalProperties: false,
  });
  assert.deepEqual(fourWays(closed(), closed({ not: {} })), NONE);
});

Deno.test("diff reads a not beside other keywords and a union or conjunction of nothing as false, both ways, on both sides", () => {
  // Each read additionalProperties.widened against false (BREAKING on output), though ajv
  // draft-07 and 2020-12 accept the same values under both.
  for (
    const nothing of [
      { not: {}, description: "none" },
      { type: "string", not: {} },
      { anyOf: [false] },
      { anyOf: [false], description: "none" },
      { oneOf: [{ not: {} }] },
      { allOf: [{ type: "string" }, false] },
    ]
  ) {
    const [old, next] = [closedBy(false), closedBy(nothing)];
    assert.deepEqual(fourWays(old, next), NONE, JSON.stringify(nothing));
    for (const value of [{ a: "x" }, { b: 1 }, { b: "y" }, { a: "x", b: "y" }]) {
      assert.equal(
        valid(old, value),
        valid(next, value),
        `${JSON.stringify(nothing)} ${JSON.stringify(value)}`,
      );
    }
  }
});

Deno.test("diff names what the file writes where it reads false, old and new", () => {
  const at = (b: JsonValue) => ({ type: "object", properties: { b } });
  const read = (a: JsonValue, b: JsonValue) =>
    compareSchemaSide(a, b, {
      side: "input",
      basePath: "t.inputSchema",
      basePointer: "/tools/0/inputSchema",
    }, classifyProse)
      .map((d) => [d.message, d.old, d.new]);
  const nothing = { anyOf: [false], description: "never" };
  assert.deepEqual(read(at({ type: "string" }), at(nothing)), [[
    `t.inputSchema.properties.b: the schema now accepts nothing (${
      JSON.stringify(nothing)
    }, as false)`,
    { type: "string" },
    nothing,
  ]]);
  assert.deepEqual(read(at({ not: {} }), at({ type: "string" })), [[
    't.inputSchema.properties.b: the schema accepted nothing ({"not":{}}, as false) and now accepts values',
    { not: {} },
    { type: "string" },
  ]]);
  const closed = (rest: JsonValue) => ({ type: "object", additionalProperties: rest });
  assert.deepEqual(read(closed({ type: "string" }), closed({ not: {} })).map(([m]) => m), [
    't.inputSchema.additionalProperties: additionalProperties is now {"not":{}}, as false: properties not declared in properties or patternProperties are rejected',
  ]);
});

Deno.test("diff reads two ways of writing nothing at one place as no change, both ways, on both sides, and compares their notes (review F3)", () => {
  // Each read a narrowing (additionalProperties.narrowed, type.narrowed: BREAKING on input one
  // way, on output the other) though ajv draft-07 and 2020-12 accept no value under either.
  const nothings: JsonValue[] = [
    { not: {} },
    { anyOf: [false] },
    { type: "string", not: {} },
    { oneOf: [{ not: {} }] },
    { allOf: [{ type: "string" }, false] },
    { not: true, minLength: 2 },
  ];
  for (const old of nothings) {
    for (const next of nothings) {
      const label = `${JSON.stringify(old)} → ${JSON.stringify(next)}`;
      for (const at of [closedBy, (s: JsonValue) => ({ type: "object", properties: { b: s } })]) {
        assert.deepEqual(fourWays(at(old), at(next)), NONE, label);
        for (const value of [{ a: "x" }, { b: 1 }, { b: "yy" }, { a: "x", b: "yy" }]) {
          assert.equal(
            valid(at(old), value),
            valid(at(next), value),
            `${label} ${JSON.stringify(value)}`,
          );
        }
      }
    }
  }
  // Notes beside them are compared, whatever says nothing on either side.
  const p = (side: string, key: string) => `t.${side}Schema.additionalProperties.${key}`;
  const noted = (key: string, severity: string) => ({
    input: [`tool.input.${key}.changed ${p("input", key)} ${severity}`],
    inputReversed: [`tool.input.${key}.changed ${p("input", key)} ${severity}`],
    output: [`tool.output.${key}.changed ${p("output", key)} ${severity}`],
    outputReversed: [`tool.output.${key}.changed ${p("output", key)} ${severity}`],
  });
  assert.deepEqual(
    fourWays(
      closedBy({ anyOf: [false], description: "never" }),
      closedBy({ type: "string", not: {}, description: "none at all" }),
    ),
    noted("description", "POTENTIALLY_BREAKING"),
  );
  assert.deepEqual(
    fourWays(
      closedBy({ not: {}, description: "none" }),
      closedBy({ anyOf: [false], description: "none" }),
    ),
    NONE,
  );
  // Facing one written in other words that defines a place a $ref may reach: both as written.
  const defines = { allOf: [{ const: "x" }, { type: "array" }], $defs: { D: {} } };
  const read = nothingAsFalse(closedBy({ anyOf: [false] }), closedBy(defines));
  assert.deepEqual([read.old, read.new], [closedBy({ anyOf: [false] }), closedBy(defines)]);
});

Deno.test("diff compares a note added beside nothing, and as written the not of a not, one that defines a $ref's target and one the proof cannot decide", () => {
  const p = (side: string) => `t.${side}Schema.additionalProperties`;
  const widened = {
    input: [`tool.input.additionalProperties.widened ${p("input")} NON_BREAKING`],
    inputReversed: [`tool.input.additionalProperties.narrowed ${p("input")} BREAKING`],
    output: [`tool.output.additionalProperties.widened ${p("output")} BREAKING`],
    outputReversed: [`tool.output.additionalProperties.narrowed ${p("output")} NON_BREAKING`],
  };
  // Both sides write nothing, one with a note: the note compared, no grade of the values.
  const described = fourWays(closedBy({ not: {} }), closedBy({ not: {}, description: "none" }));
  for (const findings of Object.values(described)) {
    assert.deepEqual(findings.map((f) => f.split(" ")[0]!.replace(/^tool\.(input|output)\./, "")), [
      "description.changed",
    ]);
  }
  // A schema that accepts every value only the proof could show: undecided, graded as written.
  const undecided = { not: { not: { type: "string", not: { type: "string" } } } };
  assert.deepEqual(fourWays(closedBy(false), closedBy(undecided)), widened);
  assert.deepEqual([valid(closedBy(false), { b: 1 }), valid(closedBy(undecided), { b: 1 })], [
    false,
    false,
  ]);
  // A definition inside: false would drop what a $ref may reach.
  const defines = { not: {}, $defs: { D: { type: "string" } } };
  assert.equal(withNothingAsFalse(closedBy(defines)).additionalProperties, defines);
  // The not of a not stays for the walk to read as what it holds ({not: {not: {}}} accepts all).
  const twice = closedBy({ not: { not: {} } });
  assert.equal(withNothingAsFalse(twice), twice);
  assert.equal(valid(twice, { b: 1 }), true);
  // The root too.
  assert.deepEqual(withNothingAsFalse({ not: {} }), { not: {} });
});

Deno.test("diff reads a branch that accepts nothing alike when allOf branches are only reordered (fast-check seed -1026352681)", () => {
  // One side wrote a nothing (allOf [{not: true}]) where the other wrote another branch that
  // accepts nothing in other words (object and string at once): that one was read false on one
  // side only, so the reorder paired it with nothing and read property "a" removed, BREAKING
  // both ways on input and output, though ajv accepts no value under either.
  const d = { vndVendor: 0, description: "Limit" };
  const c = {
    allOf: [{ type: "object", properties: { a: true } }, { type: "string", maxLength: 0 }],
  };
  const f = { allOf: [{ not: true }] };
  const x = (allOf: JsonValue[]) => ({ type: "object", properties: { x: { allOf } } });
  assert.deepEqual(fourWays(x([d, c, f]), x([f, d, c])), NONE);
  for (const value of [{ a: 1 }, "", {}]) {
    assert.equal(valid({ allOf: [d, c, f] }, value), false);
  }
  // Beside branches that accept values, a real change in the moved branch is still read.
  const open = { type: "object", properties: { a: true } };
  const found = fourWays(x([d, open]), x([{ type: "object" }, d]));
  assert.notDeepEqual(found, NONE);
});

/**
 * A schema for other names that accepts every value though not written as {} (a lone $ref to {}
 * or to annotations only, {minLength: 0}, {anyOf: [true]}, every type listed) governs nothing,
 * as {} does: the subsumption proof tells. Checked against ajv in draft-07 and 2020-12.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf, type Dialect } from "./_oracle_ajv.ts";
import { catchAll, fourWays, removedFourWays, removedWidenedFourWays } from "./_schema_helpers.ts";

const I = "t.inputSchema";
const O = "t.outputSchema";
const x = { type: "string", description: "the x" };
const $defs = { Any: {}, AnyD: { description: "anything" }, S: { type: "string" } };
const obj = (more: Record<string, JsonValue>) => ({ type: "object", $defs, ...more });
const pair = (more: Record<string, JsonValue>) =>
  fourWays(obj({ properties: { a: {}, x }, ...more }), obj({ properties: { a: {} }, ...more }));
const OPEN = removedFourWays("properties.x");
const EVERY: JsonValue[] = [
  { $ref: "#/$defs/Any" },
  { $ref: "#/$defs/AnyD" },
  { minLength: 0 },
  { anyOf: [true] },
  { type: ["string", "number", "boolean", "object", "array", "null"] },
];

function valid(schema: JsonValue, value: JsonValue, dialect: Dialect): boolean {
  return checkOf(schema, dialect)!.failures(value).length === 0;
}

Deno.test("diff grades a property beside a schema for other names that accepts every value as beside {}", () => {
  assert.deepEqual(pair({ additionalProperties: {} }), OPEN);
  for (const every of EVERY) {
    // It read type.narrowed BREAKING added on input, removed POTENTIALLY_BREAKING.
    assert.deepEqual(pair({ additionalProperties: every }), OPEN, JSON.stringify(every));
    assert.deepEqual(
      pair({ patternProperties: { "^x$": every } }),
      OPEN,
      `^x$ ${JSON.stringify(every)}`,
    );
    const closed = { patternProperties: { "^x$": every }, additionalProperties: false };
    assert.deepEqual(pair(closed), OPEN, `closed ${JSON.stringify(every)}`);
    const unevaluated = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      unevaluatedProperties: every,
    };
    assert.deepEqual(pair(unevaluated), OPEN, `unevaluated ${JSON.stringify(every)}`);
    for (const dialect of ["draft-07", "2020-12"] as const) {
      for (const value of ["s", 5, null, [1], { k: 1 }, true]) {
        assert.equal(valid(obj({ additionalProperties: every }), { x: value }, dialect), true);
      }
    }
  }
  // A reference to a schema that constrains still governs the name (a warning removed on input).
  const ref = pair({ additionalProperties: { $ref: "#/$defs/S" } });
  assert.deepEqual(ref.input, [
    `tool.input.property.removed ${I}.properties.x POTENTIALLY_BREAKING`,
  ]);
  assert.deepEqual(ref.output, [`tool.output.property.removed ${O}.properties.x NON_BREAKING`]);
});

/** Accepts every value (ajv says so below), but the proof cannot tell: it keeps governing. */
const UNDECIDED = { not: { type: "string", not: { type: "string" } } };
const S2020 = "https://json-schema.org/draft/2020-12/schema";
const branch = { properties: { x: { type: "integer" } } };

Deno.test("diff grades an allOf branch of optional properties beside a schema for other names that accepts every value as beside {}", () => {
  const base = (more: Record<string, JsonValue>) =>
    obj({ properties: { q: { type: "string" } }, ...more });
  const added = (more: Record<string, JsonValue>) =>
    fourWays(base(more), { ...base(more), allOf: [branch] });
  const at = (side: string) => `t.${side}Schema.allOf`;
  const OPEN_BRANCH = {
    input: [`tool.input.property.added ${at("input")}.0.properties.x NON_BREAKING`],
    inputReversed: [
      `tool.input.allOf.widened ${at("input")} NON_BREAKING`,
      `tool.input.property.removed ${at("input")}.0.properties.x BREAKING`,
    ],
    output: [`tool.output.property.added ${at("output")}.0.properties.x NON_BREAKING`],
    outputReversed: [
      `tool.output.allOf.widened ${at("output")} BREAKING`,
      `tool.output.property.removed ${at("output")}.0.properties.x BREAKING`,
    ],
  };
  assert.deepEqual(added({ additionalProperties: {} }), OPEN_BRANCH);
  for (const every of [{}, ...EVERY]) {
    // Each read allOf.narrowed (BREAKING on input), as a branch beside a schema that constrains.
    const what = JSON.stringify(every);
    assert.deepEqual(added({ additionalProperties: every }), OPEN_BRANCH, what);
    assert.deepEqual(added({ patternProperties: { "^z": every } }), OPEN_BRANCH, `^z ${what}`);
  }
  // The catch-all differ shares the reading.
  const caught = (more: Record<string, JsonValue>) =>
    catchAll(base(more), { ...base(more), allOf: [branch] })
      .map((d) => `${d.rule} ${d.path} ${d.severity}`);
  for (const every of [{}, ...EVERY]) {
    assert.deepEqual(caught({ additionalProperties: every }), [
      "tool.input.keyword.widened t.allOf.0.properties.x NON_BREAKING",
    ]);
  }
  assert.deepEqual(caught({ additionalProperties: UNDECIDED }), [
    "tool.input.keyword.narrowed t.allOf BREAKING",
  ]);
  const narrowed = added({ additionalProperties: UNDECIDED });
  assert.deepEqual(narrowed.input, [`tool.input.allOf.narrowed ${at("input")} BREAKING`]);
  assert.deepEqual(narrowed.output, [`tool.output.allOf.narrowed ${at("output")} NON_BREAKING`]);
  for (const dialect of ["draft-07", "2020-12"] as const) {
    for (const value of ["s", 5, null, [1], { k: 1 }, true]) {
      assert.equal(valid(obj({ additionalProperties: UNDECIDED }), { z: value }, dialect), true);
    }
  }
});

Deno.test("diff grades a property added to an allOf branch beside an unevaluatedProperties that accepts every value as beside {}", () => {
  const closedBy = (u: JsonValue, props: Record<string, JsonValue>) =>
    obj({
      $schema: S2020,
      properties: { q: {} },
      allOf: [{ properties: props }],
      unevaluatedProperties: u,
    });
  const at = (side: string) => `t.${side}Schema.allOf.0.properties.x`;
  const ADDED = {
    input: [`tool.input.property.added ${at("input")} NON_BREAKING`],
    inputReversed: [`tool.input.property.removed ${at("input")} BREAKING`],
    output: [`tool.output.property.added ${at("output")} NON_BREAKING`],
    outputReversed: [`tool.output.property.removed ${at("output")} BREAKING`],
  };
  for (const every of [{}, ...EVERY]) {
    // Each read type.narrowed beside property.added (BREAKING on input): x met the rest.
    const pair = fourWays(
      closedBy(every, { a: {} }),
      closedBy(every, { a: {}, x: branch.properties.x }),
    );
    assert.deepEqual(pair, ADDED, JSON.stringify(every));
  }
  const undecided = fourWays(
    closedBy(UNDECIDED, { a: {} }),
    closedBy(UNDECIDED, { a: {}, x: branch.properties.x }),
  );
  assert.deepEqual(undecided.input, [
    `tool.input.not.widened ${at("input")}.not NON_BREAKING`,
    `tool.input.property.added ${at("input")} NON_BREAKING`,
    `tool.input.type.narrowed ${at("input")}.type BREAKING`,
  ]);
});

Deno.test("diff grades a property of a $ref chain link beside an unevaluatedProperties that accepts every value as beside {}", () => {
  // The root's unevaluatedProperties sees what A declares: x added to A.
  const chain = (u: JsonValue, props: Record<string, JsonValue>) =>
    obj({
      $schema: S2020,
      $ref: "#/$defs/A",
      unevaluatedProperties: u,
      $defs: { ...$defs, A: { type: "object", properties: props } },
    });
  const ADDED = {
    input: [`tool.input.property.added ${I}.properties.x NON_BREAKING`],
    inputReversed: [`tool.input.property.removed ${I}.properties.x BREAKING`],
    output: [`tool.output.property.added ${O}.properties.x NON_BREAKING`],
    outputReversed: [`tool.output.property.removed ${O}.properties.x BREAKING`],
  };
  // A's own unevaluatedProperties beside the root link: x removed from A, a pattern of A still
  // governs it, and the two meet.
  const linked = (u: JsonValue, props: Record<string, JsonValue>) =>
    obj({
      $schema: S2020,
      $ref: "#/$defs/A",
      properties: { r: {} },
      $defs: {
        ...$defs,
        A: {
          type: "object",
          properties: props,
          patternProperties: { "^x": { type: "string" } },
          unevaluatedProperties: u,
        },
      },
    });
  const x1 = { type: "string", minLength: 1 };
  const MET = removedWidenedFourWays("patternProperties", "properties.x");
  for (const every of [{}, ...EVERY]) {
    // Each read type.narrowed beside property.added; and minLength.widened beside
    // property.removed BREAKING (what governs x after was not told).
    const what = JSON.stringify(every);
    assert.deepEqual(fourWays(chain(every, { q: {} }), chain(every, { q: {}, x })), ADDED, what);
    assert.deepEqual(
      fourWays(linked(every, { q: {}, x: x1 }), linked(every, { q: {} })),
      MET,
      what,
    );
  }
  assert.deepEqual(fourWays(chain(UNDECIDED, { q: {} }), chain(UNDECIDED, { q: {}, x })).input, [
    `tool.input.not.widened ${I}.properties.x.not NON_BREAKING`,
    `tool.input.property.added ${I}.properties.x NON_BREAKING`,
    `tool.input.type.narrowed ${I}.properties.x.type BREAKING`,
  ]);
  assert.deepEqual(
    fourWays(linked(UNDECIDED, { q: {}, x: x1 }), linked(UNDECIDED, { q: {} })).input,
    [
      `tool.input.minLength.widened ${I}.properties.x.minLength NON_BREAKING`,
      `tool.input.property.removed ${I}.properties.x BREAKING`,
    ],
  );
  for (const dialect of ["2020-12"] as const) {
    for (const value of ["s", 5, null]) {
      assert.equal(valid(chain(UNDECIDED, { q: {} }), { z: value }, dialect), true);
    }
  }
});

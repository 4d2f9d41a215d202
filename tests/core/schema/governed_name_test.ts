/**
 * A property removed while patternProperties or additionalProperties of the same object, or a
 * branch beside it in allOf, still governs its name; and a property added beside the object's
 * own patternProperties. Both are graded by what applies to the name on each side (the schemas
 * meeting), checked against ajv in draft-07 and 2020-12: values the old side accepts and the new
 * rejects (and the reverse) are the witnesses.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf, type Dialect } from "./_oracle_ajv.ts";
import {
  fourWays,
  removedFourWays,
  removedWidenedFourWays,
  schemaChanges,
} from "./_schema_helpers.ts";

const I = "t.inputSchema";
const O = "t.outputSchema";
const obj = (more: Record<string, JsonValue>) => ({ type: "object", ...more });

/** Whether ajv in `dialect` accepts `value` under `schema`. */
function valid(schema: JsonValue, value: JsonValue, dialect: Dialect): boolean {
  return checkOf(schema, dialect)!.failures(value).length === 0;
}

/** Each dialect: what old and new say of `value` (accepted: true). */
function verdicts(old: JsonValue, next: JsonValue, value: JsonValue): boolean[][] {
  return (["draft-07", "2020-12"] as const).map((
    d,
  ) => [valid(old, value, d), valid(next, value, d)]);
}

Deno.test("diff grades a property removed where additionalProperties still accepts its values as no break", () => {
  const rest = { type: "string" };
  const old = obj({ properties: { x: { type: "string" }, y: {} }, additionalProperties: rest });
  const next = obj({ properties: { y: {} }, additionalProperties: rest });
  assert.deepEqual(fourWays(old, next), {
    input: [`tool.input.property.removed ${I}.properties.x POTENTIALLY_BREAKING`],
    inputReversed: [`tool.input.property.added ${I}.properties.x NON_BREAKING`],
    output: [`tool.output.property.removed ${O}.properties.x NON_BREAKING`],
    outputReversed: [`tool.output.property.added ${O}.properties.x NON_BREAKING`],
  });
  // ajv: the same values under x on both sides.
  for (const x of ["a", 1, null]) {
    for (const [a, b] of verdicts(old, next, { x })) assert.equal(a, b, JSON.stringify(x));
  }
  const [message] = schemaChanges("input", old, next).map((c) => c.message);
  assert.equal(
    message,
    `${I}: property "x" was removed from properties, but additionalProperties still governs its name: calls may still send it, checked against that schema (a change in the values it accepts is reported on its own), but the server no longer declares the name and may ignore it`,
  );
});

Deno.test("diff grades the values of a property removed beside a narrower additionalProperties, required too", () => {
  const rest = { type: "string", maxLength: 3 };
  const old = obj({
    properties: { x: { type: "string" } },
    required: ["x"],
    additionalProperties: rest,
  });
  const next = obj({ additionalProperties: rest });
  assert.deepEqual(fourWays(old, next), {
    input: [
      `tool.input.maxLength.narrowed ${I}.properties.x.maxLength BREAKING`,
      `tool.input.property.removed ${I}.properties.x POTENTIALLY_BREAKING`,
      `tool.input.required.removed ${I}.required NON_BREAKING`,
    ],
    inputReversed: [
      `tool.input.maxLength.widened ${I}.properties.x.maxLength NON_BREAKING`,
      `tool.input.required.added ${I}.required BREAKING`,
    ],
    output: [
      `tool.output.maxLength.narrowed ${O}.properties.x.maxLength NON_BREAKING`,
      `tool.output.property.removed ${O}.properties.x NON_BREAKING`,
      `tool.output.required.removed ${O}.required BREAKING`,
    ],
    outputReversed: [
      `tool.output.maxLength.widened ${O}.properties.x.maxLength BREAKING`,
      `tool.output.required.added ${O}.required NON_BREAKING`,
    ],
  });
  // ajv: {x: "abcd"} accepted before, rejected now (the input break); {} the other way.
  assert.deepEqual(verdicts(old, next, { x: "abcd" }), [[true, false], [true, false]]);
  assert.deepEqual(verdicts(old, next, {}), [[false, true], [false, true]]);
});

Deno.test("diff grades a property removed beside a pattern that matches it by the two meeting", () => {
  // xa held strings of at least one character (its schema and ^x's both applied); ^x alone
  // accepts "" too.
  const pattern = { "^x": { type: "string" } };
  const old = obj({
    properties: { xa: { type: "string", minLength: 1 } },
    patternProperties: pattern,
  });
  const next = obj({ patternProperties: pattern });
  assert.deepEqual(
    fourWays(old, next),
    removedWidenedFourWays("patternProperties", "properties.xa"),
  );
  assert.deepEqual(verdicts(old, next, { xa: "" }), [[false, true], [false, true]]);
  // The same values on both sides: only the name's removal, no value finding.
  const same = obj({ properties: { xa: { type: "string" } }, patternProperties: pattern });
  assert.deepEqual(fourWays(same, next), {
    input: [`tool.input.property.removed ${I}.properties.xa POTENTIALLY_BREAKING`],
    inputReversed: [`tool.input.property.added ${I}.properties.xa NON_BREAKING`],
    output: [`tool.output.property.removed ${O}.properties.xa NON_BREAKING`],
    outputReversed: [`tool.output.property.added ${O}.properties.xa NON_BREAKING`],
  });
});

Deno.test("diff grades a property removed from an allOf branch beside another branch's additionalProperties", () => {
  const rest = { additionalProperties: { type: "string" } };
  const old = obj({ allOf: [rest, { properties: { x: { type: "string" }, y: {} } }] });
  const next = obj({ allOf: [rest, { properties: { y: {} } }] });
  const at = ".allOf.1.properties.x";
  assert.deepEqual(fourWays(old, next), {
    input: [`tool.input.property.removed ${I}${at} POTENTIALLY_BREAKING`],
    inputReversed: [`tool.input.property.added ${I}${at} NON_BREAKING`],
    output: [`tool.output.property.removed ${O}${at} NON_BREAKING`],
    outputReversed: [`tool.output.property.added ${O}${at} NON_BREAKING`],
  });
  for (const x of ["a", 1]) {
    for (const [a, b] of verdicts(old, next, { x })) assert.equal(a, b, JSON.stringify(x));
  }
});

Deno.test("diff cannot tell what governs a removed property's name when a pattern cannot be matched", () => {
  const pattern = { "^(a+)\\1$": { type: "string" } };
  const old = obj({ properties: { aa: { type: "string" } }, patternProperties: pattern });
  const next = obj({ patternProperties: pattern });
  const found = fourWays(old, next);
  assert.deepEqual(found.input, [`tool.input.property.changed ${I}.properties.aa BREAKING`]);
  assert.deepEqual(found.output, [`tool.output.property.changed ${O}.properties.aa BREAKING`]);
  assert.deepEqual(found.inputReversed, [
    `tool.input.property.changed ${I}.properties.aa BREAKING`,
  ]);
  assert.deepEqual(found.outputReversed, [
    `tool.output.property.changed ${O}.properties.aa BREAKING`,
  ]);
  assert.match(
    schemaChanges("input", old, next)[0]!.message,
    /was removed, and Proxar cannot tell which schema governs that name now \(the pattern/,
  );
});

Deno.test("diff grades a property added beside its object's own pattern by the two meeting", () => {
  // ^x required at least one character; xa: string repeats what it held (no change in
  // values), where the property alone read minLength.widened, BREAKING on output.
  const pattern = { "^x": { type: "string", minLength: 1 } };
  const old = obj({ patternProperties: pattern });
  const next = obj({ properties: { xa: { type: "string" } }, patternProperties: pattern });
  assert.deepEqual(fourWays(old, next), {
    input: [`tool.input.property.added ${I}.properties.xa NON_BREAKING`],
    inputReversed: [`tool.input.property.removed ${I}.properties.xa POTENTIALLY_BREAKING`],
    output: [`tool.output.property.added ${O}.properties.xa NON_BREAKING`],
    outputReversed: [`tool.output.property.removed ${O}.properties.xa NON_BREAKING`],
  });
  for (const xa of ["", "a", 1]) {
    for (const [a, b] of verdicts(old, next, { xa })) assert.equal(a, b, JSON.stringify(xa));
  }
  // xa: integer beside ^x: string accepts nothing under xa now: narrowed (it read
  // type.changed, BREAKING on output too).
  const strings = obj({ patternProperties: { "^x": { type: "string" } } });
  const integer = obj({
    properties: { xa: { type: "integer" } },
    patternProperties: { "^x": { type: "string" } },
  });
  assert.deepEqual(fourWays(strings, integer), {
    input: [`tool.input.patternProperties.narrowed ${I}.properties.xa BREAKING`],
    inputReversed: [
      `tool.input.patternProperties.widened ${I}.properties.xa NON_BREAKING`,
      `tool.input.property.removed ${I}.properties.xa POTENTIALLY_BREAKING`,
    ],
    output: [`tool.output.patternProperties.narrowed ${O}.properties.xa NON_BREAKING`],
    outputReversed: [
      `tool.output.patternProperties.widened ${O}.properties.xa BREAKING`,
      `tool.output.property.removed ${O}.properties.xa NON_BREAKING`,
    ],
  });
  assert.deepEqual(verdicts(strings, integer, { xa: "s" }), [[true, false], [true, false]]);
  assert.deepEqual(verdicts(strings, integer, { xa: 1 }), [[false, false], [false, false]]);
  assert.equal(
    schemaChanges("output", strings, integer)[0]!.message,
    `${O}: property "xa" was added under patternProperties.^x, which matches its name and still applies to it: its values must meet both, which rejects values accepted before`,
  );
});

Deno.test("diff grades a property added where two patterns match its name by all of them meeting", () => {
  // Both ^x and a$ applied to xa (it read property.changed: several patterns match it).
  const patterns = { "^x": { type: "string" }, "a$": { maxLength: 2 } };
  const old = obj({ patternProperties: patterns });
  const next = obj({ properties: { xa: { minLength: 1 } }, patternProperties: patterns });
  assert.deepEqual(fourWays(old, next), {
    input: [`tool.input.patternProperties.narrowed ${I}.properties.xa BREAKING`],
    inputReversed: [
      `tool.input.patternProperties.widened ${I}.properties.xa NON_BREAKING`,
      `tool.input.property.removed ${I}.properties.xa POTENTIALLY_BREAKING`,
    ],
    output: [`tool.output.patternProperties.narrowed ${O}.properties.xa NON_BREAKING`],
    outputReversed: [
      `tool.output.patternProperties.widened ${O}.properties.xa BREAKING`,
      `tool.output.property.removed ${O}.properties.xa NON_BREAKING`,
    ],
  });
  assert.deepEqual(verdicts(old, next, { xa: "" }), [[true, false], [true, false]]);
});

Deno.test("diff grades a property removed beside an additionalProperties of annotations only as beside an open object", () => {
  // {description: "any"} accepts every value, as absent, true and {} do: the same grade for all
  // (it read POTENTIALLY_BREAKING on input, type.widened and two description findings).
  const x = { type: "string", description: "the x" };
  const open = fourWays(obj({ properties: { x, y: {} } }), obj({ properties: { y: {} } }));
  assert.deepEqual(open, removedFourWays("properties.x"));
  const rests: JsonValue[] = [
    true,
    {},
    { description: "any" },
    { title: "Rest", $comment: "c", examples: [1], default: 1, deprecated: false, readOnly: false },
    // A vendor extension is an annotation too: validators ignore it.
    { "x-k": 1 },
  ];
  for (const rest of rests) {
    const old = obj({ properties: { x, y: {} }, additionalProperties: rest });
    const next = obj({ properties: { y: {} }, additionalProperties: rest });
    assert.deepEqual(fourWays(old, next), open, JSON.stringify(rest));
    // Beside another allOf branch, and as unevaluatedProperties (2020-12), the same.
    const branch = (props: JsonValue) =>
      obj({ allOf: [{ additionalProperties: rest }, { properties: props }] });
    const inBranch = fourWays(branch({ x, y: {} }), branch({ y: {} }));
    assert.deepEqual(inBranch.input, [
      `tool.input.property.removed ${I}.allOf.1.properties.x BREAKING`,
    ]);
    assert.deepEqual(inBranch.output, [
      `tool.output.property.removed ${O}.allOf.1.properties.x BREAKING`,
    ]);
    const dialect = { $schema: "https://json-schema.org/draft/2020-12/schema" };
    const unevaluated = fourWays(
      { ...dialect, ...obj({ properties: { x, y: {} }, unevaluatedProperties: rest }) },
      { ...dialect, ...obj({ properties: { y: {} }, unevaluatedProperties: rest }) },
    );
    assert.deepEqual(unevaluated, open, `unevaluatedProperties ${JSON.stringify(rest)}`);
  }
  // ajv: every value under x, before and after.
  for (const value of ["a", 1, null]) {
    const rest = { description: "any" };
    const old = obj({ properties: { x }, additionalProperties: rest });
    const next = obj({ additionalProperties: rest });
    assert.deepEqual(verdicts(old, next, { x: value }), [[typeof value === "string", true], [
      typeof value === "string",
      true,
    ]]);
  }
});

Deno.test("diff compares no annotation of a property with the schema that governs its name", () => {
  // The property's description, default or deprecation goes with its declaration; the rest's
  // describes every name it governs. The values alone are compared (here the same).
  const x = {
    type: "string",
    description: "the x",
    default: "a",
    deprecated: true,
    title: "X",
    "x-order": 1,
  };
  const rest = { type: "string", description: "any other name", examples: ["q"] };
  const old = obj({ properties: { x }, additionalProperties: rest });
  const next = obj({ additionalProperties: rest });
  assert.deepEqual(fourWays(old, next), {
    input: [`tool.input.property.removed ${I}.properties.x POTENTIALLY_BREAKING`],
    inputReversed: [`tool.input.property.added ${I}.properties.x NON_BREAKING`],
    output: [`tool.output.property.removed ${O}.properties.x NON_BREAKING`],
    outputReversed: [`tool.output.property.added ${O}.properties.x NON_BREAKING`],
  });
  // A value change is still graded, and annotations below the property's top still are.
  const narrower = obj({
    properties: { x: { ...x, maxLength: 3 } },
    additionalProperties: rest,
  });
  assert.deepEqual(fourWays(narrower, next).input, [
    `tool.input.maxLength.widened ${I}.properties.x.maxLength NON_BREAKING`,
    `tool.input.property.removed ${I}.properties.x POTENTIALLY_BREAKING`,
  ]);
  const nested = (d: string) =>
    obj({
      properties: { x: { type: "object", properties: { a: { description: d } } } },
      additionalProperties: { type: "object", properties: { a: { description: "other" } } },
    });
  const inner = fourWays(
    nested("a of x"),
    obj({
      additionalProperties: { type: "object", properties: { a: { description: "other" } } },
    }),
  );
  assert.ok(
    inner.input.some((f) =>
      f.startsWith(`tool.input.description.changed ${I}.properties.x.properties.a.description`)
    ),
  );
});

Deno.test("diff cannot tell what governs a removed property's name beside an annotated rest and a pattern it cannot match", () => {
  const pattern = { "^(a+)\\1$": { type: "string" } };
  const rest = { description: "any" };
  const old = obj({
    properties: { aa: { type: "string" } },
    patternProperties: pattern,
    additionalProperties: rest,
  });
  const next = obj({ patternProperties: pattern, additionalProperties: rest });
  assert.deepEqual(fourWays(old, next), {
    input: [`tool.input.property.changed ${I}.properties.aa BREAKING`],
    inputReversed: [`tool.input.property.changed ${I}.properties.aa BREAKING`],
    output: [`tool.output.property.changed ${O}.properties.aa BREAKING`],
    outputReversed: [`tool.output.property.changed ${O}.properties.aa BREAKING`],
  });
});

/**
 * What {@link fourWays} gives for x: {type: string} (with annotations) removed where its name
 * then holds any value: the values widened, the property removed, and nothing of its annotations.
 */
const REMOVED_TO_ANY = {
  input: [
    `tool.input.property.removed ${I}.properties.x BREAKING`,
    `tool.input.type.widened ${I}.properties.x.type NON_BREAKING`,
  ],
  inputReversed: [`tool.input.type.narrowed ${I}.properties.x.type BREAKING`],
  output: [
    `tool.output.property.removed ${O}.properties.x BREAKING`,
    `tool.output.type.widened ${O}.properties.x.type BREAKING`,
  ],
  outputReversed: [`tool.output.type.narrowed ${O}.properties.x.type NON_BREAKING`],
};

Deno.test("diff compares no annotation of a property with any value where its name stays required", () => {
  // Removed while x stays required, x holds any value now: the values are compared (type), the
  // property's description, title and deprecation go with its declaration (it read
  // description.changed POTENTIALLY_BREAKING beside type.widened, and the mirror on adding it).
  const x = { type: "string", description: "the x", title: "X", deprecated: true };
  const old = obj({ properties: { a: {}, x }, required: ["x"] });
  const next = obj({ properties: { a: {} }, required: ["x"] });
  assert.deepEqual(fourWays(old, next), REMOVED_TO_ANY);
  // ajv: x: 5 is accepted after, rejected before; x stays required.
  assert.deepEqual(verdicts(old, next, { x: 5 }), [[false, true], [false, true]]);
  assert.deepEqual(verdicts(old, next, {}), [[false, false], [false, false]]);
});

Deno.test("diff compares no annotation of a property with any value where a conditional place declares its name", () => {
  // Declared before (or still) only in a dependentSchemas entry, a then or an anyOf branch open to
  // it, the name held any value where that does not apply: the values are compared (type), the
  // property's description, title and deprecation go with its declaration (each read
  // description.changed POTENTIALLY_BREAKING, added or removed, as where the name stays required).
  const x = { type: "string", description: "the x", title: "X", deprecated: true };
  const places: Record<string, JsonValue>[] = [
    { dependentSchemas: { a: { properties: { x } } } },
    { if: { required: ["a"] }, then: { properties: { x } } },
    { anyOf: [{ properties: { x } }, { required: ["a"] }] },
  ];
  for (const place of places) {
    const old = obj({ properties: { a: {} }, ...place });
    const next = obj({ properties: { a: {}, x }, ...place });
    // Removed (and, reversed, added) as where the name stays required.
    assert.deepEqual(fourWays(next, old), REMOVED_TO_ANY, JSON.stringify(place));
    // ajv: x: 5 passes before where the place does not apply (without a, or with a beside the
    // anyOf), rejected now.
    const witness = [{ x: 5 }, { x: 5, a: 1 }].some((value) =>
      verdicts(old, next, value).every(([a, b]) => a && !b)
    );
    assert.ok(witness, JSON.stringify(place));
  }
  // A description that differs between the place and the new property is still not compared
  // with any value; what the name's values may be is.
  const old = obj({ properties: { a: {} }, ...places[0]! });
  const next = obj({ properties: { a: {}, x: { ...x, description: "another" } } });
  assert.deepEqual(schemaChanges("input", old, next).map((c) => c.rule).sort(), [
    "tool.input.dependentSchemas.widened",
    "tool.input.type.narrowed",
  ]);
});

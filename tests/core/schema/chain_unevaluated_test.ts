/**
 * A `$ref` chain where more than one link carries an unevaluatedProperties that constrains
 * (draft 2020-12). Each one sees what its own link and the links its `$ref` reaches evaluate,
 * so the deepest one evaluates every name left in its reach and the outer ones never apply: a
 * property added after the deepest link is added to an object that link closed. It read
 * property.changed, BREAKING on both sides ("several links of the reference chain have
 * unevaluatedProperties"). A link before the deepest one is not in its reach, yet the deepest
 * one still rejects (or constrains) the names that link declares: a rule beside it.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { catchAll, fourWays, schemaChanges } from "./_schema_helpers.ts";

const D2020 = "https://json-schema.org/draft/2020-12/schema";
/** Root → A → B, the root and A closed by unevaluatedProperties false. */
const chain = (b: JsonObject, root: JsonObject = {}): JsonValue => ({
  $schema: D2020,
  type: "object",
  $ref: "#/$defs/A",
  unevaluatedProperties: false,
  ...root,
  $defs: {
    A: { $ref: "#/$defs/B", properties: { a: { type: "string" } }, unevaluatedProperties: false },
    B: b,
  },
});
const valid = (schema: JsonValue, value: JsonValue) =>
  checkOf(schema, "2020-12")!.failures(value).length === 0;

Deno.test("diff grades a property added past every closing link of a reference chain as added to a closed object", () => {
  const old = chain({ properties: { b: { type: "string" } } });
  const next = chain({ properties: { b: { type: "string" }, c: { type: "integer" } } });
  const at = (side: string) => `t.${side}Schema.properties.c`;
  assert.deepEqual(fourWays(old, next), {
    input: [`tool.input.property.added ${at("input")} NON_BREAKING`],
    inputReversed: [`tool.input.property.removed ${at("input")} BREAKING`],
    output: [`tool.output.property.added ${at("output")} POTENTIALLY_BREAKING`],
    outputReversed: [`tool.output.property.removed ${at("output")} BREAKING`],
  });
  // ajv (2020-12): {c: 1} rejected before (A closes it), accepted now; other values alike.
  assert.deepEqual([valid(old, { c: 1 }), valid(next, { c: 1 })], [false, true]);
  for (const value of [{ a: "x", b: "y" }, { c: "s" }, { z: 1 }]) {
    assert.equal(valid(old, value), valid(next, value), JSON.stringify(value));
  }
});

Deno.test("diff grades a property added to a link before the deepest closing one as refused on both sides", () => {
  // z on the root: A, deeper, does not see it and rejects it whatever the root says. It read
  // property.changed, BREAKING in all four cells ("several links of the reference chain have
  // unevaluatedProperties"); with A alone closing, property.added POTENTIALLY_BREAKING on output
  // and property.removed BREAKING on both sides, though ajv accepts the same values.
  const b = { properties: { b: { type: "string" } } };
  const z = { type: "string" };
  const at = (side: string) => `t.${side}Schema.properties.z`;
  const REFUSED = {
    input: [`tool.input.property.added ${at("input")} NON_BREAKING`],
    inputReversed: [],
    output: [`tool.output.property.added ${at("output")} NON_BREAKING`],
    outputReversed: [],
  };
  const outerOpen = (s: JsonValue) => {
    const { unevaluatedProperties: _, ...rest } = s as JsonObject;
    return rest;
  };
  for (const open of [false, true]) {
    const old = chain(b, { properties: { y: {} } });
    const next = chain(b, { properties: { y: {}, z } });
    const [o, n] = open ? [outerOpen(old), outerOpen(next)] : [old, next];
    assert.deepEqual(fourWays(o, n), REFUSED, open ? "root open" : "root closed");
    // ajv: z is rejected on both sides (A closes the object to it), other values alike.
    assert.deepEqual([valid(o, { z: "s" }), valid(n, { z: "s" })], [false, false]);
    for (const value of [{ a: "x", b: "y" }, { y: 1 }, { z: 1 }, { a: 1 }]) {
      assert.equal(valid(o, value), valid(n, value), JSON.stringify(value));
    }
  }
});

Deno.test("diff grades a property a link before the closing one adds by what that one governs it with", () => {
  // A's unevaluatedProperties {type: string} governs z on the root: {minLength: 1} narrows it.
  const old = chain({}, { properties: { y: {} } });
  const narrowed = (u: JsonValue, z: JsonValue) => {
    const o = old as JsonObject, defs = o.$defs as JsonObject;
    const withU = (s: JsonObject) => ({
      ...s,
      $defs: { ...defs, A: { ...(defs.A as JsonObject), unevaluatedProperties: u } },
    });
    return [withU(o), withU({ ...o, properties: { y: {}, z } })];
  };
  const [o, n] = narrowed({ type: "string" }, { type: "string", minLength: 1 });
  const p = (side: string) => `t.${side}Schema.properties.z`;
  assert.deepEqual(fourWays(o!, n!).input, [`tool.input.allOf.narrowed ${p("input")} BREAKING`]);
  assert.deepEqual([valid(o!, { z: "" }), valid(n!, { z: "" })], [true, false]);
  // A union branch of A that may evaluate z: what governs it cannot be told.
  const maybe = (s: JsonObject) => {
    const defs = s.$defs as JsonObject;
    const a = {
      ...(defs.A as JsonObject),
      anyOf: [{ properties: { z: { type: "integer" } } }, {}],
    };
    return { ...s, $defs: { ...defs, A: a } };
  };
  const undecided = fourWays(
    maybe(old as JsonObject),
    maybe({
      ...(old as JsonObject),
      properties: { y: {}, z: { type: "string" } },
    }),
  );
  for (const side of ["input", "output"] as const) {
    const changed = `tool.${side}.property.changed ${p(side)} BREAKING`;
    assert.ok(undecided[side].includes(changed), `${undecided[side]}`);
  }
});

Deno.test("diff grades a property a link adds beside a deeper link's declaration by the two meeting, whatever an outer unevaluatedProperties says", () => {
  // Root (unevaluatedProperties string) → A → B, B declaring x: integer. x: {minimum: 0} added to
  // A meets B's integer: fewer values. The root's unevaluatedProperties does not govern x (B
  // evaluates it), but read from its keywords alone it seemed to, the two meetings both accepted
  // nothing, and the walk said property.added, NON_BREAKING on input (the catch-all's $defs
  // verdict kept the grade).
  const at = (x: JsonObject | undefined): JsonValue => ({
    $schema: D2020,
    type: "object",
    $ref: "#/$defs/A",
    unevaluatedProperties: { type: "string" },
    $defs: {
      A: { $ref: "#/$defs/B", properties: { a: {}, ...x && { x } } },
      B: { properties: { x: { type: "integer" } } },
    },
  });
  const [old, next] = [at(undefined), at({ minimum: 0 })];
  const p = (side: string) => `t.${side}Schema.properties.x`;
  assert.deepEqual(fourWays(old, next), {
    input: [`tool.input.allOf.narrowed ${p("input")} BREAKING`],
    // Still declared in B: only what A said of its values went.
    inputReversed: [`tool.input.allOf.widened ${p("input")} NON_BREAKING`],
    output: [`tool.output.allOf.narrowed ${p("output")} NON_BREAKING`],
    outputReversed: [`tool.output.allOf.widened ${p("output")} BREAKING`],
  });
  assert.deepEqual([valid(old, { x: -1 }), valid(next, { x: -1 })], [true, false]);
});

Deno.test("diff grades a root property removed where a closing link governs its name the same whether the root's own unevaluatedProperties is written or not", () => {
  // Root (unevaluatedProperties false, or none) → A (unevaluatedProperties {type: string}). A
  // evaluates every name, so the root's never applies. The catch-all read the root's false as
  // governing z, could not tell past the $ref, and added keyword.changed BREAKING in all four
  // cells ("unevaluatedProperties depends on other applicators here") beside the walk's findings.
  const at = (z: JsonValue | undefined, closed: boolean, a: JsonObject = {}): JsonValue => ({
    $schema: D2020,
    type: "object",
    $ref: "#/$defs/A",
    ...closed && { unevaluatedProperties: false },
    properties: { y: {}, ...z !== undefined && { z } },
    $defs: { A: { properties: { a: {} }, unevaluatedProperties: { type: "string" }, ...a } },
  });
  const p = (side: string) => `t.${side}Schema.properties.z`;
  const cases: [JsonValue, ReturnType<typeof fourWays>][] = [
    [{ type: "string" }, {
      input: [`tool.input.property.removed ${p("input")} POTENTIALLY_BREAKING`],
      inputReversed: [`tool.input.property.added ${p("input")} NON_BREAKING`],
      output: [`tool.output.property.removed ${p("output")} NON_BREAKING`],
      outputReversed: [`tool.output.property.added ${p("output")} NON_BREAKING`],
    }],
    [{ type: "string", minLength: 1 }, {
      input: [
        `tool.input.allOf.widened ${p("input")} NON_BREAKING`,
        `tool.input.property.removed ${p("input")} POTENTIALLY_BREAKING`,
      ],
      inputReversed: [`tool.input.allOf.narrowed ${p("input")} BREAKING`],
      output: [
        `tool.output.allOf.widened ${p("output")} BREAKING`,
        `tool.output.property.removed ${p("output")} NON_BREAKING`,
      ],
      outputReversed: [`tool.output.allOf.narrowed ${p("output")} NON_BREAKING`],
    }],
  ];
  for (const [z, expected] of cases) {
    for (const closed of [false, true]) {
      const [old, next] = [at(z, closed), at(undefined, closed)];
      const label = `${JSON.stringify(z)} ${closed ? "root closed" : "root open"}`;
      assert.deepEqual(fourWays(old, next), expected, label);
      for (const [a, b] of [[old, next], [next, old]]) {
        const changed = catchAll(a, b).filter((d) => d.rule.endsWith(".changed"));
        assert.deepEqual(changed, [], label);
      }
      // The place named is the one the schema writes, not the rule built from it.
      const removed = schemaChanges("input", old, next).find((c) =>
        c.rule === "tool.input.property.removed"
      );
      assert.match(removed!.message, /but \$defs\.A\.unevaluatedProperties still governs/, label);
      // ajv: {z: ""} is accepted now, and before unless z had minLength 1; {z: 1} never.
      const minLength = (z as JsonObject).minLength !== undefined;
      assert.deepEqual([valid(old, { z: "" }), valid(next, { z: "" })], [!minLength, true]);
      assert.deepEqual([valid(old, { z: 1 }), valid(next, { z: 1 })], [false, false]);
    }
  }
  // A union branch of A that may evaluate z: Proxar cannot tell what governs it, open or closed.
  const maybe = { anyOf: [{ properties: { z: { type: "integer" } } }, {}] };
  const undecided = [false, true].map((closed) =>
    fourWays(at({ type: "string" }, closed, maybe), at(undefined, closed, maybe))
  );
  assert.deepEqual(undecided[1], undecided[0]);
  assert.deepEqual(undecided[0]!.input, [`tool.input.property.removed ${p("input")} BREAKING`]);
  for (const side of ["input", "output"] as const) {
    const changed = `tool.${side}.property.changed ${p(side)} BREAKING`;
    assert.ok(undecided[0]![`${side}Reversed`].includes(changed), `${undecided[0]![side]}`);
  }
  const closedMaybe = at({ type: "string" }, true, maybe);
  assert.deepEqual([valid(closedMaybe, { z: 1 }), valid(at(undefined, true, maybe), { z: 1 })], [
    false,
    true,
  ]);
});

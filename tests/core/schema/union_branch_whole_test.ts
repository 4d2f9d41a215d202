/**
 * A schema that became one branch of a union, compared as the question asked whole (survey seed
 * 7, 2020-12 pairs: four pure widenings graded BREAKING). `allOf [$ref A]` → `anyOf [$ref A,
 * null]` keeps every value whatever A holds, though a oneOf A whose branches the proof cannot
 * show disjoint failed the proof through A's keywords; and an object closed by
 * unevaluatedProperties that became a branch of `anyOf [it, null]` was undecided, as the
 * flattened proof cannot read an unevaluatedProperties written in a branch. Where the branch
 * itself changed so that values go, the break is still found.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { subsumes } from "../../../core/schema/subsume.ts";
import { STRUCTURED_VOCABULARY } from "../../../core/schema/walk.ts";
import { judge } from "./_oracle.ts";
import { fourWays } from "./_schema_helpers.ts";

const known = STRUCTURED_VOCABULARY;
/** Strings longer than 2 and numbers: "ab" matches both branches, null neither. */
const overlapping = { oneOf: [{ type: "string" }, { type: ["string", "number"], maxLength: 2 }] };
const withA = (v: JsonValue, a: JsonValue = overlapping) => ({
  type: "object",
  properties: { v },
  $defs: { A: a },
});
const ref = { $ref: "#/$defs/A" };

Deno.test("subsumes() finds a referenced schema in a union branch that refers to it alike", () => {
  const [old, next] = [withA({}), withA({})];
  const wrapped = { allOf: [{ allOf: [ref] }] };
  const nullable = { allOf: [{ anyOf: [{ allOf: [ref] }, { type: "null" }] }] };
  assert.equal(subsumes(wrapped, nullable, { rootA: old, rootB: next, known }), true);
  // Not the other way: null is new.
  assert.notEqual(subsumes(nullable, wrapped, { rootA: next, rootB: old, known }), true);
  // The definition changed: the same reference no longer means the same schema.
  const other = withA({}, {
    oneOf: [{ type: "string" }, { type: ["string", "number"], maxLength: 3 }],
  });
  assert.notEqual(subsumes(wrapped, nullable, { rootA: old, rootB: other, known }), true);
  // In a oneOf, the branch must be one the others cannot overlap: "" is in both.
  const exclusive = { oneOf: [ref, { type: "string" }] };
  assert.notEqual(subsumes(wrapped, exclusive, { rootA: old, rootB: next, known }), true);
});

Deno.test("diff grades allOf [$ref A] → anyOf [$ref A, null] by the union, A an overlapping oneOf", () => {
  const old = withA({ allOf: [{ allOf: [ref] }] });
  const next = withA({ allOf: [{ anyOf: [{ allOf: [ref] }, { type: "null" }] }] });
  const at = (side: string) => `t.${side}Schema.properties.v.allOf`;
  assert.deepEqual(fourWays(old, next), {
    input: [`tool.input.allOf.widened ${at("input")} NON_BREAKING`],
    inputReversed: [`tool.input.allOf.narrowed ${at("input")} BREAKING`],
    output: [`tool.output.allOf.widened ${at("output")} BREAKING`],
    outputReversed: [`tool.output.allOf.narrowed ${at("output")} NON_BREAKING`],
  });
  // No value the old input accepted fails the new one.
  assert.equal(judge(old, next)!.verdicts.find((v) => v.side === "input")!.witness, undefined);
});

Deno.test("diff still finds the break when the referenced oneOf changed beside the new null", () => {
  // Old A: strings longer than 2 and numbers; new A: strings longer than 3. "abc" goes.
  const old = withA({ allOf: [{ allOf: [ref] }] });
  const next = withA(
    { allOf: [{ anyOf: [{ allOf: [ref] }, { type: "null" }] }] },
    { oneOf: [{ type: "string" }, { type: ["string", "number"], maxLength: 3 }] },
  );
  const input = judge(old, next)!.verdicts.find((v) => v.side === "input")!;
  assert.notEqual(input.witness, undefined);
  const ways = fourWays(old, next);
  assert.ok(ways.input.some((f) => f.endsWith(" BREAKING")), ways.input.join("\n"));
  assert.ok(ways.output.some((f) => f.endsWith(" BREAKING")), ways.output.join("\n"));
});

Deno.test("diff reads null as no change beside an overlapping oneOf that already holds it", () => {
  // oneOf [string, {maxLength: 2}]: null matches the second branch alone, so A holds it and the
  // wrap adds no value (ajv, draft-07); the overlapping branches failed the proof value by
  // value too, which read allOf.widened one way and allOf.narrowed the other.
  const a = { oneOf: [{ type: "string" }, { maxLength: 2 }] };
  const old = withA({ allOf: [{ allOf: [ref] }] }, a);
  const next = withA({ allOf: [{ anyOf: [{ allOf: [ref] }, { type: "null" }] }] }, a);
  const none = { input: [], inputReversed: [], output: [], outputReversed: [] };
  assert.deepEqual(fourWays(old, next), none);
  assert.equal(subsumes({ type: "null" }, ref, { rootA: old, rootB: old, known }), true);
  for (const v of judge(old, next)!.verdicts) assert.equal(v.witness, undefined, v.side);
  // Where a value matches both branches it is not within the oneOf: "a" in string and ≤ 2.
  assert.notEqual(subsumes({ enum: ["a"] }, ref, { rootA: old, rootB: old, known }), true);
});

const closed = (b: JsonValue, more: Record<string, JsonValue> = {}) => ({
  type: "object",
  allOf: [{ properties: { a: { type: "string" } } }],
  properties: { b },
  unevaluatedProperties: false,
  ...more,
});
const in2020 = (v: JsonValue) => ({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: { v },
});

Deno.test("diff grades a closed object that became a branch of anyOf [it, null] by the union", () => {
  const old = in2020(closed({ enum: [1, 2] }));
  const next = in2020({ anyOf: [closed({}), { type: "null" }] });
  const ways = fourWays(old, next);
  // Only the union and the property's values: no keyword of the object read as removed.
  assert.deepEqual(ways.input, [
    "tool.input.anyOf.widened t.inputSchema.properties.v.anyOf NON_BREAKING",
    "tool.input.enum.widened t.inputSchema.properties.v.anyOf.0.properties.b.enum NON_BREAKING",
  ]);
  assert.deepEqual(ways.outputReversed, [
    "tool.output.anyOf.narrowed t.outputSchema.properties.v.anyOf NON_BREAKING",
    "tool.output.enum.narrowed t.outputSchema.properties.v.anyOf.0.properties.b.enum NON_BREAKING",
  ]);
  assert.ok(ways.inputReversed.every((f) => f.endsWith(" BREAKING")));
  assert.ok(ways.output.every((f) => f.endsWith(" BREAKING")));
});

Deno.test("diff finds the break where the closed object's branch lets fewer values in, or cannot tell", () => {
  // The property narrowed inside the new branch: {b: 2} goes.
  const narrowed = in2020({ anyOf: [closed({ enum: [1] }), { type: "null" }] });
  const old = in2020(closed({ enum: [1, 2] }));
  assert.ok(fourWays(old, narrowed).input.some((f) => f.endsWith(" BREAKING")));
  // A name the branch may evaluate through a conditional (c, when b is there): Proxar does not
  // tell which names the branch's unevaluatedProperties then governs, so the union is not
  // proven, and undecided stays BREAKING on input rather than pass as a widening.
  const conditional = in2020({
    anyOf: [
      closed({ enum: [1, 2] }, { if: { required: ["b"] }, then: { properties: { c: true } } }),
      { type: "null" },
    ],
  });
  const input = fourWays(old, conditional).input;
  assert.ok(input.some((f) => f.endsWith(" BREAKING")), input.join("\n"));
});

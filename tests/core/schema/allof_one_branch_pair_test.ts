/**
 * An allOf whose branches that constrain are one on each side (the others accept every value:
 * `true`, annotations only) is that branch alone: the two branches are compared as such, whatever
 * their forms. Paired by likeness, a oneOf and an anyOf holding it read a branch removed and one
 * added (allOf.narrowed, BREAKING on input) where the proof could not follow the oneOf (validator
 * oracle, seed 43: a pure widening).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays } from "./_schema_helpers.ts";

const x = (schema: JsonValue) => ({ type: "object", properties: { x: schema } });
// null passes two branches: the oneOf rejects it.
const ONE_OF = { oneOf: [{ type: "string" }, { type: "null" }, { enum: [null, 1] }] };
const SAMPLES: JsonValue[] = [null, 1, 2, "", "a", "ab", true, [], {}];

/** The samples of x that `a` accepts and `b` does not (ajv, 2020-12). */
function lost(a: JsonValue, b: JsonValue): JsonValue[] {
  const [ca, cb] = [checkOf(a, "2020-12")!, checkOf(b, "2020-12")!];
  const ok = (c: typeof ca, v: JsonValue) => c.failures({ x: v }).length === 0;
  return SAMPLES.filter((v) => ok(ca, v) && !ok(cb, v));
}

Deno.test("one constraining allOf branch a side is compared with the other, whatever its form", () => {
  const old = x({ allOf: [ONE_OF, true] });
  const widened = x({ allOf: [{ anyOf: [ONE_OF, { type: "null" }] }, true] });
  assert.deepEqual(lost(old, widened), []);
  assert.deepEqual(lost(widened, old), [null]);
  const at = (side: string) => `t.${side}Schema.properties.x.allOf`;
  // It read allOf.narrowed BREAKING beside allOf.widened on input (and the mirror on output).
  // The proof now finds the oneOf within the anyOf's branch past the `true` beside it, and
  // grades the allOf whole.
  assert.deepEqual(fourWays(old, widened), {
    input: [`tool.input.allOf.widened ${at("input")} NON_BREAKING`],
    inputReversed: [`tool.input.allOf.narrowed ${at("input")} BREAKING`],
    output: [`tool.output.allOf.widened ${at("output")} BREAKING`],
    outputReversed: [`tool.output.allOf.narrowed ${at("output")} NON_BREAKING`],
  });
  // An annotation-only branch beside is no constraint either.
  const described = x({ allOf: [ONE_OF, { description: "d" }] });
  const describedWide = x({ allOf: [{ anyOf: [ONE_OF, { type: "null" }] }, { description: "d" }] });
  assert.deepEqual(fourWays(described, describedWide), fourWays(old, widened));
});

Deno.test("one allOf branch a side that really changed stays BREAKING where values are lost", () => {
  // The anyOf drops strings shorter than 2: narrowed on input, whichever way the forms differ.
  const old = x({ allOf: [{ oneOf: [{ type: "string" }, { type: "integer" }] }, true] });
  const next = x({
    allOf: [{ anyOf: [{ type: "string", minLength: 2 }, { type: "integer" }] }, true],
  });
  assert.deepEqual(lost(old, next), ["", "a"]);
  const found = fourWays(old, next);
  assert.ok(found.input.some((f) => f.endsWith(" BREAKING")), found.input.join());
  assert.ok(found.outputReversed.some((f) => f.endsWith(" BREAKING")), found.outputReversed.join());
  // Neither contains the other: BREAKING on both sides, both ways.
  const other = x({ allOf: [{ anyOf: [{ type: "string" }, { type: "boolean" }] }, true] });
  assert.deepEqual(lost(old, other), [1, 2]);
  for (const [way, list] of Object.entries(fourWays(old, other))) {
    assert.ok(list.some((f) => f.endsWith(" BREAKING")), `${way}: ${list.join()}`);
  }
});

/**
 * An `if` tests the names it writes and declares none: an allOf branch of a condition removed
 * beside `unevaluatedProperties: false` narrows the object (the names it evaluated where it held
 * are rejected again), and no property it names was removed. namesRemoved() counted the
 * condition's properties as declared by the branch, so the removal also read property.removed,
 * BREAKING on output, where adding the same branch read no property.added.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { fourWays } from "./_schema_helpers.ts";

const cond = { properties: { a: { minLength: 2 } } };
/** A closed object declaring b, with the allOf `branches` (none: no allOf). */
const closed = (...branches: JsonValue[]) => ({
  type: "object",
  properties: { b: {} },
  ...(branches.length > 0 ? { allOf: branches } : {}),
  unevaluatedProperties: false,
});
const narrowed = {
  input: ["tool.input.allOf.narrowed t.inputSchema.allOf BREAKING"],
  inputReversed: ["tool.input.allOf.widened t.inputSchema.allOf NON_BREAKING"],
  output: ["tool.output.allOf.narrowed t.outputSchema.allOf NON_BREAKING"],
  outputReversed: ["tool.output.allOf.widened t.outputSchema.allOf BREAKING"],
};

Deno.test("diff reads an allOf branch of an if removed beside unevaluatedProperties as no property removed", () => {
  // @hyperjump/json-schema (2019-09 and 2020-12): {a: "ab"} is accepted with the condition and
  // rejected without it; {} and {b: 1} on both sides.
  assert.deepEqual(fourWays(closed({ if: cond }), closed({})), narrowed);
  assert.deepEqual(fourWays(closed({ if: cond }), closed()), narrowed);
  assert.deepEqual(
    fourWays(closed({ minProperties: 1 }, { if: cond }), closed({ minProperties: 1 })),
    narrowed,
  );
});

Deno.test("diff still reads a property a removed conditional branch declares in its then as removed", () => {
  // The then declares c: gone with the branch; a, which only the if names, is not.
  const found = fourWays(closed({ if: cond, then: { properties: { c: {} } } }), closed());
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(
      found[side].filter((f) => f.includes("property.removed")),
      [`tool.${side}.property.removed t.${side}Schema.allOf.0.properties.c BREAKING`],
    );
  }
});

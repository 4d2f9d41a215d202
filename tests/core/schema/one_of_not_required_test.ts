/**
 * oneOf branches told apart by `not: {required: [v]}` in one and `required: [v]` in the other
 * (agent-device 0.21.3's fill.outputSchema, with type object and empty properties in the `not`)
 * are disjoint: no object holds v and lacks it. They were not known to be, so a change inside
 * one branch read BREAKING both ways (a branch narrowed might leave a value matching one branch
 * instead of two, which the oneOf then accepts). Now graded by variance; a `not` that leaves
 * some objects holding v to the first branch keeps the overlap grade.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, narrowedFourWays } from "./_schema_helpers.ts";

const x = (schema: JsonValue) => ({ type: "object", properties: { x: schema } });
const at = "properties.x.oneOf.0.maxProperties";

/** A oneOf whose first branch says `not: apart` and may hold `more`; the second requires v. */
const union = (apart: JsonValue, more: Record<string, JsonValue> = {}): JsonValue => ({
  oneOf: [
    { type: "object", required: ["a"], not: apart, ...more },
    { type: "object", required: ["v"] },
  ],
});

/** Whether ajv (draft-07 and 2020-12) finds a value matching both branches of `union(apart)`. */
function overlaps(apart: JsonValue): boolean {
  const [first, second] = (union(apart) as { oneOf: JsonValue[] }).oneOf;
  const samples: JsonValue[] = [{ a: 1 }, { v: 1 }, { a: 1, v: 5 }, { a: 1, v: "s" }];
  return (["draft-07", "2020-12"] as const).some((d) =>
    samples.some((s) =>
      checkOf(first!, d)!.failures(s).length === 0 && checkOf(second!, d)!.failures(s).length === 0
    )
  );
}

Deno.test("disjoint(): a branch's not of a name the other requires tells the branches apart", () => {
  for (
    const apart of [
      { required: ["v"] },
      { type: "object", properties: {}, required: ["v"] },
    ]
  ) {
    assert.equal(overlaps(apart), false);
    // maxProperties 3 added to the first branch narrows the union: BREAKING on input only, and
    // removed, widens it: BREAKING on output only (was BREAKING all four ways).
    assert.deepEqual(
      fourWays(x(union(apart)), x(union(apart, { maxProperties: 3 }))),
      narrowedFourWays("maxProperties", at),
      JSON.stringify(apart),
    );
  }
});

Deno.test("disjoint(): a not that leaves some values of the other branch keeps the overlap grade", () => {
  // {a: 1, v: 5} matches both branches: the not rejects v strings only.
  const apart = { required: ["v"], properties: { v: { type: "string" } } };
  assert.equal(overlaps(apart), true);
  const found = fourWays(x(union(apart)), x(union(apart, { maxProperties: 3 })));
  const breaking = (side: "input" | "output", change: string) =>
    `tool.${side}.maxProperties.${change} t.${side}Schema.${at} BREAKING`;
  assert.deepEqual(found, {
    input: [breaking("input", "narrowed")],
    inputReversed: [breaking("input", "widened")],
    output: [breaking("output", "narrowed")],
    outputReversed: [breaking("output", "widened")],
  });
});

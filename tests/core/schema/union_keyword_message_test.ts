/**
 * An anyOf that became a oneOf (or the reverse), each of disjoint branches, is one union whose
 * branches pair across the two keywords (_union_keyword.ts). Graded as a whole, its message
 * named only the new keyword: "oneOf went from 2 to 3 branches", as if the old schema had a
 * oneOf too.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { catchAllDiff } from "../../../core/schema/catch_all.ts";
import { STRUCTURED_VOCABULARY, walkSchemas } from "../../../core/schema/walk.ts";
import { branchCounts } from "../../../core/schema/_union_keyword.ts";
import { classifyProse } from "../../../core/prose.ts";

const v = (key: string, branches: JsonValue[]) => ({
  type: "object",
  properties: { v: { [key]: branches } },
});
// [string, null] lost null, which a new [null, boolean] branch holds: the union only widened.
const oldBranches: JsonValue[] = [{ type: ["string", "null"] }, { type: "integer" }];
const old = v("anyOf", oldBranches);
const next = v("oneOf", [{ type: "string" }, { type: "integer" }, { type: ["null", "boolean"] }]);
const where = { side: "input" as const, basePath: "t", basePointer: "" };

Deno.test("branchCounts() names both keywords when the union keyword changed", () => {
  assert.equal(
    branchCounts("anyOf", 3, "oneOf", 3),
    "anyOf of 3 branches became oneOf of 3 branches",
  );
  assert.equal(branchCounts("oneOf", 3, "oneOf", 2), "oneOf went from 3 to 2 branches");
  // As many as before: "allOf went from 1 to 1 branches" said nothing of what changed.
  assert.equal(branchCounts("allOf", 1, "allOf", 1), "the allOf branch changed");
  assert.equal(branchCounts("anyOf", 2, "anyOf", 2), "some anyOf branches changed");
});

Deno.test("the walk names the anyOf that became a oneOf when it grades the union as a whole", () => {
  const deltas = walkSchemas(old, next, {
    ...where,
    classifyProse,
  });
  assert.deepEqual(deltas.map((d) => [d.rule, d.message]), [[
    "tool.input.oneOf.widened",
    "t.properties.v: anyOf of 2 branches became oneOf of 3 branches; every value the old schema accepts, the new one accepts too",
  ]]);
  // Reversed, the branch removed was the old oneOf's.
  const back = walkSchemas(next, old, {
    ...where,
    classifyProse,
  });
  assert.deepEqual(back.map((d) => d.message), [
    "t.properties.v: oneOf became anyOf, whose branches cannot overlap, so that alone changes no value; oneOf branch 2 was removed",
  ]);
});

Deno.test("the catch-all names the anyOf that became a oneOf when it grades the union as a whole", () => {
  const deltas = catchAllDiff(old, next, { ...where, known: STRUCTURED_VOCABULARY });
  assert.deepEqual(deltas.map((d) => d.message), [
    'Widened "oneOf" at "t.properties.v.oneOf": anyOf of 2 branches became oneOf of 3 branches; every value the old schema accepts is accepted by the new one',
  ]);
  // The same keyword on both sides keeps the count alone.
  const same = catchAllDiff(v("oneOf", oldBranches), next, {
    ...where,
    known: STRUCTURED_VOCABULARY,
  });
  assert.ok(same.every((d) => !d.message.includes("became")), same.map((d) => d.message).join());
  assert.ok(
    same.some((d) => d.message.includes("oneOf went from 2 to 3 branches")),
    same.map((d) => d.message).join(),
  );
});

/**
 * An anyOf that became a oneOf (or the reverse), each of disjoint branches, is one union whose
 * branches pair across the two keywords (_union_keyword.ts). Graded as a whole, its message
 * named only the new keyword: "oneOf went from 2 to 3 branches", as if the old schema had a
 * oneOf too.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { walkSchemas } from "../../../core/schema/walk.ts";
import { branchCounts } from "../../../core/schema/_union_keyword.ts";
import { classifyProse } from "../../../core/prose.ts";
import { catchAll } from "./_schema_helpers.ts";

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
  const deltas = catchAll(old, next);
  assert.deepEqual(deltas.map((d) => d.message), [
    'Widened "oneOf" at "t.properties.v.oneOf": anyOf of 2 branches became oneOf of 3 branches; every value the old schema accepts is accepted by the new one',
  ]);
  // The same keyword on both sides keeps the count alone.
  const same = catchAll(v("oneOf", oldBranches), next);
  assert.ok(same.every((d) => !d.message.includes("became")), same.map((d) => d.message).join());
  assert.ok(
    same.some((d) => d.message.includes("oneOf went from 2 to 3 branches")),
    same.map((d) => d.message).join(),
  );
});

Deno.test("both differs say which branches changed beside an anyOf that became a oneOf of overlapping branches", () => {
  // anyOf [string, string ≤ 3] → oneOf [string, string ≤ 5]: strings up to 5 long now match
  // both branches (rejected), longer ones one (accepted): narrowed, graded once at the new
  // keyword, whose message named the keyword change alone though a branch changed too.
  const s = { type: "string" };
  const a = v("anyOf", [s, { type: "string", maxLength: 3 }]);
  const b = v("oneOf", [s, { type: "string", maxLength: 5 }]);
  const walked = walkSchemas(a, b, { ...where, classifyProse });
  assert.deepEqual(walked.map((d) => [d.rule, d.message]), [[
    "tool.input.oneOf.narrowed",
    "t.properties.v: anyOf of 2 branches became oneOf of 2 branches: the union became exclusive, so a value that matches more than one branch is now rejected (new branches 0 and 1 may overlap); besides, anyOf branch 1 became oneOf branch 1; every value the new schema accepts, the old one accepts too",
  ]]);
  const caught = catchAll(a, b);
  assert.deepEqual(caught.map((d) => d.message), [
    'Narrowed "oneOf" at "t.properties.v.oneOf": anyOf became oneOf: the union became exclusive, so a value that matches more than one branch is now rejected; besides, anyOf branch 1 became oneOf branch 1; every value the new schema accepts was accepted by the old one',
  ]);
  // The same branches: nothing besides the keyword.
  const same = walkSchemas(a, v("oneOf", [s, { type: "string", maxLength: 3 }]), {
    ...where,
    classifyProse,
  });
  assert.ok(same.every((d) => !d.message.includes("besides")), same.map((d) => d.message).join());
});

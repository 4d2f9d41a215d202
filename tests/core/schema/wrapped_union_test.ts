import assert from "node:assert/strict";
import { wrappedUnion } from "../../../core/schema/_wrapped_union.ts";

Deno.test("wrappedUnion() finds the union through a one-branch allOf and a local $ref", () => {
  const union = [{ type: "string" }, { type: "string", maxLength: 5 }];
  const root = { $defs: { A: { oneOf: union } } };
  const list = [{ allOf: [{ $ref: "#/$defs/A" }] }, { type: "null" }];
  assert.deepEqual(wrappedUnion(list, "oneOf", root), { index: 0, union });
});

Deno.test("wrappedUnion() finds nothing in a lone branch, beside other keywords or twice", () => {
  const inner = { oneOf: [{ type: "string" }, { type: "integer" }] };
  assert.equal(wrappedUnion([inner], "oneOf", {}), undefined);
  assert.equal(
    wrappedUnion([{ ...inner, minLength: 1 }, { type: "null" }], "oneOf", {}),
    undefined,
  );
  assert.equal(wrappedUnion([inner, inner], "oneOf", {}), undefined);
  assert.equal(
    wrappedUnion([{ $ref: "#/$defs/missing" }, { type: "null" }], "oneOf", {}),
    undefined,
  );
});

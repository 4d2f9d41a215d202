import assert from "node:assert/strict";
import fc from "fast-check";
import type { JsonValue } from "../../../core/json.ts";
import { containsRef, countRefs } from "../../../core/schema/resolve.ts";
import { objectOf } from "../_objects.ts";

/** The reference count: every `$ref` and `$dynamicRef` key of every object, recursively. */
function naive(value: JsonValue): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + naive(v), 0);
  if (typeof value !== "object" || value === null) return 0;
  return Object.keys(value).reduce(
    (n, k) => n + (k === "$ref" || k === "$dynamicRef" ? 1 : 0) + naive(value[k] as JsonValue),
    0,
  );
}

const key = fc.constantFrom("$ref", "$dynamicRef", "__proto__", "properties", "items", "a");
const { value } = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 5, withCrossShrink: true },
    fc.constantFrom<JsonValue>(null, true, 0, "#", "#/$defs/x"),
    fc.array(tie("value"), { maxLength: 5 }),
    // An own "__proto__" key, as JSON.parse makes one.
    fc.array(fc.tuple(key, tie("value")), { maxLength: 5 }).map((entries) => objectOf(entries)),
  ),
}));

Deno.test("countRefs() counts every $ref and $dynamicRef at any depth, and containsRef() says whether there is one", () => {
  fc.assert(
    fc.property(value, (v) => {
      assert.equal(countRefs(v), naive(v));
      assert.equal(containsRef(v), naive(v) > 0);
      assert.equal(countRefs(v, 2) >= Math.min(2, naive(v)), true);
    }),
    { numRuns: 500 },
  );
  assert.equal(countRefs(undefined), 0);
  assert.equal(countRefs({ $ref: "#", $dynamicRef: "#a", items: [{ $ref: "#" }] }), 3);
});

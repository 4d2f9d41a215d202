import assert from "node:assert/strict";
import fc from "fast-check";
import {
  hasValue,
  sameJson,
  valueCount,
  valueSet,
  valueSubset,
} from "../../../core/schema/_catch_all_json.ts";
import { enumEffect, valueKeys, valueSet as listedValues } from "../../../core/schema/values.ts";
import { type JsonObject, type JsonValue, sortKeys, stableStringify } from "../../../core/json.ts";
import { objectOf } from "../_objects.ts";

const key = fc.constantFrom("a", "b", "v", "__proto__", "0", "1", "10", "9", "");
const leaf: fc.Arbitrary<JsonValue> = fc.constantFrom(
  0,
  -0,
  1,
  "1",
  "0",
  "",
  "a",
  "null",
  "true",
  null,
  true,
  false,
  1.5,
);
const { value } = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3 },
    leaf,
    fc.array(tie("value"), { maxLength: 3 }),
    fc.array(fc.tuple(key, tie("value")), { maxLength: 3 }).map(objectOf),
  ),
}));
const list = fc.array(value, { maxLength: 12 });

/** Distinct values of a list by structural equality (key order ignored, -0 equal to 0). */
const distinct = (xs: JsonValue[]) =>
  xs.filter((x, i) => xs.findIndex((y) => sameJson(x, y)) === i);

Deno.test("value sets of the catch-all agree with a list search: members, subsets and counts", () => {
  fc.assert(
    fc.property(list, list, (a, b) => {
      const sa = valueSet(a), sb = valueSet(b);
      // Built once per list: the same list read again is the same set.
      assert.equal(valueSet(a), sa);
      assert.equal(valueCount(sa), distinct(a).length);
      for (const x of [...a, ...b]) {
        assert.equal(hasValue(sa, x), a.some((y) => sameJson(x, y)));
      }
      assert.equal(valueSubset(sa, sb), a.every((x) => b.some((y) => sameJson(x, y))));
      assert.equal(valueSubset(sb, sa), b.every((x) => a.some((y) => sameJson(x, y))));
    }),
    { numRuns: 400 },
  );
});

Deno.test("a string is no number, boolean or null of the same text in a value set", () => {
  const strings = valueSet(["1", "true", "null", "b1"]);
  for (const other of [1, true, null]) assert.equal(hasValue(strings, other), false);
  assert.equal(valueSubset(valueSet([1]), strings), false);
  assert.equal(valueSubset(valueSet(["1"]), strings), true);
  assert.equal(valueCount(valueSet(["1", 1, "1", -0, 0, { v: 1 }, { v: 1 }])), 4);
});

Deno.test("stableStringify writes what JSON.stringify writes of the sorted copy", () => {
  fc.assert(
    fc.property(value, (v) => assert.equal(stableStringify(v), JSON.stringify(sortKeys(v)))),
    { numRuns: 500 },
  );
  // Array-index keys come first in any object: sorted as strings, "10" is before "9".
  const indexKeys = JSON.parse('{"9": 1, "10": 2}') as JsonObject;
  assert.equal(stableStringify(indexKeys), JSON.stringify(sortKeys(indexKeys)));
  assert.equal(stableStringify(new Date(0)), "{}");
});

Deno.test("enum comparison: equal lists, reordered and duplicated lists, one value fewer", () => {
  const values = Array.from({ length: 1000 }, (_, i) => `v${i}`);
  const enumOf = (list: JsonValue[]): JsonObject => ({ enum: list });
  assert.equal(enumEffect(enumOf(values), enumOf([...values])), undefined);
  assert.equal(enumEffect(enumOf(values), enumOf([...values, "v0"].reverse())), undefined);
  assert.equal(enumEffect(enumOf(values), enumOf(values.slice(1))), "narrowed");
  assert.equal(enumEffect(enumOf(values.slice(1)), enumOf(values)), "widened");
  assert.equal(enumEffect(enumOf(["1"]), enumOf([1])), "changed");
  // A node and its copy read the same list once; a const keeps what the list allows.
  const schema = enumOf([{ b: 1, a: 2 }, "x", "x"]);
  assert.deepEqual(listedValues({ ...schema }), ['{"a":2,"b":1}', '"x"']);
  assert.equal(listedValues({ ...schema }), listedValues(schema));
  assert.deepEqual([...valueKeys({ ...schema, const: "x" })!], ['"x"']);
  assert.deepEqual(listedValues({ ...schema, const: "y" }), []);
});

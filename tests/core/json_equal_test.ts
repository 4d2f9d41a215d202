import assert from "node:assert/strict";
import fc from "fast-check";
import { jsonEqual, type JsonValue } from "../../core/json.ts";
import { packageCanonicalText } from "../../core/hash.ts";
import { reversed } from "./_objects.ts";

const json = fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<JsonValue>;

Deno.test("jsonEqual() agrees with equality of canonical texts", () => {
  fc.assert(
    fc.property(json, json, (a, b) => {
      const expected = packageCanonicalText(a) === packageCanonicalText(b);
      assert.equal(jsonEqual(a, b), expected);
      assert.equal(jsonEqual(b, a), expected);
    }),
    { numRuns: 2000 },
  );
});

Deno.test("jsonEqual() holds for a copy in another key order and fails for one changed value", () => {
  fc.assert(
    fc.property(json, fc.jsonValue({ maxDepth: 1 }), fc.nat(), (a, other, pick) => {
      assert.ok(jsonEqual(a, reversed(a)));
      assert.ok(jsonEqual(a, JSON.parse(JSON.stringify(a))));
      // One member or item replaced, somewhere in the value.
      const copy = JSON.parse(JSON.stringify(a)) as JsonValue;
      const places: [Record<string, JsonValue> | JsonValue[], string | number][] = [];
      const collect = (v: JsonValue) => {
        if (Array.isArray(v)) v.forEach((item, i) => (places.push([v, i]), collect(item)));
        else if (typeof v === "object" && v !== null) {
          for (const key of Object.keys(v)) places.push([v, key]), collect(v[key]!);
        }
      };
      collect(copy);
      if (places.length === 0) return;
      const [holder, at] = places[pick % places.length]!;
      const before = (holder as Record<string | number, JsonValue>)[at]!;
      (holder as Record<string | number, JsonValue>)[at] = other as JsonValue;
      const same = packageCanonicalText(before) === packageCanonicalText(other as JsonValue);
      assert.equal(jsonEqual(a, copy), same);
      assert.equal(jsonEqual(copy, a), same);
    }),
    { numRuns: 2000 },
  );
});

Deno.test("jsonEqual() tells apart what === would confuse or miss", () => {
  assert.ok(jsonEqual({ a: [1, "x", null, true] }, { a: [1, "x", null, true] }));
  assert.ok(!jsonEqual({ a: null }, { a: {} }));
  assert.ok(!jsonEqual({ a: {} }, { a: null }));
  assert.ok(!jsonEqual([[]], [{}]));
  assert.ok(!jsonEqual({ a: 1 }, { a: 1, b: 1 }));
  assert.ok(!jsonEqual({ a: 1, b: 1 }, { a: 1 }));
  assert.ok(!jsonEqual({ a: "1" }, { a: 1 }));
  assert.ok(!jsonEqual([1, 2], [1, 2, 3]));
  // An own __proto__ key, as JSON.parse makes it, is data like any other.
  assert.ok(jsonEqual(JSON.parse('{"__proto__":{"x":1}}'), JSON.parse('{"__proto__":{"x":1}}')));
  assert.ok(!jsonEqual(JSON.parse('{"__proto__":{"x":1}}'), JSON.parse('{"__proto__":{"x":2}}')));
  assert.ok(!jsonEqual(JSON.parse('{"__proto__":1}'), {}));
});

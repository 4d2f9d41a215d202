import assert from "node:assert/strict";
import fc from "fast-check";
import { holdsKey, type ScannedKey } from "../../../core/schema/_property_names.ts";
import type { JsonValue } from "../../../core/json.ts";
import { objectOf } from "../_objects.ts";

/** The reference: a plain search of every own key, data included. */
function anywhere(value: JsonValue, key: string): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => anywhere(item, key));
  return Object.keys(value).some((k) => k === key || anywhere(value[k]!, key));
}

const KEYS: ScannedKey[] = [
  "propertyNames",
  "not",
  "anyOf",
  "allOf",
  "$defs",
  "$id",
  "$recursiveAnchor",
];
const { value } = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 4 },
    fc.constantFrom<JsonValue>(null, 1, "not", true),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.array(fc.tuple(fc.constantFrom(...KEYS, "type", "__proto__", "a"), tie("value")), {
      maxLength: 4,
    }).map(objectOf),
  ),
}));

Deno.test("holdsKey finds a key anywhere, every key from one walk per value", () => {
  fc.assert(
    fc.property(value, (v) => {
      // Asked in turn about every key, of the value and then of its parts, in both orders.
      const parts = typeof v === "object" && v !== null ? Object.values(v) : [];
      for (const key of [...KEYS, ...KEYS.toReversed()]) {
        assert.equal(holdsKey(v, key), anywhere(v, key), key);
        for (const part of parts) assert.equal(holdsKey(part, key), anywhere(part, key), key);
      }
    }),
    { numRuns: 300 },
  );
});

Deno.test("holdsKey answers yes past 512 levels", () => {
  let deep: JsonValue = { type: "string" };
  for (let i = 0; i < 600; i++) deep = { items: deep };
  assert.equal(holdsKey(deep, "not"), true);
  assert.equal(holdsKey(deep, "propertyNames"), true);
  assert.equal(holdsKey({ a: { b: 1 } }, "not"), false);
});

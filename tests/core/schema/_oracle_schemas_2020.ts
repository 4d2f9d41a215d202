/**
 * Schema pairs in draft 2020-12 for the validator oracle: tool roots whose properties use the
 * keywords draft-07 ajv ignores (`prefixItems` with `items`, `contains` with `minContains` and
 * `maxContains`, `dependentRequired`, `dependentSchemas`, `unevaluatedProperties` over an
 * allOf), half of them declaring `$schema`, and an edited copy of each (`_oracle_schemas.ts`
 * edits them too).
 * @module
 */
import fc from "fast-check";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { applyEdits, edit, leaf, root, schema } from "./_oracle_schemas.ts";

export const D2020 = "https://json-schema.org/draft/2020-12/schema";

const tuple = fc.record({
  type: fc.constant("array"),
  prefixItems: fc.array(schema, { minLength: 1, maxLength: 2 }),
  items: fc.oneof(fc.constant(false), leaf),
  minItems: fc.nat(1),
}, { requiredKeys: ["type", "prefixItems"] });

const counted = fc.record({
  type: fc.constant("array"),
  contains: fc.oneof(
    fc.record({ type: fc.constantFrom("string", "integer") }),
    fc.record({ const: fc.constantFrom("x", 2) }),
  ),
  minContains: fc.nat(2),
  maxContains: fc.integer({ min: 1, max: 3 }),
  items: leaf,
}, { requiredKeys: ["type", "contains"] });

const dependent = fc.record({
  a: leaf,
  b: leaf,
  rule: fc.constantFrom<JsonObject>(
    { dependentRequired: { a: ["b"] } },
    { dependentSchemas: { a: { required: ["b"] } } },
    { dependentSchemas: { a: { properties: { b: { type: "integer" } } } } },
  ),
}).map(({ a, b, rule }) => ({ type: "object", properties: { a, b }, ...rule }));

const unevaluated = fc.record({
  a: leaf,
  b: leaf,
  rest: fc.oneof(fc.constant(false), leaf),
}).map(({ a, b, rest }) => ({
  type: "object",
  allOf: [{ properties: { a } }],
  properties: { b },
  unevaluatedProperties: rest,
}));

/** A node that uses a keyword only 2020-12 gives a meaning. */
export const node2020: fc.Arbitrary<JsonValue> = fc.oneof(tuple, counted, dependent, unevaluated);

/** A tool's root with one or two properties that use 2020-12 keywords. */
export const root2020: fc.Arbitrary<JsonObject> = fc.tuple(
  root,
  fc.dictionary(fc.constantFrom("a", "b", "items", "tags"), node2020, { minKeys: 1, maxKeys: 2 }),
  fc.boolean(),
).map(([r, extra, declare]) => {
  const properties = { ...(r.properties as JsonObject), ...extra };
  return declare ? { $schema: D2020, ...r, properties } : { ...r, properties };
});

/** A pair (old, new) of 2020-12 roots: new is old with one or two edits. */
export const schemaPair2020: fc.Arbitrary<{ old: JsonValue; new: JsonValue }> = fc
  .tuple(root2020, fc.array(edit, { minLength: 1, maxLength: 2 }))
  .map(([old, edits]) => ({ old, new: applyEdits(old, edits) }));

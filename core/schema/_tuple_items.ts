/**
 * An array schema as a tuple: its positional item schemas (`prefixItems`, or draft-07 array
 * `items`), the schema for the positions past them, and the most items it admits. Private to
 * the walk.
 * @module
 */
import type { JsonObject, JsonValue } from "../json.ts";
import type { NumericBound as Bound } from "./_safe_integer.ts";
import { schemaItemLimit } from "./_array_length.ts";

/** An array schema's positional item schemas and the schema for the positions past them. */
export interface Tuple {
  prefix: JsonValue[];
  rest: JsonValue;
  prefixKey: string;
  restKey: string;
}

/**
 * The most items a schema admits, as a bound: `maxItems`, or the tuple's length when its rest
 * schema is `false` (two ways zod 3 and zod 4 write the same tuple).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { itemBound } from "./_tuple_items.ts";
 * assert.deepEqual(itemBound({ prefixItems: [{}, {}], items: false }), { value: 2, exclusive: false });
 * ```
 */
export function itemBound(s: JsonObject): Bound | undefined {
  const limit = schemaItemLimit((k) => s[k]);
  return limit === undefined ? undefined : { value: limit, exclusive: false };
}

/**
 * Positional item schemas (`prefixItems`, or draft-07 array `items`) and the rest schema.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tuple } from "./_tuple_items.ts";
 * assert.deepEqual(tuple({ items: [{ type: "string" }] }), {
 *   prefix: [{ type: "string" }],
 *   rest: true,
 *   prefixKey: "items",
 *   restKey: "additionalItems",
 * });
 * ```
 */
export function tuple(s: JsonObject): Tuple {
  if (Array.isArray(s.items)) {
    return {
      prefix: s.items,
      rest: s.additionalItems ?? true,
      prefixKey: "items",
      restKey: "additionalItems",
    };
  }
  // Without items, the positions past prefixItems are governed by unevaluatedItems when nothing
  // else here (an applicator, contains) evaluates items.
  const applicators = ["allOf", "anyOf", "oneOf", "$ref", "$dynamicRef", "if", "not", "contains"];
  if (
    s.items === undefined && s.additionalItems === undefined && s.unevaluatedItems !== undefined &&
    !applicators.some((k) => s[k] !== undefined)
  ) {
    return {
      prefix: Array.isArray(s.prefixItems) ? s.prefixItems : [],
      rest: s.unevaluatedItems,
      prefixKey: "prefixItems",
      restKey: "unevaluatedItems",
    };
  }
  return {
    prefix: Array.isArray(s.prefixItems) ? s.prefixItems : [],
    rest: s.items ?? s.additionalItems ?? true,
    prefixKey: "prefixItems",
    restKey: s.items === undefined && s.additionalItems !== undefined ? "additionalItems" : "items",
  };
}

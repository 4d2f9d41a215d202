/**
 * How many items an array schema admits at most, from `maxItems` and from a rest schema of
 * `false`: zod 3 writes a tuple as `items: [a, b]` with `maxItems: 2`, zod 4 as
 * `prefixItems: [a, b]` with `items: false`, and both admit two items at most. Positions past
 * that limit hold no item, so what a schema says of them constrains nothing.
 * @module
 */
import type { JsonValue } from "../json.ts";

/**
 * The largest item count an array schema admits, or undefined when unbounded.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { itemLimit } from "./_array_length.ts";
 * assert.equal(itemLimit(undefined, 2, false), 2);
 * assert.equal(itemLimit(2, 2, true), 2);
 * assert.equal(itemLimit(3, 1, false), 1);
 * assert.equal(itemLimit(undefined, 2, true), undefined);
 * ```
 */
export function itemLimit(
  maxItems: JsonValue | undefined,
  prefixLength: number,
  rest: JsonValue,
): number | undefined {
  const byMax = typeof maxItems === "number" && maxItems >= 0 ? Math.floor(maxItems) : undefined;
  const byRest = rest === false ? prefixLength : undefined;
  if (byMax === undefined) return byRest;
  return byRest === undefined ? byMax : Math.min(byMax, byRest);
}

/** Whether position `index` of an array (0-based) can hold an item under `limit`. */
export function holdsPosition(limit: number | undefined, index: number): boolean {
  return limit === undefined || index < limit;
}

/**
 * The largest item count a schema's own keywords admit (`maxItems`, and a tuple whose rest
 * schema is `false` in either draft), read through `read`; undefined when unbounded.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { schemaItemLimit } from "./_array_length.ts";
 * const zod4 = { prefixItems: [{}, {}], items: false };
 * const zod3 = { items: [{}, {}], maxItems: 2 };
 * assert.equal(schemaItemLimit((k) => zod4[k as keyof typeof zod4]), 2);
 * assert.equal(schemaItemLimit((k) => zod3[k as keyof typeof zod3]), 2);
 * ```
 */
export function schemaItemLimit(
  read: (keyword: string) => JsonValue | undefined,
): number | undefined {
  const prefixItems = read("prefixItems"), items = read("items");
  let prefix = 0, rest: JsonValue = true;
  if (Array.isArray(items)) {
    prefix = items.length;
    rest = read("additionalItems") ?? true;
  } else {
    if (Array.isArray(prefixItems)) prefix = prefixItems.length;
    rest = items ?? true;
  }
  return itemLimit(read("maxItems"), prefix, rest);
}

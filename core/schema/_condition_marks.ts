/**
 * What an `if` without then and else can mark evaluated where it holds: property names (for an
 * `unevaluatedProperties`) and array items (for an `unevaluatedItems`). It marks names only
 * through keywords that evaluate names (properties, patternProperties, additionalProperties,
 * unevaluatedProperties), items only through those that evaluate items (prefixItems, items,
 * additionalItems, contains, unevaluatedItems), written in it or in what it applies in place
 * (allOf, anyOf, oneOf, if, then, else, dependentSchemas, local references); no annotation of a
 * `not` survives. So `{if: {properties: {a: {minLength: 2}}}, unevaluatedItems: false}` accepts
 * the same values whatever the condition's minLength (@hyperjump/json-schema, 2019-09 and
 * 2020-12): its annotations cannot reach items. A reference that cannot be followed as a local
 * JSON pointer, or a nested `$id`, may lead anywhere: both are read as marked.
 * Private to `_lone_condition.ts`.
 * @module
 */
import { isObject, type JsonValue, own } from "../json.ts";
import { isLocalRef, resolveLocal } from "./resolve.ts";
import { REF_KEYWORDS } from "./types.ts";

/** What a condition can mark evaluated. */
export interface Marks {
  names: boolean;
  items: boolean;
}

const NAMES = ["properties", "patternProperties", "additionalProperties", "unevaluatedProperties"];
const ITEMS = ["prefixItems", "items", "additionalItems", "contains", "unevaluatedItems"];
const IN_PLACE_ONE = ["if", "then", "else"];
const IN_PLACE_LISTS = ["allOf", "anyOf", "oneOf"];
const IN_PLACE_MAPS = ["dependentSchemas", "dependencies"];

/**
 * What the condition `schema` (an `if`'s value, in `root`) can mark evaluated where it holds.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { conditionMarks } from "./_condition_marks.ts";
 * const c = { properties: { a: { minLength: 2 } } };
 * assert.deepEqual(conditionMarks(c, c), { names: true, items: false });
 * const r = { $defs: { d: { prefixItems: [{}] } } };
 * assert.deepEqual(conditionMarks({ allOf: [{ $ref: "#/$defs/d" }] }, r), { names: false, items: true });
 * assert.deepEqual(conditionMarks({ $ref: "#named" }, r), { names: true, items: true });
 * ```
 */
export function conditionMarks(schema: JsonValue | undefined, root: JsonValue | undefined): Marks {
  const out: Marks = { names: false, items: false };
  const done = new Set<JsonValue>();
  const stack: (JsonValue | undefined)[] = [schema];
  for (let s = stack.pop(); s !== undefined || stack.length > 0; s = stack.pop()) {
    if (out.names && out.items) break;
    if (!isObject(s) || done.has(s)) continue;
    done.add(s);
    if (s !== schema && own(s, "$id") !== undefined) return { names: true, items: true };
    out.names ||= NAMES.some((k) => own(s, k) !== undefined);
    out.items ||= ITEMS.some((k) => own(s, k) !== undefined);
    for (const key of IN_PLACE_ONE) stack.push(own(s, key));
    for (const key of IN_PLACE_LISTS) {
      const list = own(s, key);
      if (Array.isArray(list)) stack.push(...list);
    }
    for (const key of IN_PLACE_MAPS) {
      const map = own(s, key);
      if (isObject(map)) stack.push(...Object.values(map));
    }
    for (const key of REF_KEYWORDS) {
      const ref = own(s, key);
      if (typeof ref !== "string") continue;
      const target = isLocalRef(ref) && root !== undefined ? resolveLocal(root, ref) : undefined;
      if (target === undefined) return { names: true, items: true };
      stack.push(target);
    }
  }
  return out;
}

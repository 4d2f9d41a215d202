/**
 * Keywords that apply to instances of one type only (`items` to arrays, `properties` to objects,
 * `maxLength` to strings, `minimum` to numbers), and which of them a schema pair need not
 * compare: where either side's own `type` excludes that type, the keyword constrains no value
 * that side accepts, so what changed for such values is the type change itself
 * (`{type: string}` → `{type: [string, array], items: {type: string}}` admits arrays: widened,
 * not an `items` narrowed from "any"). A side without `type` admits every type: its
 * counterpart's keywords are compared as written.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { typeSet } from "./values.ts";

/** The instance types each type-specific keyword applies to; `format` is left out (its values differ). */
const FAMILY: Readonly<Record<string, readonly string[]>> = (() => {
  const out: Record<string, readonly string[]> = {};
  const add = (types: readonly string[], keywords: readonly string[]) => {
    for (const k of keywords) out[k] = types;
  };
  add(["array"], [
    "items",
    "prefixItems",
    "additionalItems",
    "unevaluatedItems",
    "contains",
    "minContains",
    "maxContains",
    "minItems",
    "maxItems",
    "uniqueItems",
  ]);
  add(["object"], [
    "properties",
    "required",
    "additionalProperties",
    "patternProperties",
    "propertyNames",
    "unevaluatedProperties",
    "minProperties",
    "maxProperties",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
  ]);
  add(["string"], [
    "minLength",
    "maxLength",
    "pattern",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
  ]);
  add(["number", "integer"], [
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
  ]);
  return out;
})();

const JSON_TYPES = new Set(["array", "boolean", "integer", "null", "number", "object", "string"]);

/** Whether a declared type list admits instances of one of `types` (integer within number). */
function admits(declared: readonly string[] | undefined, types: readonly string[]): boolean {
  if (declared === undefined) return true;
  return types.some((t) =>
    declared.includes(t) || (t === "integer" && declared.includes("number"))
  );
}

/**
 * The type-specific keywords written on either side of a pair that apply only to instances of a
 * type one side's `type` excludes: they are not compared (see the module doc). `read` reads a
 * keyword of a schema (the catch-all reads modelled keywords only).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { keywordsOfExcludedTypes } from "./_type_keywords.ts";
 * const skipped = keywordsOfExcludedTypes(
 *   { type: "string", maxLength: 5 },
 *   { type: ["string", "array"], maxLength: 9, items: { type: "string" } },
 * );
 * assert.deepEqual([...skipped], ["items"]);
 * ```
 */
export function keywordsOfExcludedTypes(
  a: JsonObject,
  b: JsonObject,
  read: (s: JsonObject, keyword: string) => unknown = (s, k) => s[k],
): Set<string> {
  const out = new Set<string>();
  // Without a type on either side no keyword is excluded (the common case, decided first).
  if (read(a, "type") === undefined && read(b, "type") === undefined) return out;
  const typeOf = (s: JsonObject) => {
    const t = read(s, "type");
    if (t === undefined) return undefined;
    const set = typeSet({ type: t, nullable: read(s, "nullable") ?? null } as JsonObject);
    // A type of the wrong shape, an empty list or a name JSON Schema does not define ("String",
    // "any") admits what a validator makes of it, which Proxar cannot tell: compared as written,
    // so that no change of the keywords beside it passes silently.
    const whole = typeof t === "string" ||
      (Array.isArray(t) && t.every((n) => typeof n === "string"));
    return !whole || set === undefined || set.length === 0 || !set.every((n) => JSON_TYPES.has(n))
      ? undefined
      : set;
  };
  const [ta, tb] = [typeOf(a), typeOf(b)];
  if (ta === undefined && tb === undefined) return out;
  for (const s of [a, b]) {
    for (const keyword of Object.keys(s)) {
      const family = Object.hasOwn(FAMILY, keyword) ? FAMILY[keyword] : undefined;
      if (family === undefined || read(s, keyword) === undefined) continue;
      if (!admits(ta, family) || !admits(tb, family)) out.add(keyword);
    }
  }
  return out;
}

/**
 * Whether `schema`'s own `type` admits objects: absent, `"object"`, or a list holding it; an
 * absent schema and `true` do, `false` and a value that is no schema do not.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { admitsObjects } from "./_type_keywords.ts";
 * assert.equal(admitsObjects({ type: ["object", "null"] }), true);
 * assert.equal(admitsObjects({ type: "string" }), false);
 * assert.equal(admitsObjects(true), true);
 * assert.equal(admitsObjects(false), false);
 * ```
 */
export function admitsObjects(schema: JsonValue | undefined): boolean {
  if (schema === undefined || schema === true) return true;
  if (!isObject(schema)) return false;
  const type = schema.type;
  if (type === undefined) return true;
  return type === "object" || (Array.isArray(type) && type.includes("object"));
}

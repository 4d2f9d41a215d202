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
): ReadonlySet<string> {
  // Without a type on either side no keyword is excluded (the common case, decided first).
  const typeA = read(a, "type"), typeB = read(b, "type");
  if (typeA === undefined && typeB === undefined) return NO_KEYWORDS;
  const ta = declaredTypes(typeA, typeA === undefined ? undefined : read(a, "nullable"));
  const tb = declaredTypes(typeB, typeB === undefined ? undefined : read(b, "nullable"));
  if (ta === undefined && tb === undefined) return NO_KEYWORDS;
  // The set is made for the first keyword excluded: most pairs of nodes have none.
  let out: Set<string> | undefined;
  const scan = (s: JsonObject) => {
    for (const keyword in s) {
      if (!Object.hasOwn(s, keyword) || !Object.hasOwn(FAMILY, keyword)) continue;
      const family = FAMILY[keyword]!;
      if (read(s, keyword) === undefined) continue;
      if (!admits(ta, family) || !admits(tb, family)) (out ??= new Set()).add(keyword);
    }
  };
  scan(a);
  scan(b);
  return out ?? NO_KEYWORDS;
}

const NO_KEYWORDS: ReadonlySet<string> = new Set();

/** `[type]` for each JSON type name, shared. */
const ONE_TYPE: ReadonlyMap<string, readonly string[]> = new Map(
  [...JSON_TYPES].map((t) => [t, [t]]),
);

/**
 * The types a `type` value (with `nullable`) admits, as `typeSet` (values.ts) reads them;
 * `undefined` when absent. A type of the wrong shape, an empty list or a name JSON Schema does not define
 * ("String", "any") admits what a validator makes of it, which Proxar cannot tell: `undefined`
 * too, so that the keywords beside it are compared as written and no change of them passes
 * silently.
 */
function declaredTypes(type: unknown, nullable: unknown): readonly string[] | undefined {
  if (typeof type === "string") {
    if (!JSON_TYPES.has(type)) return undefined;
    return nullable === true && type !== "null" ? [type, "null"] : ONE_TYPE.get(type);
  }
  if (!Array.isArray(type)) return undefined;
  for (const name of type) if (typeof name !== "string" || !JSON_TYPES.has(name)) return undefined;
  const types = nullable === true && !type.includes("null") ? [...type, "null"] : type;
  return types.length === 0 ? undefined : types as string[];
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

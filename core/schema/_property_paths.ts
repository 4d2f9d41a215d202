/**
 * The property paths a schema declares, whatever union or conjunction declares them: `v/x` for
 * `properties.v.properties.x`, also inside `anyOf`, `oneOf` and `allOf` branches and under
 * `items`. The structured walk asks it when a union's branches cannot be paired: the subsumption
 * proof, which asks each object it compares to name the same properties on both sides (the seed
 * grades a property added or removed by its own conventions, whatever the sets say), may then
 * compare the two sides as plain sets when they declare the same paths. Private to the differs.
 * @module
 */
import { isObject, type JsonValue } from "../json.ts";

/** Keywords this reads through: their schemas apply to the same value, or to its items. */
const BRANCHES = ["anyOf", "oneOf", "allOf"] as const;

/** Keywords with subschemas this does not read: a schema holding one gives no answer. */
const UNREAD = [
  "$ref",
  "$dynamicRef",
  "not",
  "if",
  "then",
  "else",
  "dependentSchemas",
  "dependencies",
  "patternProperties",
  "prefixItems",
  "additionalItems",
  "contains",
  "unevaluatedProperties",
  "unevaluatedItems",
  "$defs",
  "definitions",
] as const;

/**
 * Every property path `schema` declares, its names joined by a NUL (`[]` stands for the items,
 * `{}` for additional properties), or undefined when a keyword it does not read may declare
 * more. A name holding a NUL or written `[]` could make two paths one; no real schema has one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { propertyPaths } from "./_property_paths.ts";
 * const s = { anyOf: [{ properties: { x: {} } }, { properties: { y: { items: { properties: { z: {} } } } } }] };
 * assert.deepEqual([...propertyPaths(s)!].sort(), ["x", "y", "y\u0000[]\u0000z"]);
 * assert.equal(propertyPaths({ anyOf: [{ $ref: "#/$defs/A" }] }), undefined);
 * ```
 */
export function propertyPaths(schema: JsonValue): Set<string> | undefined {
  const out = new Set<string>();
  return collect(schema, "", out, 0) ? out : undefined;
}

/**
 * Whether both schemas declare the same property paths (both readable): the names may sit in
 * other branches, but none was added or removed, so the seed's property conventions have
 * nothing to grade and a proof over plain sets says all.
 */
export function samePropertyPaths(older: JsonValue, newer: JsonValue): boolean {
  const [a, b] = [propertyPaths(older), propertyPaths(newer)];
  if (a === undefined || b === undefined || a.size !== b.size) return false;
  for (const path of a) if (!b.has(path)) return false;
  return true;
}

/** Adds the paths below `schema` at `prefix`; false when it cannot read them all. */
function collect(schema: JsonValue, prefix: string, out: Set<string>, depth: number): boolean {
  if (!isObject(schema)) return true;
  // Deeper than any tool schema written by hand or generated: answer nothing rather than recurse.
  if (depth > 64) return false;
  if (UNREAD.some((key) => schema[key] !== undefined)) return false;
  const join = (name: string) => prefix === "" ? name : `${prefix}\u0000${name}`;
  for (const key of BRANCHES) {
    const list = schema[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return false;
    for (const branch of list) if (!collect(branch, prefix, out, depth + 1)) return false;
  }
  const properties = schema.properties;
  if (properties !== undefined) {
    if (!isObject(properties)) return false;
    for (const [name, sub] of Object.entries(properties)) {
      out.add(join(name));
      if (!collect(sub, join(name), out, depth + 1)) return false;
    }
  }
  const items = schema.items;
  if (Array.isArray(items)) return false;
  if (items !== undefined && !collect(items, join("[]"), out, depth + 1)) return false;
  const more = schema.additionalProperties;
  if (more !== undefined && !collect(more, join("{}"), out, depth + 1)) return false;
  return true;
}

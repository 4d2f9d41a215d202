/**
 * The names a schema requires of an object, in its own `required` and in those of its allOf
 * branches: names every value the schema accepts holds, whatever their values.
 * @module
 */
import { isObject, type JsonValue } from "../json.ts";

/**
 * Names `schema` requires, directly or through allOf branches (nested allOf too).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { requiredNames } from "./_required_names.ts";
 * const s = { required: ["a"], allOf: [{ required: ["b"] }, { allOf: [{ required: ["c"] }] }] };
 * assert.deepEqual([...requiredNames(s)].sort(), ["a", "b", "c"]);
 * ```
 */
export function requiredNames(schema: JsonValue): Set<string> {
  const names = new Set<string>();
  const visit = (s: JsonValue, depth: number) => {
    if (!isObject(s) || depth > 32) return;
    if (Array.isArray(s.required)) {
      for (const name of s.required) if (typeof name === "string") names.add(name);
    }
    if (Array.isArray(s.allOf)) { for (const branch of s.allOf) visit(branch, depth + 1); }
  };
  visit(schema, 0);
  return names;
}

/**
 * The names a schema requires of an object, in its own `required` and in those of its allOf
 * branches: names every value the schema accepts holds, whatever their values.
 * @module
 */
import { isObject, type JsonValue } from "../json.ts";
import { kindsOf } from "./_subsume_facts.ts";

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

/**
 * Names every object `schema` accepts holds because each branch of its `anyOf` (or its `oneOf`)
 * that accepts objects requires them (a branch of other types holds no object; `false` none).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { requiredByBranches } from "./_required_names.ts";
 * const tagged = { anyOf: [{ required: ["k", "x"] }, { required: ["k"] }, { type: "null" }] };
 * assert.deepEqual([...requiredByBranches(tagged)], ["k"]);
 * assert.deepEqual([...requiredByBranches({ anyOf: [{ required: ["k"] }, {}] })], []);
 * ```
 */
export function requiredByBranches(schema: JsonValue): Set<string> {
  const out = new Set<string>();
  if (!isObject(schema)) return out;
  for (const key of ["anyOf", "oneOf"]) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    let common: Set<string> | undefined;
    for (const branch of branches) {
      if (branch === false) continue;
      if (isObject(branch) && !kindsOf(branch).set.has("object")) continue;
      const names = requiredNames(branch);
      common = common === undefined ? names : new Set([...common].filter((n) => names.has(n)));
    }
    for (const name of common ?? []) out.add(name);
  }
  return out;
}

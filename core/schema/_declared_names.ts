/**
 * The property names a schema declares: its own `properties` and those of the schemas it
 * combines (allOf, anyOf, oneOf, if/then/else, local `$ref`s). zod 3 writes an intersection
 * as an allOf of objects, so a property may be declared in any conjunct.
 * @module
 */
import { isObject, type JsonValue } from "../json.ts";
import { isLocalRef, resolveLocal } from "./resolve.ts";

const NESTED = ["allOf", "anyOf", "oneOf"] as const;
const SINGLE = ["if", "then", "else"] as const;

/**
 * The names `schema` declares anywhere, or undefined when a reference cannot be followed (the
 * names it would declare are unknown).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { declaredNames } from "./_declared_names.ts";
 * const s = { allOf: [{ properties: { a: {} } }, { properties: { b: {}, c: false } }] };
 * assert.deepEqual([...declaredNames(s, s)!].sort(), ["a", "b"]);
 * assert.equal(declaredNames({ $ref: "other.json" }, {}), undefined);
 * ```
 */
export function declaredNames(schema: JsonValue, root: JsonValue): Set<string> | undefined {
  const out = new Set<string>();
  const seen = new Set<JsonValue>();
  const visit = (s: JsonValue | undefined, depth: number): boolean => {
    if (!isObject(s) || seen.has(s)) return true;
    if (depth > 32) return false;
    seen.add(s);
    if (isObject(s.properties)) {
      for (const [name, v] of Object.entries(s.properties)) if (v !== false) out.add(name);
    }
    for (const key of NESTED) {
      const list = s[key];
      if (Array.isArray(list) && !list.every((x) => visit(x, depth + 1))) return false;
    }
    for (const key of SINGLE) if (!visit(s[key], depth + 1)) return false;
    const ref = s.$ref;
    if (typeof ref !== "string") return true;
    const target = isLocalRef(ref) ? resolveLocal(root, ref) : undefined;
    return target !== undefined && visit(target, depth + 1);
  };
  return visit(schema, 0) ? out : undefined;
}

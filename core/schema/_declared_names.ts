/**
 * The property names a schema declares: its own `properties` and those of the schemas it
 * combines (allOf, anyOf, oneOf, if/then/else, local `$ref`s), and on request those of its
 * `dependentSchemas` and draft-07 schema `dependencies`. zod 3 writes an intersection as an allOf
 * of objects, so a property may be declared in any conjunct.
 * @module
 */
import { escapePointerToken, isObject, type JsonValue } from "../json.ts";
import { isLocalRef, resolveLocal } from "./resolve.ts";

const NESTED = ["allOf", "anyOf", "oneOf"] as const;
const SINGLE = ["if", "then", "else"] as const;
const DEPENDENT = ["dependentSchemas", "dependencies"] as const;

/** Options of {@link declaredNames} and {@link declarationSites}. */
export interface DeclaredOptions {
  /** Count the names `dependentSchemas` and schema-valued `dependencies` declare too. */
  dependent?: boolean;
  /**
   * Leave out what an `if` names (unless its then or else declares it too): a condition tests a
   * property, it declares none.
   */
  withoutConditions?: boolean;
}

/**
 * Where `schema` first declares each name: a pointer relative to `schema` (`/then/properties/b`)
 * or, for a declaration reached through a local `$ref`, the pointer in `root` prefixed with `#`
 * (`#/$defs/A/properties/b`). Undefined when a reference cannot be followed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { declarationSites } from "./_declared_names.ts";
 * const s = { dependentSchemas: { a: { properties: { b: {} } } } };
 * assert.deepEqual(declarationSites(s, s, { dependent: true }), new Map([["b", "/dependentSchemas/a/properties/b"]]));
 * assert.deepEqual(declarationSites(s, s), new Map());
 * ```
 */
export function declarationSites(
  schema: JsonValue,
  root: JsonValue,
  options: DeclaredOptions = {},
): Map<string, string> | undefined {
  const out = new Map<string, string>();
  const seen = new Set<JsonValue>();
  const visit = (s: JsonValue | undefined, at: string, depth: number): boolean => {
    if (!isObject(s) || seen.has(s)) return true;
    if (depth > 32) return false;
    seen.add(s);
    if (isObject(s.properties)) {
      for (const [name, v] of Object.entries(s.properties)) {
        if (v !== false && !out.has(name)) {
          out.set(name, `${at}/properties/${escapePointerToken(name)}`);
        }
      }
    }
    for (const key of NESTED) {
      const list = s[key];
      if (Array.isArray(list) && !list.every((x, i) => visit(x, `${at}/${key}/${i}`, depth + 1))) {
        return false;
      }
    }
    for (const key of SINGLE) {
      if (key === "if" && options.withoutConditions) continue;
      if (!visit(s[key], `${at}/${key}`, depth + 1)) return false;
    }
    for (const key of options.dependent ? DEPENDENT : []) {
      const map = s[key];
      if (!isObject(map)) continue;
      for (const [name, v] of Object.entries(map)) {
        // A list of names in draft-07 `dependencies` declares no property schema.
        if (!visit(v, `${at}/${key}/${escapePointerToken(name)}`, depth + 1)) return false;
      }
    }
    const ref = s.$ref;
    if (typeof ref !== "string") return true;
    const target = isLocalRef(ref) ? resolveLocal(root, ref) : undefined;
    return target !== undefined && visit(target, `#${decodeURIComponent(ref.slice(1))}`, depth + 1);
  };
  return visit(schema, "", 0) ? out : undefined;
}

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
 * const d = { dependentSchemas: { a: { properties: { b: {} } } } };
 * assert.deepEqual([...declaredNames(d, d, { dependent: true })!], ["b"]);
 * const c = { if: { properties: { a: { minLength: 2 } } } };
 * assert.deepEqual([...declaredNames(c, c, { withoutConditions: true })!], []);
 * ```
 */
export function declaredNames(
  schema: JsonValue,
  root: JsonValue,
  options: DeclaredOptions = {},
): Set<string> | undefined {
  const sites = declarationSites(schema, root, options);
  return sites === undefined ? undefined : new Set(sites.keys());
}

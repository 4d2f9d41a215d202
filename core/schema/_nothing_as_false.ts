/**
 * `{not: {}}` accepts no value, as `false` does (JSON Schema defines `false` as that schema), yet
 * the differs read `false` by its value and `{not: {}}` by its keywords: `additionalProperties:
 * false` → `{not: {}}` read additionalProperties.widened (BREAKING on output) though ajv accepts
 * the same values, and a property `{not: {}}` added to an open object read property.added
 * NON_BREAKING on input where `false` reads schema.narrowed BREAKING. {@link withNothingAsFalse}
 * writes each subschema that is a lone `not` of a schema accepting every value (`{}`, `true`,
 * annotations only, what {@link acceptsEvery} shows) as `false` before both differs compare, as
 * 13c7356 reads a `not` of `not` as what it holds. Bounded: a `not` with any keyword beside it
 * (an annotation too), the root, and a schema that is itself the `not` of another (read by the
 * double `not` of the walk) stay as written. Private to `compare_tool.ts`.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { SCHEMA_LISTS, SCHEMA_MAPS, SCHEMAS } from "./_catch_all_refs.ts";
import { acceptsEvery } from "./_accepts_every.ts";
import { holdsKey } from "./_property_names.ts";
import { copyAlong, type Link, pathOf, type Token } from "./_schema_paths.ts";

/** Whether `s` is `{not: X}` alone, X accepting every value (references resolved in `root`). */
function nothing(s: JsonObject, root: JsonValue): boolean {
  if (!Object.hasOwn(s, "not")) return false;
  for (const key in s) if (key !== "not") return false;
  return acceptsEvery(s.not, root);
}

/** The paths of the subschemas read as `false`, walked over schema positions only. */
function nothingPaths(root: JsonValue): Token[][] {
  const found: Token[][] = [];
  // [schema, its link, whether it is the `not` of its parent]
  const stack: [JsonValue, Link | null, boolean][] = [[root, null, false]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [schema, link, negated] = top;
    if (!isObject(schema)) continue;
    if (link !== null && !negated && nothing(schema, root)) {
      found.push(pathOf(link));
      continue;
    }
    const own = (key: string) => (Object.hasOwn(schema, key) ? schema[key] : undefined);
    for (const key of SCHEMAS) {
      const child = own(key);
      if (isObject(child)) stack.push([child, { up: link, token: key }, key === "not"]);
    }
    for (const key of SCHEMA_LISTS) {
      const list = own(key);
      if (!Array.isArray(list)) continue;
      const at: Link = { up: link, token: key };
      list.forEach((item, i) => isObject(item) && stack.push([item, { up: at, token: i }, false]));
    }
    for (const key of SCHEMA_MAPS) {
      const map = own(key);
      if (!isObject(map)) continue;
      const at: Link = { up: link, token: key };
      for (const name of Object.keys(map)) {
        if (isObject(map[name])) stack.push([map[name], { up: at, token: name }, false]);
      }
    }
  }
  return found;
}

/**
 * `schema` with each subschema that is a lone `not` of a schema accepting every value written
 * `false`; the input itself when there is none (the common case), otherwise a copy along the
 * changed paths only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withNothingAsFalse } from "./_nothing_as_false.ts";
 * const closed = { type: "object", additionalProperties: { not: {} } };
 * assert.deepEqual(withNothingAsFalse(closed), { type: "object", additionalProperties: false });
 * const noted = { type: "object", additionalProperties: { not: {}, description: "none" } };
 * assert.equal(withNothingAsFalse(noted), noted);
 * assert.deepEqual(withNothingAsFalse({ not: {} }), { not: {} });
 * ```
 */
export function withNothingAsFalse<T extends JsonValue | undefined>(schema: T): T {
  if (schema === undefined || !holdsKey(schema, "not", 0)) return schema;
  const paths = nothingPaths(schema);
  if (paths.length === 0) return schema;
  return copyAlong(schema as JsonValue, paths, () => false) as T;
}

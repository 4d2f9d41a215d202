/**
 * Paths to subschemas and copies along them: how the rewrites run before both differs compare
 * ({@link withoutNameTypes} in `_property_names.ts`, {@link nothingAsFalse} in
 * `_nothing_as_false.ts`) find the subschemas to change and change a copy, leaving the input whole.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { SCHEMA_LISTS, SCHEMA_MAPS, SCHEMAS } from "./_catch_all_refs.ts";

/** A step in a path: a keyword or property name, or an index in a list. */
export type Token = string | number;

/** A step from a parent schema to a child: the parent's link and the token. */
export interface Link {
  up: Link | null;
  token: Token;
}

/** The tokens from the root to `link`. */
export function pathOf(link: Link | null): Token[] {
  const path: Token[] = [];
  for (let at = link; at !== null; at = at.up) path.push(at.token);
  return path.reverse();
}

/**
 * Calls `visit` with each object subschema of `schema` at a schema position, its link below
 * `link`, the keyword it sits under, and whether it is a value of a map keyword (`properties`,
 * `$defs` …). Only objects are visited: a walk over every schema of a changed tool that made an
 * entry per absent keyword allocated tens of megabytes more on a large contract.
 */
export function eachSubschema(
  schema: JsonObject,
  link: Link | null,
  visit: (child: JsonObject, at: Link, keyword: string, mapped: boolean) => void,
): void {
  const own = (key: string) => (Object.hasOwn(schema, key) ? schema[key] : undefined);
  for (const key of SCHEMAS) {
    const child = own(key);
    if (isObject(child)) visit(child, { up: link, token: key }, key, false);
  }
  for (const key of SCHEMA_LISTS) {
    const list = own(key);
    if (!Array.isArray(list)) continue;
    const at: Link = { up: link, token: key };
    list.forEach((item, i) => isObject(item) && visit(item, { up: at, token: i }, key, false));
  }
  for (const key of SCHEMA_MAPS) {
    const map = own(key);
    if (!isObject(map)) continue;
    const at: Link = { up: link, token: key };
    for (const name of Object.keys(map)) {
      const child = map[name];
      if (isObject(child)) visit(child, { up: at, token: name }, key, true);
    }
  }
}

/**
 * The value at `path` in `value`, or `undefined`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { valueAt } from "./_schema_paths.ts";
 * assert.deepEqual(valueAt({ allOf: [{ minLength: 1 }] }, ["allOf", 0]), { minLength: 1 });
 * assert.equal(valueAt({ allOf: [] }, ["allOf", 0]), undefined);
 * ```
 */
export function valueAt(value: JsonValue, path: readonly Token[]): JsonValue | undefined {
  let at: JsonValue | undefined = value;
  for (const token of path) {
    if (Array.isArray(at) && typeof token === "number") at = at[token];
    else if (isObject(at) && typeof token === "string" && Object.hasOwn(at, token)) at = at[token];
    else return undefined;
  }
  return at;
}

type Container = JsonObject | JsonValue[];

/** Sets an own property, even one named `__proto__`. */
function put(target: Container, key: Token, value: JsonValue): void {
  Object.defineProperty(target, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

/**
 * A copy of `root` along each of `paths` (none empty), shared where paths meet, with the value
 * each path ends at replaced by what `edit` makes of it; `copyOf` gives the copy of a container
 * met on the way, so an edit that keeps a container keeps paths through it intact.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { copyAlong } from "./_schema_paths.ts";
 * const root = { properties: { a: { type: "string" } }, required: ["a"] };
 * const out = copyAlong(root, [["properties", "a"]], () => false);
 * assert.deepEqual(out, { properties: { a: false }, required: ["a"] });
 * assert.deepEqual(root.properties.a, { type: "string" });
 * ```
 */
export function copyAlong<T extends JsonValue>(
  root: T,
  paths: readonly Token[][],
  edit: (value: JsonValue, copyOf: (value: Container) => Container) => JsonValue,
): T {
  const copies = new Map<object, Container>();
  const copyOf = (value: Container) => {
    let copy = copies.get(value);
    if (copy === undefined) {
      copy = Array.isArray(value) ? [...value] : { ...value };
      copies.set(value, copy);
    }
    return copy;
  };
  const top = copyOf(root as Container);
  for (const path of paths) {
    let original = root as Container;
    let copy = top;
    for (const token of path.slice(0, -1)) {
      const child = (original as Record<Token, JsonValue>)[token] as Container;
      const childCopy = copyOf(child);
      put(copy, token, childCopy);
      original = child;
      copy = childCopy;
    }
    const last = path.at(-1)!;
    put(copy, last, edit((original as Record<Token, JsonValue>)[last]!, copyOf));
  }
  return top as T;
}

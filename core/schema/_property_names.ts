/**
 * Property names are strings, so a `propertyNames` schema only ever sees strings, and a `type`
 * in it that admits strings constrains nothing. zod 4 writes `propertyNames: {"type": "string"}`
 * for every `z.record(z.string(), …)`; compared as written, gaining it read as an input narrowed
 * from every type to strings (BREAKING on firecrawl-mcp 2.0.2 → 3.1.13) and losing it as an
 * output widened. {@link withoutNameTypes} drops such a `type` from inline name schemas (and
 * their `anyOf`, `oneOf`, `allOf`, `not`, `if`, `then`, `else` branches) before both differs
 * compare. A name schema reached through `$ref` is left as written, since its definition may
 * also describe values: it stays graded as before, which errs toward BREAKING. Private to
 * `compare_tool.ts`.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { copyAlong, eachSubschema, type Link, pathOf, type Token } from "./_schema_paths.ts";
import { singlePass } from "../single_pass.ts";
import { containsRef } from "./resolve.ts";

/** Keywords whose schemas apply to the same instance as the schema holding them. */
const IN_PLACE = new Set(["anyOf", "oneOf", "allOf", "not", "if", "then", "else"]);

/** Whether a `type` value admits strings (and so, on property names, admits every name). */
function admitsStrings(type: JsonValue | undefined): boolean {
  return type === "string" || (Array.isArray(type) && type.includes("string"));
}

/**
 * The paths of the name schemas whose `type` admits strings: walked over schema positions only
 * (a property called `propertyNames`, or data in `enum` or `default`, is not one), iteratively.
 */
function namePaths(root: JsonValue): Token[][] {
  const found: Token[][] = [];
  // Each entry links to its parent, so a deeply nested schema costs no copied paths.
  const stack: [JsonValue, Link | null, boolean][] = [[root, null, false]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [schema, link, names] = top;
    if (!isObject(schema)) continue;
    if (names && admitsStrings(schema.type)) found.push(pathOf(link));
    const inner = (key: string) => key === "propertyNames" || (names && IN_PLACE.has(key));
    eachSubschema(schema, link, (child, at, keyword, mapped) => {
      stack.push([child, at, !mapped && inner(keyword)]);
    });
  }
  return found;
}

/**
 * The keys asked about whole schemas before both differs compare: `propertyNames` here; `not`,
 * the unions and conjunctions, and what defines a place a `$ref` may reach in
 * `_nothing_as_false.ts` and `_merged_conjuncts.ts`.
 */
export type ScannedKey =
  | "propertyNames"
  | "not"
  | "anyOf"
  | "oneOf"
  | "allOf"
  | "$defs"
  | "definitions"
  | "$id"
  | "$anchor"
  | "$dynamicAnchor"
  | "$recursiveAnchor"
  | "$ref"
  | "$dynamicRef";

/**
 * Whether `key` is a {@link ScannedKey}, by comparisons of what are mostly two pointers: a set
 * lookup per key made the walk of a 10 MB schema take twice as long under V8.
 */
function isScanned(key: string): key is ScannedKey {
  switch (key) {
    case "propertyNames":
    case "not":
    case "anyOf":
    case "oneOf":
    case "allOf":
    case "$defs":
    case "definitions":
    case "$id":
    case "$anchor":
    case "$dynamicAnchor":
    case "$recursiveAnchor":
    case "$ref":
    case "$dynamicRef":
      return true;
    default:
      return false;
  }
}

/** Which {@link ScannedKey}s each object asked about holds; `true`: too deep to tell (all). */
const scanned = new WeakMap<object, ReadonlySet<ScannedKey> | true>();

const NONE: ReadonlySet<ScannedKey> = new Set();

/**
 * Whether `key` is an own key anywhere in `value`, data included. One walk finds every
 * {@link ScannedKey} a value holds and is remembered for it: a schema of 10 MB without any was
 * walked once for each key asked, five times a side. Past a nesting of 512 it answers yes and
 * leaves the question to {@link namePaths}, which keeps no call stack.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { holdsKey } from "./_property_names.ts";
 * const schema = { type: "object", properties: { a: { not: { type: "null" } } } };
 * assert.equal(holdsKey(schema, "not"), true);
 * assert.equal(holdsKey(schema, "anyOf"), false);
 * ```
 */
export function holdsKey(value: JsonValue, key: ScannedKey): boolean {
  if (typeof value !== "object" || value === null) return false;
  let held = scanned.get(value);
  if (held === undefined) {
    const found = new Set<ScannedKey>();
    held = scanKeys(value, found, 0) ? true : found.size === 0 ? NONE : found;
    scanned.set(value, held);
  }
  return held === true || held.has(key);
}

/**
 * Whether `value` holds a `$ref` or `$dynamicRef` key anywhere, data included (`containsRef` of
 * resolve.ts), read off the walk {@link holdsKey} makes of it: the structured walk asks this of
 * both schemas of every changed tool, which that walk has already read. Past its depth limit,
 * by `containsRef`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { holdsRef } from "./_property_names.ts";
 * assert.equal(holdsRef({ properties: { a: { $ref: "#/$defs/a" } } }), true);
 * assert.equal(holdsRef({ properties: { a: { type: "string" } } }), false);
 * ```
 */
export function holdsRef(value: JsonValue | undefined): boolean {
  if (typeof value !== "object" || value === null) return false;
  holdsKey(value, "$ref");
  const held = scanned.get(value)!;
  return held === true ? containsRef(value) : held.has("$ref") || held.has("$dynamicRef");
}

/** Adds the {@link ScannedKey}s anywhere in `value` to `found`; true past 512 levels. */
function scanKeys(value: JsonValue, found: Set<ScannedKey>, depth: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (depth > 512) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (scanKeys(item, found, depth + 1)) return true;
    return false;
  }
  for (const own in value) {
    if (!Object.hasOwn(value, own)) continue;
    if (isScanned(own)) found.add(own);
    if (scanKeys(value[own]!, found, depth + 1)) return true;
  }
  return false;
}
singlePass(scanKeys);

/**
 * `schema` with `type` removed from every inline `propertyNames` schema where it admits strings;
 * the input itself when there is none (the common case), otherwise a copy along the changed
 * paths only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withoutNameTypes } from "./_property_names.ts";
 * const record = { type: "object", propertyNames: { type: "string", maxLength: 8 } };
 * assert.deepEqual(withoutNameTypes(record), { type: "object", propertyNames: { maxLength: 8 } });
 * assert.equal(withoutNameTypes(record.propertyNames), record.propertyNames);
 * ```
 */
export function withoutNameTypes<T extends JsonValue | undefined>(schema: T): T {
  if (schema === undefined || !holdsKey(schema, "propertyNames")) return schema;
  const paths = namePaths(schema);
  if (paths.length === 0) return schema;
  return copyAlong(schema as JsonValue, paths, (value, copyOf) => {
    const copy = copyOf(value as JsonObject) as JsonObject;
    delete copy.type;
    return copy;
  }) as T;
}

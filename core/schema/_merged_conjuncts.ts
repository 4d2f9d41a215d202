/**
 * A conjunct written apart from the keywords beside it constrains what it would constrain beside
 * them: `{type: string, allOf: [{minLength: 1}]}` and `{type: string, not: {not: {minLength: 1}}}`
 * accept what `{type: string, minLength: 1}` accepts (ajv, draft-07 and 2020-12), yet the differs
 * compared the allOf as a whole and the keyword beside it as gained or lost: minLength.narrowed,
 * BREAKING on input, between equal schemas. {@link mergedConjuncts} writes such conjuncts into the
 * schema holding them before both differs compare, where the two sides write that place's `allOf`
 * or `not` differently. A place is merged only when every conjunct can be: each an object of
 * keywords that assert alone ({@link ALONE}), none written beside it with another value, no two
 * of one group that read each other ({@link GROUPS}: additionalProperties reads properties) from
 * different schemas, no `$ref` at the place or in a conjunct (draft-07 ignores what stands beside
 * one), no annotation in a conjunct (its place is the prose's to compare), and no place that a
 * `$ref` may reach inside a conjunct. A lone `allOf` or `not` of `not` is the walk's to read. The
 * places moved are returned, so a finding names the keyword where the file writes it. Private to
 * `compare_tool.ts`.
 * @module
 */
import { isObject, jsonEqual, type JsonObject, type JsonValue, pointerOf } from "../json.ts";
import { holdsKey, type ScannedKey } from "./_property_names.ts";
import {
  copyAlong,
  eachSubschema,
  type Link,
  pathOf,
  type Token,
  valueAt,
} from "./_schema_paths.ts";

/** Keywords whose assertion reads no keyword of another schema object (groups aside). */
const ALONE: ReadonlySet<string> = new Set([
  "type",
  "enum",
  "const",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "format",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxProperties",
  "minProperties",
  "required",
  "dependentRequired",
  "dependencies",
  "dependentSchemas",
  "propertyNames",
  "properties",
  "patternProperties",
  "additionalProperties",
  "items",
  "additionalItems",
  "prefixItems",
  "contains",
  "minContains",
  "maxContains",
  "if",
  "then",
  "else",
  "not",
  "anyOf",
  "oneOf",
]);

/** Keywords that read one another: all of a group must come from one schema. */
const GROUPS: readonly (readonly string[])[] = [
  ["properties", "patternProperties", "additionalProperties"],
  ["items", "additionalItems", "prefixItems"],
  ["contains", "minContains", "maxContains"],
  ["if", "then", "else"],
  // Draft 4 writes exclusiveMinimum and exclusiveMaximum as booleans that read the bound beside.
  ["minimum", "exclusiveMinimum"],
  ["maximum", "exclusiveMaximum"],
];

/** Keywords at a place that keep it as written: references, and what reads every keyword. */
const KEEP: readonly string[] = [
  "$ref",
  "$dynamicRef",
  "$recursiveRef",
  "unevaluatedProperties",
  "unevaluatedItems",
  "nullable",
  "discriminator",
];

/** Keywords that define a place a `$ref` may reach: a conjunct holding one stays as written. */
const DEFINES: readonly ScannedKey[] = [
  "$id",
  "$anchor",
  "$dynamicAnchor",
  "$recursiveAnchor",
  "$defs",
  "definitions",
];

/** A conjunct of a place: its schema and the tokens from the place to it. */
interface Conjunct {
  schema: JsonValue;
  from: Token[];
}

/** The conjuncts `s` writes apart: its allOf branches, and X of `not: {not: X}`. */
function conjunctsOf(s: JsonObject): Conjunct[] {
  const out: Conjunct[] = [];
  if (Array.isArray(s.allOf)) {
    s.allOf.forEach((schema, i) => out.push({ schema, from: ["allOf", i] }));
  }
  const not = s.not;
  if (isObject(not) && Object.keys(not).length === 1 && Object.hasOwn(not, "not")) {
    out.push({ schema: not.not!, from: ["not", "not"] });
  }
  return out;
}

/** A place merged: the schema, and for each keyword moved, the tokens it came from. */
interface Merged {
  schema: JsonObject;
  moved: Map<string, Token[]>;
}

/** `s` with every conjunct written into it, or `undefined` when one cannot be (see the module). */
function merge(s: JsonObject): Merged | undefined {
  if (KEEP.some((k) => Object.hasOwn(s, k))) return undefined;
  const conjuncts = conjunctsOf(s);
  if (conjuncts.length === 0) return undefined;
  const out: JsonObject = { ...s };
  delete out.allOf;
  if (conjuncts.at(-1)!.from[0] === "not") delete out.not;
  const source = new Map<string, number>(Object.keys(out).map((k) => [k, -1]));
  const moved = new Map<string, Token[]>();
  for (const [i, { schema, from }] of conjuncts.entries()) {
    if (!isObject(schema)) return undefined;
    const keys = Object.keys(schema);
    if (keys.length === 0 || keys.some((k) => !ALONE.has(k))) return undefined;
    if (DEFINES.some((k) => holdsKey(schema, k))) return undefined;
    for (const k of keys) {
      if (Object.hasOwn(out, k) && !jsonEqual(out[k], schema[k])) return undefined;
    }
    for (const group of GROUPS) {
      const here = group.filter((k) => Object.hasOwn(schema, k));
      if (here.length === 0) continue;
      const there = group.filter((k) => source.has(k) && !jsonEqual(out[k], schema[k]));
      if (there.length > 0) return undefined;
    }
    for (const k of keys) {
      if (Object.hasOwn(out, k)) continue;
      out[k] = schema[k]!;
      source.set(k, i);
      moved.set(k, [...from, k]);
    }
  }
  return { schema: out, moved };
}

/** Whether some `$ref` of `s` points into an allOf branch or a `not` (its target would move). */
function refersIntoConjunct(s: JsonValue, depth = 0): boolean {
  if (typeof s !== "object" || s === null) return false;
  if (depth > 512) return true;
  if (Array.isArray(s)) return s.some((x) => refersIntoConjunct(x, depth + 1));
  for (const key of Object.keys(s)) {
    const v = s[key]!;
    if (key.endsWith("Ref") && typeof v === "string" && /\/(allOf|not)(\/|$)/.test(v)) return true;
    if (refersIntoConjunct(v, depth + 1)) return true;
  }
  return false;
}

/**
 * The places of `schema` that write a conjunct apart beside keywords that constrain values (a
 * lone `allOf` or `not` of `not`, annotations aside, is the walk's to read) and whose `allOf` or
 * `not` the other side writes otherwise at the same place (an object there).
 */
function places(schema: JsonValue, other: JsonValue): Token[][] {
  const found: Token[][] = [];
  const stack: [JsonValue, Link | null][] = [[schema, null]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [s, link] = top;
    if (!isObject(s)) continue;
    const conjuncts = conjunctsOf(s);
    const apart = new Set(conjuncts.map((c) => c.from[0]));
    if (conjuncts.length > 0 && Object.keys(s).some((k) => ALONE.has(k) && !apart.has(k))) {
      const path = pathOf(link);
      const there = valueAt(other, path);
      if (isObject(there) && (!jsonEqual(s.allOf, there.allOf) || !jsonEqual(s.not, there.not))) {
        found.push(path);
      }
    }
    eachSubschema(s, link, (child, at) => stack.push([child, at]));
  }
  return found;
}

/** Both schemas with their conjuncts merged, and where each side's moved keywords stand. */
export interface MergedRead<T> {
  old: T;
  new: T;
  /**
   * For each side, each keyword moved: its RFC 6901 pointer in the merged schema, and the tokens
   * of its place in the file.
   */
  moved: { old: Map<string, Token[]>; new: Map<string, Token[]> };
}

/**
 * Both schemas with the conjuncts of each place that one side writes apart and the sides write
 * otherwise merged into the schema beside them (see the module); each schema itself when there is
 * none. Deeper places first, so a conjunct's own merged schema moves whole.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergedConjuncts } from "./_merged_conjuncts.ts";
 * const read = mergedConjuncts(
 *   { type: "string", allOf: [{ minLength: 1 }] },
 *   { type: "string", minLength: 1 },
 * );
 * assert.deepEqual(read.old, { type: "string", minLength: 1 });
 * assert.deepEqual([...read.moved.old], [["/minLength", ["allOf", 0, "minLength"]]]);
 * // The same allOf on both sides stays as written.
 * const same = { type: "string", allOf: [{ minLength: 1 }] };
 * assert.equal(mergedConjuncts(same, same).old, same);
 * ```
 */
export function mergedConjuncts<T extends JsonValue | undefined>(
  oldSchema: T,
  newSchema: T,
): MergedRead<T> {
  const moved = { old: new Map<string, Token[]>(), new: new Map<string, Token[]>() };
  const unchanged = { old: oldSchema, new: newSchema, moved };
  if (oldSchema === undefined || newSchema === undefined) return unchanged;
  const may = (s: JsonValue) => holdsKey(s, "allOf") || holdsKey(s, "not");
  if (!may(oldSchema) && !may(newSchema)) return unchanged;
  if (refersIntoConjunct(oldSchema) || refersIntoConjunct(newSchema)) return unchanged;
  const keyed = new Map<string, Token[]>();
  for (const path of [...places(oldSchema, newSchema), ...places(newSchema, oldSchema)]) {
    keyed.set(JSON.stringify(path), path);
  }
  if (keyed.size === 0) return unchanged;
  // Deeper places first: a place inside a conjunct is merged before the conjunct moves.
  const paths = [...keyed.values()].sort((x, y) => y.length - x.length);
  const sides = [oldSchema, newSchema].map((schema, i) => {
    const into = i === 0 ? moved.old : moved.new;
    let out = schema as JsonValue;
    for (const path of paths) {
      const at = valueAt(out, path);
      const merged = isObject(at) ? merge(at) : undefined;
      if (merged === undefined) continue;
      // A keyword moved from a place inside this one's conjunct moves with it.
      for (const [k, from] of merged.moved) {
        const was = pointerOf([...path, k]);
        const origin = [...path, ...from];
        for (const [p, tokens] of [...into]) {
          const inner = pointerOf(origin);
          if (p === inner || p.startsWith(`${inner}/`)) {
            into.delete(p);
            into.set(was + p.slice(inner.length), tokens);
          }
        }
        into.set(was, origin);
      }
      out = path.length === 0 ? merged.schema : copyAlong(out, [path], () => merged.schema);
    }
    return out;
  });
  if (moved.old.size + moved.new.size === 0) return unchanged;
  return { old: sides[0] as T, new: sides[1] as T, moved };
}

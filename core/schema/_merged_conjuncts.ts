/**
 * A conjunct written apart from the keywords beside it constrains what it would constrain beside
 * them: `{type: string, allOf: [{minLength: 1}]}` and `{type: string, not: {not: {minLength: 1}}}`
 * accept what `{type: string, minLength: 1}` accepts (ajv, draft-07 and 2020-12), yet the differs
 * compared the allOf as a whole and the keyword beside it as gained or lost: minLength.narrowed,
 * BREAKING on input, between equal schemas. {@link mergedConjuncts} writes such conjuncts into the
 * schema holding them before both differs compare, where the two sides write that place's `allOf`
 * or `not` differently. A conjunct's own conjuncts are read with it, a branch that accepts every
 * value conjoins nothing, and a branch that is a lone local `$ref` conjoins its target
 * ({@link flatConjuncts}). A keyword written twice holds the tighter value where one value says
 * both ({@link conjoined}: `allOf: [{minLength: 1}, {minLength: 2}]` is minLength 2, `allOf:
 * [{multipleOf: 4}, {multipleOf: 6}]` multipleOf 12); an
 * annotation ({@link ANNOTATIONS}) moves with its conjunct, or, written otherwise at the place or
 * in an earlier conjunct, stays apart in an allOf branch of annotations only, which the walk
 * compares as prose where the file writes it (`{description: "e", allOf: [{minLength: 1,
 * description: "d"}]}` → `{description: "e", minLength: 1}` is "d" removed); a branch of `additionalProperties:
 * false` alone closes objects to every property, read so against a side closed at that place
 * ({@link closesEmpty}). A place is merged only when every conjunct can be: each an object of
 * keywords that assert alone ({@link ALONE}) or annotate, none written beside it with a value it
 * cannot conjoin, no two of one group that read each other ({@link GROUPS}: additionalProperties
 * reads properties) from different schemas, no `$ref` at the place (draft-07 ignores what stands
 * beside one), and no place that a `$ref` may reach inside a conjunct. A lone `allOf` or `not` of
 * `not` is the walk's to read, but for a double not with annotations beside either `not` against a
 * side with no `not` there ({@link annotatedDoubleNot}). The places moved are returned, so a
 * finding names the keyword where the file writes it. Private to `compare_tool.ts`.
 * @module
 */
import { isObject, jsonEqual, type JsonObject, type JsonValue, pointerOf } from "../json.ts";
import { holdsKey, type ScannedKey } from "./_property_names.ts";
import { isLocalRef, resolveLocal } from "./resolve.ts";
import {
  copyAlong,
  eachSubschema,
  type Link,
  pathOf,
  type Token,
  valueAt,
} from "./_schema_paths.ts";
import { isAnnotationKeyword, REF_KEYWORDS } from "./types.ts";

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

/**
 * Annotations a conjunct may carry: they describe the value the place describes, so they move
 * with the conjunct's assertions (the prose then compares them at the place, named where the file
 * writes them); one the place or an earlier conjunct writes otherwise stays apart, in an allOf
 * branch of annotations only, so the prose compares it too. `default` is not among them: the
 * rules read it beside `required`.
 */
const ANNOTATIONS: ReadonlySet<string> = new Set([
  "title",
  "description",
  "$comment",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

/** Annotations that name or place a schema: a double not beside one stays as written. */
const PLACES: readonly string[] = ["$schema", "$id", "$anchor", "$defs", "definitions"];

/** Lower and upper bounds on a count: conjuncts of one keyword hold the greatest and least. */
const LOWER: ReadonlySet<string> = new Set(["minLength", "minItems", "minProperties"]);
const UPPER: ReadonlySet<string> = new Set(["maxLength", "maxItems", "maxProperties"]);

/** Keywords that define a place a `$ref` may reach: a conjunct holding one stays as written. */
const DEFINES: readonly ScannedKey[] = [
  "$id",
  "$anchor",
  "$dynamicAnchor",
  "$recursiveAnchor",
  "$defs",
  "definitions",
];

/**
 * A conjunct of a place: its schema and the tokens from the place to it; `ref` when the schema is
 * the target of a branch's `$ref` (its keywords are then named at that `$ref`).
 */
interface Conjunct {
  schema: JsonValue;
  from: Token[];
  ref?: boolean;
}

/**
 * The conjuncts `s` writes apart: its allOf branches, and X of `not: {not: X}`, with the
 * annotations written beside the inner `not` as a conjunct of their own (they describe the value
 * the place describes, as X does).
 */
function conjunctsOf(s: JsonObject): Conjunct[] {
  const out: Conjunct[] = [];
  if (Array.isArray(s.allOf)) {
    s.allOf.forEach((schema, i) => out.push({ schema, from: ["allOf", i] }));
  }
  const not = s.not;
  if (isObject(not) && Object.hasOwn(not, "not") && annotatesOnly(not, "not")) {
    out.push({ schema: not.not!, from: ["not", "not"] });
    const { not: _, ...notes } = not;
    if (Object.keys(notes).length > 0) out.push({ schema: notes, from: ["not"] });
  }
  return out;
}

/** Whether every keyword of `s` but `keyword` is one of {@link ANNOTATIONS}. */
function annotatesOnly(s: JsonObject, keyword: string): boolean {
  return Object.keys(s).every((k) => k === keyword || ANNOTATIONS.has(k));
}

/**
 * Whether `s` is `{not: {not: X}}` with annotations beside either `not` and nothing else, and
 * `there` (the other side's schema at the place) an object with no `not`: read as X with the
 * annotations (those beside the outer `not` stay at the place: a default or a vendor extension
 * too, but nothing that places a schema), where a bare one is the walk's to read and against a
 * double not it is compared as written (_same_values.ts).
 */
function annotatedDoubleNot(s: JsonObject, there: JsonValue | undefined): boolean {
  const not = s.not;
  if (!isObject(not) || !Object.hasOwn(not, "not") || !isObject(there)) return false;
  if (Object.hasOwn(there, "not") || !annotatesOnly(not, "not")) return false;
  const stays = (k: string) => k === "not" || (isAnnotationKeyword(k) && !PLACES.includes(k));
  return Object.keys(s).every(stays) && Object.keys(s).length + Object.keys(not).length > 2;
}

/**
 * A place merged: the schema, and for each keyword moved, its pointer from the place (`/minLength`,
 * `/allOf/0/description` for an annotation kept apart) and the tokens it came from.
 */
interface Merged {
  schema: JsonObject;
  moved: Map<string, Token[]>;
}

/** How deep conjuncts of conjuncts (and `$ref` targets) are read before a place stays as written. */
const MAX_NESTING = 8;

/**
 * The conjuncts of `s`, each conjunct's own conjuncts written apart in turn: `{allOf: [{allOf:
 * [X]}]}` conjoins X. A branch that accepts every value (`true`, `{}`) conjoins nothing; a branch
 * that is a lone local `$ref` conjoins its target, when no `$id` may move the base it resolves
 * against and the target refers nowhere itself. `undefined` when one cannot be read so (a
 * `false`, a reference left unread, too deep).
 */
function flatConjuncts(s: JsonObject, root: JsonValue, depth = 0): Conjunct[] | undefined {
  if (depth > MAX_NESTING) return undefined;
  const out: Conjunct[] = [];
  for (const c of conjunctsOf(s)) {
    let { schema, from } = c;
    let ref = false;
    if (schema === true) continue;
    if (!isObject(schema)) return undefined;
    if (Object.keys(schema).length === 1 && typeof schema.$ref === "string") {
      const target = isLocalRef(schema.$ref) && !holdsKey(root, "$id")
        ? resolveLocal(root, schema.$ref)
        : undefined;
      if (!isObject(target) || REF_KEYWORDS.some((k) => holdsRef(target, k))) return undefined;
      [schema, from, ref] = [target, [...from, "$ref"], true];
    }
    const inner = conjunctsOf(schema);
    if (inner.length === 0) {
      if (Object.keys(schema).length > 0) out.push({ schema, from, ...ref && { ref } });
      continue;
    }
    const rest: JsonObject = { ...schema };
    delete rest.allOf;
    if (inner.at(-1)!.from[0] === "not") delete rest.not;
    if (Object.keys(rest).length > 0) out.push({ schema: rest, from, ...ref && { ref } });
    const nested = flatConjuncts(schema, root, depth + 1);
    if (nested === undefined) return undefined;
    for (const n of nested) {
      const named = ref ? from : [...from, ...n.from];
      out.push({ schema: n.schema, from: named, ...(ref || n.ref) && { ref: true } });
    }
  }
  return out;
}

/** Whether `key` is an own key anywhere in `value`. */
function holdsRef(value: JsonValue, key: string, depth = 0): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (depth > 512) return true;
  if (Array.isArray(value)) return value.some((v) => holdsRef(v, key, depth + 1));
  return Object.hasOwn(value, key) || Object.values(value).some((v) => holdsRef(v, key, depth + 1));
}

/**
 * The value of keyword `k` that conjoins `a` and `b` (each written at a place or in one of its
 * conjuncts), and which of them it is (`both`: neither alone), or `undefined` when no one value
 * of `k` does. `bounds`: minimum and maximum and their exclusive forms are numbers everywhere
 * (not draft 4's booleans, which read the bound beside them).
 */
function conjoined(
  k: string,
  a: JsonValue,
  b: JsonValue,
  bounds: boolean,
): { value: JsonValue; from: "a" | "b" | "both" } | undefined {
  if (jsonEqual(a, b)) return { value: a, from: "a" };
  const numbers = typeof a === "number" && typeof b === "number";
  const lower = LOWER.has(k) || (bounds && (k === "minimum" || k === "exclusiveMinimum"));
  const upper = UPPER.has(k) || (bounds && (k === "maximum" || k === "exclusiveMaximum"));
  if (numbers && (lower || upper)) return { value: a, from: (lower ? a >= b : a <= b) ? "a" : "b" };
  if (numbers && k === "multipleOf" && a > 0 && b > 0) {
    if (Number.isInteger(a / b)) return { value: a, from: "a" };
    if (Number.isInteger(b / a)) return { value: b, from: "b" };
    // Two integers: a value both divide is what their least common multiple divides
    // (`allOf: [{multipleOf: 4}, {multipleOf: 6}]` is multipleOf 12).
    const lcm = Number.isSafeInteger(a) && Number.isSafeInteger(b) ? (a / gcd(a, b)) * b : NaN;
    return Number.isSafeInteger(lcm) ? { value: lcm, from: "both" } : undefined;
  }
  if (k === "uniqueItems" && typeof a === "boolean" && typeof b === "boolean") {
    return a ? { value: a, from: "a" } : { value: b, from: "b" };
  }
  const names = (x: JsonValue) => Array.isArray(x) && x.every((n) => typeof n === "string");
  if (k === "required" && names(a) && names(b)) {
    const union = [...new Set([...(a as string[]), ...(b as string[])])];
    return { value: union, from: union.length === (a as string[]).length ? "a" : "both" };
  }
  return undefined;
}

/** The greatest common divisor of two positive integers. */
function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/**
 * Whether conjunct `schema` closes objects to no property at all: `additionalProperties: false`
 * with no `properties` or `patternProperties` beside it for it to read.
 */
function closesEmpty(schema: JsonObject): boolean {
  return schema.additionalProperties === false && !Object.hasOwn(schema, "properties") &&
    !Object.hasOwn(schema, "patternProperties");
}

/**
 * `s` with every conjunct written into it, or `undefined` when one cannot be (see the module).
 * `root`: the schema `s` stands in, for a branch's `$ref`. `closes`: the other side writes an
 * `additionalProperties` at this place, so a conjunct closing objects to every property is read
 * as the place closed with each property it declares taking nothing ({@link closesEmpty}); the
 * other side open, the allOf stays as written and is graded whole.
 */
function merge(s: JsonObject, root: JsonValue, closes: boolean): Merged | undefined {
  if (KEEP.some((k) => Object.hasOwn(s, k))) return undefined;
  const conjuncts = flatConjuncts(s, root);
  if (conjuncts === undefined || conjunctsOf(s).length === 0) return undefined;
  const out: JsonObject = { ...s };
  delete out.allOf;
  if (conjunctsOf(s).at(-1)!.from[0] === "not") delete out.not;
  const source = new Map<string, number>(Object.keys(out).map((k) => [k, -1]));
  const moved = new Map<string, Token[]>();
  const bounds = [out, ...conjuncts.map((c) => c.schema)].every((w) =>
    !isObject(w) ||
    (typeof w.exclusiveMinimum !== "boolean" && typeof w.exclusiveMaximum !== "boolean")
  );
  // Numbers all: each bound is read alone, and conjuncts of one keyword hold the tightest.
  const groups = bounds ? GROUPS.filter((g) => g[0] !== "minimum" && g[0] !== "maximum") : GROUPS;
  let closed: Token[] | undefined;
  // Annotations a conjunct writes otherwise than the place (or an earlier conjunct): each
  // conjunct's stay apart, in an allOf branch of annotations only, where the walk compares them.
  const apart: { annotations: JsonObject; at: Map<string, Token[]> }[] = [];
  for (const [i, { schema: written, from, ref }] of conjuncts.entries()) {
    if (!isObject(written)) return undefined;
    const origin = (k: string): Token[] => ref ? from : [...from, k];
    let schema = written;
    if (closes && closesEmpty(written)) {
      // Closed to every property: so is the place, whatever it declares (applied below).
      closed ??= origin("additionalProperties");
      schema = { ...written };
      delete schema.additionalProperties;
      if (Object.keys(schema).length === 0) continue;
    }
    const keys = Object.keys(schema);
    if (keys.some((k) => !ALONE.has(k) && !ANNOTATIONS.has(k))) return undefined;
    if (DEFINES.some((k) => holdsKey(schema, k))) return undefined;
    for (const group of groups) {
      const here = group.filter((k) => Object.hasOwn(schema, k));
      if (here.length === 0) continue;
      const there = group.filter((k) => source.has(k) && !jsonEqual(out[k], schema[k]));
      if (there.length > 0) return undefined;
    }
    let kept: { annotations: JsonObject; at: Map<string, Token[]> } | undefined;
    for (const k of keys) {
      if (!Object.hasOwn(out, k)) {
        out[k] = schema[k]!;
        source.set(k, i);
        moved.set(`/${k}`, origin(k));
        continue;
      }
      if (ANNOTATIONS.has(k) && !jsonEqual(out[k], schema[k])) {
        kept ??= { annotations: {}, at: new Map() };
        kept.annotations[k] = schema[k]!;
        kept.at.set(k, origin(k));
        continue;
      }
      const both = ANNOTATIONS.has(k)
        ? { value: out[k]!, from: "a" as const }
        : conjoined(k, out[k]!, schema[k]!, bounds);
      if (both === undefined) return undefined;
      if (both.from !== "b") {
        out[k] = both.value;
        continue;
      }
      out[k] = schema[k]!;
      source.set(k, i);
      moved.set(`/${k}`, origin(k));
    }
    if (kept !== undefined) apart.push(kept);
  }
  if (apart.length > 0) {
    out.allOf = apart.map((a) => a.annotations);
    apart.forEach((a, j) => {
      for (const [k, tokens] of a.at) moved.set(pointerOf(["allOf", j, k]), tokens);
    });
  }
  if (closed !== undefined) {
    // No property passes: each the place declares or matches by pattern accepts nothing.
    for (const k of ["properties", "patternProperties"]) {
      const declared = out[k];
      if (!isObject(declared)) continue;
      out[k] = Object.fromEntries(Object.keys(declared).map((name) => [name, false]));
    }
    if (!Object.hasOwn(out, "additionalProperties")) moved.set("/additionalProperties", closed);
    out.additionalProperties = false;
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
 * `not` the other side writes otherwise at the same place (an object there), and those of an
 * annotated double not facing no `not` ({@link annotatedDoubleNot}).
 */
function places(schema: JsonValue, other: JsonValue): Token[][] {
  const found: Token[][] = [];
  const stack: [JsonValue, Link | null][] = [[schema, null]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [s, link] = top;
    if (!isObject(s)) continue;
    const conjuncts = conjunctsOf(s);
    const apart = new Set(conjuncts.map((c) => c.from[0]));
    const beside = Object.keys(s).some((k) => ALONE.has(k) && !apart.has(k));
    if (conjuncts.length > 0 && (beside || apart.has("not"))) {
      const path = pathOf(link);
      const there = valueAt(other, path);
      if (
        (beside && isObject(there) &&
          (!jsonEqual(s.allOf, there.allOf) || !jsonEqual(s.not, there.not))) ||
        annotatedDoubleNot(s, there)
      ) {
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
  let any = false;
  const sides = [oldSchema, newSchema].map((schema, i) => {
    const into = i === 0 ? moved.old : moved.new;
    const other = i === 0 ? newSchema : oldSchema;
    let out = schema as JsonValue;
    for (const path of paths) {
      const at = valueAt(out, path);
      const there = valueAt(other, path);
      const closes = isObject(there) && Object.hasOwn(there, "additionalProperties");
      const merged = isObject(at) ? merge(at, schema as JsonValue, closes) : undefined;
      if (merged === undefined) continue;
      any = true;
      // A keyword moved from a place inside this one's conjunct moves with it.
      for (const [k, from] of merged.moved) {
        const was = pointerOf(path) + k;
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
  if (!any) return unchanged;
  return { old: sides[0] as T, new: sides[1] as T, moved };
}

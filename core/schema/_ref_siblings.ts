/**
 * Keywords beside a `$ref`. Since draft 2019-09 the target and the keywords beside the reference
 * both apply: the node means allOf[target, siblings]. This module writes that conjunction as one
 * schema where that is exact (the tighter of two bounds, the common types and values, the union
 * of `required`) and says when it is not (two patterns, two `properties` objects, keywords that
 * read each other split between the two), so the walk can compare the parts instead. Draft-07
 * and older ignore the keywords beside a `$ref`; their annotations still steer models and are kept.
 * Private to the two schema differs.
 * @module
 */
import { isObject, jsonEqual, type JsonObject, type JsonValue, stableStringify } from "../json.ts";
import { isAnnotationKeyword } from "./types.ts";

/** The keywords written at one link of a `$ref` chain (without the `$ref`), and where. */
export interface RefLevel {
  loc: string;
  keywords: JsonObject;
}

/** A chain combined into one schema, or why it cannot be. */
export type Combined = { node: JsonObject } | { conflict: string };

const DRAFT = /^(https?:\/\/)?json-schema\.org\/draft-0[0-7]\/schema#?$/;

/** Whether a root's `$schema` names draft-07 or older, where a `$ref` ignores its siblings. */
export function ignoresRefSiblings(root: JsonValue | undefined): boolean {
  return isObject(root) && typeof root.$schema === "string" && DRAFT.test(root.$schema);
}

/**
 * Whether `schema` writes a `$ref` with keywords beside it that constrain values, under a root
 * whose dialect (draft-07 or older) ignores them: validators that follow the draft skip them,
 * ajv 8 (the MCP SDK's validator) applies them, so the two readings may grade a change apart.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readsApart } from "./_ref_siblings.ts";
 * const root = { $schema: "http://json-schema.org/draft-07/schema#" };
 * assert.equal(readsApart({ $ref: "#/definitions/A", maxLength: 3 }, root), true);
 * assert.equal(readsApart({ $ref: "#/definitions/A", description: "Id" }, root), false);
 * assert.equal(readsApart({ $ref: "#/$defs/A", maxLength: 3 }, {}), false);
 * ```
 */
export function readsApart(schema: JsonValue | undefined, root: JsonValue | undefined): boolean {
  return isObject(schema) && typeof schema.$ref === "string" && ignoresRefSiblings(root) &&
    Object.keys(schema).some((k) => k !== "$ref" && !isAnnotationKeyword(k));
}

/** What each differ reads beside a draft-07 `$ref`, said beside a finding there. */
export const DRAFT07_WALK =
  "graded as draft-07 reads it, which ignores the keywords beside $ref; ajv 8 and the MCP SDK apply them, and a catch-all differ finding here is their reading";
/** The catch-all's reading of the keywords beside a draft-07 `$ref` (see {@link DRAFT07_WALK}). */
export const DRAFT07_AJV =
  "beside a draft-07 $ref: graded as ajv 8 and the MCP SDK read it, applying the keyword; draft-07 ignores it, as the structured walk does";

/** The annotations of a schema object: what draft-07 keeps of the keywords beside a `$ref`. */
export function annotationsOf(schema: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(schema)) if (isAnnotationKeyword(key)) out[key] = schema[key]!;
  return out;
}

/** Whether any link but the last (the target) holds keywords beside its `$ref`. */
export function hasSiblings(levels: readonly RefLevel[]): boolean {
  return levels.slice(0, -1).some((l) => Object.keys(l.keywords).length > 0);
}

/**
 * Keywords that read one another inside one schema object (`additionalProperties` depends on the
 * `properties` beside it): split between a reference's target and its siblings, their
 * conjunction is not the object that holds them all.
 */
const READ_TOGETHER = [
  ["properties", "patternProperties", "additionalProperties"],
  ["items", "prefixItems", "additionalItems"],
  ["contains", "minContains", "maxContains"],
  ["if", "then", "else"],
];
/** Keywords that see every applicator of their object, including `$ref`. */
const UNEVALUATED = ["unevaluatedProperties", "unevaluatedItems"];
const TYPE = ["type", "nullable"];
const LOWER = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"];
const UPPER = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"];

function typesOf(value: JsonValue | undefined): string[] | undefined {
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((t) => typeof t === "string")) return value as string[];
  return undefined;
}

/** The types both lists accept (an integer is a number), in the order of `outer`. */
function commonTypes(inner: string[], outer: string[]): string[] {
  const out = new Set<string>();
  for (const t of outer) {
    if (inner.includes(t)) out.add(t);
    else if (t === "integer" && inner.includes("number")) out.add(t);
    else if (t === "number" && inner.includes("integer")) out.add("integer");
  }
  return [...out];
}

/** The values of `enum`/`const` as canonical strings, or undefined when unrestricted. */
function valuesOf(schema: JsonObject): Map<string, JsonValue> | undefined {
  let values: Map<string, JsonValue> | undefined;
  if (Array.isArray(schema.enum)) values = new Map(schema.enum.map((v) => [stableStringify(v), v]));
  if (Object.hasOwn(schema, "const")) {
    const c = stableStringify(schema.const);
    values = new Map(values === undefined || values.has(c) ? [[c, schema.const!]] : []);
  }
  return values;
}

/**
 * `inner` (the target, or the combination so far) and `outer` (the keywords beside the `$ref`
 * that reached it) as one schema, or why they cannot be written as one.
 */
function combineTwo(inner: JsonObject, outer: JsonObject): Combined {
  const out: JsonObject = { ...inner };
  const both = Object.keys(outer).filter((k) =>
    Object.hasOwn(inner, k) && !jsonEqual(inner[k], outer[k])
  );
  const has = (s: JsonObject, keys: readonly string[]) => keys.some((k) => Object.hasOwn(s, k));
  const constrains = (s: JsonObject) => Object.keys(s).some((k) => !isAnnotationKeyword(k));
  if (
    (has(inner, UNEVALUATED) && constrains(outer)) || (has(outer, UNEVALUATED) && constrains(inner))
  ) {
    return { conflict: "unevaluatedProperties or unevaluatedItems sees the other part" };
  }
  for (const group of READ_TOGETHER) {
    if (
      has(inner, group) && has(outer, group) && group.some((k) => !jsonEqual(inner[k], outer[k]))
    ) {
      return { conflict: `${group.join("/")} are split between the target and the siblings` };
    }
  }
  for (const key of Object.keys(outer)) if (!Object.hasOwn(inner, key)) out[key] = outer[key]!;
  for (const key of both) {
    const [x, y] = [inner[key], outer[key]];
    if (isAnnotationKeyword(key)) out[key] = y!;
    else if (LOWER.includes(key) || UPPER.includes(key)) {
      if (typeof x !== "number" || typeof y !== "number") {
        return { conflict: `${key} is not a number on both parts` };
      }
      out[key] = LOWER.includes(key) ? Math.max(x, y) : Math.min(x, y);
    } else if (key === "required") {
      if (!Array.isArray(x) || !Array.isArray(y)) return { conflict: "required is not a list" };
      out.required = [...new Set([...y, ...x])];
    } else if (key === "multipleOf") {
      if (typeof x !== "number" || typeof y !== "number" || x <= 0 || y <= 0) {
        return { conflict: "multipleOf is not a positive number on both parts" };
      }
      const [big, small] = x >= y ? [x, y] : [y, x];
      if (!Number.isInteger(big / small)) return { conflict: "multipleOf differs" };
      out.multipleOf = big;
    } else if (key === "uniqueItems") out.uniqueItems = x === true || y === true;
    else if (key !== "type" && key !== "enum" && key !== "const") {
      return { conflict: `${key} differs between the target and the siblings` };
    }
  }
  // Exclusive bounds of draft-04 (booleans) modify the number beside them: not combined.
  for (const key of ["exclusiveMinimum", "exclusiveMaximum"]) {
    const split = typeof inner[key] === "boolean" || typeof outer[key] === "boolean";
    const base = key === "exclusiveMinimum" ? "minimum" : "maximum";
    if (split && has(inner, [key, base]) && has(outer, [key, base])) {
      return { conflict: `${key} is a boolean beside ${base}` };
    }
  }
  const nullable = has(inner, ["nullable"]) || has(outer, ["nullable"]);
  if (nullable && has(inner, TYPE) && has(outer, TYPE)) {
    if (TYPE.some((k) => !jsonEqual(inner[k], outer[k]))) {
      return { conflict: "type and nullable are split between the target and the siblings" };
    }
  } else if (Object.hasOwn(inner, "type") && Object.hasOwn(outer, "type")) {
    const [x, y] = [typesOf(inner.type), typesOf(outer.type)];
    if (!x || !y) return { conflict: "type is not a type name or a list of them" };
    const common = commonTypes(x, y);
    if (common.length === 0) return { conflict: "the two parts accept no common type" };
    out.type = common.length === 1 ? common[0]! : common;
  }
  const [vi, vo] = [valuesOf(inner), valuesOf(outer)];
  if (vi !== undefined && vo !== undefined) {
    const common = [...vo.keys()].filter((k) => vi.has(k));
    if (common.length === 0) return { conflict: "the two parts allow no common value" };
    delete out.const;
    out.enum = common.map((k) => vo.get(k)!);
  }
  return { node: out };
}

/**
 * A `$ref` chain (outermost link first, the target last) as one schema: each link's keywords
 * combined with what the links below it reach.
 */
export function combineLevels(levels: readonly RefLevel[]): Combined {
  let node = levels[levels.length - 1]?.keywords ?? {};
  for (let i = levels.length - 2; i >= 0; i--) {
    const keywords = levels[i]!.keywords;
    if (Object.keys(keywords).length === 0) continue;
    const combined = combineTwo(node, keywords);
    if ("conflict" in combined) return combined;
    node = combined.node;
  }
  return { node };
}

/**
 * Pairs the links of two chains: the nodes as written with each other, the targets with each
 * other, the links between by position. A schema without `$ref` is its own target with nothing
 * beside it.
 */
export function alignLevels(
  a: readonly RefLevel[],
  b: readonly RefLevel[],
): [RefLevel | undefined, RefLevel | undefined][] {
  const full = (l: readonly RefLevel[]) =>
    l.length === 1 ? [{ loc: l[0]!.loc, keywords: {} }, l[0]!] : l;
  const [x, y] = [full(a), full(b)];
  const pairs: [RefLevel | undefined, RefLevel | undefined][] = [];
  const middle = Math.max(x.length, y.length) - 2;
  pairs.push([x[0], y[0]]);
  for (let i = 1; i <= middle; i++) {
    pairs.push([i < x.length - 1 ? x[i] : undefined, i < y.length - 1 ? y[i] : undefined]);
  }
  pairs.push([x[x.length - 1], y[y.length - 1]]);
  return pairs;
}

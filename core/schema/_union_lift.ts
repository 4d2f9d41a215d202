/**
 * How the walk reads unions it compares: a one-branch anyOf/oneOf/allOf as its branch, nested
 * anyOfs as one, and a schema facing a union as a one-branch union. Private to the walk.
 * @module
 */
import { isObject, jsonEqual, type JsonObject, type JsonValue } from "../json.ts";
import { isAnnotationOnly } from "./subsume.ts";
import { isAnnotationKeyword } from "./types.ts";
import { splitTypes } from "./_split_types.ts";
import { typeSet } from "./values.ts";

/** A one-branch combinator's branch, where it stands, and the annotations moved into it. */
export interface SoleBranch {
  schema: JsonValue;
  key: string;
  index: number;
  /** Annotations written beside the combinator, now the branch's. */
  carried: string[];
  /** Annotations beside it that the branch writes otherwise, in the branch's `allOf/0`. */
  apart: string[];
  /**
   * Annotations beside it that the branch writes otherwise and the other side writes alike: the
   * branch holds the one beside, its own in its `allOf/0`.
   */
  swapped: string[];
  /**
   * Annotations of an allOf branch of annotations only beside the branch that the branch writes
   * otherwise: each with that branch's index, in the branch's `allOf/0` (one of them would be
   * dropped).
   */
  kept: [string, number][];
}

/**
 * The branch of a one-branch anyOf/oneOf/allOf (allOf branches of annotations only do not
 * count) that has only annotations beside it, unless `other` uses the same keyword: then the
 * branch lists are compared as such. The annotations beside it, and those of the allOf branches
 * that hold nothing else, describe the same value: they go with the branch where it does not
 * write the same keyword (`carried` names those written beside it); one it writes otherwise
 * stays apart, in an allOf branch of annotations only added to it (`apart`). Pydantic v1 writes
 * `{allOf: [{$ref: X}], description: D}` where v2 writes `{$ref: X, description: D}`: read alike.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { soleBranch } from "./_union_lift.ts";
 * const s = { anyOf: [{ type: "string" }], description: "d" };
 * assert.deepEqual(soleBranch(s, {}), {
 *   schema: { type: "string", description: "d" },
 *   key: "anyOf",
 *   index: 0,
 *   carried: ["description"],
 *   apart: [],
 *   swapped: [],
 *   kept: [],
 * });
 * // An allOf branch of annotations only that the branch writes otherwise stays apart.
 * const kept = { allOf: [{ type: "string", description: "B" }, { description: "D" }] };
 * assert.deepEqual(soleBranch(kept, {})?.schema, {
 *   type: "string",
 *   description: "B",
 *   allOf: [{ description: "D" }],
 * });
 * assert.equal(soleBranch(s, { anyOf: [] }), undefined);
 * ```
 */
export function soleBranch(
  schema: JsonObject | false,
  other: JsonObject | false,
): SoleBranch | undefined {
  if (schema === false) return undefined;
  let found: SoleBranch | undefined;
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    if (key === "anyOf" || key === "oneOf" || key === "allOf") {
      if (found !== undefined || !Array.isArray(value)) return undefined;
      if (other !== false && other[key] !== undefined) return undefined;
      const branches = value.map((v, index) => ({ v, index }))
        .filter((x) => key !== "allOf" || !isAnnotationOnly(x.v));
      if (branches.length !== 1) return undefined;
      // The annotations of allOf branches that hold nothing else stay with the schema; one the
      // branch (or another such branch) writes otherwise is kept apart with those beside.
      let branch = branches[0]!.v;
      const kept: [string, number][] = [];
      if (isObject(branch)) {
        for (const [index, other] of value.entries()) {
          if (other === branches[0]!.v || !isObject(other)) continue;
          for (const k of Object.keys(other)) {
            if (!Object.hasOwn(branch, k) || jsonEqual(branch[k], other[k])) continue;
            // Two texts apart already: the lists are compared as such.
            if (kept.some(([seen]) => seen === k)) return undefined;
            kept.push([k, index]);
          }
          branch = { ...other, ...branch };
        }
      }
      found = {
        schema: branch,
        key,
        index: branches[0]!.index,
        carried: [],
        apart: [],
        swapped: [],
        kept,
      };
    } else if (!isAnnotationKeyword(key) || key === "$defs" || key === "definitions") {
      return undefined;
    }
  }
  if (found === undefined || !isObject(found.schema)) return found;
  const branch: JsonObject = { ...found.schema };
  const apart: JsonObject = {};
  const siblings = value(schema[found.key]);
  for (const [key, index] of found.kept) apart[key] = siblings[index]![key]!;
  for (const key of Object.keys(schema)) {
    if (key === found.key) continue;
    // Beside the combinator and in an allOf branch of annotations only, both written otherwise.
    if (Object.hasOwn(apart, key) && !jsonEqual(apart[key], schema[key])) return undefined;
    if (!Object.hasOwn(branch, key)) {
      branch[key] = schema[key]!;
      found.carried.push(key);
    } else if (other !== false && jsonEqual(other[key], schema[key])) {
      // The other side writes the text beside: that one is read first, the branch's apart.
      if (jsonEqual(branch[key], schema[key])) continue;
      apart[key] = branch[key]!;
      branch[key] = schema[key]!;
      found.swapped.push(key);
    } else if (!jsonEqual(branch[key], schema[key])) apart[key] = schema[key]!;
  }
  // One the branch writes otherwise stays apart: an allOf branch of annotations only, which the
  // walk compares as such (a model reads both texts).
  if (Object.keys(apart).length > 0 && !Object.hasOwn(branch, "allOf")) {
    branch.allOf = [apart];
    const keptKeys = found.kept.map(([k]) => k);
    found.apart = Object.keys(apart).filter((k) =>
      !found!.swapped.includes(k) && !keptKeys.includes(k)
    );
  } else {
    // The branch holds an allOf of its own: the texts cannot stand apart in it, and would be
    // dropped; the lists are compared as such.
    if (Object.keys(apart).length > 0) return undefined;
    found.swapped = [];
  }
  return found.carried.length + found.apart.length + found.swapped.length +
        found.kept.length === 0
    ? found
    : { ...found, schema: branch };
}

/** The items of `list` when it is one, else none. */
function value(list: JsonValue | undefined): JsonObject[] {
  return Array.isArray(list) ? list.map((x) => isObject(x) ? x : {}) : [];
}

/**
 * The keywords of a schema that constrain values (annotations left out).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { constraintsOf } from "./_union_lift.ts";
 * assert.deepEqual(constraintsOf({ type: "string", description: "d" }), { type: "string" });
 * ```
 */
export function constraintsOf(schema: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(schema)) {
    if (!isAnnotationKeyword(key)) out[key] = schema[key]!;
  }
  return out;
}

/** A branch of a combinator and where it stands: its indices, through nested `anyOf`s. */
export interface Branch {
  v: JsonValue;
  i: number[];
}

/**
 * The branches of an `anyOf`, with a branch that is itself a bare `anyOf` (annotations aside)
 * replaced by its own branches: a union of unions is one union, and pairing the inner branches
 * says which one came or went (@sentry/mcp-server 0.39.0 turned anyOf [anyOf [string, array],
 * null] into anyOf [string, array]: null removed, not two branches removed and two added).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { flatAnyOf } from "./_union_lift.ts";
 * assert.deepEqual(flatAnyOf([{ anyOf: [{ type: "string" }] }, { type: "null" }]), [
 *   { v: { type: "string" }, i: [0, 0] },
 *   { v: { type: "null" }, i: [1] },
 * ]);
 * ```
 */
export function flatAnyOf(list: readonly JsonValue[]): Branch[] {
  const out: Branch[] = [];
  const stack: Branch[] = list.map((v, i) => ({ v, i: [i] })).reverse();
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const v = top.v;
    const inner = isObject(v) && Array.isArray(v.anyOf) && v.anyOf.length > 0 &&
        Object.keys(v).every((k) => k === "anyOf" || isAnnotationKeyword(k))
      ? v.anyOf as JsonValue[]
      : undefined;
    if (inner === undefined || top.i.length > 8) {
      out.push(top);
      continue;
    }
    for (let k = inner.length - 1; k >= 0; k--) stack.push({ v: inner[k]!, i: [...top.i, k] });
  }
  return out;
}

/**
 * Whether the keywords `rest` beside `other`'s anyOf or oneOf (`key`) leave a single schema as it
 * is: it holds each with the same value (type: object beside a union of objects), so it can stand
 * as a branch with them beside it, and every branch declares every property it declares (an
 * object whose properties moved into each branch of a oneOf, agent-device 0.20.5 → 0.21.3's
 * fill.outputSchema): compared as one branch, not as its properties all removed from the root. A
 * branch that leaves one of its names out (a union of objects flattened into one) is compared by
 * the names each branch declares instead, and so is a single schema that declares no property.
 * Only the old schema is lifted so: a union that became one object keeps its comparison as a
 * whole, where the subsumption proof settles the move (oneOf.widened, its properties unreported).
 */
export function besideKept(
  single: JsonObject,
  other: JsonObject,
  key: string,
  rest: string[],
): boolean {
  if (key === "allOf" || rest.some((k) => !jsonEqual(single[k], other[k]))) return false;
  const names = isObject(single.properties) ? Object.keys(single.properties) : [];
  return names.length > 0 &&
    (other[key] as JsonValue[]).every((branch) =>
      isObject(branch) && names.every((n) => isObject(branch.properties) && n in branch.properties)
    );
}

/**
 * A schema that became one branch of a union (`{type: string}` → `{anyOf: [{type: string},
 * {type: integer}]}`) or of an allOf, or the reverse, is compared as a one-branch combination,
 * so the change reads as the combination extended or narrowed rather than as unrelated keyword
 * changes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { liftUnion } from "./_union_lift.ts";
 * const b = { anyOf: [{ type: "string" }, { type: "integer" }] };
 * assert.deepEqual(liftUnion({ type: "string" }, b), [{ anyOf: [{ type: "string" }] }, b]);
 * ```
 */
export function liftUnion(a: JsonObject, b: JsonObject): [JsonObject, JsonObject] {
  const union = (x: JsonObject) =>
    Array.isArray(x.anyOf) || Array.isArray(x.oneOf) || Array.isArray(x.allOf);
  const lift = (single: JsonObject, other: JsonObject, old = false): JsonObject | undefined => {
    const key = Array.isArray(other.anyOf)
      ? "anyOf"
      : Array.isArray(other.oneOf)
      ? "oneOf"
      : "allOf";
    const rest = Object.keys(constraintsOf(other)).filter((k) => k !== key);
    const constraints = constraintsOf(single);
    // A single schema holding another combination keyword (an object with an allOf beside its
    // properties) is one branch all the same; one holding the same keyword is compared as is.
    if (
      Array.isArray(single[key]) || Object.keys(constraints).length === 0 ||
      (rest.length > 0 && !(old && besideKept(single, other, key, rest)))
    ) {
      return undefined;
    }
    const lifted: JsonObject = {};
    for (const k of rest) lifted[k] = single[k]!;
    for (const k of Object.keys(single)) if (isAnnotationKeyword(k)) lifted[k] = single[k]!;
    // A list of types facing a union of one type per branch is a union of its types.
    const pieces = key === "allOf" ? undefined : splitTypes(constraints);
    const byType = (other[key] as JsonValue[]).some((x) => {
      const t = isObject(x) ? typeSet(x) : undefined;
      return t?.length === 1 && pieces?.some((p) => p.type === t[0]);
    });
    lifted[key] = pieces !== undefined && byType ? pieces : [constraints];
    return lifted;
  };
  if (union(b) && !union(a)) return [lift(a, b, true) ?? a, b];
  if (union(a) && !union(b)) return [a, lift(b, a) ?? b];
  // Both hold a combination keyword: the side that is nothing but one (anyOf [X, null]) takes
  // the other whole as a branch when the other does not use that keyword.
  const bare = (x: JsonObject) =>
    ["anyOf", "oneOf"].filter((k) => Array.isArray(x[k])).length === 1 &&
    Object.keys(constraintsOf(x)).length === 1;
  if (bare(b) && !bare(a)) return [lift(a, b, true) ?? a, b];
  if (bare(a) && !bare(b)) return [a, lift(b, a) ?? b];
  return [a, b];
}

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
  /**
   * Annotations beside it that the branch writes otherwise, each with the index, in the branch's
   * `allOf`, of the branch of annotations only that holds it.
   */
  apart: [string, number][];
  /**
   * Annotations beside it that the branch writes otherwise and the other side writes alike: the
   * branch holds the one beside, its own in the branch of annotations only at the index given.
   */
  swapped: [string, number][];
  /**
   * Annotations of an allOf branch of annotations only beside the branch that the branch writes
   * otherwise: each with that branch's index, then the index, in the branch's `allOf`, of the
   * branch of annotations only that holds it (one of them would be dropped).
   */
  kept: [string, number, number][];
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
  // The annotations of allOf branches of annotations only kept apart: key and branch index.
  const keptFrom: [string, number][] = [];
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
      if (isObject(branch)) {
        for (const [index, sibling] of value.entries()) {
          if (sibling === branches[0]!.v || !isObject(sibling)) continue;
          for (const k of Object.keys(sibling)) {
            if (!Object.hasOwn(branch, k) || jsonEqual(branch[k], sibling[k])) continue;
            // The text beside the combinator, or one kept apart already, is read once.
            if (Object.hasOwn(schema, k) && jsonEqual(schema[k], sibling[k])) continue;
            const seen = (x: [string, number]) =>
              x[0] === k && jsonEqual((value[x[1]] as JsonObject)[k], sibling[k]);
            if (!keptFrom.some(seen)) keptFrom.push([k, index]);
          }
          branch = { ...sibling, ...branch };
        }
      }
      found = {
        schema: branch,
        key,
        index: branches[0]!.index,
        carried: [],
        apart: [],
        swapped: [],
        kept: [],
      };
    } else if (!isAnnotationKeyword(key) || key === "$defs" || key === "definitions") {
      return undefined;
    }
  }
  if (found === undefined || !isObject(found.schema)) return found;
  const branch: JsonObject = { ...found.schema };
  // The branches of annotations only the texts kept apart stand in: each text in the first that
  // does not write its keyword yet, so two texts of one keyword stand in two branches.
  const slots: JsonObject[] = [];
  const put = (key: string, text: JsonValue): number => {
    let j = slots.findIndex((slot) => !Object.hasOwn(slot, key));
    if (j < 0) j = slots.push({}) - 1;
    slots[j]![key] = text;
    return j;
  };
  const siblings = value(schema[found.key]);
  for (const [key, index] of keptFrom) {
    found.kept.push([key, index, put(key, siblings[index]![key]!)]);
  }
  for (const key of Object.keys(schema)) {
    if (key === found.key) continue;
    if (!Object.hasOwn(branch, key)) {
      branch[key] = schema[key]!;
      found.carried.push(key);
    } else if (other !== false && jsonEqual(other[key], schema[key])) {
      // The other side writes the text beside: that one is read first, the branch's apart.
      if (jsonEqual(branch[key], schema[key])) continue;
      found.swapped.push([key, put(key, branch[key]!)]);
      branch[key] = schema[key]!;
    } else if (!jsonEqual(branch[key], schema[key])) {
      found.apart.push([key, put(key, schema[key]!)]);
    }
  }
  // One the branch writes otherwise stays apart: an allOf branch of annotations only, after the
  // branch's own allOf branches when it has some, which the walk compares as such (a model reads
  // every text).
  if (slots.length > 0) {
    const own = branch.allOf;
    if (own !== undefined && !Array.isArray(own)) return undefined;
    const offset = own?.length ?? 0;
    branch.allOf = [...own ?? [], ...slots];
    for (const list of [found.apart, found.swapped]) for (const x of list) x[1] += offset;
    for (const x of found.kept) x[2] += offset;
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
    const texts = Object.keys(single).filter((k) => isAnnotationKeyword(k));
    // Facing allOf branches of annotations only, a text stands where the other side writes it
    // (annotationSlots): a branch's text written beside the keywords is no change of prose.
    const slots = key === "allOf" ? annotationSlots(single, other, texts) : [];
    for (const k of texts) if (!slots.some((x) => Object.hasOwn(x, k))) lifted[k] = single[k]!;
    // A list of types facing a union of one type per branch is a union of its types.
    const pieces = key === "allOf" ? undefined : splitTypes(constraints);
    const byType = (other[key] as JsonValue[]).some((x) => {
      const t = isObject(x) ? typeSet(x) : undefined;
      return t?.length === 1 && pieces?.some((p) => p.type === t[0]);
    });
    lifted[key] = pieces !== undefined && byType ? pieces : [constraints, ...slots];
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

/**
 * The texts of `single` (its annotations `texts`) that go in allOf branches of annotations only
 * when it is read as a one-branch allOf facing `other`'s: one `other` writes alike in such a
 * branch goes in the branch facing it; one `other` writes otherwise in such a branch and not
 * beside its allOf, in the first facing a branch that writes its keyword. The rest stay beside
 * the allOf. `allOf: [{minLength: 1}, {maxLength: 5}, {description: D}]` and `{minLength: 1,
 * maxLength: 5, description: D}` write the same text.
 */
function annotationSlots(single: JsonObject, other: JsonObject, texts: string[]): JsonObject[] {
  const branches = (other.allOf as JsonValue[]).filter((x): x is JsonObject =>
    isObject(x) && Object.keys(x).length > 0 && isAnnotationOnly(x)
  );
  if (branches.length === 0) return [];
  const slots: JsonObject[] = branches.map(() => ({}));
  const place = (k: string, fits: (b: JsonObject) => boolean) => {
    const i = branches.findIndex((b, j) => fits(b) && !Object.hasOwn(slots[j]!, k));
    if (i >= 0) slots[i]![k] = single[k]!;
    return i >= 0;
  };
  for (const k of texts) {
    if (jsonEqual(other[k], single[k])) continue;
    if (place(k, (b) => jsonEqual(b[k], single[k]))) continue;
    if (other[k] !== undefined) continue;
    place(k, (b) => Object.hasOwn(b, k));
  }
  return slots.filter((x) => Object.keys(x).length > 0);
}

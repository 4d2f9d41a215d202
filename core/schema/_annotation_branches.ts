/**
 * The allOf branches that hold annotations only (`{description: "…"}`): they accept every value,
 * so the walk compares no values through them, yet a model reads their prose. {@link
 * annotationBranchPairs} pairs those of two schemas so their annotations are compared. Private to
 * the walk.
 * @module
 */
import { isObject, jsonEqual, type JsonObject, type JsonValue } from "../json.ts";
import { isAnnotationOnly } from "./subsume.ts";

/** An allOf branch of annotations only and its index; `undefined` on the side that has none. */
export interface AnnotationBranch {
  schema: JsonObject;
  index: number;
}

/** The allOf branches of `s` that write annotations and nothing else, with their indexes. */
function annotationBranches(s: JsonObject): AnnotationBranch[] {
  if (!Array.isArray(s.allOf)) return [];
  const out: AnnotationBranch[] = [];
  s.allOf.forEach((branch: JsonValue, index: number) => {
    if (isObject(branch) && Object.keys(branch).length > 0 && isAnnotationOnly(branch)) {
      out.push({ schema: branch, index });
    }
  });
  return out;
}

/**
 * The annotation-only allOf branches of `a` and `b` that differ, paired: one written alike on
 * both sides is left out, the rest are paired in order, and each left over with `undefined` (a
 * branch added or removed).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { annotationBranchPairs } from "./_annotation_branches.ts";
 * const pairs = annotationBranchPairs(
 *   { allOf: [{ description: "a" }, { minLength: 1 }] },
 *   { allOf: [{ minLength: 1 }, { description: "b" }, { title: "t" }] },
 * );
 * assert.deepEqual(pairs.map(([x, y]) => [x?.index, y?.index]), [[0, 1], [undefined, 2]]);
 * ```
 */
export function annotationBranchPairs(
  a: JsonObject,
  b: JsonObject,
): [AnnotationBranch | undefined, AnnotationBranch | undefined][] {
  const [xs, ys] = [annotationBranches(a), annotationBranches(b)];
  if (xs.length === 0 && ys.length === 0) return [];
  const pairs: [AnnotationBranch | undefined, AnnotationBranch | undefined][] = [];
  const left = new Set(ys);
  const unpaired: AnnotationBranch[] = [];
  for (const x of xs) {
    const same = [...left].find((y) => jsonEqual(x.schema, y.schema));
    if (same === undefined) unpaired.push(x);
    else left.delete(same);
  }
  const rest = [...left];
  unpaired.forEach((x, k) => pairs.push([x, rest[k]]));
  for (const y of rest.slice(unpaired.length)) pairs.push([undefined, y]);
  return pairs;
}

/**
 * The allOf branches that hold annotations only (`{description: "…"}`): they accept every value,
 * so the walk compares no values through them, yet a model reads their prose (the walk counts an
 * if without then and else that decides nothing among them). {@link annotationBranchPairs} pairs
 * those of two schemas so their annotations are compared. Private to the walk.
 * @module
 */
import { isObject, jsonEqual, type JsonObject, type JsonValue } from "../json.ts";
import { isAnnotationOnly } from "./subsume.ts";
import { isAnnotationKeyword } from "./types.ts";

/** An allOf branch of annotations only and its index; `undefined` on the side that has none. */
export interface AnnotationBranch {
  schema: JsonObject;
  index: number;
}

/**
 * Whether the allOf branch at `index` accepts every value: annotations only, by default; the walk
 * also counts an if without then and else that decides nothing there.
 */
export type AcceptsEvery = (branch: JsonValue, index: number) => boolean;

const annotationOnly: AcceptsEvery = (branch) => isAnnotationOnly(branch);

/** The allOf branches of `s` that write annotations and nothing else, with their indexes. */
function annotationBranches(s: JsonObject, free: AcceptsEvery): AnnotationBranch[] {
  if (!Array.isArray(s.allOf)) return [];
  const out: AnnotationBranch[] = [];
  s.allOf.forEach((branch: JsonValue, index: number) => {
    if (isObject(branch) && Object.keys(branch).length > 0 && free(branch, index)) {
      out.push({ schema: branch, index });
    }
  });
  return out;
}

/**
 * The annotation-only allOf branches of `a` and `b` (those `free` says accept every value) that
 * differ, paired: one written alike on both sides is left out, the rest are paired in order, and
 * each left over with the annotations of the other side's branch at its index when that branch
 * gained keywords (left out when they are alike), else with `undefined` (a branch added or
 * removed).
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
  free: [AcceptsEvery, AcceptsEvery] = [annotationOnly, annotationOnly],
): [AnnotationBranch | undefined, AnnotationBranch | undefined][] {
  const [xs, ys] = [annotationBranches(a, free[0]), annotationBranches(b, free[1])];
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
  unpaired.forEach((x, k) => {
    if (k < rest.length) pairs.push([x, rest[k]]);
    else pushUnlessAlike(pairs, x, annotationsAt(b, x.index, a, free[1]), false);
  });
  for (const y of rest.slice(unpaired.length)) {
    pushUnlessAlike(pairs, y, annotationsAt(a, y.index, b, free[0]), true);
  }
  return pairs;
}

/**
 * The annotations of the allOf branch of `s` at `index` when that branch also constrains values:
 * a branch of annotations only that gained a keyword (`{title: "t"}` → `{title: "t", const: "a"}`)
 * keeps its annotations, which the allOf comparison does not read, so they are compared here.
 * A branch the other schema `beside` writes alike came from there, only to take the index of
 * one removed (`allOf: [{description: "B"}, S]` → `[S]`): it is no branch that gained keywords.
 */
function annotationsAt(
  s: JsonObject,
  index: number,
  beside: JsonObject,
  free: AcceptsEvery,
): AnnotationBranch | undefined {
  const branch = Array.isArray(s.allOf) ? s.allOf[index] : undefined;
  if (!isObject(branch) || free(branch, index)) return undefined;
  if (Array.isArray(beside.allOf) && beside.allOf.some((x) => jsonEqual(x, branch))) {
    return undefined;
  }
  const schema = Object.fromEntries(
    Object.entries(branch).filter(([key]) => isAnnotationKeyword(key)),
  ) as JsonObject;
  return { schema, index };
}

/** Pairs `one` with `other` (the old side first unless `flipped`), or not at all when alike. */
function pushUnlessAlike(
  pairs: [AnnotationBranch | undefined, AnnotationBranch | undefined][],
  one: AnnotationBranch,
  other: AnnotationBranch | undefined,
  flipped: boolean,
): void {
  if (other !== undefined && jsonEqual(one.schema, other.schema)) return;
  pairs.push(flipped ? [other, one] : [one, other]);
}

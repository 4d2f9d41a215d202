/**
 * An allOf branch that one side writes inside a bare anyOf: `X` → `anyOf [X, null]`. Nothing in
 * the two looks alike to the pairing by likeness, so the walk read one branch removed and one
 * added (allOf.narrowed and allOf.widened, a BREAKING each way) wherever the proof could not
 * settle the whole allOf: a definition that loops back through it, a oneOf it cannot take apart.
 * Paired, the two are compared as a lone schema facing a union, graded by the branches that came
 * or went beside it. Private to the walk.
 * @module
 */
import { isObject, type JsonValue, stableStringify } from "../json.ts";
import { type BranchPairing, pairBranches } from "./branches.ts";
import { isAnnotationKeyword } from "./types.ts";

/** Whether `union` is an anyOf (annotations beside it only) with a branch written as `text`. */
function holds(union: JsonValue, text: string): boolean {
  if (!isObject(union) || !Array.isArray(union.anyOf)) return false;
  if (!Object.keys(union).every((k) => k === "anyOf" || isAnnotationKeyword(k))) return false;
  return union.anyOf.some((x) => stableStringify(x) === text);
}

/**
 * The pairing of the branch lists `old` and `next` ({@link pairBranches}), where a branch with no
 * counterpart written alike is first paired with one of the other side that wraps it in an
 * anyOf (the first such, in order), and the others are paired by likeness among themselves.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wrappedPairs } from "./_wrapped_branch.ts";
 * const x = { $ref: "#/$defs/C" };
 * const old = [x, { items: true }], next = [{ anyOf: [x, { type: "null" }] }, { items: true }];
 * assert.deepEqual(wrappedPairs(old, next).pairs, [[0, 0], [1, 1]]);
 * ```
 */
export function wrappedPairs(old: readonly JsonValue[], next: readonly JsonValue[]): BranchPairing {
  const [oldTexts, newTexts] = [old.map(stableStringify), next.map(stableStringify)];
  const wrapped: [number, number][] = [];
  const taken = new Set<number>();
  old.forEach((branch, i) => {
    if (newTexts.includes(oldTexts[i]!)) return;
    const j = next.findIndex((x, k) =>
      !taken.has(k) && !oldTexts.includes(newTexts[k]!) &&
      (holds(x, oldTexts[i]!) || holds(branch, newTexts[k]!))
    );
    if (j < 0) return;
    wrapped.push([i, j]);
    taken.add(j);
  });
  if (wrapped.length === 0) return pairBranches(old, next);
  const restOld = old.map((_, i) => i).filter((i) => !wrapped.some(([w]) => w === i));
  const restNew = next.map((_, j) => j).filter((j) => !taken.has(j));
  const rest = pairBranches(restOld.map((i) => old[i]!), restNew.map((j) => next[j]!));
  const pairs: [number, number][] = [
    ...wrapped,
    ...rest.pairs.map(([i, j]): [number, number] => [restOld[i]!, restNew[j]!]),
  ];
  pairs.sort((a, b) => a[1] - b[1]);
  return {
    pairs,
    added: rest.added.map((j) => restNew[j]!),
    removed: rest.removed.map((i) => restOld[i]!),
    ambiguous: rest.ambiguous,
  };
}

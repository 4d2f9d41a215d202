/**
 * Which branch of a union a lone schema on the other side is compared with. Private to the
 * catch-all differ (`_catch_all_walk.ts`).
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { branchSimilarity } from "./branches.ts";
import { typeSet } from "./values.ts";

/**
 * The index of the branch of `branches` closest to `lone`: a branch whose `type` shares no type
 * with the lone schema's comes last (`{type: null}` is no counterpart of `{type: boolean}`), then
 * the one the walk pairs it with ({@link branchSimilarity}: types, properties, tags), then the one
 * holding most of its keywords with the same value (`same` compares two values) and fewest others.
 * Ties go to the first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { closestBranch } from "./_closest_branch.ts";
 * import { jsonEqual } from "../json.ts";
 * const lone = { type: "boolean" };
 * const branches = [{ type: "null" }, { anyOf: [{ type: "boolean", const: true }] }];
 * assert.equal(closestBranch(lone, branches, jsonEqual), 1);
 * const object = { type: "object", properties: { a: { type: "string" } } };
 * const tagged = (name: string, tag: string) => ({
 *   type: "object",
 *   properties: { [name]: { type: "string" }, kind: { const: tag } },
 * });
 * assert.equal(closestBranch(object, [tagged("b", "x"), tagged("a", "y")], jsonEqual), 1);
 * ```
 */
export function closestBranch(
  lone: JsonObject,
  branches: readonly JsonValue[],
  same: (a: JsonValue | undefined, b: JsonValue | undefined) => boolean,
): number {
  const types = typeSet(lone);
  const meets = (branch: JsonObject) => {
    const theirs = typeSet(branch);
    if (types === undefined || theirs === undefined) return true;
    const has = (t: string) =>
      theirs.includes(t) || (t === "integer" && theirs.includes("number")) ||
      (t === "number" && theirs.includes("integer"));
    return types.some(has);
  };
  const score = (branch: JsonValue): number[] => {
    if (!isObject(branch)) return [-1, 0, 0];
    const held = Object.keys(lone).filter((k) => same(lone[k], branch[k])).length -
      Object.keys(branch).filter((k) => !Object.hasOwn(lone, k)).length / 100;
    return [meets(branch) ? 1 : 0, branchSimilarity(lone, branch), held];
  };
  const above = (x: number[], y: number[]) => {
    for (let k = 0; k < x.length; k++) {
      if (Math.abs(x[k]! - y[k]!) > 1e-9) return x[k]! > y[k]!;
    }
    return false;
  };
  let best = 0;
  let top = score(branches[0] as JsonValue);
  branches.forEach((branch, i) => {
    const s = score(branch);
    if (above(s, top)) [best, top] = [i, s];
  });
  return best;
}

/**
 * A lone schema reached through a `$ref` facing a union with a branch that is that `$ref`:
 * `anyOf [{$ref: D}, null]` → `{$ref: D}`. The walk follows the lone side's reference and lifts
 * the definition into a one-branch union, where nothing looks like `{$ref: D}` to the pairing by
 * likeness: both old branches read removed ("2 anyOf branches were removed: anyOf branch 0,
 * anyOf branch 1 (null)"), where only the null branch went. Private to the walk.
 * @module
 */
import { isObject, jsonEqual, type JsonValue } from "../json.ts";
import { type BranchPairing, pairBranches } from "./branches.ts";
import { loneRefOf } from "./_lone_ref.ts";
import { isLocalRef, resolveLocal } from "./resolve.ts";
import { COMBINATORS } from "./types.ts";

/** The local `$ref` `x` is, written lone or as the one branch of an allOf, anyOf or oneOf. */
function refOf(x: JsonValue | undefined, depth = 0): string | undefined {
  const ref = loneRefOf(x);
  if (ref !== undefined) return isLocalRef(ref) ? ref : undefined;
  if (!isObject(x) || depth > 2) return undefined;
  const keys = Object.keys(x);
  const key = keys[0];
  if (keys.length !== 1 || key === undefined || !COMBINATORS.includes(key)) return undefined;
  const list = x[key];
  return Array.isArray(list) && list.length === 1 ? refOf(list[0], depth + 1) : undefined;
}

/** Keywords that place a schema or hold definitions, which a root beside its `$ref` writes. */
const PLACING = new Set(["$schema", "$id", "$defs", "definitions"]);

/** `x` without {@link PLACING} keywords. */
function placed(x: JsonValue): JsonValue {
  if (!isObject(x) || !Object.keys(x).some((k) => PLACING.has(k))) return x;
  return Object.fromEntries(Object.entries(x).filter(([k]) => !PLACING.has(k)));
}

/**
 * `pairing` of a union's `branches` with the one branch a lone schema was lifted into (the
 * lifted side `lifted`: 0 old, 1 new), where exactly one of `branches` refers to the lone schema
 * as `root` (the lone side's document) holds it: that branch and the lifted one are paired, and
 * what either was paired with before is added or removed. Otherwise `pairing` as it is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pairedThroughRef } from "./_ref_branch.ts";
 * const D = { type: "string", maxLength: 5 };
 * const union = [{ $ref: "#/$defs/D" }, { type: "null" }];
 * const unpaired = { pairs: [], added: [0], removed: [0, 1], ambiguous: false };
 * assert.deepEqual(pairedThroughRef(unpaired, union, D, { $defs: { D } }, 1), {
 *   pairs: [[0, 0]], added: [], removed: [1], ambiguous: false,
 * });
 * ```
 */
export function pairedThroughRef(
  pairing: BranchPairing,
  branches: readonly JsonValue[],
  lone: JsonValue,
  root: JsonValue,
  lifted: 0 | 1,
): BranchPairing {
  if (pairing.ambiguous) return pairing;
  const hits = branches.flatMap((x, k) => {
    const ref = refOf(x);
    // A reference to the root is a loop back to the union, not a definition beside it.
    const target = ref === undefined || ref === "#" ? undefined : resolveLocal(root, ref);
    return target !== undefined && jsonEqual(placed(target), placed(lone)) ? [k] : [];
  });
  if (hits.length !== 1) return pairing;
  const [i, j]: [number, number] = lifted === 1 ? [hits[0]!, 0] : [0, hits[0]!];
  if (pairing.pairs.some(([x, y]) => x === i && y === j)) return pairing;
  const broken = pairing.pairs.filter(([x, y]) => x === i || y === j);
  const byIndex = (p: number, q: number) => p - q;
  const pairs: [number, number][] = pairing.pairs.filter(([x, y]) => x !== i && y !== j);
  pairs.push([i, j]);
  return {
    pairs: pairs.sort((p, q) => p[1] - q[1]),
    added: [...pairing.added, ...broken.map(([, y]) => y)].filter((y) => y !== j).sort(byIndex),
    removed: [...pairing.removed, ...broken.map(([x]) => x)].filter((x) => x !== i)
      .sort(byIndex),
    ambiguous: false,
  };
}

/** `xs` with each lone local reference read as its target in `root`. */
function throughRefs(xs: readonly JsonValue[], root: JsonValue): JsonValue[] {
  return xs.map((x) => {
    const ref = loneRefOf(x);
    const target = ref !== undefined && isLocalRef(ref) ? resolveLocal(root, ref) : undefined;
    return isObject(target) ? target : x;
  });
}

/**
 * The pairing of a one-branch union a lone schema was lifted into (side `lifted` of `lists`, the
 * old and the new branches; a lone schema lifted into several, a type list, is paired as
 * written) with the other side's branches: by likeness with each branch that is
 * a lone local reference read as its definition (in its own side's root of `roots`), so that a
 * lone `{type: string, maxLength: 9}` faces the string variant of `oneOf [{$ref: A}, {$ref: N}]`
 * as it does the inline one and its bound is named there; then {@link pairedThroughRef}, where
 * `lone` holds each side's schema before the lift.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { liftedPairing } from "./_ref_branch.ts";
 * const lone = { type: "string", maxLength: 9 };
 * const variants = [{ $ref: "#/$defs/N" }, { $ref: "#/$defs/A" }];
 * const root = { $defs: { A: { type: "string", pattern: "^a" }, N: { type: "integer" } } };
 * const pairing = liftedPairing([[lone], variants], 0, [lone, { oneOf: variants }], [{}, root]);
 * assert.deepEqual(pairing.pairs, [[0, 1]]);
 * ```
 */
export function liftedPairing(
  lists: [JsonValue[], JsonValue[]],
  lifted: 0 | 1,
  lone: [JsonValue, JsonValue],
  roots: [JsonValue, JsonValue],
): BranchPairing {
  const [xa, xb] = lists;
  // A type list lifted as one branch per type is paired as written.
  if (lists[lifted].length !== 1) return pairBranches(xa, xb);
  const pairing = pairBranches(throughRefs(xa, roots[0]), throughRefs(xb, roots[1]));
  const branches = lifted === 1 ? xa : xb;
  return pairedThroughRef(pairing, branches, lone[lifted], roots[lifted], lifted);
}

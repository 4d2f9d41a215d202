/**
 * A union that became one branch of another (or the reverse): `oneOf [string, string ≤ 3]` →
 * `anyOf [oneOf [string, string ≤ 4], null]` wraps the old oneOf in a nullable anyOf. Read as an
 * anyOf ↔ oneOf swap it said "the union is no longer exclusive", though the oneOf is still there,
 * one branch down; this finds that branch so the message can say what happened.
 * @module
 */
import { isObject, type JsonValue } from "../json.ts";
import { isAnnotationKeyword } from "./types.ts";
import { resolveLocal } from "./_catch_all_json.ts";

/** The branch of a union that holds another union, and that union's branches. */
export interface Wrapped {
  /** The branch's index in its list. */
  index: number;
  /** The branches of the union the branch holds. */
  union: JsonValue[];
}

/** The union `key` a schema holds as written, through one-branch allOfs and lone local refs. */
function unionIn(x: JsonValue, key: string, root: JsonValue | undefined): JsonValue[] | undefined {
  let at = x;
  for (let guard = 0; guard < 32; guard++) {
    if (!isObject(at)) return undefined;
    const keys = Object.keys(at).filter((k) => !isAnnotationKeyword(k));
    if (keys.length !== 1) return undefined;
    const v = at[keys[0]!];
    if (keys[0] === key && Array.isArray(v)) return v;
    if (keys[0] === "allOf" && Array.isArray(v) && v.length === 1) at = v[0]!;
    else if (keys[0] === "$ref" && typeof v === "string") {
      const target = resolveLocal(root, v);
      if (target === undefined) return undefined;
      at = target.value;
    } else return undefined;
  }
  return undefined;
}

/**
 * The one branch of `list` that is a union `key` (alone, or through a one-branch allOf or a lone
 * local `$ref` resolved in `root`), when the list has others beside it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wrappedUnion } from "./_wrapped_union.ts";
 * const inner = [{ type: "string" }, { type: "string", maxLength: 4 }];
 * assert.deepEqual(wrappedUnion([{ oneOf: inner }, { type: "null" }], "oneOf", {}), {
 *   index: 0,
 *   union: inner,
 * });
 * assert.equal(wrappedUnion([{ type: "string" }, { type: "null" }], "oneOf", {}), undefined);
 * ```
 */
export function wrappedUnion(
  list: readonly JsonValue[],
  key: "anyOf" | "oneOf",
  root: JsonValue | undefined,
): Wrapped | undefined {
  if (list.length < 2) return undefined;
  const found = list.flatMap((x, index) => {
    const union = unionIn(x, key, root);
    return union === undefined ? [] : [{ index, union }];
  });
  return found.length === 1 ? found[0] : undefined;
}

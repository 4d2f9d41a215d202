/**
 * What lies past the structured walk's depth limit: a pair of subschemas that can hold no change
 * the walk would report there, so that it gives up only where one may hide. Private to the walk.
 * @module
 */
import { isObject, jsonEqual, type JsonValue } from "../json.ts";
import { hasSiblings } from "./_ref_siblings.ts";
import { isLocalRef, type Resolved } from "./resolve.ts";

/** Keywords whose subschemas the walk compares at the same polarity, one value further down. */
const DESCENDING = new Set(["additionalProperties", "items", "prefixItems"]);
const NAMED = new Set(["properties", "patternProperties"]);
/** References whose target depends on where a walk entered: never read here. */
const DYNAMIC = ["$dynamicRef", "$recursiveRef"];
/** How many references are followed before the answer is no (the walk then gives up). */
const MAX_REFS = 1_000;

/** How the walk reads a pair of references. */
export interface Beyond {
  /** The local reference `ref` followed on each side, as the walk follows it (deref()). */
  follow(ref: string): { old: Resolved; new: Resolved };
  /** Whether the walk is comparing this pair of places on the current branch, at its polarity. */
  active(oldLoc: string, newLoc: string): boolean;
}

/**
 * Whether `old` and `now`, met past the walk's depth limit, are written alike and every local
 * reference they reach (through targets written alike, however far) either has targets written
 * alike, or is a lone reference reached through properties, patternProperties,
 * additionalProperties, items and prefixItems only whose targets the walk is comparing on the
 * current branch: a cycle, where the walk stops and reports that pair's changes where it met
 * them. Such a pair holds nothing the walk would report below it. No otherwise, and whenever a
 * dynamic reference, a broken one or more than {@link MAX_REFS} are met.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { alikeBeyond } from "./_alike_beyond.ts";
 * import { deref } from "./resolve.ts";
 * import type { JsonObject } from "../json.ts";
 * const root = (s: JsonObject): JsonObject => ({
 *   $defs: {
 *     a: { properties: { next: { $ref: "#/$defs/b" } } },
 *     b: { properties: { next: { $ref: "#/$defs/a" }, s } },
 *   },
 * });
 * const [oldRoot, newRoot] = [root({}), root({ maxLength: 9 })];
 * const follow = (ref: string) => ({
 *   old: deref(oldRoot, { $ref: ref }, ""),
 *   new: deref(newRoot, { $ref: ref }, ""),
 * });
 * const use = { $ref: "#/$defs/a" };
 * // b changed: alike only where the walk is comparing b on this branch.
 * assert.equal(alikeBeyond(use, use, { follow, active: () => false }), false);
 * assert.equal(alikeBeyond(use, use, { follow, active: (o) => o === "/$defs/b" }), true);
 * assert.equal(alikeBeyond({ type: "string" }, { type: "string" }, { follow, active: () => false }), true);
 * ```
 */
export function alikeBeyond(
  old: JsonValue | undefined,
  now: JsonValue | undefined,
  walk: Beyond,
): boolean {
  if (!jsonEqual(old, now)) return false;
  const stack: [JsonValue | undefined, boolean][] = [[old, true]];
  const seen = new Set<string>();
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [node, direct] = item;
    if (Array.isArray(node)) {
      for (const v of node) stack.push([v, false]);
      continue;
    }
    if (!isObject(node)) continue;
    if (DYNAMIC.some((k) => Object.hasOwn(node, k))) return false;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") {
        if (!isLocalRef(value)) continue; // Never fetched: it reads the same on both sides.
        const { old: o, new: n } = walk.follow(value);
        if (o.broken !== undefined || n.broken !== undefined) return false;
        if (o.conflict !== undefined || n.conflict !== undefined) return false;
        const lone = Object.keys(node).length === 1 && !hasSiblings(o.levels) &&
          !hasSiblings(n.levels);
        if (direct && lone && walk.active(o.loc, n.loc)) continue;
        if (!jsonEqual(o.node, n.node)) return false;
        const at = `${o.loc}\u0000${n.loc}\u0000${direct}`;
        if (seen.has(at)) continue;
        if (seen.size >= MAX_REFS) return false;
        seen.add(at);
        stack.push([o.node, direct]);
      } else if (NAMED.has(key) && isObject(value)) {
        for (const v of Object.values(value)) stack.push([v, direct]);
      } else if (DESCENDING.has(key) && Array.isArray(value)) {
        for (const v of value) stack.push([v, direct]);
      } else stack.push([value, direct && DESCENDING.has(key)]);
    }
  }
  return true;
}

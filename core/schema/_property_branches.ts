/**
 * allOf branches that do nothing but declare new optional properties of an open object, such as
 * `{"allOf": [{"properties": {"x": {"type": "integer"}}}]}` added beside `{"type": "object"}`:
 * they accept what the same properties added to `properties` would, so both differs grade them
 * as property.added rather than as a narrowing of allOf. Shared by the structured walk and the
 * catch-all differ.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { declaredNames } from "./_declared_names.ts";
import { isAnnotationKeyword } from "./types.ts";
import { requiredNames } from "./_required_names.ts";
import { unevaluatedRest } from "./_unevaluated_rest.ts";
import { resolveLocal } from "./_catch_all_json.ts";
import { loneRefOf } from "./_lone_ref.ts";
import { governingOf } from "./_conjunct_governs.ts";
import { acceptsEvery } from "./_accepts_every.ts";

/**
 * Whether every name `s` does not declare is accepted with any value (no schema governs it):
 * additionalProperties, unevaluatedProperties (unless `unevaluated` says it closes both sides
 * alike) and every pattern's schema accept every value, as `{}` does ({@link acceptsEvery}:
 * `{minLength: 0}` or a lone `$ref` to `{}` too), references resolved in `root`.
 */
function openForUndeclared(s: JsonObject, root: JsonValue, unevaluated = false): boolean {
  const every = (v: JsonValue | undefined) => acceptsEvery(v, root);
  const patterns = s.patternProperties;
  return every(s.additionalProperties) && (unevaluated || every(s.unevaluatedProperties)) &&
    (patterns === undefined || (isObject(patterns) && Object.values(patterns).every(every)));
}

/**
 * An allOf branch as it declares properties: the branch itself, or what a lone local `$ref` (with
 * only annotations beside it) leads to in `root`, with the pointer of that definition: a branch
 * `{$ref: "#/$defs/Paging"}` added beside an object declares Paging's properties as the same
 * definition written inline does.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { branchBody } from "./_property_branches.ts";
 * const root = { $defs: { P: { properties: { page: { type: "integer" } } } } };
 * assert.deepEqual(branchBody({ $ref: "#/$defs/P" }, root), {
 *   body: root.$defs.P,
 *   pointer: "/$defs/P",
 * });
 * assert.deepEqual(branchBody({ properties: {} }, root), { body: { properties: {} } });
 * ```
 */
export function branchBody(
  branch: JsonValue,
  root: JsonValue | undefined,
): { body: JsonObject; pointer?: string } | undefined {
  let at = branch, pointer: string | undefined;
  for (let guard = 0; guard < 32; guard++) {
    if (!isObject(at)) return undefined;
    const s: JsonObject = at;
    const ref = loneRefOf(s);
    if (ref === undefined) return pointer === undefined ? { body: s } : { body: s, pointer };
    const target = resolveLocal(root, ref);
    if (target === undefined) return undefined;
    [at, pointer] = [target.value, target.pointer];
  }
  return undefined;
}

/**
 * Whether `a` and `b` are closed to undeclared names by the same `unevaluatedProperties: false`
 * alone (draft 2020-12), and nothing but the new branch `branch` of `b` evaluates `names`
 * (no other branch's pattern, no applicator beside the allOf or inside another branch): the
 * branch added then lets those names past it, as the same properties added to `properties` do.
 */
function closedByUnevaluated(
  a: JsonObject,
  b: JsonObject,
  branch: number,
  names: readonly string[],
  [oldRoot, newRoot]: [JsonValue, JsonValue],
): boolean {
  if (a.unevaluatedProperties !== false || b.unevaluatedProperties !== false) return false;
  const rests = [unevaluatedRest(a, -1, "", oldRoot), unevaluatedRest(b, branch, "", newRoot)];
  return rests.every((r) => typeof r === "object" && names.every((n) => r.elsewhere(n) === false));
}

/**
 * The indexes in `b.allOf` of the branches that only declare optional properties new to the
 * object: the branch holds `properties` (and `type: "object"` when `b` says so too) besides
 * annotations, none of its properties is `false`, both `a` (old) and `b` (new) are open for
 * names they do not declare, `a` declares none of the branch's names, and `b` declares them in
 * that branch only and requires none of them. Every other branch keeps the allOf comparison.
 * Both may instead be closed by `unevaluatedProperties: false` alone (draft 2020-12, see
 * {@link closedByUnevaluated}): the properties are then added to an object closed to them, as
 * a property added to an existing branch is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { propertyBranches } from "./_property_branches.ts";
 * const a = { type: "object", properties: { q: { type: "string" } } };
 * const b = { ...a, allOf: [{ properties: { x: { type: "integer" } } }] };
 * assert.deepEqual(propertyBranches(a, b, [a, b]), [0]);
 * assert.deepEqual(propertyBranches(a, { ...b, required: ["x"] }, [a, b]), []);
 * const closed = { ...a, unevaluatedProperties: false };
 * const more = { ...closed, allOf: [{ properties: { x: { type: "integer" } } }] };
 * assert.deepEqual(propertyBranches(closed, more, [closed, more]), [0]);
 * ```
 */
export function propertyBranches(
  a: JsonObject,
  b: JsonObject,
  [oldRoot, newRoot]: [JsonValue, JsonValue],
): number[] {
  if (!Array.isArray(b.allOf)) return [];
  const closed = a.unevaluatedProperties === false;
  if (!openForUndeclared(a, oldRoot, closed) || !openForUndeclared(b, newRoot, closed)) return [];
  // Names a dependentSchemas entry declares are known to callers too (they may send them).
  const before = declaredNames(a, oldRoot, { dependent: true });
  if (before === undefined) return [];
  // A name required anywhere, old or new, holds a value every caller sends: declaring its schema
  // constrains that value, so such a branch is not an optional parameter offered.
  const required = new Set([...requiredNames(a), ...requiredNames(b)]);
  const branches = b.allOf;
  return branches.flatMap((written, i) => {
    const branch = branchBody(written, newRoot)?.body;
    const props = isObject(branch) ? branch.properties : undefined;
    if (!isObject(branch) || !isObject(props)) return [];
    const keys = Object.keys(branch).filter((k) => !isAnnotationKeyword(k));
    const typed = branch.type === "object" && b.type === "object";
    if (!keys.every((k) => k === "properties" || (k === "type" && typed))) return [];
    const names = Object.keys(props);
    if (names.length === 0 || names.some((n) => props[n] === false)) return [];
    if (names.some((n) => before.has(n) || required.has(n))) return [];
    // Declared nowhere else in the new schema: its properties, other branches, dependentSchemas …
    const rest = { ...b, allOf: branches.filter((_, j) => j !== i) };
    const others = declaredNames(rest, newRoot, { dependent: true });
    if (others === undefined || names.some((n) => others.has(n))) return [];
    // Nor governed by a pattern or additionalProperties beside it, which the new property meets
    // (the object's unevaluatedProperties is asked below).
    const beside: JsonObject = { ...rest };
    delete beside.unevaluatedProperties;
    if (names.some((n) => governingOf(beside, "", n, newRoot).length !== 0)) return [];
    if (closed && !closedByUnevaluated(a, b, i, names, [oldRoot, newRoot])) return [];
    return [i];
  });
}

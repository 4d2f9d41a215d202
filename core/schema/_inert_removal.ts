/**
 * Whether taking one property out of an object's `properties` changes no value it accepts: every
 * branch of a union beside it still declares the name with the same schema
 * (`{properties: {a: string, b: integer}, anyOf: [{properties: {a: string}}, …]}` → `a` gone from
 * the top), so the name is still declared for every object and holds what it held. Decided by
 * the subsumption proof on the old schema with and without the property, both ways, not by
 * reading where else the name is written.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import type { ProofBudget } from "./proof_budget.ts";
import { subsumes } from "./subsume.ts";

/** Keywords beside which another declaration of the name may stand. */
const BESIDE = ["anyOf", "oneOf", "allOf", "if", "dependentSchemas", "dependencies", "$ref"];

/** What {@link removalInert} needs besides the two schemas. */
export interface InertOptions {
  /** The roots the references of each side resolve in. */
  oldRoot: JsonValue | undefined;
  newRoot: JsonValue | undefined;
  known: ReadonlySet<string>;
  budget?: ProofBudget | undefined;
}

/**
 * Whether taking the property `name` out of `old`'s `properties` leaves its declaration where it
 * was: `old` accepts the same values without it (a proof, both ways), and `next` (which lacks it)
 * still declares it in every branch of a union beside it, or accepts the same values with it. The
 * second half matters: when the union that declared the name went too, the name is declared
 * nowhere in `next`, and the property was removed. A union that declares it more loosely or more
 * strictly still declares it: the comparison of its branches grades that.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { removalInert } from "./_inert_removal.ts";
 * const known = new Set(["type", "properties", "anyOf", "required"]);
 * const a = { type: "string" };
 * const branches = [{ properties: { a } }, { properties: { a }, required: ["b"] }];
 * const old = { properties: { a, b: {} }, anyOf: branches };
 * const options = { oldRoot: old, newRoot: undefined, known };
 * const next = { properties: { b: {} }, anyOf: branches };
 * assert.equal(removalInert(old, next, "a", { ...options, newRoot: next }), true);
 * const gone = { properties: { b: {} } };
 * assert.equal(removalInert(old, gone, "a", { ...options, newRoot: gone }), false);
 * const half = { properties: { a, b: {} }, anyOf: [{ properties: { a } }, { required: ["b"] }] };
 * assert.equal(removalInert(half, next, "a", { ...options, oldRoot: half, newRoot: next }), false);
 * ```
 */
export function removalInert(
  old: JsonObject,
  next: JsonObject,
  name: string,
  { oldRoot, newRoot, known, budget }: InertOptions,
): boolean {
  const props = old.properties;
  if (!isObject(props) || !Object.hasOwn(props, name)) return false;
  if (!BESIDE.some((k) => old[k] !== undefined) || !BESIDE.some((k) => next[k] !== undefined)) {
    return false;
  }
  const rest = Object.fromEntries(Object.entries(props).filter(([k]) => k !== name));
  const without = { ...old, properties: rest };
  const withName = {
    ...next,
    properties: { ...(isObject(next.properties) ? next.properties : {}), [name]: props[name]! },
  };
  const same = (x: JsonValue, y: JsonValue, root: JsonValue | undefined) => {
    const options = { rootA: root, rootB: root, known, old: "none" as const, budget };
    return subsumes(x, y, options) === true && subsumes(y, x, options) === true;
  };
  return same(without, old, oldRoot) &&
    (declaredBeside(next, name) || same(withName, next, newRoot));
}

/**
 * Whether `s` declares `name` in every branch of an anyOf or oneOf beside its properties, or in a
 * branch of an allOf: every object then still has a declaration for the name, and how it changed
 * there (widened, narrowed) is the comparison of those branches' own.
 */
function declaredBeside(s: JsonObject, name: string): boolean {
  const declares = (branch: JsonValue) =>
    isObject(branch) && isObject(branch.properties) && Object.hasOwn(branch.properties, name);
  const branches = (key: string) => Array.isArray(s[key]) ? s[key] as JsonValue[] : [];
  return ["anyOf", "oneOf"].some((k) => branches(k).length > 0 && branches(k).every(declares)) ||
    branches("allOf").some(declares);
}

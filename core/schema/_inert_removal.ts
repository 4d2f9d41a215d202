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

/**
 * Whether `s` accepts the same values without its property `name` (a proof, both ways; the
 * references resolve in `root`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { removalInert } from "./_inert_removal.ts";
 * const known = new Set(["type", "properties", "anyOf", "required"]);
 * const a = { type: "string" };
 * const s = { properties: { a, b: {} }, anyOf: [{ properties: { a } }, { properties: { a }, required: ["b"] }] };
 * assert.equal(removalInert(s, "a", { root: s, known }), true);
 * const half = { properties: { a, b: {} }, anyOf: [{ properties: { a } }, { required: ["b"] }] };
 * assert.equal(removalInert(half, "a", { root: half, known }), false);
 * ```
 */
export function removalInert(
  s: JsonObject,
  name: string,
  { root, known, budget }: {
    root: JsonValue | undefined;
    known: ReadonlySet<string>;
    budget?: ProofBudget | undefined;
  },
): boolean {
  const props = s.properties;
  if (!isObject(props) || !Object.hasOwn(props, name)) return false;
  if (!BESIDE.some((k) => s[k] !== undefined)) return false;
  const rest = Object.fromEntries(Object.entries(props).filter(([k]) => k !== name));
  const without = { ...s, properties: rest };
  const options = { rootA: root, rootB: root, known, old: "none" as const, budget };
  return subsumes(without, s, options) === true && subsumes(s, without, options) === true;
}

/**
 * What an object's `unevaluatedProperties` says about the names one of its allOf branches leaves
 * to it (draft 2020-12). A name a branch declares is evaluated, so the object's
 * unevaluatedProperties no longer applies to it: a property, patternProperties or
 * additionalProperties added to a branch of `{allOf: [...], unevaluatedProperties: false}` lets
 * in values the old schema rejected, as the same property added to the object's own `properties`
 * does. The walk compares what such a name held before (the unevaluatedProperties schema) with
 * what the branch now says, where it would compare with `true` in an object open to it.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { patternMatches } from "./pattern.ts";

/** The rule for the names an allOf branch leaves to its object's unevaluatedProperties. */
export interface UnevaluatedRest {
  /** The object's unevaluatedProperties schema (never `true` or `{}`). */
  schema: JsonValue;
  /** Its location in its document. */
  loc: string;
  /**
   * Whether something other than the branch evaluates `name` (the object's own `properties` or
   * `patternProperties`, another allOf branch): true, false, or why Proxar cannot tell.
   */
  elsewhere(name: string): boolean | string;
  /** Whether anything other than the branch evaluates any name at all. */
  othersEvaluate: boolean;
}

/** Keywords beside which Proxar cannot tell which names a schema evaluates. */
export const EVALUATING_APPLICATORS: readonly string[] = [
  "allOf",
  "anyOf",
  "oneOf",
  "$ref",
  "$dynamicRef",
  "if",
  "dependentSchemas",
  "dependencies",
  "not",
];

const trivial = (v: JsonValue | undefined) =>
  v === undefined || v === true || (isObject(v) && Object.keys(v).length === 0);

/** Whether `s` (properties and patternProperties only) evaluates `name`, or why unknown. */
function declares(s: JsonObject, name: string): boolean | string {
  if (isObject(s.properties) && Object.hasOwn(s.properties, name)) return true;
  const patterns = isObject(s.patternProperties) ? Object.keys(s.patternProperties) : [];
  for (const pattern of patterns) {
    const match = patternMatches(pattern, name);
    if (match === undefined) return `the pattern ${JSON.stringify(pattern)} cannot be matched`;
    if (match) return true;
  }
  return false;
}

/**
 * The rule object `s` sets, through its unevaluatedProperties, for the names its allOf branch
 * `branch` (an index; -1 for a branch `s` does not hold) does not evaluate: undefined when no
 * such name is constrained (unevaluatedProperties absent or `true`, or additionalProperties
 * beside it, or another branch evaluating every name), a string when Proxar cannot tell which
 * names other keywords evaluate (another applicator beside the allOf, or in another branch).
 * `loc` is the location of `s` in its document.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unevaluatedRest } from "./_unevaluated_rest.ts";
 * const s = {
 *   properties: { b: {} },
 *   allOf: [{ properties: { a: {} } }],
 *   unevaluatedProperties: false,
 * };
 * const rest = unevaluatedRest(s, 0, "/x");
 * assert.ok(typeof rest === "object");
 * assert.equal(rest.loc, "/x/unevaluatedProperties");
 * assert.equal(rest.elsewhere("b"), true);
 * assert.equal(rest.elsewhere("c"), false);
 * assert.equal(unevaluatedRest({ ...s, additionalProperties: true }, 0, "/x"), undefined);
 * ```
 */
export function unevaluatedRest(
  s: JsonObject,
  branch: number,
  loc: string,
): UnevaluatedRest | string | undefined {
  if (s.additionalProperties !== undefined || trivial(s.unevaluatedProperties)) return undefined;
  const beside = EVALUATING_APPLICATORS.filter((k) => k !== "allOf" && s[k] !== undefined);
  if (beside.length > 0) {
    return `unevaluatedProperties depends on ${beside.join(" and ")} beside the allOf too`;
  }
  const others: JsonObject[] = [];
  const branches = Array.isArray(s.allOf) ? s.allOf : [];
  for (const [i, x] of branches.entries()) {
    if (i === branch || !isObject(x)) continue;
    // A branch with additionalProperties or unevaluatedProperties evaluates every name.
    if (x.additionalProperties !== undefined || x.unevaluatedProperties !== undefined) {
      return undefined;
    }
    const nested = EVALUATING_APPLICATORS.filter((k) => x[k] !== undefined);
    if (nested.length > 0) {
      return `allOf branch ${i} may evaluate names through ${nested.join(" and ")}`;
    }
    others.push(x);
  }
  const some = (v: JsonValue | undefined) => isObject(v) && Object.keys(v).length > 0;
  return {
    othersEvaluate: [s, ...others].some((x) => some(x.properties) || some(x.patternProperties)),
    schema: s.unevaluatedProperties!,
    loc: `${loc}/unevaluatedProperties`,
    elsewhere(name) {
      for (const x of [s, ...others]) {
        const found = declares(x, name);
        if (found !== false) return found;
      }
      return false;
    },
  };
}

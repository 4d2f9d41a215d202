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
import { resolveLocal } from "./_catch_all_json.ts";
import { acceptsEvery } from "./_accepts_every.ts";

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

/** The keywords of a schema that may evaluate names for unevaluatedProperties, conditionals' too. */
const APPLICATORS_AND_BRANCHES: readonly string[] = [...EVALUATING_APPLICATORS, "then", "else"];

/**
 * The applicators of `s` that may evaluate a name (its allOf, anyOf, `$ref`, if/then/else …), as a
 * schema of their own for {@link mayEvaluate}; `read` gives a keyword's value (a differ's
 * vocabulary).
 */
export function applicatorsOf(
  s: JsonObject,
  read: (s: JsonObject, k: string) => JsonValue | undefined = (x, k) => x[k],
): JsonObject {
  const out: JsonObject = {};
  for (const k of APPLICATORS_AND_BRANCHES) {
    const v = read(s, k);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

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
 * Whether `x` evaluates `name` for an object it accepts (draft 2020-12): `true` for every object
 * (its `properties` or a matching pattern, additionalProperties or unevaluatedProperties, a
 * conjunct or every branch of a union that does), `false` for none, or why it may (a
 * conditional, a union branch, a reference Proxar cannot follow). Local references are followed
 * in `root`; `not` evaluates nothing, as a schema that fails keeps no annotation.
 */
export function mayEvaluate(
  x: JsonValue,
  name: string,
  root: JsonValue | undefined,
  depth = 0,
): boolean | string {
  if (!isObject(x)) return false;
  if (depth > 32) return "the schemas nest too deep";
  if (x.additionalProperties !== undefined || x.unevaluatedProperties !== undefined) return true;
  const found = declares(x, name);
  if (found !== false) return found;
  if (x.$dynamicRef !== undefined) return "it may evaluate names through $dynamicRef";
  const below = (y: JsonValue) => mayEvaluate(y, name, root, depth + 1);
  const conjuncts = Array.isArray(x.allOf) ? [...x.allOf] : [];
  if (typeof x.$ref === "string") {
    const target = root === undefined ? undefined : resolveLocal(root, x.$ref);
    if (target === undefined) return `it may evaluate names through $ref ${JSON.stringify(x.$ref)}`;
    conjuncts.push(target.value);
  }
  let maybe: string | undefined;
  for (const y of conjuncts) {
    const e = below(y);
    if (e === true) return true;
    if (typeof e === "string") maybe ??= e;
  }
  for (const key of ["anyOf", "oneOf"]) {
    const list = x[key];
    if (!Array.isArray(list)) continue;
    const each = list.map(below);
    if (each.length > 0 && each.every((e) => e === true)) return true;
    if (each.some((e) => e !== false)) maybe ??= `an ${key} branch may evaluate it`;
  }
  const conditional = ["if", "then", "else"].filter((k) => x[k] !== undefined)
    .map((k) => [k, x[k]] as [string, JsonValue]);
  for (const key of ["dependentSchemas", "dependencies"]) {
    const map = x[key];
    if (isObject(map)) {
      conditional.push(...Object.values(map).map((v) => [key, v] as [string, JsonValue]));
    }
  }
  for (const [key, y] of conditional) {
    if (below(y) !== false) maybe ??= `${key} may evaluate it`;
  }
  return maybe ?? false;
}

/**
 * Whether a conjunct of `s` (an allOf branch, the target of its `$ref`, local references followed
 * in `root`, or every branch of an anyOf or oneOf) evaluates every name of every object it
 * accepts, through an additionalProperties or unevaluatedProperties of its own (draft 2020-12):
 * then the unevaluatedProperties of `s` itself never applies, and `s` accepts what it accepts
 * without it (`{$ref: A, unevaluatedProperties: false}` with A closed by its own).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { conjunctEvaluatesAll } from "./_unevaluated_rest.ts";
 * const root = { $defs: { A: { properties: { a: {} }, unevaluatedProperties: false } } };
 * assert.equal(conjunctEvaluatesAll({ $ref: "#/$defs/A", unevaluatedProperties: false }, root), true);
 * assert.equal(conjunctEvaluatesAll({ allOf: [{ properties: { a: {} } }] }, root), false);
 * ```
 */
export function conjunctEvaluatesAll(
  s: JsonObject,
  root: JsonValue | undefined,
  depth = 0,
): boolean {
  if (depth > 32) return false;
  const all = (x: JsonValue): boolean =>
    isObject(x) &&
    (x.additionalProperties !== undefined || x.unevaluatedProperties !== undefined ||
      conjunctEvaluatesAll(x, root, depth + 1));
  const conjuncts = Array.isArray(s.allOf) ? [...s.allOf] : [];
  if (typeof s.$ref === "string" && root !== undefined) {
    const target = resolveLocal(root, s.$ref);
    if (target !== undefined) conjuncts.push(target.value);
  }
  if (conjuncts.some(all)) return true;
  return ["anyOf", "oneOf"].some((k) => {
    const list = s[k];
    return Array.isArray(list) && list.length > 0 && list.every(all);
  });
}

/**
 * The rule object `s` sets, through its unevaluatedProperties, for the names its allOf branch
 * `branch` (an index; -1 for a branch `s` does not hold) does not evaluate: undefined when no
 * such name is constrained (unevaluatedProperties absent or `true`, or additionalProperties
 * beside it, or another branch evaluating every name). Whether other keywords evaluate a name
 * (applicators beside the allOf, other branches, local references followed in `root`) is asked
 * name by name through `elsewhere`, which says why when Proxar cannot tell.
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
  root?: JsonValue,
): UnevaluatedRest | string | undefined {
  if (s.additionalProperties !== undefined || acceptsEvery(s.unevaluatedProperties, root)) {
    return undefined;
  }
  // Applicators beside the allOf, and the other branches, are asked name by name, references
  // followed in `root`: a branch that is a `$ref` to an object declaring other names leaves
  // this branch's names to unevaluatedProperties as the same object written inline does.
  const around: JsonObject = {};
  for (const k of EVALUATING_APPLICATORS) {
    if (k !== "allOf" && k !== "if" && s[k] !== undefined) around[k] = s[k] as JsonValue;
  }
  if (s.if !== undefined) {
    for (const k of ["if", "then", "else"]) if (s[k] !== undefined) around[k] = s[k] as JsonValue;
  }
  const others: JsonValue[] = [];
  const branches = Array.isArray(s.allOf) ? s.allOf : [];
  for (const [i, x] of branches.entries()) {
    if (i === branch || !isObject(x)) continue;
    // A branch with additionalProperties or unevaluatedProperties evaluates every name.
    if (x.additionalProperties !== undefined || x.unevaluatedProperties !== undefined) {
      return undefined;
    }
    others.push(x);
  }
  const some = (v: JsonValue | undefined) => isObject(v) && Object.keys(v).length > 0;
  const applies = (x: JsonValue) =>
    isObject(x) && EVALUATING_APPLICATORS.some((k) => x[k] !== undefined);
  return {
    othersEvaluate: Object.keys(around).length > 0 ||
      [s, ...others].some((x) =>
        isObject(x) && (some(x.properties) || some(x.patternProperties) || applies(x))
      ),
    schema: s.unevaluatedProperties!,
    loc: `${loc}/unevaluatedProperties`,
    elsewhere(name) {
      const found = declares(s, name);
      if (found !== false) return found;
      let maybe: string | undefined;
      for (const [i, x] of [around, ...others].entries()) {
        const e = mayEvaluate(x, name, root);
        if (e === true) return true;
        if (typeof e === "string") {
          maybe ??= i === 0 ? `beside the allOf, ${e}` : `another allOf branch: ${e}`;
        }
      }
      return maybe ?? false;
    },
  };
}

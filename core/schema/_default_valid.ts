/**
 * Whether a value (a property's `default`) is valid against a schema, decided by a small
 * evaluator of the keywords Proxar models: value keywords through the subsumption proof's own
 * `satisfies`, and the applicators, properties and items here. It answers `true`, `false`, or
 * the reason it cannot decide (a keyword it does not evaluate, such as an unmodelled one or a
 * format JSON Schema defines that the MCP SDK's ajv-formats does not check; a reference it cannot follow or that loops back without consuming the value; a pattern
 * without an automaton), so a caller can stay strict and say why.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { sameJson } from "./_catch_all_json.ts";
import { satisfies, VALUE_KEYWORDS } from "./_subsume_facts.ts";
import { patternMatches } from "./pattern.ts";
import { isLocalRef, resolveLocal } from "./resolve.ts";
import { isAnnotationKeyword } from "./types.ts";
import { isNonstandardFormat } from "./_formats.ts";
import { requiredOnUse } from "../required_on_use.ts";

type Formats = typeof import("ajv-formats/dist/formats.js").fullFormats;

/**
 * ajv-formats' formats module, loaded when a default's format is first checked: evaluating it
 * builds some thirty regular expressions, which a diff without such a default does not need.
 */
const formatsModule = requiredOnUse<{ fullFormats: Formats }>(
  "ajv-formats/dist/formats.js",
  () => require("ajv-formats/dist/formats.js"),
);

function fullFormats(): Formats {
  return formatsModule().fullFormats;
}

/**
 * Whether `value` has format `name` as ajv-formats (the MCP SDK's validator) checks it, or
 * undefined for a format it does not define (idn-email, iri …), which other validators may.
 */
function checkFormat(name: string, value: string): boolean | undefined {
  const known = fullFormats();
  if (!Object.hasOwn(known, name)) return undefined;
  const format = known[name as keyof Formats] as unknown;
  const test = (f: unknown): boolean | undefined =>
    f === true
      ? true
      : f instanceof RegExp
      ? f.test(value)
      : typeof f === "function"
      ? Boolean(f(value))
      : undefined;
  if (typeof format === "object" && format !== null && !(format instanceof RegExp)) {
    return test((format as { validate?: unknown }).validate);
  }
  return test(format);
}

/** `true`, `false`, or why validity cannot be decided. */
export type Validity = boolean | string;

/** Keywords evaluated here, beside the value keywords and annotations. */
const STRUCTURE = new Set([
  "$ref",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "properties",
  "patternProperties",
  "additionalProperties",
  "items",
  "prefixItems",
  "additionalItems",
  "uniqueItems",
  "propertyNames",
  // Annotations in every draft Proxar reads: validators do not assert them by default.
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
]);

const MAX_DEPTH = 64;

/** Three-valued conjunction: false wins, then the first reason, then true. */
function every(results: Iterable<() => Validity>): Validity {
  let unknown: string | undefined;
  for (const next of results) {
    const r = next();
    if (r === false) return false;
    if (typeof r === "string") unknown ??= r;
  }
  return unknown ?? true;
}

/**
 * Whether `value` is valid against `schema` (local references resolved in `root`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validAgainst } from "./_default_valid.ts";
 * assert.equal(validAgainst(0, { type: "integer", minimum: 1 }, {}), false);
 * assert.equal(validAgainst(["a"], { type: "array", items: { type: "string" } }, {}), true);
 * assert.equal(validAgainst("x", { type: "string", format: "email" }, {}), false);
 * assert.equal(typeof validAgainst("x", { type: "string", format: "iri" }, {}), "string");
 * ```
 */
export function validAgainst(value: JsonValue, schema: JsonValue, root: JsonValue): Validity {
  // The references followed for each value on the way down: one met again for the same value
  // loops without consuming it.
  const trail = new Map<JsonValue, Set<string>>();
  const check = (v: JsonValue, s: JsonValue | undefined, depth: number): Validity => {
    if (s === undefined || s === true) return true;
    if (s === false) return false;
    if (!isObject(s)) return "a schema is neither an object nor a boolean";
    if (depth > MAX_DEPTH) return `schemas nest deeper than ${MAX_DEPTH} levels`;
    for (const key of Object.keys(s)) {
      if (VALUE_KEYWORDS.has(key) || STRUCTURE.has(key) || isAnnotationKeyword(key)) continue;
      if (key !== "format") return `it does not evaluate ${JSON.stringify(key)}`;
      // A format validators do not know is ignored by them (see _formats.ts); one the MCP SDK's
      // validator checks is checked as it does.
      if (typeof v !== "string" || isNonstandardFormat(s.format)) continue;
      const format = checkFormat(String(s.format), v);
      if (format === false) return false;
      if (format === undefined) return `it does not check the format ${JSON.stringify(s.format)}`;
    }
    const values: JsonObject = {};
    for (const key of VALUE_KEYWORDS) if (Object.hasOwn(s, key)) values[key] = s[key]!;
    const own = satisfies(v, values);
    if (own === false) return false;
    const checks: (() => Validity)[] = [];
    if (own === undefined) checks.push(() => "a pattern cannot be matched");
    const sub = (x: JsonValue, y: JsonValue | undefined) => () => check(x, y, depth + 1);
    if (typeof s.$ref === "string") checks.push(() => follow(v, s.$ref as string, depth));
    if (Array.isArray(s.allOf)) { for (const b of s.allOf) checks.push(sub(v, b)); }
    if (Array.isArray(s.anyOf)) checks.push(() => some(s.anyOf as JsonValue[], v, depth));
    if (Array.isArray(s.oneOf)) checks.push(() => one(s.oneOf as JsonValue[], v, depth));
    if (s.not !== undefined) {
      checks.push(() => {
        const r = check(v, s.not, depth + 1);
        return typeof r === "string" ? r : !r;
      });
    }
    if (s.if !== undefined) {
      checks.push(() => {
        const r = check(v, s.if, depth + 1);
        if (typeof r === "string") return r;
        return check(v, r ? s.then : s.else, depth + 1);
      });
    }
    if (isObject(v)) checks.push(() => objectValid(v, s, depth));
    if (Array.isArray(v)) checks.push(() => arrayValid(v, s, depth));
    return every(checks);
  };
  const follow = (v: JsonValue, ref: string, depth: number): Validity => {
    if (!isLocalRef(ref)) return `the reference ${JSON.stringify(ref)} is not followed`;
    const target = resolveLocal(root, ref);
    if (target === undefined) return `the reference ${JSON.stringify(ref)} cannot be resolved`;
    const seen = trail.get(v) ?? new Set<string>();
    if (seen.has(ref)) return `the reference ${JSON.stringify(ref)} loops back to itself`;
    seen.add(ref);
    trail.set(v, seen);
    try {
      return check(v, target, depth + 1);
    } finally {
      seen.delete(ref);
    }
  };
  const some = (branches: JsonValue[], v: JsonValue, depth: number): Validity => {
    let unknown: string | undefined;
    for (const b of branches) {
      const r = check(v, b, depth + 1);
      if (r === true) return true;
      if (typeof r === "string") unknown ??= r;
    }
    return unknown ?? false;
  };
  const one = (branches: JsonValue[], v: JsonValue, depth: number): Validity => {
    let matched = 0;
    for (const b of branches) {
      const r = check(v, b, depth + 1);
      if (typeof r === "string") return r;
      if (r) matched++;
    }
    return matched === 1;
  };
  const objectValid = (v: JsonObject, s: JsonObject, depth: number): Validity => {
    const props = isObject(s.properties) ? s.properties : {};
    const patterns = isObject(s.patternProperties) ? s.patternProperties : {};
    const checks: (() => Validity)[] = [];
    for (const name of Object.keys(v)) {
      checks.push(() => {
        if (s.propertyNames !== undefined) {
          const r = check(name, s.propertyNames, depth + 1);
          if (r !== true) return r;
        }
        let covered = Object.hasOwn(props, name);
        const parts: (() => Validity)[] = [];
        if (covered) parts.push(() => check(v[name]!, props[name], depth + 1));
        for (const pattern of Object.keys(patterns)) {
          const match = patternMatches(pattern, name);
          if (match === undefined) {
            return `the pattern ${JSON.stringify(pattern)} cannot be matched`;
          }
          if (!match) continue;
          covered = true;
          parts.push(() => check(v[name]!, patterns[pattern], depth + 1));
        }
        if (!covered) parts.push(() => check(v[name]!, s.additionalProperties, depth + 1));
        return every(parts);
      });
    }
    return every(checks);
  };
  const arrayValid = (v: JsonValue[], s: JsonObject, depth: number): Validity => {
    const prefix = Array.isArray(s.prefixItems)
      ? s.prefixItems
      : Array.isArray(s.items)
      ? s.items
      : [];
    const rest = Array.isArray(s.prefixItems)
      ? s.items
      : Array.isArray(s.items)
      ? s.additionalItems
      : s.items;
    const checks = v.map((item, i) => () =>
      check(item, i < prefix.length ? prefix[i] : rest, depth + 1)
    );
    if (s.uniqueItems === true) {
      checks.push(() => v.every((x, i) => v.findIndex((y) => sameJson(x, y)) === i));
    }
    return every(checks);
  };
  return check(value, schema, 0);
}

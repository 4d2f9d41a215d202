/**
 * When the subsumption proof may read `unevaluatedProperties` as a plain constraint. It flattens
 * allOf branches and references into one list of conjuncts, where unevaluatedProperties seems to
 * constrain the same names on both sides whenever it is written alike; yet the names it governs
 * are those no conjunct evaluates (draft 2020-12), so a property, patternProperties or
 * additionalProperties added to an allOf branch of `{allOf: [...], unevaluatedProperties: false}`
 * lets in values the old schema rejected, and the flattened proof called the two equal. A is
 * included in B only if B's unevaluatedProperties governs no name A's left free: B evaluates
 * every name, or every name and pattern A evaluates B evaluates too.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { resolveLocal } from "./_catch_all_json.ts";
import { acceptsAll } from "./_catch_all_types.ts";
import { admitsObjects } from "./_type_keywords.ts";

/** The names a schema evaluates for its unevaluatedProperties. */
interface Evaluation {
  /** Every name (additionalProperties). */
  all: boolean;
  names: Set<string>;
  patterns: Set<string>;
  /** unevaluatedProperties is written at the top. */
  constrains: boolean;
}

const none = (): Evaluation => ({
  all: false,
  names: new Set(),
  patterns: new Set(),
  constrains: false,
});

function merge(into: Evaluation, x: Evaluation): void {
  into.all ||= x.all;
  for (const n of x.names) into.names.add(n);
  for (const p of x.patterns) into.patterns.add(p);
}

/** What both evaluate for certain. */
function common(x: Evaluation, y: Evaluation): Evaluation {
  const keep = <T>(a: Set<T>, b: Set<T>, aAll: boolean, bAll: boolean) =>
    aAll ? new Set(b) : bAll ? new Set(a) : new Set([...a].filter((v) => b.has(v)));
  return {
    all: x.all && y.all,
    names: keep(x.names, y.names, x.all, y.all),
    patterns: keep(x.patterns, y.patterns, x.all, y.all),
    constrains: false,
  };
}

/**
 * How the places an unevaluated keyword governs are read from a schema: `E` holds what a schema
 * evaluates (names and patterns for unevaluatedProperties, positions for unevaluatedItems) and
 * whether the keyword is written at its top.
 */
export interface Reading<E extends { constrains: boolean }> {
  keyword: "unevaluatedProperties" | "unevaluatedItems";
  none(): E;
  /** Reads what the schema object's own keywords evaluate into `out`, or why it cannot be told. */
  own(s: JsonObject, out: E, upper: boolean): string | undefined;
  merge(into: E, x: E): void;
  /** What both evaluate for certain. */
  common(x: E, y: E): E;
  /** Whether a union branch may apply to the instances the keyword reads. */
  applies(branch: JsonValue): boolean;
}

/**
 * What `schema` evaluates for an instance it accepts, read by `reading`: at least (`upper` false)
 * or at most (`upper` true) this; or why it cannot be told (a reference that cannot be followed,
 * the keyword below the top, which sees only its own subschema's). Conjuncts (allOf, local
 * references) evaluate for certain; a union's branches evaluate for certain what every branch
 * that may apply does, and at most what any does; a conditional or a dependentSchemas entry
 * evaluates nothing for certain, and at most what its schemas do.
 */
export function evaluated<E extends { constrains: boolean }>(
  reading: Reading<E>,
  schema: JsonValue,
  root: JsonValue | undefined,
  upper: boolean,
  top = true,
  depth = 0,
): E | string {
  const out = reading.none();
  if (!isObject(schema)) return out;
  if (depth > 32) return "the schemas nest too deep";
  const s = schema;
  const below = (x: JsonValue) => evaluated(reading, x, root, upper, false, depth + 1);
  if (s[reading.keyword] !== undefined) {
    if (!top) return `${reading.keyword} is written in a subschema`;
    out.constrains = true;
  }
  const why = reading.own(s, out, upper);
  if (why !== undefined) return why;
  const conjuncts = Array.isArray(s.allOf) ? [...s.allOf] : [];
  if (typeof s.$ref === "string") {
    const target = root === undefined ? undefined : resolveLocal(root, s.$ref);
    if (target === undefined) return `$ref ${JSON.stringify(s.$ref)} cannot be followed`;
    // A lone reference at the top is the schema it leads to, its unevaluated keyword too.
    const lone = Object.keys(s).every((k) => k === "$ref" || k === "$schema" || k === "$id");
    if (lone && top) return evaluated(reading, target.value, root, upper, true, depth + 1);
    conjuncts.push(target.value);
  }
  for (const x of conjuncts) {
    const e = below(x);
    if (typeof e === "string") return e;
    reading.merge(out, e);
  }
  for (const key of ["anyOf", "oneOf"]) {
    const list = s[key];
    if (!Array.isArray(list)) continue;
    let certain: E | undefined;
    for (const x of list.filter((x) => reading.applies(x))) {
      const e = below(x);
      if (typeof e === "string") return e;
      if (upper) reading.merge(out, e);
      else certain = certain === undefined ? e : reading.common(certain, e);
    }
    if (certain !== undefined) reading.merge(out, certain);
  }
  const conditional = ["if", "then", "else"].map((k) => s[k]).filter((x) => x !== undefined);
  for (const key of ["dependentSchemas", "dependencies"]) {
    const map = s[key];
    if (isObject(map)) conditional.push(...Object.values(map));
  }
  for (const x of conditional) {
    const e = below(x as JsonValue);
    if (typeof e === "string") return e;
    if (upper) reading.merge(out, e);
  }
  return out;
}

/** The names a schema evaluates: properties, patternProperties, additionalProperties (every one). */
const NAMES: Reading<Evaluation> = {
  keyword: "unevaluatedProperties",
  none,
  own(s, out) {
    if (s.$dynamicRef !== undefined) return "$dynamicRef may evaluate names";
    if (s.additionalProperties !== undefined) out.all = true;
    if (isObject(s.properties)) { for (const n of Object.keys(s.properties)) out.names.add(n); }
    if (isObject(s.patternProperties)) {
      for (const p of Object.keys(s.patternProperties)) out.patterns.add(p);
    }
    return undefined;
  },
  merge,
  common,
  applies: admitsObjects,
};

const evaluation = (schema: JsonValue, root: JsonValue | undefined, upper: boolean) =>
  evaluated(NAMES, schema, root, upper);

/**
 * The keywords of `s` that say what a name holds, for a proof about its properties alone:
 * properties, patternProperties, additionalProperties, and, where no additionalProperties is
 * written, an unevaluatedProperties that constrains, as the additionalProperties it is when no
 * other keyword of `s` may evaluate a name (an applicator, a reference) but the names an
 * applicator evaluates for certain, which are then declared free (`true`): what they hold is
 * that applicator's to say. Undefined where one may evaluate other names, or Proxar cannot tell.
 * `read` reads a keyword of `s`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nameKeywords } from "./_unevaluated_proof.ts";
 * const s = { properties: { a: {} }, allOf: [{ minProperties: 1 }], unevaluatedProperties: false };
 * assert.deepEqual(nameKeywords(s, s), { properties: { a: {} }, additionalProperties: false });
 * const branch = { ...s, allOf: [{ properties: { b: {} } }] };
 * assert.deepEqual(nameKeywords(branch, s), {
 *   properties: { a: {}, b: true },
 *   additionalProperties: false,
 * });
 * assert.equal(nameKeywords({ ...s, anyOf: [{ properties: { b: {} } }, {}] }, s), undefined);
 * assert.equal(nameKeywords({ ...s, $ref: "#named" }, s), undefined);
 * ```
 */
export function nameKeywords(
  s: JsonObject,
  root: JsonValue | undefined,
  read: (key: string) => JsonValue | undefined = (key) => s[key],
): JsonObject | undefined {
  const out: JsonObject = {};
  for (const key of ["properties", "patternProperties", "additionalProperties"]) {
    const v = read(key);
    if (v !== undefined) out[key] = v;
  }
  const rest = read("unevaluatedProperties");
  if (out.additionalProperties !== undefined || acceptsAll(rest)) return out;
  const beside: JsonObject = { ...s };
  delete beside.properties;
  delete beside.patternProperties;
  const most = evaluation(beside, root, true);
  if (typeof most === "string" || most.all || most.patterns.size > 0) return undefined;
  // A name an applicator beside evaluates for certain (an allOf branch's properties) is not the
  // rest's: what it holds there is that applicator's, a conjunct compared apart, so here it is
  // free. One it only may evaluate (an anyOf branch, a conditional) may be either.
  if (most.names.size > 0) {
    const least = evaluation(beside, root, false);
    if (typeof least === "string" || [...most.names].some((n) => !least.names.has(n))) {
      return undefined;
    }
  }
  const declared = isObject(out.properties) ? out.properties : {};
  const free = [...most.names].filter((n) => !Object.hasOwn(declared, n));
  const properties = free.length === 0
    ? {}
    : { properties: { ...declared, ...Object.fromEntries(free.map((n) => [n, true])) } };
  return { ...out, ...properties, additionalProperties: rest! };
}

/**
 * Whether `schema` writes unevaluatedProperties (or `keyword`) in itself, its applicators'
 * branches or the local references they follow (not in its property schemas, which the proof asks
 * about apart).
 */
export function mentions(
  schema: JsonValue,
  root: JsonValue | undefined,
  keyword = "unevaluatedProperties",
): boolean {
  const stack: JsonValue[] = [schema];
  const seen = new Set<JsonValue>();
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (!isObject(s) || seen.has(s)) continue;
    // Past this many nodes, assume it does: the proof is then only refused, never wrong.
    if (seen.size > 200) return true;
    seen.add(s);
    if (s[keyword] !== undefined) return true;
    for (const key of ["allOf", "anyOf", "oneOf"]) {
      const list = s[key];
      if (Array.isArray(list)) stack.push(...list);
    }
    for (const key of ["if", "then", "else", "not"]) if (s[key] !== undefined) stack.push(s[key]);
    for (const key of ["dependentSchemas", "dependencies"]) {
      const map = s[key];
      if (isObject(map)) stack.push(...Object.values(map));
    }
    if (typeof s.$ref === "string" && root !== undefined) {
      const target = resolveLocal(root, s.$ref);
      if (target !== undefined) stack.push(target.value);
    }
  }
  return false;
}

/**
 * Whether the proof that `a` ⊆ `b` may compare `b`'s unevaluatedProperties as the flattened
 * conjuncts show it: true, or why not. True when `b` writes none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unevaluatedDecided } from "./_unevaluated_proof.ts";
 * const a = { allOf: [{ properties: { a: {} } }], unevaluatedProperties: false };
 * const b = { allOf: [{ properties: { a: {} }, additionalProperties: true }], unevaluatedProperties: false };
 * assert.equal(unevaluatedDecided(a, b, a, b), true);
 * assert.equal(typeof unevaluatedDecided(b, a, b, a), "string");
 * ```
 */
export function unevaluatedDecided(
  a: JsonValue,
  b: JsonValue,
  rootA: JsonValue | undefined,
  rootB: JsonValue | undefined,
): true | string {
  if (!isObject(b) || !mentions(b, rootB)) return true;
  const eb = evaluation(b, rootB, false);
  if (typeof eb === "string") return `unevaluatedProperties is not decided: ${eb}`;
  if (!eb.constrains || eb.all) return true;
  const ea = evaluation(a, rootA, true);
  if (typeof ea === "string") return `unevaluatedProperties is not decided: ${ea}`;
  const name = ea.all ? "every name" : [...ea.names].find((n) => !eb.names.has(n));
  const pattern = [...ea.patterns].find((p) => !eb.patterns.has(p));
  if (name === undefined && pattern === undefined) return true;
  const what = name === "every name"
    ? "the old schema evaluates every name"
    : name !== undefined
    ? `${JSON.stringify(name)} is evaluated on one side only`
    : `the pattern ${JSON.stringify(pattern)} is evaluated on one side only`;
  return `unevaluatedProperties is not decided: ${what}`;
}

/**
 * What `schema`'s own unevaluatedProperties (written at its top, and constraining) asserts, as a
 * conjunct the proof can read: `{properties, patternProperties, additionalProperties}` where the
 * names and patterns are every one `schema` may evaluate and additionalProperties is its
 * unevaluatedProperties. A name outside them is evaluated by no keyword, so the schema holds it
 * to that rule; a name inside them is left free, so the conjunct never asserts more than the
 * schema does, and adding it to the schema's own conjuncts on side A of a proof keeps the proof
 * sound. Undefined when Proxar cannot tell which names the schema evaluates, or it may evaluate
 * every name. It lets the proof see that `{allOf: [{properties: {a}}], unevaluatedProperties:
 * false}` rejects `b`, so an allOf branch declaring `b` added beside it widens.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unevaluatedConjunct } from "./_unevaluated_proof.ts";
 * const s = { allOf: [{ properties: { a: {} } }], unevaluatedProperties: false };
 * assert.deepEqual(unevaluatedConjunct(s, s), {
 *   properties: { a: true },
 *   additionalProperties: false,
 * });
 * ```
 */
export function unevaluatedConjunct(
  schema: JsonValue,
  root: JsonValue | undefined,
): JsonObject | undefined {
  if (!isObject(schema)) return undefined;
  const u = schema.unevaluatedProperties;
  if (u === undefined || acceptsAll(u)) return undefined;
  const e = evaluation(schema, root, true);
  if (typeof e === "string" || e.all) return undefined;
  const free = (list: Set<string>) => Object.fromEntries([...list].map((n) => [n, true]));
  return {
    ...(e.names.size > 0 ? { properties: free(e.names) } : {}),
    ...(e.patterns.size > 0 ? { patternProperties: free(e.patterns) } : {}),
    additionalProperties: u,
  };
}

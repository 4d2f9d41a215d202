/**
 * What the schemas applied beside an allOf branch (the other branches, the object holding the
 * allOf) say about one property name. A property added to one branch meets whatever those
 * conjuncts already apply to the name: `allOf: [{patternProperties: {"^y": integer}},
 * {properties: {x}}]` governed `yy` as an integer before `yy: {type: string}` was added to the
 * second branch, and both apply after, so `{yy: 5}` is rejected where it was accepted. Such a
 * name is no fresh optional property; the walk compares what the conjuncts applied with what
 * they and the new property apply together.
 * @module
 */
import { escapePointerToken, isObject, type JsonObject, type JsonValue } from "../json.ts";
import { patternMatches } from "./pattern.ts";
import { resolveLocal } from "./_catch_all_json.ts";
import { acceptsAll } from "./_catch_all_types.ts";
import { acceptsEvery } from "./_accepts_every.ts";
import { applicatorsOf, conjunctEvaluatesAll, mayEvaluate } from "./_unevaluated_rest.ts";
import { unevaluatedConjunct } from "./_unevaluated_proof.ts";

/** A schema a conjunct applies to the name, and where it is written. */
export interface Governing {
  schema: JsonValue;
  loc: string;
}

/** What governed one property name before and governs it after, each list meeting (allOf). */
export interface Meeting {
  before: Governing[];
  after: Governing[];
  /** Whether schemas beside the object (another allOf branch, another link) govern it. */
  beside: boolean;
}

/** A schema applied beside the branch, and its location in its document. */
export interface Conjunct {
  v: JsonValue;
  loc: string;
  /**
   * The rule a schema's unevaluatedProperties sets for the names its reach leaves, built as
   * `{properties, additionalProperties}` (`unevaluatedConjunct`): what it governs is written at
   * `loc`'s unevaluatedProperties, which places name, not at an additionalProperties the schema
   * does not have.
   */
  unevaluated?: true;
}

/** Applicators whose subschemas apply to some objects only: they may govern a name or not. */
const CONDITIONAL = ["anyOf", "oneOf", "if", "then", "else", "dependentSchemas", "dependencies"];

/**
 * The schemas `x` (at `loc`, references resolved in `root`) applies to the value of property
 * `name` of every object it accepts: its `properties` entry, the patternProperties that match,
 * else additionalProperties (or an unevaluatedProperties nothing beside it may evaluate the name
 * for), and those of its allOf branches and local references. A string says why Proxar cannot
 * tell (a union branch or conditional that may govern it, a reference it cannot follow).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { governingOf } from "./_conjunct_governs.ts";
 * const q = { patternProperties: { "^y": { type: "integer" } } };
 * assert.deepEqual(governingOf(q, "/allOf/0", "yy", q), [
 *   { schema: { type: "integer" }, loc: "/allOf/0/patternProperties/^y" },
 * ]);
 * assert.deepEqual(governingOf(q, "/allOf/0", "x", q), []);
 * ```
 */
export function governingOf(
  x: JsonValue,
  loc: string,
  name: string,
  root: JsonValue | undefined,
  depth = 0,
): Governing[] | string {
  if (!isObject(x)) return [];
  if (depth > 32) return "the schemas nest too deep";
  const out: Governing[] = [];
  const props = isObject(x.properties) ? x.properties : {};
  const declared = Object.hasOwn(props, name);
  if (declared && !acceptsAll(props[name])) {
    out.push({ schema: props[name]!, loc: `${loc}/properties/${escapePointerToken(name)}` });
  }
  const patterns = patternsOf(x, loc, name);
  if (typeof patterns === "string") return patterns;
  out.push(...patterns.filter((g) => !acceptsEvery(g.schema, root)));
  const rest = !declared && patterns.length === 0;
  if (rest && x.additionalProperties !== undefined) {
    if (!acceptsEvery(x.additionalProperties, root)) {
      out.push({ schema: x.additionalProperties, loc: `${loc}/additionalProperties` });
    }
  } else if (
    // A conjunct closed by its own (a deeper link of a $ref chain) evaluates every name: this
    // unevaluatedProperties never applies, the conjuncts below say what governs the name.
    rest && !acceptsEvery(x.unevaluatedProperties, root) && !conjunctEvaluatesAll(x, root)
  ) {
    const beside = mayEvaluate(applicatorsOf(x), name, root);
    if (beside !== false) return "an unevaluatedProperties beside applicators may govern it";
    out.push({ schema: x.unevaluatedProperties!, loc: `${loc}/unevaluatedProperties` });
  }
  if (x.$dynamicRef !== undefined) return "it may be governed through $dynamicRef";
  const below = (y: JsonValue, at: string) => governingOf(y, at, name, root, depth + 1);
  const conjuncts: Conjunct[] = Array.isArray(x.allOf)
    ? x.allOf.map((v, i) => ({ v, loc: `${loc}/allOf/${i}` }))
    : [];
  if (typeof x.$ref === "string") {
    const target = resolveLocal(root, x.$ref);
    if (target === undefined) return `it may be governed through $ref ${JSON.stringify(x.$ref)}`;
    conjuncts.push({ v: target.value, loc: target.pointer });
  }
  for (const c of conjuncts) {
    const found = below(c.v, c.loc);
    if (typeof found === "string") return found;
    out.push(...found);
  }
  // A union branch or a conditional that may govern the name applies to some objects only.
  for (const key of [...CONDITIONAL, "not"]) {
    const v = x[key];
    if (v === undefined) continue;
    const parts = Array.isArray(v)
      ? v
      : (key === "dependentSchemas" || key === "dependencies") && isObject(v)
      ? Object.values(v)
      : [v];
    if (parts.some((y) => mayEvaluate(y, name, root) !== false)) {
      return `${key} beside it may govern it`;
    }
  }
  return out;
}

/**
 * The patternProperties of `x` (at `loc`) that match `name`, those that accept anything too (a
 * match frees the name from additionalProperties whatever it holds); a string when a pattern
 * cannot be matched.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { patternsOf } from "./_conjunct_governs.ts";
 * const s = { patternProperties: { "^x": { type: "string" }, "a$": {}, "^y": false } };
 * assert.deepEqual(patternsOf(s, "", "xa"), [
 *   { schema: { type: "string" }, loc: "/patternProperties/^x" },
 *   { schema: {}, loc: "/patternProperties/a$" },
 * ]);
 * ```
 */
export function patternsOf(x: JsonObject, loc: string, name: string): Governing[] | string {
  const out: Governing[] = [];
  const patterns = isObject(x.patternProperties) ? x.patternProperties : {};
  for (const [pattern, schema] of Object.entries(patterns)) {
    const match = patternMatches(pattern, name);
    if (match === undefined) return `the pattern ${JSON.stringify(pattern)} cannot be matched`;
    if (match) out.push({ schema, loc: `${loc}/patternProperties/${escapePointerToken(pattern)}` });
  }
  return out;
}

/** The schema of the values that meet every one of `list` (allOf: all apply; none: any value). */
export function meet(list: readonly Governing[]): JsonValue {
  return list.length === 0
    ? true
    : list.length === 1
    ? list[0]!.schema
    : { allOf: list.map((g) => g.schema) };
}

/** Where `list` is written, as users read it: `patternProperties.^x and allOf.1.additionalProperties`. */
export function placesOf(list: readonly Governing[]): string {
  return list.map((g) => g.loc.replace(/^\//, "").replaceAll("/", ".")).join(" and ");
}

/**
 * The schemas `conjuncts` apply together to property `name` (see {@link governingOf}), or why
 * Proxar cannot tell.
 */
export function governedBy(
  conjuncts: readonly Conjunct[],
  name: string,
  root: JsonValue | undefined,
): Governing[] | string {
  const out: Governing[] = [];
  for (const c of conjuncts) {
    const found = governingOf(c.v, c.loc, name, root);
    if (typeof found === "string") return found;
    const rest = `${c.loc}/additionalProperties`;
    const written = (g: Governing) =>
      c.unevaluated && g.loc === rest ? { ...g, loc: `${c.loc}/unevaluatedProperties` } : g;
    out.push(...found.map(written));
  }
  return out;
}

/**
 * The links a local `$ref` of `s` leads to, each as a conjunct beside `s` without its
 * unevaluatedProperties, and the rule a link's constraining unevaluatedProperties sets for the
 * names its reach leaves (`additionalProperties` of the names it evaluates: see
 * `unevaluatedConjunct`): what the catch-all differ, which reads a chain's first link alone,
 * knows of the others.
 */
export function chainConjuncts(s: JsonObject, root: JsonValue | undefined): Conjunct[] {
  const out: Conjunct[] = [];
  let at: JsonValue = s;
  for (let guard = 0; guard < 32 && isObject(at) && typeof at.$ref === "string"; guard++) {
    const ref: string = at.$ref;
    const target = root === undefined ? undefined : resolveLocal(root, ref);
    if (target === undefined || !isObject(target.value)) break;
    const { unevaluatedProperties: _, ...v } = target.value;
    out.push({ v, loc: target.pointer });
    const rule = unevaluatedConjunct(target.value, root);
    if (rule !== undefined) out.push({ v: rule, loc: target.pointer, unevaluated: true });
    at = target.value;
  }
  return out;
}

/**
 * Whether a schema beside the object (another allOf branch, another link of a `$ref` chain, a
 * deeper link's closing unevaluatedProperties) rejects every value of `name` on both sides: its
 * property leaving changes nothing then, declared or not, the name was and is refused.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rejectedBeside } from "./_conjunct_governs.ts";
 * const closed = [{ v: { properties: { a: {} }, additionalProperties: false }, loc: "/allOf/1" }];
 * assert.equal(rejectedBeside({ old: closed, new: closed }, "x", [{}, {}]), true);
 * assert.equal(rejectedBeside({ old: closed, new: [] }, "x", [{}, {}]), false);
 * ```
 */
export function rejectedBeside(
  beside: { old: readonly Conjunct[]; new: readonly Conjunct[] } | undefined,
  name: string,
  [oldRoot, newRoot]: [JsonValue | undefined, JsonValue | undefined],
): boolean {
  if (beside === undefined) return false;
  const rejects = (list: readonly Conjunct[], root: JsonValue | undefined) => {
    const found = governedBy(list, name, root);
    return typeof found !== "string" && found.some((g) => g.schema === false);
  };
  return rejects(beside.old, oldRoot) && rejects(beside.new, newRoot);
}

/**
 * What governed property `name` of `old` before and governs it in `next`, which no longer
 * declares it, when a schema still does there: a pattern, additionalProperties or
 * unevaluatedProperties of `next`, or a schema `beside` it (another allOf branch, the object
 * holding them, another link of a `$ref` chain). Before, the property's own schema met the
 * patterns that matched it and what stood beside (allOf: all apply). Undefined when nothing
 * governs the name now (the object open to it, or closed: the convention for a property
 * removed) or Proxar cannot tell (a union branch or conditional that may govern it, other links
 * of a reference chain, `conjoined`, that may evaluate it for an unevaluatedProperties).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { removedMeeting } from "./_conjunct_governs.ts";
 * const rest = { type: "string" };
 * const old = { properties: { x: { type: "string", minLength: 1 } }, additionalProperties: rest };
 * const next = { additionalProperties: rest };
 * assert.deepEqual(removedMeeting(old, next, "x", { roots: [old, next], locs: ["", ""] }), {
 *   before: [{ schema: { type: "string", minLength: 1 }, loc: "/properties/x" }],
 *   after: [{ schema: rest, loc: "/additionalProperties" }],
 *   beside: false,
 * });
 * assert.equal(removedMeeting(old, {}, "x", { roots: [old, {}], locs: ["", ""] }), undefined);
 * ```
 */
export function removedMeeting(
  old: JsonObject,
  next: JsonObject,
  name: string,
  { roots: [oldRoot, newRoot], locs: [oldLoc, newLoc], beside, conjoined = false }: {
    roots: [JsonValue | undefined, JsonValue | undefined];
    locs: [string, string];
    beside?: { old: readonly Conjunct[]; new: readonly Conjunct[] };
    conjoined?: boolean;
  },
): Meeting | undefined {
  const props = isObject(old.properties) ? old.properties : {};
  if (props[name] === undefined || props[name] === false) return undefined;
  if (conjoined && !acceptsEvery(next.unevaluatedProperties, newRoot)) return undefined;
  const own = governingOf(next, newLoc, name, newRoot);
  const besideNew = beside === undefined ? [] : governedBy(beside.new, name, newRoot);
  if (typeof own === "string" || typeof besideNew === "string") return undefined;
  const after = [...own, ...besideNew];
  if (after.length === 0 || after.some((g) => g.schema === false)) return undefined;
  const before = governingOf(old, oldLoc, name, oldRoot);
  const besideOld = beside === undefined ? [] : governedBy(beside.old, name, oldRoot);
  if (typeof before === "string" || typeof besideOld === "string") return undefined;
  return {
    before: [...before, ...besideOld],
    after,
    beside: besideOld.length > 0 || besideNew.length > 0,
  };
}

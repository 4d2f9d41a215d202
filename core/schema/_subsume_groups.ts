/**
 * The checks of the subsumption proof, one per group of keywords that constrain together on the
 * wider side B (`minimum` with `exclusiveMinimum`, `properties` with `additionalProperties`…).
 * Each decides whether a conjunction of schema objects (side A) satisfies that group, or says
 * why it cannot tell. Private to `subsume.ts`.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { sameJson } from "./_catch_all_json.ts";
import { kindOfValue, Kinds, kindsOf, satisfies } from "./_subsume_facts.ts";
import { patternMatches, patternSubset } from "./pattern.ts";
import { acceptsSafeInteger, admitsEverySafeInteger, jointFacts } from "./_safe_integer.ts";
import { integerFacts } from "./values.ts";
import { isAnnotationKeyword, REF_KEYWORDS } from "./types.ts";
import { isNonstandardFormat } from "./_formats.ts";
import { propertyRule } from "./_property_schema.ts";

/** How the reason of a proof that ran out of steps starts: undecided, not disproven. */
export const OUT_OF_STEPS = "the comparison needs more than";

/** What a group check may ask of the proof. */
export interface Prover {
  readonly old: "a" | "b" | "none";
  /** Whether a bound of B at the safe-integer limit holds for integers (`SubsumeOptions`). */
  readonly safeIntegers: boolean;
  /** Whether a nonstandard format of B counts as none (`SubsumeOptions`). */
  readonly nonstandardFormats: boolean;
  sub(a: JsonValue, b: JsonValue): true | string;
  /** Whether `a` (a schema of side B) ⊆ `b` (a schema of side A). */
  subReversed(a: JsonValue, b: JsonValue): true | string;
  subAtoms(atoms: readonly JsonObject[], b: JsonValue): true | string;
  /** `subAtoms` for one of several alternatives: a failed one gives its steps back. */
  alternative(atoms: readonly JsonObject[], b: JsonValue): true | string;
  /** A schema of side `a` or `b` that is a reference, read as its target for disjoint(). */
  targets(side: "a" | "b"): (s: JsonValue) => JsonValue;
}

/** What is known about side A. */
export interface Facts {
  kinds: Kinds;
  values: JsonValue[] | undefined;
  /**
   * The property names B's conjuncts name together (an allOf on B is checked one conjunct at a
   * time, and a property named in one conjunct is named by B).
   */
  bNames?: ReadonlySet<string> | undefined;
}

type Check = (p: Prover, atoms: readonly JsonObject[], part: JsonObject, facts: Facts) =>
  | true
  | string;

const GROUP_OF: Record<string, string> = {
  type: "type",
  nullable: "type",
  enum: "enum",
  const: "enum",
  minimum: "number",
  exclusiveMinimum: "number",
  maximum: "number",
  exclusiveMaximum: "number",
  multipleOf: "number",
  minLength: "string",
  maxLength: "string",
  pattern: "string",
  format: "string",
  contentEncoding: "string",
  contentMediaType: "string",
  contentSchema: "string",
  items: "array",
  prefixItems: "array",
  additionalItems: "array",
  minItems: "array",
  maxItems: "array",
  uniqueItems: "array",
  contains: "array",
  minContains: "array",
  maxContains: "array",
  unevaluatedItems: "array",
  properties: "object",
  additionalProperties: "object",
  patternProperties: "object",
  required: "object",
  minProperties: "object",
  maxProperties: "object",
  propertyNames: "object",
  dependentRequired: "object",
  dependentSchemas: "object",
  dependencies: "object",
  unevaluatedProperties: "object",
  if: "if",
  then: "if",
  else: "if",
  not: "not",
  anyOf: "anyOf",
  oneOf: "oneOf",
};

/** The group of a constraining keyword, or undefined when the proof does not decide it. */
export function groupOf(keyword: string): string | undefined {
  return Object.hasOwn(GROUP_OF, keyword) ? GROUP_OF[keyword] : undefined;
}

const num = (s: JsonObject, k: string): number | undefined =>
  typeof s[k] === "number" ? s[k] as number : undefined;

/** Evaluates every value of a finite A on `part`: true, false, or undefined (cannot tell). */
function byValues(facts: Facts, part: JsonObject): boolean | undefined {
  if (facts.values === undefined) return undefined;
  let all = true;
  for (const v of facts.values) {
    const ok = satisfies(v, part);
    if (ok === undefined) return undefined;
    all &&= ok;
  }
  return all;
}

/** The tightest count bound over the atoms: the largest minimum or the smallest maximum. */
function tightest(atoms: readonly JsonObject[], key: string, lower: boolean): number | undefined {
  let best: number | undefined;
  for (const a of atoms) {
    const v = num(a, key);
    if (v !== undefined && (best === undefined || (lower ? v > best : v < best))) best = v;
  }
  return best;
}

function counts(
  atoms: readonly JsonObject[],
  part: JsonObject,
  keys: readonly [string, boolean][],
): true | string {
  for (const [key, lower] of keys) {
    const want = num(part, key);
    // Every count is at least 0: a lower bound of 0 holds of any value.
    if (want === undefined || (lower && want <= 0)) continue;
    const have = tightest(atoms, key, lower);
    if (have === undefined || (lower ? have < want : have > want)) {
      return `${key} ${want} is not implied by the other schema`;
    }
  }
  return true;
}

interface Bound {
  value: number;
  exclusive: boolean;
}

/** The effective bound of one schema object (both draft forms), integral when asked. */
function boundOf(s: JsonObject, lower: boolean, integral: boolean): Bound | undefined {
  const [inc, exc] = lower ? ["minimum", "exclusiveMinimum"] : ["maximum", "exclusiveMaximum"];
  const candidates: Bound[] = [];
  const m = num(s, inc), x = s[exc];
  if (m !== undefined) candidates.push({ value: m, exclusive: x === true });
  if (typeof x === "number") candidates.push({ value: x, exclusive: true });
  const norm = (b: Bound): Bound => {
    if (!integral) return b;
    if (lower) {
      return {
        value: b.exclusive ? Math.floor(b.value) + 1 : Math.ceil(b.value),
        exclusive: false,
      };
    }
    return { value: b.exclusive ? Math.ceil(b.value) - 1 : Math.floor(b.value), exclusive: false };
  };
  let best: Bound | undefined;
  for (const c of candidates.map(norm)) {
    if (best === undefined || tighter(c, best, lower)) best = c;
  }
  return best;
}

function tighter(a: Bound, b: Bound, lower: boolean): boolean {
  if (a.value !== b.value) return lower ? a.value > b.value : a.value < b.value;
  return a.exclusive && !b.exclusive;
}

const typeCheck: Check = (_p, _atoms, part, facts) => {
  const want = kindsOf(part);
  if (facts.values !== undefined) {
    const ok = byValues(facts, { ...part });
    if (ok === true) return true;
  }
  return facts.kinds.within(want) ? true : "the accepted types are not contained";
};

const enumCheck: Check = (_p, _atoms, part, facts) => {
  if (facts.values === undefined) return "the allowed values became restricted";
  return byValues(facts, part) === true ? true : "the allowed values are not contained";
};

/** Whether a conjunction accepts some safe integer, by its bounds, values and multipleOf. */
function acceptsSafeIntegers(atoms: readonly JsonObject[]): boolean {
  const joint = jointFacts(atoms.map(integerFacts));
  return joint !== undefined && acceptsSafeInteger(joint);
}

const numberCheck: Check = (p, atoms, part, facts) => {
  if (!facts.kinds.has("number")) return true;
  if (byValues(facts, part) === true) return true;
  const integral = facts.kinds.integral();
  // A bound at the safe-integer limit rejects no integer a JSON client sends exactly, while
  // some safe integer is left (_safe_integer.ts).
  let left: boolean | undefined;
  const limit = (want: Bound, lower: boolean) =>
    p.safeIntegers && integral && admitsEverySafeInteger(want, lower) &&
    (left ??= acceptsSafeIntegers(atoms));
  for (const lower of [true, false]) {
    const want = boundOf(part, lower, integral);
    if (want === undefined || limit(want, lower)) continue;
    let have: Bound | undefined;
    for (const a of atoms) {
      const b = boundOf(a, lower, integral);
      if (b !== undefined && (have === undefined || tighter(b, have, lower))) have = b;
    }
    if (have === undefined || tighter(want, have, lower)) {
      return `the ${lower ? "lower" : "upper"} bound is not implied`;
    }
  }
  const m = num(part, "multipleOf");
  if (m !== undefined) {
    const ok = atoms.some((a) => {
      const k = num(a, "multipleOf");
      return k !== undefined && Math.abs(k / m - Math.round(k / m)) < 1e-9 && k / m >= 1 - 1e-9;
    }) || (m === 1 && integral) || commonMultiple(atoms) % m === 0;
    if (!ok) return `multipleOf ${m} is not implied`;
  }
  return true;
};

/**
 * The least common multiple of the integer multipleOf values of `atoms` (a value they all divide
 * is what it divides: multipleOf 4 and 6 are multipleOf 12), or NaN when none is a positive safe
 * integer or the multiple is not safe.
 */
function commonMultiple(atoms: readonly JsonObject[]): number {
  let out = NaN;
  for (const a of atoms) {
    const k = num(a, "multipleOf");
    if (k === undefined || !Number.isSafeInteger(k) || k <= 0) continue;
    if (Number.isNaN(out)) {
      out = k;
      continue;
    }
    let [x, y] = [out, k];
    while (y !== 0) [x, y] = [y, x % y];
    out = (out / x) * k;
    if (!Number.isSafeInteger(out)) return NaN;
  }
  return out;
}

const stringCheck: Check = (p, atoms, part, facts) => {
  if (!facts.kinds.has("string")) return true;
  if (byValues(facts, part) === true) return true;
  const bounds = counts(atoms, part, [["minLength", true], ["maxLength", false]]);
  if (bounds !== true) return bounds;
  if (typeof part.pattern === "string") {
    const want = part.pattern;
    const reasons: string[] = [];
    const ok = atoms.some((a) => {
      if (typeof a.pattern !== "string") return false;
      const verdict = patternSubset(a.pattern, want);
      if ("reason" in verdict) reasons.push(verdict.reason);
      return "subset" in verdict && verdict.subset;
    });
    if (!ok) {
      return reasons.length > 0
        ? `patterns cannot be compared: ${reasons[0]}`
        : `pattern ${JSON.stringify(want)} is not implied`;
    }
  }
  for (const key of ["format", "contentEncoding", "contentMediaType", "contentSchema"]) {
    if (part[key] === undefined) continue;
    if (key === "format" && p.nonstandardFormats && isNonstandardFormat(part.format)) continue;
    if (!atoms.some((a) => sameJson(a[key], part[key]))) return `${key} is not implied`;
  }
  return true;
};

interface Tuple {
  prefix: JsonValue[];
  rest: JsonValue;
}

function tupleOf(s: JsonObject): Tuple {
  if (Array.isArray(s.items)) return { prefix: s.items, rest: s.additionalItems ?? true };
  return {
    prefix: Array.isArray(s.prefixItems) ? s.prefixItems : [],
    rest: s.items ?? true,
  };
}

const hasTuple = (s: JsonObject) =>
  s.items !== undefined || s.prefixItems !== undefined || s.additionalItems !== undefined;

const arrayCheck: Check = (p, atoms, part, facts) => {
  if (!facts.kinds.has("array")) return true;
  if (byValues(facts, part) === true) return true;
  const bounds = counts(atoms, part, [["minItems", true], ["maxItems", false]]);
  if (bounds !== true) return bounds;
  if (part.uniqueItems === true && !atoms.some((a) => a.uniqueItems === true)) {
    return "uniqueItems is not implied";
  }
  for (const key of ["contains", "minContains", "maxContains", "unevaluatedItems"]) {
    if (part[key] === undefined) continue;
    if (!atoms.some((a) => sameJson(a[key], part[key]))) return `${key} is not implied`;
  }
  if (!hasTuple(part)) return true;
  const want = tupleOf(part);
  const maxItems = tightest(atoms, "maxItems", false) ?? Infinity;
  const candidates = atoms.filter(hasTuple);
  let reason = "the item schemas are not implied";
  for (const c of candidates.length > 0 ? candidates : [{}]) {
    const have = tupleOf(c);
    const n = Math.max(have.prefix.length, want.prefix.length);
    let proof: true | string = true;
    for (let i = 0; i < n && i < maxItems && proof === true; i++) {
      proof = p.sub(have.prefix[i] ?? have.rest, want.prefix[i] ?? want.rest);
    }
    if (proof === true && n < maxItems) proof = p.sub(have.rest, want.rest);
    if (proof === true) return true;
    reason = proof;
  }
  return reason;
};

type Model = JsonValue[] | null;

/** The schemas that govern property `name` in `s`, `null` when nothing does, or a reason. */
function modelOf(s: JsonObject, name: string): Model | string {
  const props = isObject(s.properties) ? s.properties : {};
  const patterns = isObject(s.patternProperties) ? s.patternProperties : {};
  const out: JsonValue[] = [];
  if (Object.hasOwn(props, name)) out.push(props[name] as JsonValue);
  for (const pattern of Object.keys(patterns)) {
    const match = patternMatches(pattern, name);
    if (match === undefined) return `pattern ${JSON.stringify(pattern)} cannot be matched`;
    if (match) out.push(patterns[pattern] as JsonValue);
  }
  if (out.length === 0 && s.additionalProperties !== undefined) out.push(s.additionalProperties);
  return out.length === 0 ? null : out;
}

const conj = (m: Model): JsonValue => m === null ? true : m.length === 1 ? m[0]! : { allOf: m };

const hasShape = (s: JsonObject) =>
  s.properties !== undefined || s.additionalProperties !== undefined ||
  s.patternProperties !== undefined;

/**
 * Whether each property `names` lists satisfies B's schemas for it, given what the A atoms `cs`
 * say of it together (the schemas every atom gives it).
 */
function impliedProperties(
  p: Prover,
  cs: readonly JsonObject[],
  part: JsonObject,
  names: ReadonlySet<string>,
): true | string {
  for (const name of names) {
    const mb = modelOf(part, name);
    if (typeof mb === "string") return mb;
    if (mb === null) continue;
    const ma: JsonValue[] = [];
    for (const c of cs) {
      const m = modelOf(c, name);
      if (typeof m === "string") return m;
      if (m !== null) ma.push(...m);
    }
    for (const schema of mb) {
      const proof = p.sub(conj(ma.length === 0 ? null : ma), schema);
      if (proof !== true) return `property ${JSON.stringify(name)}: ${proof}`;
    }
  }
  return true;
}

/** Properties, patternProperties and additionalProperties of one A atom against B's. */
function shape(
  p: Prover,
  c: JsonObject,
  part: JsonObject,
  bNames: ReadonlySet<string> | undefined,
): true | string {
  const cProps = isObject(c.properties) ? c.properties : {};
  const bProps = isObject(part.properties) ? part.properties : {};
  const named = (props: JsonObject) => Object.keys(props).filter((n) => props[n] !== false);
  if (p.old !== "none") {
    // The seed's conventions grade a property removed or added on its own (removed is BREAKING
    // whatever the sets say), so a proof for a whole composition needs the same names on both
    // sides; asking it of both directions alike keeps the variance table symmetric.
    const inB = (n: string) => Object.hasOwn(bProps, n) || bNames?.has(n) === true;
    const gone = named(cProps).find((n) => !inB(n)) ??
      named(bProps).find((n) => !Object.hasOwn(cProps, n));
    if (gone !== undefined) return `property ${JSON.stringify(gone)} is named on one side only`;
  }
  const listed = new Set([...Object.keys(cProps), ...Object.keys(bProps)]);
  const properties = impliedProperties(p, [c], part, listed);
  if (properties !== true) return properties;
  const cPat = isObject(c.patternProperties) ? c.patternProperties : {};
  const bPat = isObject(part.patternProperties) ? part.patternProperties : {};
  const cAdd = c.additionalProperties ?? true;
  for (const q of Object.keys(bPat)) {
    const proof = Object.hasOwn(cPat, q)
      ? p.sub(cPat[q] as JsonValue, bPat[q] as JsonValue)
      : [cAdd, ...Object.values(cPat)].map((x) => p.sub(x, bPat[q] as JsonValue)).find((r) =>
        r !== true
      ) ?? true;
    if (proof !== true) return `patternProperties ${JSON.stringify(q)}: ${proof}`;
  }
  if (part.additionalProperties !== undefined) {
    const others = Object.keys(cPat).filter((q) => !Object.hasOwn(bPat, q));
    for (const x of [cAdd, ...others.map((q) => cPat[q] as JsonValue)]) {
      const proof = p.sub(x, part.additionalProperties);
      if (proof !== true) return `additionalProperties: ${proof}`;
    }
  }
  return true;
}

/**
 * Properties and additionalProperties of several A atoms taken together (an allOf of objects,
 * as zod 3 writes an intersection) against B's: a property's value must satisfy what every atom
 * says of it, and a name no atom lists what every atom's additionalProperties says. zod 4 writes
 * the same intersection as one object, which no single atom implies.
 */
function conjunctionShape(
  p: Prover,
  cs: readonly JsonObject[],
  part: JsonObject,
  bNames: ReadonlySet<string> | undefined,
): true | string {
  if (cs.some((c) => c.patternProperties !== undefined) || part.patternProperties !== undefined) {
    return "patternProperties of several schemas together are not decided";
  }
  const propsOf = (s: JsonObject) => isObject(s.properties) ? s.properties : {};
  const named = (props: JsonObject) => Object.keys(props).filter((n) => props[n] !== false);
  const aNames = new Set(cs.flatMap((c) => named(propsOf(c))));
  const bProps = propsOf(part);
  if (p.old !== "none") {
    // As in shape(): a proof for a whole composition needs the same names on both sides.
    const gone = [...aNames].find((n) => !Object.hasOwn(bProps, n) && bNames?.has(n) !== true) ??
      named(bProps).find((n) => !aNames.has(n));
    if (gone !== undefined) return `property ${JSON.stringify(gone)} is named on one side only`;
  }
  const listed = new Set([...cs.flatMap((c) => Object.keys(propsOf(c))), ...Object.keys(bProps)]);
  const properties = impliedProperties(p, cs, part, listed);
  if (properties !== true) return properties;
  if (part.additionalProperties !== undefined) {
    const rest = cs.flatMap((c) =>
      c.additionalProperties === undefined ? [] : [c.additionalProperties]
    );
    const proof = p.sub(conj(rest.length === 0 ? null : rest), part.additionalProperties);
    if (proof !== true) return `additionalProperties: ${proof}`;
  }
  return true;
}

const objectCheck: Check = (p, atoms, part, facts) => {
  if (!facts.kinds.has("object")) return true;
  if (byValues(facts, part) === true) return true;
  const bounds = counts(atoms, part, [["minProperties", true], ["maxProperties", false]]);
  if (bounds !== true) return bounds;
  if (Array.isArray(part.required)) {
    const have = new Set(atoms.flatMap((a) => Array.isArray(a.required) ? a.required : []));
    const missing = part.required.find((n) => !have.has(n));
    if (missing !== undefined) return `${JSON.stringify(missing)} became required`;
  }
  for (const key of ["dependentRequired", "dependentSchemas", "dependencies"]) {
    const entries = part[key];
    if (!isObject(entries)) continue;
    for (const name of Object.keys(entries)) {
      // A schema that every value of A meets (one that accepts every value, or that A implies:
      // the names A rejects are none it constrains) holds wherever it applies; what it marks
      // evaluated for an unevaluatedProperties is the proof's to weigh apart.
      const entry = entries[name]!;
      if (
        key !== "dependentRequired" && !Array.isArray(entry) &&
        (p.sub(true, entry) === true || p.sub(conj([...atoms]), entry) === true)
      ) continue;
      const ok = atoms.some((a) => isObject(a[key]) && sameJson(a[key][name], entry));
      if (!ok) return `${key} of ${JSON.stringify(name)} is not implied`;
    }
  }
  if (part.unevaluatedProperties !== undefined) {
    if (!atoms.some((a) => sameJson(a.unevaluatedProperties, part.unevaluatedProperties))) {
      return "unevaluatedProperties is not decided";
    }
  }
  // A name schema that accepts every string holds for every object: property names are strings
  // (zod 4's record writes {type: "string"}, which compare_tool.ts has already emptied).
  if (part.propertyNames !== undefined && p.sub({ type: "string" }, part.propertyNames) !== true) {
    const ok = atoms.some((a) =>
      a.propertyNames !== undefined && p.sub(a.propertyNames, part.propertyNames!) === true
    );
    if (!ok) return "propertyNames is not implied";
  }
  if (!hasShape(part)) return true;
  const candidates = atoms.filter(hasShape);
  let reason = "the property schemas are not implied";
  for (const c of candidates.length > 0 ? candidates : [{}]) {
    const proof = shape(p, c, part, facts.bNames);
    if (proof === true) return true;
    reason = proof;
  }
  if (candidates.length < 2) return reason;
  const together = conjunctionShape(p, candidates, part, facts.bNames);
  return together === true ? true : reason;
};

const conditionCheck: Check = (p, atoms, part) => {
  // Without an `if`, `then` and `else` constrain nothing. Read as constraints they also sent a
  // proof round a definition that reaches itself through them until its step budget ran out,
  // so a union with such a branch beside `true` was not proven to accept everything (fast-check
  // seed 5335200).
  if (part.if === undefined) return true;
  const then = part.then ?? true, otherwise = part.else ?? true;
  for (const a of atoms) {
    if (a.if === undefined || !sameJson(a.if, part.if)) continue;
    if (p.sub(a.then ?? true, then) === true && p.sub(a.else ?? true, otherwise) === true) {
      return true;
    }
  }
  const both = p.subAtoms(atoms, then);
  if (both !== true) return `if/then/else: ${both}`;
  const other = p.subAtoms(atoms, otherwise);
  return other === true ? true : `if/then/else: ${other}`;
};

/** The most properties below one another that {@link disjoint} follows a name through. */
const MAX_DISJOINT_DEPTH = 32;
/** The most pairs of schemas one {@link disjoint} question compares. */
const MAX_DISJOINT_STEPS = 256;

/** Options of {@link disjoint}. */
export interface DisjointOptions {
  /**
   * Read the branches of a union (apart when every branch is) and of an allOf (apart when one
   * branch is), pairs met again below themselves overlapping, at most
   * {@link MAX_DISJOINT_STEPS} pairs a question: `oneOf [anyOf [string, null], integer]` and
   * variants written `allOf [Base, {kind: const}]` are apart. Asked where a change inside a
   * oneOf branch is graded, and by the proof's not check of what the not negates; the rest of
   * the proof and the readings of a union as written keep to the schemas' own keywords.
   */
  branches?: boolean;
}

/** How far one {@link disjoint} question has gone. */
interface Search {
  asking: [JsonValue, JsonValue][];
  branches: boolean;
  left: number;
}

/**
 * Whether no value is valid under both schemas, by kinds, values, a required discriminator or a
 * required name the other schema forbids (and, asked to, the branches of unions and allOfs:
 * {@link DisjointOptions}). `resolve` reads a schema that is a reference as its target (both
 * schemas and their properties' are in one document): pydantic writes each variant of a
 * discriminated union as a `$ref` to a definition that holds its tag.
 * A pair of schemas met again below itself (definitions that reach themselves) may overlap.
 */
export function disjoint(
  x: JsonValue,
  y: JsonValue,
  resolve: (s: JsonValue) => JsonValue = (s) => s,
  options: DisjointOptions = {},
): boolean {
  const search = { asking: [], branches: options.branches === true, left: MAX_DISJOINT_STEPS };
  return apart(x, y, resolve, search);
}

/** {@link disjoint} below the pairs it is asking about, as written, outermost first. */
function apart(
  x: JsonValue,
  y: JsonValue,
  resolve: (s: JsonValue) => JsonValue,
  search: Search,
): boolean {
  const { asking } = search;
  const met = (u: JsonValue, v: JsonValue) => asking.some(([a, b]) => a === u && b === v);
  if (asking.length >= MAX_DISJOINT_DEPTH || met(x, y)) return false;
  if (search.branches && --search.left < 0) return false;
  const pair: [JsonValue, JsonValue] = [x, y];
  x = resolve(x);
  y = resolve(y);
  if (x === false || y === false) return true;
  if (!isObject(x) || !isObject(y)) return false;
  if (excludes(x, y) || excludes(y, x)) return true;
  const vx = valuesFrom(x), vy = valuesFrom(y);
  // A const or enum accepts its values' kinds alone: {const: true} meets no string nor number,
  // and an enum of mixed kinds meets a typed branch only through a member of that branch's kind
  // (an integer is a number).
  const shared = kindsWithValues(x, vx).intersect(kindsWithValues(y, vy));
  if (shared.empty()) return true;
  if (vx !== undefined && vy !== undefined && !vx.some((v) => vy.some((w) => sameJson(v, w)))) {
    return true;
  }
  const [sx, sy] = [x, y];
  if (search.branches && branchesApart(pair, [sx, sy], resolve, search)) return true;
  // A required property tells objects apart only: a value of another kind both accept (5 for two
  // untyped schemas) ignores required and properties, and so meets both.
  if (![...shared.set].every((kind) => kind === "object")) return false;
  // A name either side requires is in every common value, which must then be valid under what
  // both say of it: a discriminator with one constant per branch (required by one branch at
  // least), or zod 4's z.xor of closed objects (additionalProperties false, each requiring a
  // name the other does not declare).
  const names = new Set([...requiredOf(x), ...requiredOf(y)]);
  asking.push(pair);
  try {
    return [...names].some((n) =>
      apart(propertyRule(sx, n).schema, propertyRule(sy, n).schema, resolve, search)
    );
  } finally {
    asking.pop();
  }
}

/**
 * Whether the schemas `read` (`written`, past their references) are apart by the branches of
 * either (see {@link partsApart}), each pair asked once below: a definition reached again through
 * another reference object is the same pair, met again.
 */
function branchesApart(
  written: [JsonValue, JsonValue],
  [x, y]: [JsonObject, JsonObject],
  resolve: (s: JsonValue) => JsonValue,
  search: Search,
): boolean {
  const { asking } = search;
  const read = written[0] !== x || written[1] !== y;
  if (read && asking.some(([a, b]) => a === x && b === y)) return false;
  const depth = asking.length;
  if (read) asking.push([x, y]);
  asking.push(written);
  try {
    return partsApart(x, y, resolve, search) || partsApart(y, x, resolve, search);
  } finally {
    asking.length = depth;
  }
}

/**
 * Whether every value of `x` lies in a part of it apart from `y`: each branch of its anyOf or
 * oneOf (a value matches one at least), or one branch of its allOf (a value matches them all).
 * Not beside a reference, whose siblings draft-07 ignores (`resolve` has read those it can).
 */
function partsApart(
  x: JsonObject,
  y: JsonObject,
  resolve: (s: JsonValue) => JsonValue,
  search: Search,
): boolean {
  if (REF_KEYWORDS.some((k) => Object.hasOwn(x, k))) return false;
  for (const key of ["anyOf", "oneOf"]) {
    const list = x[key];
    if (
      Array.isArray(list) && list.length > 0 &&
      list.every((b) => apart(b as JsonValue, y, resolve, search))
    ) return true;
  }
  const all = x.allOf;
  return Array.isArray(all) && all.some((b) => apart(b as JsonValue, y, resolve, search));
}

/**
 * Whether the `not` of `x` holds every value of `y`, by what `y` itself says of kinds and required
 * names: agent-device 0.21.3's fill.outputSchema tells its oneOf branches apart by `not:
 * {type: object, properties: {}, required: [verification]}` in one and `required:
 * [verification]` in the other. Only a `not` of a type, required names and properties that accept
 * everything is read; a `y` with a `$ref` beside (draft-07 ignores its siblings) is not.
 */
function excludes(x: JsonObject, y: JsonObject): boolean {
  const n = x.not;
  if (!isObject(n) || Object.hasOwn(y, "$ref")) return false;
  for (const key of Object.keys(n)) {
    if (key === "type" || key === "required" || isAnnotationKeyword(key)) continue;
    const props = n.properties;
    if (key === "properties" && isObject(props) && Object.values(props).every(acceptsEverything)) {
      continue;
    }
    return false;
  }
  if (n.type !== undefined && !kindsOf(y).within(kindsOf(n))) return false;
  const names = requiredOf(n);
  if (
    n.required !== undefined && (!Array.isArray(n.required) || names.length !== n.required.length)
  ) {
    return false;
  }
  const held = new Set(requiredOf(y));
  return names.every((name) => held.has(name));
}

function requiredOf(s: JsonObject): string[] {
  return Array.isArray(s.required)
    ? s.required.filter((n): n is string => typeof n === "string" && n !== "__proto__")
    : [];
}

/** The kinds a schema object accepts by its `type`, cut to those of its values if it pins some. */
function kindsWithValues(s: JsonObject, values: JsonValue[] | undefined): Kinds {
  const kinds = kindsOf(s);
  return values === undefined
    ? kinds
    : kinds.intersect(new Kinds(new Set(values.map(kindOfValue))));
}

function valuesFrom(s: JsonObject): JsonValue[] | undefined {
  if (Object.hasOwn(s, "const")) return [s.const as JsonValue];
  return Array.isArray(s.enum) ? s.enum : undefined;
}

const notCheck: Check = (p, atoms, part, facts) => {
  const written = part.not as JsonValue;
  // not(A's X) ⊆ not(inner) when inner ⊆ X; inner is read in B's root, X in A's.
  if (atoms.some((a) => a.not !== undefined && p.subReversed(written, a.not) === true)) {
    return true;
  }
  // The checks below read a reference as its target in B's root (see targetIn(): keywords
  // beside it that a reader may ignore are left out, which only accepts more): anyOf [{not:
  // {$ref: Obj}}, null] → anyOf [{not: {$ref: Obj}}, string] accepts the same values, where the
  // null and the string read as outside the not, and the branches as removed and added.
  const inner = p.targets("b")(written);
  if (facts.values !== undefined && isObject(inner)) {
    const hit = facts.values.map((v) => satisfies(v, inner));
    if (hit.every((h) => h === false)) return true;
  }
  // Read through the branches of the union it negates: a value apart from every branch of an
  // anyOf or oneOf (one of an allOf) is outside it. not (oneOf [integer, string]) holds null,
  // where anyOf [D, array] → anyOf [anyOf [D, null], array] read null as added one way and the
  // reverse as removed, with D that not (the chained-definitions oracle read both ways).
  if (atoms.some((a) => disjoint(a, inner, undefined, { branches: true }))) return true;
  if (isObject(inner) && facts.kinds.intersect(kindsOf(inner)).empty()) return true;
  return "not: the excluded values may overlap";
};

/** Whether a schema holds no constraint: `true`, or annotations only. */
const acceptsEverything = (schema: JsonValue): boolean =>
  schema === true || (isObject(schema) && Object.keys(schema).every(isAnnotationKeyword));

/** The most values a union check tries one by one. */
const MAX_SPLIT_VALUES = 256;

/** The `type` values a conjunction's kinds fall into: the pieces it splits into by type. */
function typePieces(kinds: Kinds): string[] {
  const out = [...kinds.set].filter((k) => k !== "integer" && k !== "fraction");
  if (kinds.set.has("fraction")) out.push("number");
  else if (kinds.set.has("integer")) out.push("integer");
  return out.sort();
}

const unionCheck = (exclusive: boolean): Check => (p, atoms, part, facts) => {
  const key = exclusive ? "oneOf" : "anyOf";
  const branches = part[key];
  if (!Array.isArray(branches)) return `${key} is not an array`;
  if (exclusive) {
    const resolve = p.targets("b");
    if (oneBranchEach(facts, branches, resolve)) return true;
    for (let i = 0; i < branches.length; i++) {
      for (let j = i + 1; j < branches.length; j++) {
        if (!disjoint(branches[i] as JsonValue, branches[j] as JsonValue, resolve)) {
          return `oneOf branches ${i} and ${j} may overlap, so a value may match both`;
        }
      }
    }
  }
  // A branch that accepts everything holds every value. Asked first: a branch before it whose
  // proof runs the step budget out (a definition that reaches itself) left nothing for it, and
  // `true` wrapped in anyOf beside such a branch was not proven within the union (fast-check
  // seed 10894338).
  if (!exclusive && branches.some(acceptsEverything)) return true;
  let reason: string | undefined;
  for (const branch of likelyFirst(atoms, branches)) {
    const proof = p.alternative(atoms, branch as JsonValue);
    if (proof === true) return true;
    // The closest branch's reason says most, unless a branch could not be decided.
    if (reason === undefined || proof.includes(OUT_OF_STEPS)) reason = proof;
  }
  reason ??= `no ${key} branch accepts every value`;
  // Values may each find their branch by type or, when they are few, one by one:
  // {type: [string, null]} is within anyOf [{type: string}, {type: null}], and {enum: [a, b]}
  // within anyOf [{const: a}, {const: b}] (zod 3 writes the one, zod 4 the other).
  const pieces: JsonObject[] = typePieces(facts.kinds).map((type) => ({ type }));
  const values = facts.values ?? [];
  const split = (parts: JsonObject[]) =>
    parts.length > 1 &&
    parts.every((piece) =>
      branches.some((branch) => p.alternative([...atoms, piece], branch as JsonValue) === true)
    );
  if (split(pieces)) return true;
  if (values.length <= MAX_SPLIT_VALUES && split(values.map((value) => ({ const: value })))) {
    return true;
  }
  return `${key}: ${reason}`;
};

/**
 * Whether each value of a finite A matches exactly one of a oneOf's `branches`, each read by
 * its own keywords (a lone local reference through its target, which `resolve` reads exactly):
 * then A is within the oneOf though its branches overlap. oneOf [{$ref: Obj}, {}] accepts every
 * value but an object, so enum [a] lies within it, where the overlapping branches failed the
 * proof and anyOf [that oneOf] → anyOf [that oneOf, enum [a]] read a branch added one way and
 * removed the other (the chained-definitions oracle read both ways).
 */
function oneBranchEach(
  facts: Facts,
  branches: readonly JsonValue[],
  resolve: (s: JsonValue) => JsonValue,
): boolean {
  const values = facts.values;
  if (values === undefined || values.length > MAX_SPLIT_VALUES) return false;
  const read = branches.map((b) => {
    const lone = isObject(b) && typeof b.$ref === "string" &&
      Object.keys(b).every((k) => k === "$ref" || isAnnotationKeyword(k));
    const t = lone ? resolve(b) : b;
    if (isObject(t) && Object.hasOwn(t, "$ref")) return undefined;
    return t;
  });
  return values.every((v) => {
    let hits = 0;
    for (const t of read) {
      const ok = t === true || t === false ? t : isObject(t) ? satisfies(v, t) : undefined;
      if (ok === undefined) return false;
      if (ok) hits++;
    }
    return hits === 1;
  });
}

/**
 * A union's branches, those that share the most keywords (name and value) with A's conjuncts
 * first: all share one step budget, and a union compared with its next version finds each
 * branch's counterpart at once instead of after every branch before it (100 branches each tried
 * against all others ran the budget out, and the proof of a branch added failed).
 */
function likelyFirst(atoms: readonly JsonObject[], branches: readonly JsonValue[]): JsonValue[] {
  const shared = (branch: JsonValue) =>
    isObject(branch)
      ? Object.keys(branch).filter((k) => atoms.some((a) => sameJson(a[k], branch[k]))).length
      : 0;
  const scores = branches.map(shared);
  return branches.map((b, i) => ({ b, i, s: scores[i]! }))
    .sort((x, y) => y.s - x.s || x.i - y.i)
    .map((x) => x.b);
}

/** The check of each group. */
export const GROUP_CHECKS: ReadonlyMap<string, Check> = new Map([
  ["type", typeCheck],
  ["enum", enumCheck],
  ["number", numberCheck],
  ["string", stringCheck],
  ["array", arrayCheck],
  ["object", objectCheck],
  ["if", conditionCheck],
  ["not", notCheck],
  ["anyOf", unionCheck(false)],
  ["oneOf", unionCheck(true)],
]);

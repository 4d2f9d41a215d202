/**
 * Verdicts of the catch-all differ for the facets that hold values rather than subschemas:
 * type, enum/const, bounds, multipleOf, string facets, uniqueItems, required.
 * Each takes a keyword reader per side and returns the effect on the set of accepted values,
 * or `undefined` when the two sides accept the same values. Private to `catch_all.ts`.
 * @module
 */
import { type JsonObject, type JsonValue, own } from "../json.ts";
import type { Effect, Side } from "./types.ts";
import { patternSubset } from "./pattern.ts";
import { nonstandardFormatChange } from "./_formats.ts";
import { defaultedRequired } from "./_defaulted_required.ts";
import { requiredByBranches } from "./_required_names.ts";
import { zodPatternAdded } from "./_zod_patterns.ts";
import { schemaItemLimit } from "./_array_length.ts";
import {
  acceptsSafeInteger,
  admitsEverySafeInteger,
  compareBounds,
  type IntegerFacts,
  integerOnly,
  jointFacts,
  type NumericBound,
} from "./_safe_integer.ts";
import { integerBound } from "./_integer_bound.ts";
import { listedBetween, listedOffMultiple, listedThrough } from "./_enum_bounds.ts";
import { hasValue, valueCount, type ValueSet, valueSet, valueSubset } from "./_catch_all_json.ts";

/** Reads one known keyword of one side's schema object (`undefined` when absent or unknown). */
export type Read = (keyword: string) => JsonValue | undefined;

/** The effect of a change, with a short description of it for the message. */
export interface Verdict {
  effect: Effect;
  detail: string;
}

/** Where a facet is compared: the schema's side, and whether an odd number of `not`s holds it. */
export interface VerdictAt {
  side: Side;
  neg: boolean;
  /** The new schema's root, for local references inside values' schemas. */
  newRoot: JsonValue;
  /**
   * Readers of the schemas that the node's local `$ref` chain reaches on one side, which apply
   * to its values too; `undefined` when the chain leads to `false` or cannot be followed.
   */
  referenced(which: "old" | "new"): Read[] | undefined;
}

/** A scalar facet's verdict function. */
export type VerdictOf = (old: Read, next: Read, at: VerdictAt) => Verdict | undefined;

/** Quotes a value for a message; objects are only named, so messages stay short and stable. */
export const q = (value: unknown): string =>
  Array.isArray(value)
    ? `an array of ${value.length}`
    : typeof value === "object" && value !== null
    ? "an object"
    : JSON.stringify(value) ?? "nothing";

/** Verdict from two inclusion tests: equal sets, widened, narrowed or changed. */
function bySubsets(oldInNew: boolean, newInOld: boolean, detail: string): Verdict | undefined {
  if (oldInNew && newInOld) return undefined;
  return { effect: oldInNew ? "widened" : newInOld ? "narrowed" : "changed", detail };
}

const INVALID = Symbol("invalid");
const changedInvalid = (what: string): Verdict => ({
  effect: "changed",
  detail: `${what} has a value of the wrong type on one side`,
});

// ---- type + nullable -------------------------------------------------------------------------

const BASIC_TYPES = ["array", "boolean", "null", "number", "object", "string"];
type TypeSet = "all" | Set<string>;

function typeSet(read: Read): TypeSet | typeof INVALID {
  const type = read("type"), nullable = read("nullable");
  if (nullable !== undefined && typeof nullable !== "boolean") return INVALID;
  if (type === undefined) return "all";
  let set: Set<string>;
  if (typeof type === "string") set = new Set([type]);
  else if (Array.isArray(type) && type.every((t) => typeof t === "string")) {
    set = new Set(type as string[]);
  } else return INVALID;
  if (nullable === true) set.add("null");
  return set;
}

function typeSubset(a: TypeSet, b: TypeSet): boolean {
  if (b === "all") return true;
  const covers = (t: string) => b.has(t) || (t === "integer" && b.has("number"));
  return a === "all" ? BASIC_TYPES.every(covers) : [...a].every(covers);
}

const showTypes = (s: TypeSet): string => s === "all" ? "any" : q([...s].sort().join("|"));

/** The type of a value: `integer` for an integral number. */
function typeOfValue(value: JsonValue): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/**
 * The types a side's values can have: those of its `enum`/`const` values within its type set,
 * or the type set when it lists no values (`{enum: ["a"]}` accepts strings only).
 */
function effectiveTypes(read: Read): TypeSet | typeof INVALID {
  const declared = typeSet(read);
  const values = read("enum"), hasConst = read("const") !== undefined;
  if (declared === INVALID || (!hasConst && !Array.isArray(values))) return declared;
  const listed = hasConst ? [read("const") as JsonValue] : values as JsonValue[];
  const out = new Set<string>();
  for (const value of listed) {
    const type = typeOfValue(value);
    if (typeSubset(new Set([type]), declared)) out.add(type);
  }
  return out;
}

/** The types both accept (an integer is a number). */
function commonTypes(x: TypeSet, y: TypeSet): TypeSet {
  if (x === "all") return y;
  if (y === "all") return x;
  const out = new Set<string>();
  for (const t of x) {
    if (y.has(t) || (t === "integer" && y.has("number"))) out.add(t);
    else if (t === "number" && y.has("integer")) out.add("integer");
  }
  return out;
}

/**
 * The types a side's values can have together with the schemas its local `$ref` chain reaches,
 * which apply too (draft 2019-09 and later); its own when the chain cannot be read.
 */
function jointTypes(
  read: Read,
  which: "old" | "new",
  at: VerdictAt,
  types = effectiveTypes,
): TypeSet | typeof INVALID {
  const own = types(read), referenced = at.referenced(which);
  if (own === INVALID || referenced === undefined) return own;
  let result: TypeSet = own;
  for (const r of referenced) {
    const t = types(r);
    if (t === INVALID) return own;
    result = commonTypes(result, t);
  }
  return result;
}

const sameTypes = (x: TypeSet, y: TypeSet): boolean =>
  x === "all" || y === "all" ? x === y : x.size === y.size && [...x].every((t) => y.has(t));

const typeVerdict: VerdictOf = (old, next, at) => {
  const a = jointTypes(old, "old", at), b = jointTypes(next, "new", at);
  if (a === INVALID || b === INVALID) return changedInvalid('"type" or "nullable"');
  // The same declared types: listed values that came or went are the enum's change, graded there.
  const da = jointTypes(old, "old", at, typeSet), db = jointTypes(next, "new", at, typeSet);
  if (da !== INVALID && db !== INVALID && sameTypes(da, db)) return undefined;
  return bySubsets(
    typeSubset(a, b),
    typeSubset(b, a),
    `accepted types ${showTypes(a)} became ${showTypes(b)}`,
  );
};

// ---- enum + const ----------------------------------------------------------------------------

function enumSet(read: Read): ValueSet | typeof INVALID {
  const values = read("enum"), hasConst = read("const") !== undefined;
  if (values !== undefined && !Array.isArray(values)) return INVALID;
  if (!hasConst) return values === undefined ? "all" : valueSet(values);
  const c = read("const") as JsonValue;
  if (values === undefined || hasValue(valueSet(values), c)) return valueSet([c]);
  return valueSet([]);
}

const showCount = (set: ValueSet): string => {
  const n = valueCount(set);
  return n === Infinity ? "any value" : n === 1 ? "1 value" : `${n} values`;
};

/** The values `enum`/`const` allow, as written (`undefined`: any). */
function allowed(read: Read): JsonValue[] | undefined {
  const values = read("enum"), c = read("const");
  if (c === undefined) return Array.isArray(values) ? values : undefined;
  return values === undefined || (Array.isArray(values) && hasValue(valueSet(values), c))
    ? [c]
    : [];
}

/**
 * The values a side allows together with the schemas its local `$ref` chain reaches (their
 * intersection); its own when the chain cannot be read.
 */
function jointValues(read: Read, which: "old" | "new", at: VerdictAt): ValueSet | typeof INVALID {
  const own = enumSet(read), referenced = at.referenced(which);
  // With no schema reached, the values kept are its own: no second set of them is built.
  if (own === INVALID || referenced === undefined || referenced.length === 0) return own;
  const reads = [read, ...referenced];
  const sets = reads.map(enumSet);
  if (sets.includes(INVALID)) return own;
  const first = reads.findIndex((_, i) => sets[i] !== "all");
  if (first < 0) return "all";
  const kept = (allowed(reads[first]!) ?? []).filter((v) =>
    sets.every((set) => hasValue(set as ValueSet, v))
  );
  return valueSet(kept);
}

const enumVerdict: VerdictOf = (old, next, at) => {
  const a = jointValues(old, "old", at), b = jointValues(next, "new", at);
  if (a === INVALID || b === INVALID) return changedInvalid('"enum"');
  return bySubsets(
    valueSubset(a, b),
    valueSubset(b, a),
    `allowed values went from ${showCount(a)} to ${showCount(b)}`,
  );
};

// ---- numeric bounds --------------------------------------------------------------------------

/** Effective bound of `minimum`/`exclusiveMinimum` (or the maximum pair), both draft forms. */
function bound(read: Read, inclusive: string, exclusive: string, lower: boolean) {
  const m = read(inclusive), x = read(exclusive);
  if (m !== undefined && typeof m !== "number") return INVALID;
  if (x !== undefined && typeof x !== "number" && typeof x !== "boolean") return INVALID;
  let result: NumericBound | undefined = typeof m === "number"
    ? { value: m, exclusive: x === true }
    : undefined;
  if (typeof x === "number") {
    const candidate = { value: x, exclusive: true };
    if (result === undefined || compareBounds(candidate, result, lower) > 0) result = candidate;
  }
  return result;
}

const showBound = (b: NumericBound | undefined): string =>
  b === undefined ? "none" : `${b.exclusive ? "exclusive " : ""}${b.value}`;

/** The integer facts of one side, or `undefined` when a keyword holds a value of the wrong type. */
function integerFacts(read: Read): IntegerFacts | undefined {
  const min = bound(read, "minimum", "exclusiveMinimum", true);
  const max = bound(read, "maximum", "exclusiveMaximum", false);
  const values = read("enum"), c = read("const"), m = read("multipleOf");
  if (min === INVALID || max === INVALID) return undefined;
  if (values !== undefined && !Array.isArray(values)) return undefined;
  if (m !== undefined && (typeof m !== "number" || m <= 0)) return undefined;
  return {
    min,
    max,
    // Only numbers count, and a number equals itself however it is written.
    values: c === undefined ? values : values === undefined || values.includes(c) ? [c] : [],
    multipleOf: m,
  };
}

/**
 * The values a side lists, itself or in its allOf, anyOf or oneOf branches (_enum_bounds.ts
 * listedThrough): it accepts no number but these.
 */
function listed(read: Read): readonly JsonValue[] | undefined {
  const node: JsonObject = {};
  for (const k of ["enum", "const", "allOf", "anyOf", "oneOf"]) {
    const v = read(k);
    if (v !== undefined) node[k] = v;
  }
  return listedThrough(node, (s) => integerFacts((k) => own(s, k))?.values);
}

/**
 * Whether a bound at the safe-integer limit is compared as none (_safe_integer.ts): on an input
 * schema, outside `not`, when each side, with the schemas its `$ref` reaches, accepts integers
 * only and some safe integer.
 */
function safeLimitExempt(old: Read, next: Read, at: VerdictAt): boolean {
  if (at.side !== "input" || at.neg) return false;
  return ([[old, "old"], [next, "new"]] as const).every(([read, which]) => {
    const referenced = at.referenced(which);
    if (referenced === undefined) return false;
    const reads = [read, ...referenced];
    const types = reads.map(typeSet);
    const sets = types.filter((t): t is Set<string> => t instanceof Set);
    if (types.includes(INVALID) || !sets.some(integerOnly)) return false;
    if (!sets.every((t) => t.has("integer") || t.has("number"))) return false;
    const facts = reads.map(integerFacts);
    if (facts.includes(undefined)) return false;
    const joint = jointFacts(facts as IntegerFacts[]);
    return joint !== undefined && acceptsSafeInteger(joint);
  });
}

/** Whether each side, with the schemas its `$ref` reaches, accepts integers and no other numbers. */
function bothInteger(old: Read, next: Read, at: VerdictAt): boolean {
  return ([[old, "old"], [next, "new"]] as const).every(([read, which]) => {
    const types = [read, ...(at.referenced(which) ?? [])].map(typeSet);
    if (types.includes(INVALID)) return false;
    const sets = types.filter((t): t is Set<string> => t instanceof Set);
    return sets.some(integerOnly) && sets.every((t) => t.has("integer") || t.has("number"));
  });
}

/**
 * The bound of one side together with those of the schemas its local `$ref` chain reaches, which
 * apply too (draft 2019-09 and later): the tighter one holds. A bound beside a `$ref` that the
 * target's is already tighter than changes nothing. Its own bound when the chain cannot be read.
 */
function jointBound<B>(
  own: B | typeof INVALID,
  which: "old" | "new",
  at: VerdictAt,
  of: (read: Read) => B | typeof INVALID,
  tighterThan: (x: B, y: B) => boolean,
): B | typeof INVALID {
  const referenced = at.referenced(which);
  if (own === INVALID || referenced === undefined) return own;
  let result = own;
  for (const read of referenced) {
    const b = of(read);
    if (b === INVALID) return own;
    if (tighterThan(b, result)) result = b;
  }
  return result;
}

function boundVerdict(inclusive: string, exclusive: string, lower: boolean): VerdictOf {
  return (old, next, at) => {
    const of = (read: Read) => bound(read, inclusive, exclusive, lower);
    const tighterThan = (x: NumericBound | undefined, y: NumericBound | undefined) =>
      compareBounds(x, y, lower) > 0;
    let a = jointBound(of(old), "old", at, of, tighterThan);
    let b = jointBound(of(next), "new", at, of, tighterThan);
    if (a === INVALID || b === INVALID) return changedInvalid(q(inclusive));
    if (compareBounds(b, a, lower) === 0) return undefined;
    if (safeLimitExempt(old, next, at)) {
      if (a && admitsEverySafeInteger(a, lower)) a = undefined;
      if (b && admitsEverySafeInteger(b, lower)) b = undefined;
    }
    // Where both sides accept integers only, the integers a bound admits (_integer_bound.ts).
    const whole = (x: NumericBound | undefined) =>
      x && bothInteger(old, next, at) ? integerBound(x, lower) : x;
    const t = compareBounds(whole(b), whole(a), lower);
    if (t === 0) return undefined;
    // A side that lists its values gains or loses only listed numbers between the bounds
    // (_enum_bounds.ts): none, and the move changes no accepted value.
    if (listedBetween(listed(t > 0 ? old : next), a, b, lower)?.length === 0) {
      return undefined;
    }
    const which = lower ? "lower" : "upper";
    return {
      effect: t > 0 ? "narrowed" : "widened",
      detail: `${which} bound ${showBound(a)} became ${showBound(b)}`,
    };
  };
}

/**
 * Count bounds (`minLength`, `maxItems`, ...): a number with a default; with `joint`, taken
 * together with the schemas a `$ref` beside it reaches (not for `minContains`, whose count
 * depends on the `contains` beside it).
 */
function countVerdict(
  keyword: string,
  lower: boolean,
  fallback: number,
  joint = true,
  count: (read: Read) => JsonValue | undefined = (read) => read(keyword),
): VerdictOf {
  return (old, next, at) => {
    const of = (read: Read) => {
      const v = count(read);
      return v === undefined ? fallback : typeof v === "number" ? v : INVALID;
    };
    const tighterThan = (x: number, y: number) => lower ? x > y : x < y;
    const side = (read: Read, which: "old" | "new") =>
      joint ? jointBound(of(read), which, at, of, tighterThan) : of(read);
    const a = side(old, "old"), b = side(next, "new");
    if (typeof a !== "number" || typeof b !== "number") return changedInvalid(q(keyword));
    if (a === b) return undefined;
    return {
      effect: (b > a) === lower ? "narrowed" : "widened",
      detail: `${keyword} ${a} became ${b}`,
    };
  };
}

/**
 * The most items a schema admits: `maxItems`, or a tuple's length when its rest schema is
 * `false` (zod 3 writes `items: [a, b]` with `maxItems: 2`, zod 4 `prefixItems: [a, b]` with
 * `items: false`: the same tuple). A `maxItems` that is not a number stays as written.
 */
function itemCount(read: Read): JsonValue | undefined {
  const written = read("maxItems");
  if (written !== undefined && typeof written !== "number") return written;
  return schemaItemLimit(read);
}

const writtenMaxItems = countVerdict("maxItems", false, Infinity);
const tupleMaxItems = countVerdict("maxItems", false, Infinity, true, itemCount);

/**
 * `maxItems`, counting a tuple's length where one side writes it: when neither does, the items
 * comparison already says what a rest of `false` changed.
 */
const maxItemsVerdict: VerdictOf = (old, next, at) =>
  (old("maxItems") === undefined && next("maxItems") === undefined
    ? writtenMaxItems
    : tupleMaxItems)(old, next, at);

// ---- multipleOf ------------------------------------------------------------------------------

function isMultiple(a: number, b: number): boolean {
  const r = a / b;
  return Number.isFinite(r) && Math.round(r) >= 1 &&
    Math.abs(r - Math.round(r)) <= 1e-9 * Math.max(1, Math.abs(r));
}

const multipleOfVerdict: VerdictOf = (old, next) => {
  const a = old("multipleOf"), b = next("multipleOf");
  const detail = `multipleOf ${q(a)} became ${q(b)}`;
  const valid = (x: JsonValue | undefined): x is number | undefined =>
    x === undefined || (typeof x === "number" && x > 0);
  if (!valid(a) || !valid(b)) {
    if (a === undefined) return { effect: "narrowed", detail };
    if (b === undefined) return { effect: "widened", detail };
    return changedInvalid('"multipleOf"');
  }
  if (a === b) return undefined;
  // A side that lists its values loses or gains only listed numbers (_enum_bounds.ts).
  const lost = listedOffMultiple(listed(old), a, b);
  const gained = listedOffMultiple(listed(next), b, a);
  const within = (x: number | undefined, y: number | undefined) =>
    y === undefined || (x !== undefined && isMultiple(x, y));
  return bySubsets(
    within(a, b) || lost?.length === 0,
    within(b, a) || gained?.length === 0,
    detail,
  );
};

// ---- string-valued constraints, uniqueItems, required, if -----------------------------------

function presenceVerdict(keyword: string): VerdictOf {
  return (old, next) => {
    const a = old(keyword), b = next(keyword);
    if (a === b) return undefined;
    const detail = a === undefined
      ? `${keyword} ${q(b)} added`
      : b === undefined
      ? `${keyword} ${q(a)} removed`
      : `${keyword} ${q(a)} became ${q(b)}`;
    return {
      effect: a === undefined ? "narrowed" : b === undefined ? "widened" : "changed",
      detail,
    };
  };
}

/**
 * A format compared by presence, except one JSON Schema does not define that an input schema
 * gains outside `not`: the structured walk grades it (tool.input.format.nonstandard), since only
 * validators that know the format may reject more calls.
 */
const formatVerdict: VerdictOf = (old, next, at) =>
  nonstandardFormatChange(old("format"), next("format"), { side: at.side, negated: at.neg })
    ? undefined
    : presenceVerdict("format")(old, next, at);

/** Patterns compared as languages: a superset widens, a subset narrows. */
const patternVerdict: VerdictOf = (old, next, at) => {
  const a = old("pattern"), b = next("pattern");
  if (typeof a !== "string" || typeof b !== "string") {
    // zod 4's own pattern added beside an unchanged format: the structured walk grades it.
    const sides = [old, next].map((read) => ({ pattern: read("pattern"), format: read("format") }));
    if (zodPatternAdded(sides[0]!, sides[1]!, { side: at.side, negated: at.neg })) return undefined;
    return presenceVerdict("pattern")(old, next, at);
  }
  const detail = `pattern ${q(a)} became ${q(b)}`;
  const ab = patternSubset(a, b), ba = patternSubset(b, a);
  for (const v of [ab, ba]) {
    if ("reason" in v) return { effect: "changed", detail: `${detail}; undecidable: ${v.reason}` };
  }
  const wide = "subset" in ab && ab.subset, narrow = "subset" in ba && ba.subset;
  return bySubsets(wide, narrow, wide || narrow ? detail : `${detail}; neither contains the other`);
};

const uniqueItemsVerdict: VerdictOf = (old, next) => {
  const [x, y] = [old("uniqueItems"), next("uniqueItems")];
  const a = x === undefined ? false : x, b = y === undefined ? false : y;
  if (typeof a !== "boolean" || typeof b !== "boolean") return changedInvalid('"uniqueItems"');
  if (a === b) return undefined;
  return { effect: b ? "narrowed" : "widened", detail: `uniqueItems ${a} became ${b}` };
};

/** The names of a `required`-like list, or `undefined` when it is not an array of strings. */
export function nameList(value: JsonValue | undefined): Set<string> | undefined {
  if (value === undefined) return new Set();
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) return undefined;
  return new Set(value as string[]);
}

/** Verdict of two required-name lists: names added narrow, names removed widen. */
export function namesVerdict(
  a: JsonValue | undefined,
  b: JsonValue | undefined,
  what: string,
): Verdict | undefined {
  const before = nameList(a), after = nameList(b);
  if (before === undefined || after === undefined) return changedInvalid(q(what));
  const added = [...after].filter((n) => !before.has(n)).sort();
  const removed = [...before].filter((n) => !after.has(n)).sort();
  if (added.length === 0 && removed.length === 0) return undefined;
  const parts = [];
  if (added.length > 0) parts.push(`${added.map(q).join(", ")} added to ${what}`);
  if (removed.length > 0) parts.push(`${removed.map(q).join(", ")} removed from ${what}`);
  const effect = removed.length === 0 ? "narrowed" : added.length === 0 ? "widened" : "changed";
  return { effect, detail: parts.join("; ") };
}

/**
 * Names added to `required`, except on an input schema where each added name's property has a
 * `default`: the structured walk grades that (tool.input.required.added, POTENTIALLY_BREAKING).
 */
const requiredVerdict: VerdictOf = (old, next, at) => {
  const verdict = namesVerdict(old("required"), next("required"), "required");
  if (verdict?.effect !== "narrowed") return verdict;
  const before = nameList(old("required")) ?? new Set<string>();
  // A name every branch of the old union requires was required of every object before.
  const byBranches = requiredByBranches({ anyOf: old("anyOf") ?? [], oneOf: old("oneOf") ?? [] });
  const added = [...(nameList(next("required")) ?? [])].filter((n) => !before.has(n));
  if (added.every((n) => byBranches.has(n))) return undefined;
  const defaulted = defaultedRequired(added, next("properties"), {
    side: at.side,
    negated: at.neg,
  }, at.newRoot);
  return defaulted === true ? undefined : verdict;
};

/** Verdict functions of the value facets, by facet. */
export const VALUE_VERDICTS: ReadonlyMap<string, VerdictOf> = new Map([
  ["type", typeVerdict],
  ["enum", enumVerdict],
  ["minimum", boundVerdict("minimum", "exclusiveMinimum", true)],
  ["maximum", boundVerdict("maximum", "exclusiveMaximum", false)],
  ["multipleOf", multipleOfVerdict],
  ["minLength", countVerdict("minLength", true, 0)],
  ["maxLength", countVerdict("maxLength", false, Infinity)],
  ["minItems", countVerdict("minItems", true, 0)],
  ["maxItems", maxItemsVerdict],
  ["minProperties", countVerdict("minProperties", true, 0)],
  ["maxProperties", countVerdict("maxProperties", false, Infinity)],
  // Absent beside `contains`, minContains means 1; without `contains` it constrains nothing.
  [
    "minContains",
    countVerdict(
      "minContains",
      true,
      1,
      false,
      (read) => read("contains") === undefined ? 0 : read("minContains"),
    ),
  ],
  // Without `contains`, maxContains constrains nothing; `contains` added or removed says what
  // changed (as the structured walk reads it).
  [
    "maxContains",
    (old, next, at) =>
      old("contains") === undefined || next("contains") === undefined
        ? undefined
        : countVerdict("maxContains", false, Infinity, false)(old, next, at),
  ],
  ["pattern", patternVerdict],
  ["format", formatVerdict],
  ["contentEncoding", presenceVerdict("contentEncoding")],
  ["contentMediaType", presenceVerdict("contentMediaType")],
  ["uniqueItems", uniqueItemsVerdict],
  ["required", requiredVerdict],
]);

// ---- shapes ----------------------------------------------------------------------------------

const isSchema = (v: JsonValue): boolean =>
  typeof v === "boolean" || (typeof v === "object" && v !== null && !Array.isArray(v));
const isMap = (v: JsonValue): boolean => typeof v === "object" && v !== null && !Array.isArray(v);
const isStrings = (v: JsonValue): boolean =>
  Array.isArray(v) && v.every((x) => typeof x === "string");
const isSchemaMap = (v: JsonValue): boolean =>
  isMap(v) && Object.values(v as object).every(isSchema);
const isSchemaList = (v: JsonValue): boolean => Array.isArray(v) && v.every(isSchema);
const isCount = (v: JsonValue): boolean => typeof v === "number" && v >= 0;

const SHAPES: ReadonlyMap<string, (value: JsonValue) => boolean> = new Map<
  string,
  (value: JsonValue) => boolean
>([
  ["type", (v) => typeof v === "string" || isStrings(v)],
  ["nullable", (v) => typeof v === "boolean"],
  ["enum", Array.isArray],
  ["minimum", (v) => typeof v === "number"],
  ["maximum", (v) => typeof v === "number"],
  ["exclusiveMinimum", (v) => typeof v === "number" || typeof v === "boolean"],
  ["exclusiveMaximum", (v) => typeof v === "number" || typeof v === "boolean"],
  ["multipleOf", (v) => typeof v === "number" && v > 0],
  ["uniqueItems", (v) => typeof v === "boolean"],
  ["required", isStrings],
  ["dependentRequired", (v) => isMap(v) && Object.values(v as object).every(isStrings)],
  [
    "dependencies",
    (v) => isMap(v) && Object.values(v as object).every((x) => isSchema(x) || isStrings(x)),
  ],
  ["properties", isSchemaMap],
  ["patternProperties", isSchemaMap],
  ["dependentSchemas", isSchemaMap],
  ["$defs", isMap],
  ["definitions", isMap],
  ["items", (v) => isSchema(v) || isSchemaList(v)],
  ["prefixItems", isSchemaList],
  ["anyOf", isSchemaList],
  ["oneOf", isSchemaList],
  ["allOf", isSchemaList],
  ["$ref", (v) => typeof v === "string"],
  ["$dynamicRef", (v) => typeof v === "string"],
  ...["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"]
    .map((k) => [k, isCount] as const),
  ...["minContains", "maxContains"].map((k) => [k, isCount] as const),
  ...["pattern", "format", "contentEncoding", "contentMediaType"]
    .map((k) => [k, (v: JsonValue) => typeof v === "string"] as const),
  ...[
    "additionalProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
    "propertyNames",
    "additionalItems",
    "contains",
    "contentSchema",
    "not",
    "if",
    "then",
    "else",
  ].map((k) => [k, isSchema] as const),
]);

/** Whether a keyword's value has the type JSON Schema requires (`const` and unlisted: any). */
export function wellTyped(keyword: string, value: JsonValue): boolean {
  return SHAPES.get(keyword)?.(value) ?? true;
}

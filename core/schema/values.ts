/**
 * Set comparisons for the value-constraining keywords of the structured walk: type, enum/const,
 * bounds, multipleOf. Each returns the effect of old → new on the set of accepted values, or
 * undefined when nothing changed.
 * @module
 */
import { isObject, jsonEqual, type JsonObject, type JsonValue, stableStringify } from "../json.ts";
import type { Effect } from "./types.ts";
import type { IntegerFacts, NumericBound } from "./_safe_integer.ts";

const ALL_TYPES = ["array", "boolean", "integer", "null", "number", "object", "string"];

/** The effect of going from set `a` to set `b`, given a containment test. */
function setEffect<T>(
  a: readonly T[],
  b: readonly T[],
  within: (x: T, set: readonly T[]) => boolean,
) {
  const grew = a.every((x) => within(x, b));
  const shrank = b.every((x) => within(x, a));
  if (grew && shrank) return undefined;
  return grew ? "widened" : shrank ? "narrowed" : "changed";
}

/** The accepted types of a schema node: `type` (string or list) plus `nullable: true`. */
export function typeSet(schema: JsonObject): string[] | undefined {
  const t = schema.type;
  let types: string[] | undefined;
  if (typeof t === "string") types = [t];
  else if (Array.isArray(t)) types = t.filter((x): x is string => typeof x === "string");
  if (types && schema.nullable === true && !types.includes("null")) types = [...types, "null"];
  return types;
}

function typeWithin(type: string, set: readonly string[]): boolean {
  return set.includes(type) || (type === "integer" && set.includes("number"));
}

/** The type of a value given as canonical JSON: `integer` for an integral number. */
function typeOfCanonical(json: string): string {
  const c = json[0];
  if (c === '"') return "string";
  if (c === "t" || c === "f") return "boolean";
  if (c === "n") return "null";
  if (c === "[") return "array";
  if (c === "{") return "object";
  return Number.isInteger(Number(json)) ? "integer" : "number";
}

/**
 * The types a schema's values can have: those of its `enum`/`const` values that its `type`
 * admits, or its `type` (every type when absent) when it lists no values. `{enum: ["a"]}` and
 * `{type: "string", enum: ["a"]}` accept the same value, and so the same types.
 */
function effectiveTypes(schema: JsonObject): string[] {
  const declared = typeSet(schema);
  const values = valueSet(schema);
  if (values === undefined) return declared ?? ALL_TYPES;
  const out = new Set<string>();
  for (const value of values) {
    const type = typeOfCanonical(value);
    if (declared === undefined || typeWithin(type, declared)) out.add(type);
  }
  return [...out];
}

/**
 * Effect of a `type`/`nullable` change. A missing `type` accepts every type; listed values
 * (`enum`, `const`) narrow a side to their own types. With the same declared types on both
 * sides, the type did not change: listed values that came or went are the enum's change, which
 * {@link enumEffect} reports (`{type: number}` → `{type: number, enum: [1]}` is no type change).
 */
export function typeEffect(a: JsonObject, b: JsonObject): Effect | undefined {
  const ta = typeSet(a), tb = typeSet(b);
  if (ta === undefined || tb === undefined) {
    if (ta === tb) return undefined;
  } else {
    // The same list in the same order (most nodes compared) needs no sets.
    if (ta.length === tb.length && ta.every((t, i) => t === tb[i])) return undefined;
    const sa = new Set(ta), sb = new Set(tb);
    if (sa.size === sb.size && [...sa].every((t) => sb.has(t))) return undefined;
  }
  return setEffect(effectiveTypes(a), effectiveTypes(b), typeWithin);
}

/** Allowed values as canonical strings: in the order first listed, and as a set. */
interface Values {
  list: string[];
  set: ReadonlySet<string>;
}

const valueSets = new WeakMap<JsonObject, Values | undefined>();

/**
 * The values of each `enum` list read, by identity: the walk reads a node's list again through
 * copies of the node (keywords of an excluded type left out, a union lifted), and an enum may
 * hold a hundred thousand values.
 */
const enumValues = new WeakMap<JsonValue[], Values>();

/**
 * The allowed values of `enum` and `const` together, as canonical strings; undefined = any.
 * Memoised per schema node and per enum list.
 */
export function valueSet(schema: JsonObject): string[] | undefined {
  return values(schema)?.list;
}

/** {@link valueSet} as a set (the same values), for membership tests. */
export function valueKeys(schema: JsonObject): ReadonlySet<string> | undefined {
  return values(schema)?.set;
}

function values(schema: JsonObject): Values | undefined {
  if (valueSets.has(schema)) return valueSets.get(schema);
  const values = computeValues(schema);
  valueSets.set(schema, values);
  return values;
}

function computeValues(schema: JsonObject): Values | undefined {
  const list = schema.enum;
  let values = Array.isArray(list) ? listedValues(list) : undefined;
  if (Object.hasOwn(schema, "const")) {
    const c = canonicalKey(schema.const);
    values = values === undefined || values.set.has(c)
      ? { list: [c], set: new Set([c]) }
      : { list: [], set: new Set() };
  }
  return values;
}

function listedValues(list: JsonValue[]): Values {
  let values = enumValues.get(list);
  if (values !== undefined) return values;
  const set = new Set<string>();
  for (let i = 0; i < list.length; i++) set.add(canonicalKey(list[i]));
  values = { list: [...set], set };
  enumValues.set(list, values);
  return values;
}

/**
 * The values of {@link valueSet} as JSON values (objects with their keys sorted), parsed in one
 * go rather than one `JSON.parse` each.
 */
export function parsedValues(schema: JsonObject): JsonValue[] | undefined {
  const list = valueSet(schema);
  return list && JSON.parse(`[${list.join(",")}]`) as JsonValue[];
}

/** {@link stableStringify}, without its sorted copy for a string, number, boolean or null. */
function canonicalKey(value: JsonValue | undefined): string {
  return typeof value === "object" && value !== null
    ? stableStringify(value)
    : JSON.stringify(value) ?? "undefined";
}

/** Effect of an `enum`/`const` change, comparing canonical-JSON keys as sets (linear time). */
export function enumEffect(a: JsonObject, b: JsonObject): Effect | undefined {
  // Equal lists (most often) are settled in one pass, without a key for each value.
  if (!Object.hasOwn(a, "const") && !Object.hasOwn(b, "const") && jsonEqual(a.enum, b.enum)) {
    return undefined;
  }
  const va = values(a);
  const vb = values(b);
  if (!va && !vb) return undefined;
  if (!va) return "narrowed";
  if (!vb) return "widened";
  // The same list read twice (a node against its own copy) has the same values.
  if (va === vb) return undefined;
  const { list: la, set: sa } = va, { list: lb, set: sb } = vb;
  return setEffect(la, lb, (x, set) => (set === la ? sa : sb).has(x));
}

/** A bound: its value and whether it is exclusive. */
type Bound = NumericBound;

/** The lower (`min`) or upper (`max`) numeric bound, in both the number and draft-04 boolean forms. */
export function numericBound(schema: JsonObject, kind: "min" | "max"): Bound | undefined {
  const inclusiveKey = kind === "min" ? "minimum" : "maximum";
  const exclusiveKey = kind === "min" ? "exclusiveMinimum" : "exclusiveMaximum";
  const inclusive = typeof schema[inclusiveKey] === "number" ? schema[inclusiveKey] : undefined;
  const exclusive = schema[exclusiveKey];
  if (inclusive === undefined && typeof exclusive !== "number") return undefined;
  const candidates: Bound[] = [];
  if (typeof exclusive === "number") candidates.push({ value: exclusive, exclusive: true });
  if (inclusive !== undefined) {
    candidates.push({ value: inclusive as number, exclusive: exclusive === true });
  }
  if (candidates.length === 0) return undefined;
  // When both are given, the tighter one applies.
  return candidates.reduce((x, y) => (tighter(y, x, kind) ? y : x));
}

/** Whether bound `x` is strictly tighter than `y`. */
function tighter(x: Bound, y: Bound, kind: "min" | "max"): boolean {
  if (x.value !== y.value) return kind === "min" ? x.value > y.value : x.value < y.value;
  return x.exclusive && !y.exclusive;
}

/** The bounds, allowed values and `multipleOf` of a schema node, for the safe-integer check. */
export function integerFacts(schema: JsonObject): IntegerFacts {
  const m = schema.multipleOf;
  return {
    min: numericBound(schema, "min"),
    max: numericBound(schema, "max"),
    values: valueSet(schema)?.map((v) => JSON.parse(v) as JsonValue),
    multipleOf: typeof m === "number" && m > 0 ? m : undefined,
  };
}

/** Effect of a bound change; a missing bound is unbounded. */
export function boundEffect(
  a: Bound | undefined,
  b: Bound | undefined,
  kind: "min" | "max",
): Effect | undefined {
  if (!a && !b) return undefined;
  if (!a) return "narrowed";
  if (!b) return "widened";
  if (tighter(b, a, kind)) return "narrowed";
  if (tighter(a, b, kind)) return "widened";
  return undefined;
}

/**
 * A count bound such as `minLength`; non-numbers are treated as absent, and so is a lower bound
 * of 0 or less on a length, item or property count (every count is at least 0, so
 * `minItems: 0` constrains nothing). `minContains` is not such a bound: absent beside
 * `contains`, it means 1, so removing `minContains: 0` narrows and removing 1 changes nothing;
 * without `contains` it constrains nothing.
 */
export function countBound(schema: JsonObject, key: string): Bound | undefined {
  if (key === "minContains" && !Object.hasOwn(schema, "contains")) return undefined;
  const v = key === "minContains" && !Object.hasOwn(schema, key) ? 1 : schema[key];
  if (typeof v !== "number") return undefined;
  if (v <= 0 && ["minLength", "minItems", "minProperties"].includes(key)) return undefined;
  return { value: v, exclusive: false };
}

/** Whether `x` is an integer multiple of `y` (with a tolerance for decimals). */
function multipleOf(x: number, y: number): boolean {
  if (y === 0) return false;
  const q = x / y;
  return Math.abs(q - Math.round(q)) < 1e-9;
}

/** Effect of a `multipleOf` change. */
export function multipleOfEffect(
  a: JsonValue | undefined,
  b: JsonValue | undefined,
): Effect | undefined {
  const x = typeof a === "number" ? a : undefined;
  const y = typeof b === "number" ? b : undefined;
  if (x === y) return undefined;
  if (x === undefined) return "narrowed";
  if (y === undefined) return "widened";
  if (multipleOf(y, x)) return "narrowed";
  if (multipleOf(x, y)) return "widened";
  return "changed";
}

/** Effect of a keyword whose presence constrains (pattern, format …): added narrows. */
export function presenceEffect(
  a: JsonValue | undefined,
  b: JsonValue | undefined,
): Effect | undefined {
  if (a === undefined && b === undefined) return undefined;
  if (a === undefined) return "narrowed";
  if (b === undefined) return "widened";
  return stableStringify(a) === stableStringify(b) ? undefined : "changed";
}

/** The string members of an array-valued keyword (`required`), as a set. */
export function stringSet(value: JsonValue | undefined): Set<string> {
  return new Set(
    Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [],
  );
}

/** A schema node as an object: `true`/absent → `{}`; `false` stays false. */
export function asNode(schema: JsonValue | undefined): JsonObject | false {
  if (schema === false) return false;
  return isObject(schema) ? schema : {};
}

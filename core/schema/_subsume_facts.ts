/**
 * Facts about a conjunction of schema objects that the subsumption proof reads: which kinds of
 * JSON value it may accept, and its finite set of values when `enum`/`const` pin one down; plus
 * a small evaluator of the value keywords for such finite sets. Private to `subsume.ts` (and
 * `_default_valid.ts`, which checks defaults with that evaluator).
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { sameJson } from "./_catch_all_json.ts";
import { patternMatches } from "./pattern.ts";

const ALL = ["array", "boolean", "null", "integer", "fraction", "object", "string"] as const;

/** A set of value kinds; `number` is `integer` plus `fraction`. */
export class Kinds {
  constructor(readonly set: ReadonlySet<string>) {}
  intersect(other: Kinds): Kinds {
    // Every kind (a schema without a type, which most conjuncts are) leaves the other as it is.
    if (other === EVERY_KIND) return this;
    if (this === EVERY_KIND) return other;
    return new Kinds(new Set([...this.set].filter((k) => other.set.has(k))));
  }
  has(kind: string): boolean {
    if (kind === "number") return this.set.has("integer") || this.set.has("fraction");
    return this.set.has(kind);
  }
  within(other: Kinds): boolean {
    return [...this.set].every((k) => other.set.has(k));
  }
  empty(): boolean {
    return this.set.size === 0;
  }
  /** Only integers (and no fractions) among the numbers. */
  integral(): boolean {
    return !this.set.has("fraction");
  }
}

/** Every kind of value: what a schema without a valid `type` accepts (shared, never changed). */
const EVERY_KIND = new Kinds(new Set(ALL));

/** The kinds a single schema object accepts by its `type` and `nullable` (invalid: all). */
export function kindsOf(schema: JsonObject): Kinds {
  const type = schema.type;
  let names: string[] | undefined;
  if (typeof type === "string") names = [type];
  else if (Array.isArray(type) && type.every((t) => typeof t === "string")) {
    names = type as string[];
  }
  if (names === undefined) return EVERY_KIND;
  const set = new Set<string>();
  for (const name of names) {
    if (name === "number") set.add("integer").add("fraction");
    else if ((ALL as readonly string[]).includes(name)) set.add(name);
  }
  if (schema.nullable === true) set.add("null");
  return new Kinds(set);
}

/** The kind of one JSON value. */
export function kindOfValue(value: JsonValue): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "fraction";
  return typeof value;
}

/** The values of the kinds that have few. */
const FEW: Record<string, JsonValue[]> = { boolean: [false, true], null: [null] };

/**
 * The values allowed by `enum`/`const` across the conjunction, or undefined when unrestricted;
 * `kinds` is the conjunction's {@link kindsOf}, when the caller has it.
 */
export function valuesOf(
  atoms: readonly JsonObject[],
  kinds: Kinds = atoms.reduce((k, a) => k.intersect(kindsOf(a)), kindsOf({})),
): JsonValue[] | undefined {
  let values: JsonValue[] | undefined;
  const keep = (list: JsonValue[]) => {
    values = values === undefined ? list : values.filter((v) => list.some((w) => sameJson(v, w)));
  };
  for (const atom of atoms) {
    if (Array.isArray(atom.enum)) keep(atom.enum);
    if (Object.hasOwn(atom, "const")) keep([atom.const as JsonValue]);
  }
  // Null and the booleans are values enough: {type: "null"} allows null alone.
  if (values === undefined && !kinds.empty() && [...kinds.set].every((k) => k in FEW)) {
    values = [...kinds.set].sort().flatMap((k) => FEW[k]!);
  }
  if (values === undefined) return undefined;
  return values.filter((v) => kinds.has(kindOfValue(v)));
}

/** The keywords {@link satisfies} evaluates. */
export const VALUE_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "nullable",
  "enum",
  "const",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "required",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
]);

/**
 * Whether `value` satisfies the keywords of `part`; `undefined` when `part` holds a keyword
 * this evaluator does not know, or a pattern without an automaton.
 */
export function satisfies(value: JsonValue, part: JsonObject): boolean | undefined {
  for (const key of Object.keys(part)) if (!VALUE_KEYWORDS.has(key)) return undefined;
  if (!kindsOf(part).has(kindOfValue(value))) return false;
  if (Array.isArray(part.enum) && !part.enum.some((v) => sameJson(v, value))) return false;
  if (Object.hasOwn(part, "const") && !sameJson(part.const, value)) return false;
  const num = (k: string) => typeof part[k] === "number" ? part[k] as number : undefined;
  if (typeof value === "number") {
    const min = num("minimum"), max = num("maximum");
    if (min !== undefined && (value < min || (part.exclusiveMinimum === true && value === min))) {
      return false;
    }
    if (max !== undefined && (value > max || (part.exclusiveMaximum === true && value === max))) {
      return false;
    }
    const xmin = num("exclusiveMinimum"), xmax = num("exclusiveMaximum");
    if (xmin !== undefined && value <= xmin) return false;
    if (xmax !== undefined && value >= xmax) return false;
    const m = num("multipleOf");
    if (m !== undefined && m > 0 && !Number.isInteger(value / m)) return false;
  }
  if (typeof value === "string") {
    const length = [...value].length;
    if (length < (num("minLength") ?? 0) || length > (num("maxLength") ?? Infinity)) return false;
    if (typeof part.pattern === "string") {
      const match = patternMatches(part.pattern, value);
      if (match === undefined) return undefined;
      if (!match) return false;
    }
  }
  if (Array.isArray(value)) {
    if (value.length < (num("minItems") ?? 0) || value.length > (num("maxItems") ?? Infinity)) {
      return false;
    }
  }
  if (isObject(value)) {
    const size = Object.keys(value).length;
    if (size < (num("minProperties") ?? 0) || size > (num("maxProperties") ?? Infinity)) {
      return false;
    }
    if (Array.isArray(part.required)) {
      if (!part.required.every((n) => typeof n === "string" && Object.hasOwn(value, n))) {
        return false;
      }
    }
  }
  return true;
}

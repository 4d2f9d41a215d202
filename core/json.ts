/**
 * JSON value types and deterministic helpers: key-sorted copies, equality, JSON pointers.
 * @module
 */
import { singlePass } from "./single_pass.ts";

/** Any JSON value. */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | { [key: string]: JsonValue };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/** Whether a value is a plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A deep copy with object keys sorted, so that serialising it is deterministic.
 * Safe with `__proto__` keys: copies are built with own data properties only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sortKeys } from "./json.ts";
 * assert.ok(JSON.stringify(sortKeys({ b: 1, a: 2 })) === '{"a":2,"b":1}');
 * ```
 */
export function sortKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortKeys) as T;
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const key of Object.keys(value).sort()) {
    const item = sortKeys(value[key]);
    // Assigning `__proto__` would set the prototype; every other key is an own data property.
    if (key === "__proto__") {
      Object.defineProperty(out, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else out[key] = item as JsonValue;
  }
  return out as T;
}

/**
 * Deterministic compact serialisation (keys sorted). A value whose objects all list their keys
 * in sorted order already (an enum's `{v: 1}`, a string) is written without a sorted copy.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stableStringify } from "./json.ts";
 * assert.equal(stableStringify({ b: [{ d: 1, c: 2 }], a: "x" }), '{"a":"x","b":[{"c":2,"d":1}]}');
 * ```
 */
export function stableStringify(value: unknown): string {
  return JSON.stringify(keysSorted(value) ? value : sortKeys(value)) ?? "undefined";
}

/**
 * Whether every object in `value` lists its own keys in sorted order, so that JSON.stringify
 * writes it as it writes {@link sortKeys}' copy (which lists them in the same order: sorted,
 * array-index keys first, as every object lists them).
 */
function keysSorted(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!keysSorted(value[i])) return false;
    return true;
  }
  // Anything else than a plain object (a Date, a boxed string) JSON.stringify may write otherwise.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  const object = value as Record<string, unknown>;
  if (typeof object.toJSON === "function") return false;
  const keys = Object.keys(object);
  for (let i = 0; i < keys.length; i++) {
    if (i > 0 && keys[i - 1]! > keys[i]!) return false;
    if (!keysSorted(object[keys[i]!])) return false;
  }
  return true;
}

/**
 * Structural equality of two JSON values, ignoring key order. Allocates nothing: it runs over
 * every schema of both contracts. Values equal as `===` (strings, numbers, the same object) are
 * settled in the loop, without a call each: a diff runs this once over most of two contracts,
 * before the JIT has compiled it, when a call per value costs.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const array = Array.isArray(a);
  if (array !== Array.isArray(b)) return false;
  if (array) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) {
      const x = a[i];
      const y = bb[i];
      if (x !== y && (typeof x !== "object" || !jsonEqual(x, y))) return false;
    }
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let keys = 0;
  for (const key in ao) {
    if (!Object.hasOwn(ao, key)) continue;
    if (!Object.hasOwn(bo, key)) return false;
    const x = ao[key];
    const y = bo[key];
    if (x !== y && (typeof x !== "object" || !jsonEqual(x, y))) return false;
    keys++;
  }
  for (const key in bo) if (Object.hasOwn(bo, key)) keys--;
  return keys === 0;
}
singlePass(jsonEqual);

/** Escapes one reference token of an RFC 6901 JSON pointer. */
export function escapePointerToken(token: string | number): string {
  const text = String(token);
  // Most tokens hold neither character: returned as they are, without two replacements.
  if (!text.includes("~") && !text.includes("/")) return text;
  return text.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** Builds an RFC 6901 pointer from its tokens. */
export function pointerOf(tokens: readonly (string | number)[]): string {
  let pointer = "";
  for (let i = 0; i < tokens.length; i++) pointer += "/" + escapePointerToken(tokens[i]!);
  return pointer;
}

/** Splits an RFC 6901 pointer into its tokens. */
export function pointerTokens(pointer: string): string[] {
  if (pointer === "") return [];
  // Without a "~" no token is escaped: most pointers, split as they are.
  if (!pointer.includes("~")) return pointer.slice(1).split("/");
  return pointer.slice(1).split("/").map((t) => t.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** Reads an own property without touching the prototype chain. */
export function own(object: JsonObject, key: string): JsonValue | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

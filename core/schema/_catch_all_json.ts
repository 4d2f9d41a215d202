/**
 * Stack-safe JSON helpers of the catch-all differ: equality, value sets and local `$ref`
 * resolution. Every loop here is iterative, so a schema nested 100,000 levels deep cannot
 * overflow the call stack. Private to `catch_all.ts`.
 * @module
 */
import { isObject, type JsonValue, pointerOf, pointerTokens } from "../json.ts";

/**
 * Structural equality of two JSON values, ignoring key order, with an explicit stack
 * (`jsonEqual` in core/json.ts recurses and overflows near 5,000 levels).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const stack: unknown[] = [a, b];
  while (stack.length > 0) {
    const y = stack.pop();
    const x = stack.pop();
    if (x === y) continue;
    if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return false;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) {
        const u: unknown = x[i], v: unknown = y[i];
        if (u === v) continue;
        if (typeof u !== "object" || typeof v !== "object") return false;
        stack.push(u, v);
      }
      continue;
    }
    if (Array.isArray(y)) return false;
    const xo = x as Record<string, unknown>, yo = y as Record<string, unknown>;
    const keys = Object.keys(xo);
    if (keys.length !== Object.keys(yo).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(yo, key)) return false;
      const u = xo[key], v = yo[key];
      if (u === v) continue;
      if (typeof u !== "object" || typeof v !== "object") return false;
      stack.push(u, v);
    }
  }
  return true;
}

function stringHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 0;
}

function mix(a: number, b: number): number {
  const h = Math.imul(a ^ (b + 0x9e3779b9 + (a << 6) + (a >>> 2)), 0x85ebca6b);
  return (h ^ (h >>> 13)) | 0;
}

function primitiveHash(value: unknown): number {
  switch (typeof value) {
    case "string":
      return stringHash(value);
    case "number":
      return mix(1, stringHash(String(value)));
    case "boolean":
      return value ? 2 : 3;
    default:
      return value === null ? 4 : 5;
  }
}

/**
 * Equality of JSON values with memoised structural hashes (key order ignored): each object is
 * hashed once, so asking about a parent and then about each of its children costs linear, not
 * quadratic, time in deep trees. Equal hashes are confirmed with {@link sameJson}.
 */
export class JsonEquality {
  readonly #hashes = new WeakMap<object, number>();

  /** Whether two JSON values are equal. */
  same(a: unknown, b: unknown): boolean {
    if (a === b) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
    return this.hash(a) === this.hash(b) && sameJson(a, b);
  }

  /** The structural hash of a JSON value, computed iteratively and memoised per object. */
  hash(value: unknown): number {
    if (typeof value !== "object" || value === null) return primitiveHash(value);
    const memo = this.#hashes;
    const known = memo.get(value);
    if (known !== undefined) return known;
    const stack: object[] = [value];
    let expanded: Set<object> | undefined;
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as object;
      if (memo.has(top)) {
        stack.pop();
        continue;
      }
      const children: unknown[] = Array.isArray(top) ? top : Object.values(top);
      if (expanded === undefined || !expanded.has(top)) {
        (expanded ??= new Set()).add(top);
        let pushed = false;
        for (const child of children) {
          if (typeof child === "object" && child !== null && !memo.has(child)) {
            stack.push(child);
            pushed = true;
          }
        }
        if (pushed) continue;
      }
      stack.pop();
      const childHash = (child: unknown): number =>
        typeof child === "object" && child !== null
          ? (memo.get(child) ?? 6) // 6: a cycle, impossible in parsed JSON
          : primitiveHash(child);
      let h: number;
      if (Array.isArray(top)) {
        h = 7;
        for (const child of top) h = mix(h, childHash(child));
      } else {
        let sum = 0;
        const record = top as Record<string, unknown>;
        for (const key of Object.keys(record)) {
          sum = (sum + mix(stringHash(key), childHash(record[key]))) | 0;
        }
        h = mix(8, sum);
      }
      memo.set(top, h);
    }
    return memo.get(value) ?? 0;
  }
}

/**
 * A set of JSON values; `all` stands for every value (no `enum`, no `const`). Objects and arrays
 * sit in buckets by structural hash, so membership costs constant time on average.
 */
export type ValueSet = "all" | {
  prims: Set<string>;
  objects: Map<number, JsonValue[]>;
  size: number;
};

const setHashes = new JsonEquality();

function hasObject(objects: Map<number, JsonValue[]>, value: JsonValue): boolean {
  return (objects.get(setHashes.hash(value)) ?? []).some((o) => sameJson(o, value));
}

function primKey(value: JsonValue): string | undefined {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return "s" + value;
    case "number":
      return "n" + String(value);
    case "boolean":
      return "b" + String(value);
    default:
      return undefined;
  }
}

/** The value set of a list of JSON values (duplicates collapse). */
export function valueSet(values: readonly JsonValue[]): ValueSet {
  const set = { prims: new Set<string>(), objects: new Map<number, JsonValue[]>(), size: 0 };
  for (const value of values) {
    const key = primKey(value);
    if (key !== undefined) set.prims.add(key);
    else if (!hasObject(set.objects, value)) {
      const hash = setHashes.hash(value);
      const bucket = set.objects.get(hash);
      if (bucket) bucket.push(value);
      else set.objects.set(hash, [value]);
      set.size++;
    }
  }
  return set;
}

/** Whether `value` is a member of `set`. */
export function hasValue(set: ValueSet, value: JsonValue): boolean {
  if (set === "all") return true;
  const key = primKey(value);
  return key !== undefined ? set.prims.has(key) : hasObject(set.objects, value);
}

/** Whether every value of `a` is in `b`. */
export function valueSubset(a: ValueSet, b: ValueSet): boolean {
  if (b === "all") return true;
  if (a === "all") return false;
  for (const key of a.prims) if (!b.prims.has(key)) return false;
  for (const bucket of a.objects.values()) {
    if (!bucket.every((o) => hasObject(b.objects, o))) return false;
  }
  return true;
}

/** Number of values in a set (`Infinity` for `all`). */
export function valueCount(set: ValueSet): number {
  return set === "all" ? Infinity : set.prims.size + set.size;
}

/** A resolved local reference: the target and its canonical pointer within the root. */
export interface Resolved {
  value: JsonValue;
  pointer: string;
}

/**
 * Resolves a local `$ref` (`#`, `#/json/pointer`, percent-encoded or not) against `root`.
 * Returns `undefined` for a remote reference, an anchor, or a pointer that leads nowhere.
 */
export function resolveLocal(root: JsonValue | undefined, ref: string): Resolved | undefined {
  if (root === undefined || !ref.startsWith("#")) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment !== "" && !fragment.startsWith("/")) return undefined;
  const tokens = pointerTokens(fragment);
  let current: JsonValue | undefined = root;
  for (const token of tokens) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      current = current[Number(token)];
    } else if (isObject(current)) {
      current = Object.hasOwn(current, token) ? current[token] : undefined;
    } else {
      return undefined;
    }
    if (current === undefined) return undefined;
  }
  return { value: current, pointer: pointerOf(tokens) };
}

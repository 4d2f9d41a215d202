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
  return a === b || sameWithin(a, b, Infinity) === true;
}

/**
 * Structural equality of two JSON values with a budget: `undefined` when settling it would take
 * more than `budget` keys and elements, else whether they are equal (as {@link sameJson}).
 */
function sameWithin(a: unknown, b: unknown, budget: number): boolean | undefined {
  const result = compareWithin(a, b, budget);
  return result === undefined ? undefined : result >= 0;
}

/**
 * {@link sameWithin} that also says what it spent: `undefined` past `budget`, else the budget
 * left when the values are equal, or its bitwise complement (negative) when they differ.
 */
function compareWithin(a: unknown, b: unknown, budget: number): number | undefined {
  const stack: unknown[] = [a, b];
  while (stack.length > 0) {
    const y = stack.pop();
    const x = stack.pop();
    if (x === y) continue;
    if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return ~budget;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return ~budget;
      if ((budget -= x.length + 1) < 0) return undefined;
      for (let i = 0; i < x.length; i++) {
        const u: unknown = x[i], v: unknown = y[i];
        if (u === v) continue;
        if (typeof u !== "object" || typeof v !== "object") return ~budget;
        stack.push(u, v);
      }
      continue;
    }
    if (Array.isArray(y)) return ~budget;
    const xo = x as Record<string, unknown>, yo = y as Record<string, unknown>;
    // The keys are counted and read by for-in, which lists an object's keys without building an
    // array of them as Object.keys does (this runs for each pair of objects compared).
    const size = ownKeyCount(xo);
    if (size !== ownKeyCount(yo)) return ~budget;
    if ((budget -= size + 1) < 0) return undefined;
    for (const key in xo) {
      if (!Object.hasOwn(xo, key)) continue;
      if (!Object.hasOwn(yo, key)) return ~budget;
      const u = xo[key], v = yo[key];
      if (u === v) continue;
      if (typeof u !== "object" || typeof v !== "object") return ~budget;
      stack.push(u, v);
    }
  }
  return budget;
}

/** How many own enumerable string keys `object` has: `Object.keys(object).length`. */
function ownKeyCount(object: object): number {
  let n = 0;
  for (const key in object) if (Object.hasOwn(object, key)) n++;
  return n;
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
      // Integers (and -0, equal to 0) hash without building their decimal string.
      return mix(1, (value | 0) === value ? value | 0 : stringHash(String(value)));
    case "boolean":
      return value ? 2 : 3;
    default:
      return value === null ? 4 : 5;
  }
}

/** Subtrees of fewer values than this are not memoised. */
const SMALL = 64;

/**
 * The keys and elements one {@link JsonEquality.same} may compare directly, before it hashes: a
 * pair that differs near its top, or an equal one of this size, costs one joint pass instead of
 * two hashes and a confirming pass.
 */
const DIRECT = 4096;

/**
 * The keys and elements all direct comparisons of one {@link JsonEquality} may take together;
 * past it large pairs are hashed, so asking about a parent and then each of its children in a
 * deep tree stays linear.
 */
const DIRECT_TOTAL = 1 << 20;

/**
 * Equality of JSON values with memoised structural hashes (key order ignored). Small pairs are
 * compared directly; for larger ones each subtree of at least {@link SMALL} values is hashed
 * once, bottom-up in one pass, and its hash kept by identity, so asking about a parent and then
 * about each of its children costs linear, not quadratic, time in deep trees. Equal hashes are
 * confirmed with {@link sameJson}.
 */
export class JsonEquality {
  readonly #hashes = new WeakMap<object, number>();
  /** What direct comparisons may still spend (see {@link DIRECT_TOTAL}). */
  #direct: number;

  /**
   * `directBudget`: the keys and elements all direct comparisons may take together (default
   * 2^20); at 0, every pair of at least 64 values is hashed, as tests of the hashes ask.
   */
  constructor({ directBudget = DIRECT_TOTAL }: { directBudget?: number } = {}) {
    this.#direct = directBudget;
  }

  /** Whether two JSON values are equal. */
  same(a: unknown, b: unknown): boolean {
    if (a === b) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
    const memo = this.#hashes;
    const ha = memo.get(a), hb = memo.get(b);
    if (ha === undefined || hb === undefined) {
      const budget = Math.max(SMALL, Math.min(DIRECT, this.#direct));
      const left = compareWithin(a, b, budget);
      if (left === undefined) this.#direct -= budget;
      else {
        this.#direct -= budget - (left < 0 ? ~left : left);
        return left >= 0;
      }
    }
    return (ha ?? this.hash(a)) === (hb ?? this.hash(b)) && sameJson(a, b);
  }

  /** The structural hash of a JSON value, computed iteratively; large subtrees are memoised. */
  hash(value: unknown): number {
    if (typeof value !== "object" || value === null) return primitiveHash(value);
    const memo = this.#hashes;
    const known = memo.get(value);
    if (known !== undefined) return known;
    const flat = flatHash(value);
    if (flat !== undefined) return flat;
    // One frame per object on the path from `value`: the node, its keys (objects), the next
    // child, the hash so far and the number of values seen.
    const nodes: object[] = [], keyLists: (string[] | null)[] = [];
    const next: number[] = [], acc: number[] = [], sizes: number[] = [];
    let depth = 0;
    const open = (node: object): void => {
      nodes[depth] = node;
      keyLists[depth] = Array.isArray(node) ? null : Object.keys(node);
      next[depth] = 0;
      acc[depth] = Array.isArray(node) ? 7 : 0;
      sizes[depth] = 1;
      depth++;
    };
    open(value);
    for (;;) {
      const f = depth - 1;
      const node = nodes[f] as Record<string, unknown>;
      const keys = keyLists[f] as string[] | null;
      const count = keys === null ? (node as unknown as unknown[]).length : keys.length;
      let i = next[f] as number, h = acc[f] as number, size = sizes[f] as number;
      let descend: object | undefined;
      for (; i < count; i++) {
        const child = keys === null ? (node as unknown as unknown[])[i] : node[keys[i] as string];
        let ch: number;
        if (typeof child === "object" && child !== null) {
          const m = memo.get(child);
          if (m === undefined) {
            descend = child;
            break;
          }
          ch = m;
          size += SMALL;
        } else {
          ch = primitiveHash(child);
          size++;
        }
        h = keys === null ? mix(h, ch) : (h + mix(stringHash(keys[i] as string), ch)) | 0;
      }
      next[f] = i;
      acc[f] = h;
      sizes[f] = size;
      if (descend !== undefined) {
        open(descend);
        continue;
      }
      // The frame is complete: its hash goes into its parent.
      const done = keys === null ? h : mix(8, h);
      if (size >= SMALL) memo.set(node, done);
      depth--;
      if (depth === 0) return done;
      const p = depth - 1;
      const pKeys = keyLists[p] as string[] | null;
      const at = next[p] as number;
      acc[p] = pKeys === null
        ? mix(acc[p] as number, done)
        : ((acc[p] as number) + mix(stringHash(pKeys[at] as string), done)) | 0;
      next[p] = at + 1;
      sizes[p] = (sizes[p] as number) + size;
    }
  }
}

/**
 * A set of JSON values; `all` stands for every value (no `enum`, no `const`). Objects and arrays
 * sit in buckets by structural hash, so membership costs constant time on average.
 */
export type ValueSet = "all" | {
  /** The strings, as they are (no key built for each). */
  strings: Set<string>;
  /** Numbers, booleans and null, by {@link primKey}. */
  prims: Set<string>;
  objects: Map<number, JsonValue[]>;
  size: number;
};

/**
 * {@link JsonEquality.hash} of an object or array whose members are all primitives (most values
 * an `enum` lists), computed as the general walk would without its frames; `undefined` for one
 * that holds an object or array. Such a value is smaller than {@link SMALL} values unless it is
 * wide, and then it is not memoised here: hashing it again costs what walking it would.
 */
function flatHash(value: object): number | undefined {
  if (Array.isArray(value)) {
    let h = 7;
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (typeof child === "object" && child !== null) return undefined;
      h = mix(h, primitiveHash(child));
    }
    return value.length + 1 < SMALL ? h : undefined;
  }
  const object = value as Record<string, unknown>;
  let h = 0, size = 1;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    const child = object[key];
    if (typeof child === "object" && child !== null) return undefined;
    h = (h + mix(stringHash(key), primitiveHash(child))) | 0;
    size++;
  }
  return size < SMALL ? mix(8, h) : undefined;
}

const setHashes = new JsonEquality();

function hasObject(objects: Map<number, JsonValue[]>, value: JsonValue, hash: number): boolean {
  const bucket = objects.get(hash);
  if (bucket === undefined) return false;
  for (let i = 0; i < bucket.length; i++) if (sameJson(bucket[i], value)) return true;
  return false;
}

function primKey(value: JsonValue): string | undefined {
  if (value === null) return "null";
  switch (typeof value) {
    case "number":
      return "n" + String(value);
    case "boolean":
      return "b" + String(value);
    default:
      return undefined;
  }
}

/**
 * The value sets of lists already read, by identity: one `enum` is read by the verdicts of both
 * directions and by those of the `$ref` chains that reach it, and may hold 100,000 values.
 */
const valueSets = new WeakMap<readonly JsonValue[], ValueSet>();

/**
 * The value set of a list of JSON values (duplicates collapse), built once per list; the set is
 * shared and must not be changed.
 */
export function valueSet(values: readonly JsonValue[]): ValueSet {
  let set = valueSets.get(values);
  if (set !== undefined) return set;
  set = {
    strings: new Set<string>(),
    prims: new Set<string>(),
    objects: new Map<number, JsonValue[]>(),
    size: 0,
  };
  for (const value of values) {
    if (typeof value === "string") {
      set.strings.add(value);
      continue;
    }
    const key = primKey(value);
    if (key !== undefined) {
      set.prims.add(key);
      continue;
    }
    const hash = setHashes.hash(value);
    const bucket = set.objects.get(hash);
    if (bucket === undefined) set.objects.set(hash, [value]);
    else if (!hasObject(set.objects, value, hash)) bucket.push(value);
    else continue;
    set.size++;
  }
  valueSets.set(values, set);
  return set;
}

/** Whether `value` is a member of `set`. */
export function hasValue(set: ValueSet, value: JsonValue): boolean {
  if (set === "all") return true;
  if (typeof value === "string") return set.strings.has(value);
  const key = primKey(value);
  return key !== undefined
    ? set.prims.has(key)
    : hasObject(set.objects, value, setHashes.hash(value));
}

/** Whether every value of `a` is in `b`. */
export function valueSubset(a: ValueSet, b: ValueSet): boolean {
  if (b === "all" || a === b) return true;
  if (a === "all") return false;
  if (a.strings.size > b.strings.size || a.prims.size > b.prims.size || a.size > b.size) {
    return false;
  }
  for (const key of a.strings) if (!b.strings.has(key)) return false;
  for (const key of a.prims) if (!b.prims.has(key)) return false;
  // Each bucket's key is the hash of its values: they are looked up without hashing again.
  for (const [hash, bucket] of a.objects) {
    for (let i = 0; i < bucket.length; i++) {
      if (!hasObject(b.objects, bucket[i]!, hash)) return false;
    }
  }
  return true;
}

/** Number of values in a set (`Infinity` for `all`). */
export function valueCount(set: ValueSet): number {
  return set === "all" ? Infinity : set.strings.size + set.prims.size + set.size;
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
  const fragment = decodedFragment(ref);
  if (fragment === undefined) return undefined;
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
  // Without a "~" no token is escaped, so the fragment is already its canonical pointer.
  return { value: current, pointer: fragment.includes("~") ? pointerOf(tokens) : fragment };
}

/**
 * The fragment of `ref` (after its "#") percent-decoded, or undefined when it cannot be decoded.
 * Without a "%" there is nothing to decode: the fragment is returned as written, as
 * `decodeURIComponent` would return it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodedFragment } from "./_catch_all_json.ts";
 * assert.equal(decodedFragment("#/$defs/a%20b"), "/$defs/a b");
 * assert.equal(decodedFragment("#/$defs/x"), "/$defs/x");
 * assert.equal(decodedFragment("#/%E0%A4%A"), undefined);
 * ```
 */
export function decodedFragment(ref: string): string | undefined {
  const fragment = ref.slice(1);
  if (!fragment.includes("%")) return fragment;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}

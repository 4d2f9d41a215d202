/**
 * A fast writer of RFC 8785 (JCS) canonical JSON, byte-identical to the `canonicalize` package
 * for every value it accepts. The two top levels (a contract and its lists) are written here;
 * each value below them (a tool, a prompt) is handed to the runtime's native `JSON.stringify` as
 * it is when its keys are in order, else copied with its keys sorted (only as far as they are
 * not); JSON.stringify's strings and numbers are already what RFC 8785 asks for. The text comes
 * out in pieces, so a hash can take it tool by tool without the whole canonical text or a sorted
 * copy of the whole contract ever being in memory.
 * @module
 */
import canonicalize from "canonicalize";
import { singlePass } from "./single_pass.ts";

/**
 * Thrown by {@link writeCanonical} for what only the slow path may decide: a lone surrogate,
 * a number JSON cannot hold, a value that is not JSON (a function, a `toJSON` method).
 */
export class NotPlainJson extends Error {}

/** How many levels are written here before values are handed to `JSON.stringify` whole. */
const WRITTEN_LEVELS = 2;

/**
 * How many objects and arrays a value below the written levels may hold and still be copied and
 * stringified whole. A tool of the 2,000-tool benchmark holds about 130; one with a 10 MB schema
 * about 77,000, whose sorted copy and text (one per side) raised the peak memory of a diff by
 * about 40 MiB: such a value is written here, value by value, without a copy.
 */
const WHOLE_LIMIT = 4096;

/**
 * Writes the canonical text of `value` as consecutive pieces. Throws {@link NotPlainJson} when
 * the value needs the `canonicalize` package's own handling; pieces already written must then
 * be discarded.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeCanonical } from "./canonical_json.ts";
 * const parts: string[] = [];
 * writeCanonical({ b: [1e21, -0], a: { d: 1.5e-7, c: "é" } }, (text) => parts.push(text));
 * assert.equal(parts.join(""), '{"a":{"c":"é","d":1.5e-7},"b":[1e+21,0]}');
 * ```
 */
export function writeCanonical(
  value: unknown,
  write: (text: string) => void,
  texts?: KnownTexts,
): void {
  writeLevel(value, write, 0, texts, new KeyOrders());
}

/** Thrown by {@link canonicalCopy} when a value holds more than {@link WHOLE_LIMIT} containers. */
class TooLarge extends Error {}

/**
 * Canonical texts of the values below the written levels (a contract's tools, prompts …) that
 * the caller knows already or wants to keep: a diff hashes two contracts whose entries are
 * mostly equal, and equal values have the same canonical text. A `Map` will do.
 */
export interface KnownTexts {
  /** The canonical text of `value`, when known. */
  get(value: object): string | undefined;
  /** Called with the canonical text of each such object value written. */
  set(value: object, text: string): void;
}

function writeLevel(
  value: unknown,
  write: (text: string) => void,
  level: number,
  texts: KnownTexts | undefined,
  orders: KeyOrders,
): void {
  if (typeof value !== "object" || value === null) {
    write(stringifyPlain(value, orders));
    return;
  }
  if (level >= WRITTEN_LEVELS) {
    let text = texts?.get(value);
    if (text === undefined) {
      orders.left = WHOLE_LIMIT;
      try {
        text = stringifyPlain(value, orders);
      } catch (error) {
        if (!(error instanceof TooLarge)) throw error;
        writeLarge(value, write, orders);
        return;
      }
      texts?.set(value, text);
    }
    write(text);
    return;
  }
  if (Array.isArray(value)) {
    write("[");
    for (let i = 0; i < value.length; i++) {
      if (i > 0) write(",");
      const item = value[i];
      // As JSON.stringify and canonicalize write them: a hole or undefined is null.
      writeLevel(item === undefined ? null : item, write, level + 1, texts, orders);
    }
    write("]");
    return;
  }
  checkPlainObject(value);
  const object = value as Record<string, unknown>;
  let separator = "{";
  for (const key of orders.sorted(object)) {
    const item = object[key];
    if (item === undefined) continue;
    write(`${separator}${stringifyKey(key)}:`);
    separator = ",";
    writeLevel(item, write, level + 1, texts, orders);
  }
  write(separator === "{" ? "{}" : "}");
}

/**
 * Writes the canonical text of a value too large to copy whole, piece by piece: punctuation,
 * keys and primitive values, none of them copied or joined (strings that need no escape are
 * written as they are, between quotes).
 */
function writeLarge(value: unknown, write: (text: string) => void, orders: KeyOrders): void {
  switch (typeof value) {
    case "string":
      writeString(value, write);
      return;
    case "boolean":
      write(value ? "true" : "false");
      return;
    case "number":
      if (!Number.isFinite(value)) throw new NotPlainJson();
      write(JSON.stringify(value));
      return;
    case "object": {
      if (value === null) {
        write("null");
        return;
      }
      if (Array.isArray(value)) {
        write("[");
        for (let i = 0; i < value.length; i++) {
          if (i > 0) write(",");
          const item = value[i];
          // As JSON.stringify and canonicalize write them: a hole or undefined is null.
          writeLarge(item === undefined ? null : item, write, orders);
        }
        write("]");
        return;
      }
      checkPlainObject(value);
      const object = value as Record<string, unknown>;
      let first = true;
      write("{");
      for (const key of orders.sorted(object)) {
        const item = object[key];
        if (item === undefined) continue;
        if (!first) write(",");
        first = false;
        writeString(key, write);
        write(":");
        writeLarge(item, write, orders);
      }
      write("}");
      return;
    }
    default:
      // Functions, symbols, bigints: canonicalize's own rules apply.
      throw new NotPlainJson();
  }
}
singlePass(writeLarge);

/** Characters JSON.stringify escapes in a string, and surrogates (whose pairing it checks). */
// deno-lint-ignore no-control-regex
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Writes a string as JSON.stringify writes it, or throws for a lone surrogate. */
function writeString(text: string, write: (text: string) => void): void {
  if (!ESCAPED.test(text)) {
    write('"');
    write(text);
    write('"');
    return;
  }
  if (!text.isWellFormed()) throw new NotPlainJson();
  write(JSON.stringify(text));
}

/**
 * The canonical text of a value below the written levels: JSON.stringify of the value itself
 * where it is already in canonical form ({@link inCanonicalForm}), else of a sorted copy, or the
 * package's text when array-index keys stand in the way of a sorted copy.
 */
function stringifyPlain(value: unknown, orders: KeyOrders): string {
  let text: string | undefined;
  try {
    const left = orders.left;
    const asIs = typeof value === "object" && value !== null && inCanonicalForm(value, orders);
    orders.left = left;
    text = JSON.stringify(asIs ? value : canonicalCopy(value, orders));
  } catch (error) {
    if (!(error instanceof IndexKeysOutOfOrder)) throw error;
    try {
      text = canonicalize(value);
    } catch {
      throw new NotPlainJson();
    }
    if (text === undefined) throw new NotPlainJson();
    return text;
  }
  // A lone surrogate shows as a "\ud8xx"–"\udfxx" escape. A literal backslash followed by "ud"
  // (written "\\ud") matches too: then the slow path decides, which is merely slower.
  if (text === undefined || text.includes("\\ud")) throw new NotPlainJson();
  return text;
}

function stringifyKey(key: string): string {
  if (!key.isWellFormed()) throw new NotPlainJson();
  return JSON.stringify(key);
}

function checkPlainObject(value: object): void {
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") throw new NotPlainJson();
}

/**
 * Whether JSON.stringify writes the canonical text of `node` as it is: each object lists its
 * keys in UTF-16 code unit order, and it holds only strings, finite numbers, booleans, null
 * (and undefined, which JSON.stringify and the copy both leave out of an object and write as
 * null in an array), with no `toJSON` method, and no more than {@link WHOLE_LIMIT} objects and
 * arrays in all (`orders.left`, which this spends). A value Proxar wrote in a snapshot is so
 * throughout, and this walk allocates nothing: the copy's walk, which lists each object's keys,
 * took twice as long on such a value (release binary, the tools of a snapshot of the 2,000-tool
 * pair: 36.7 against 15.1 ms, minimum of 9). Elsewhere it stops at the first object out of
 * order, usually a tool's own keys (`name` before `description`).
 */
function inCanonicalForm(node: object, orders: KeyOrders): boolean {
  if (--orders.left < 0) return false;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) if (!plainItem(node[i], orders)) return false;
    return true;
  }
  if (typeof (node as { toJSON?: unknown }).toJSON === "function") return false;
  const object = node as Record<string, unknown>;
  let previous: string | undefined;
  // for-in lists an object's keys as Object.keys and JSON.stringify do (inherited enumerable
  // keys after them, which a parsed value has none of and which could only fail this check).
  for (const key in object) {
    if (previous !== undefined && !(previous < key)) return false;
    previous = key;
    if (!plainItem(object[key], orders)) return false;
  }
  return true;
}
singlePass(inCanonicalForm);

/** {@link inCanonicalForm} of a value inside an object or array. */
function plainItem(item: unknown, orders: KeyOrders): boolean {
  switch (typeof item) {
    case "string":
    case "boolean":
    case "undefined":
      return true;
    case "number":
      return Number.isFinite(item);
    case "object":
      return item === null || inCanonicalForm(item, orders);
    default:
      return false;
  }
}
singlePass(plainItem);

/**
 * `value` as JSON.stringify must see it to write its canonical text: each object listing its
 * keys in UTF-16 code unit order and holding no undefined value, each array no undefined item.
 * What already is so is the value itself, not a copy (an array of strings, an object whose keys
 * are in order and whose values need no copy; a value Proxar wrote in a snapshot whole): only
 * the objects and arrays on the way to what must change are copied. An object lists array-index
 * keys ("0", "42") first whatever the insertion order; when that is not the sorted order,
 * {@link IndexKeysOutOfOrder} is thrown.
 */
function canonicalCopy(value: unknown, orders: KeyOrders): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (!Number.isFinite(value)) throw new NotPlainJson();
      return value;
    case "object": {
      if (value === null) return null;
      if (--orders.left < 0) throw new TooLarge();
      if (Array.isArray(value)) return arrayCopy(value, orders);
      checkPlainObject(value);
      const object = value as Record<string, unknown>;
      const keys = orders.sorted(object);
      // Until a value differs from its copy, an object in order is kept and nothing is copied.
      let copy: Record<string, unknown> | undefined = orders.inOrder ? undefined : {};
      let indexLike = false;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const item = object[key];
        const code = key.charCodeAt(0);
        if (code >= 0x30 && code <= 0x39) indexLike = true;
        const itemCopy = item === undefined ? undefined : canonicalCopy(item, orders);
        if (copy === undefined) {
          if (itemCopy === item && item !== undefined) continue;
          copy = {};
          for (let j = 0; j < i; j++) define(copy, keys[j]!, object[keys[j]!]);
        }
        if (itemCopy !== undefined) define(copy, key, itemCopy);
      }
      if (copy === undefined) return object;
      if (indexLike && !inOrder(Object.keys(copy))) throw new IndexKeysOutOfOrder();
      return copy;
    }
    default:
      // undefined at the top, functions, symbols, bigints: canonicalize's own rules apply.
      throw new NotPlainJson();
  }
}
singlePass(canonicalCopy);

/** {@link canonicalCopy} of an array: itself when no item changes, a hole or undefined is null. */
function arrayCopy(value: readonly unknown[], orders: KeyOrders): unknown[] {
  let copy: unknown[] | undefined;
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    const itemCopy = item === undefined ? null : canonicalCopy(item, orders);
    if (copy === undefined) {
      if (itemCopy === item) continue;
      copy = value.slice(0, i);
    }
    copy.push(itemCopy);
  }
  return copy ?? (value as unknown[]);
}
singlePass(arrayCopy);

/** Sets `copy[key]`, an own property even for `__proto__`. */
function define(copy: Record<string, unknown>, key: string, item: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(copy, key, {
      value: item,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else copy[key] = item;
}

/** An object whose array-index keys JSON.stringify would write before keys that sort earlier. */
class IndexKeysOutOfOrder extends Error {}

function inOrder(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return false;
  return true;
}

/** How many key sequences {@link KeyOrders} keeps per first key. */
const ORDERS_PER_FIRST_KEY = 8;

/**
 * The own enumerable keys of objects in UTF-16 code unit order (what `Array.prototype.sort`
 * does), remembered for each sequence of keys met in one write: the objects of a contract repeat
 * a few sequences (`type`, `properties`, `required`, `additionalProperties` …), and sorting each
 * object's keys anew took about as long as copying the objects (release binary, the old side of
 * the 2,000-tool pair: 15 of 37 ms of CPU for the sorted copies). A sequence is recognised by
 * comparing its keys with `===`, which for property names JSON.parse made is mostly a comparison
 * of two pointers, where sorting compares their characters.
 */
class KeyOrders {
  /** Per first key: sequences met (the keys as listed) and their sorted order. */
  readonly #byFirst = new Map<string, { keys: readonly string[]; sorted: readonly string[] }[]>();

  /** Whether the keys of the object last given to {@link sorted} were listed in sorted order. */
  inOrder = true;

  /**
   * How many more objects and arrays the copy under way may make before it is too large; a
   * copy's budget, kept here with what else one write shares.
   */
  left = Infinity;

  /** The object's own enumerable keys, sorted; the array is shared and must not be changed. */
  sorted(object: Record<string, unknown>): readonly string[] {
    const keys = Object.keys(object);
    const n = keys.length;
    if (n < 2) {
      this.inOrder = true;
      return keys;
    }
    if (n > 16) {
      this.inOrder = inOrder(keys);
      return this.inOrder ? keys : keys.sort();
    }
    const first = keys[0]!;
    const seen = this.#byFirst.get(first);
    if (seen !== undefined) {
      next: for (let s = 0; s < seen.length; s++) {
        const known = seen[s]!;
        if (known.keys.length !== n) continue;
        for (let i = 1; i < n; i++) if (known.keys[i] !== keys[i]) continue next;
        // A sequence already in order is kept as its own sorted order.
        this.inOrder = known.sorted === known.keys;
        return known.sorted;
      }
    }
    this.inOrder = inOrder(keys);
    const sorted = this.inOrder ? keys : insertionSorted(keys.slice());
    if (seen === undefined) this.#byFirst.set(first, [{ keys, sorted }]);
    else if (seen.length < ORDERS_PER_FIRST_KEY) seen.push({ keys, sorted });
    return sorted;
  }
}
singlePass(KeyOrders.prototype.sorted);

/**
 * `keys` sorted in place by insertion: objects in contracts have few keys, and this beats the
 * generic sort there.
 */
function insertionSorted(keys: string[]): string[] {
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}
singlePass(insertionSorted);

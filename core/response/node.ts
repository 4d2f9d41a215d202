/**
 * JSON type trees: the shape of a value without the value. A node records which JSON types were
 * seen at a place (null included, so nullability is visible), an object's keys (recordable ones
 * by name, the rest merged as "other keys"), an array's item shape, its length in coarse
 * buckets, and for arrays of objects the scalar keys every observed array was sorted by.
 * Strings, numbers and booleans are never kept. Pure.
 * @module
 */
import { isRecordableKey as isRecordable } from "./keys.ts";

const recordable = new Map<string, boolean>();

/** {@link isRecordable}, remembered for the keys seen most (results repeat their keys). */
function isRecordableKey(key: string): boolean {
  let known = recordable.get(key);
  if (known === undefined) {
    known = isRecordable(key);
    if (recordable.size >= 4096) recordable.clear();
    recordable.set(key, known);
  }
  return known;
}

/** The JSON types a node records; `integer` is a number without a fraction. */
export type JsonTypeName =
  | "array"
  | "boolean"
  | "integer"
  | "null"
  | "number"
  | "object"
  | "string";

/** Array length buckets. */
export const LENGTH_BUCKETS = ["0", "1", "2-9", "10-99", "100-999", "1000+"] as const;

/** A coarse array length. */
export type LengthBucket = (typeof LENGTH_BUCKETS)[number];

/** The shape of the values observed at one place. */
export interface ShapeNode {
  /** How many values were observed here (for a property: how often the key was present). */
  count: number;
  /** The JSON types seen, sorted. */
  types: JsonTypeName[];
  /** How many of the observed values were objects. */
  objects?: number;
  /** The recorded keys of objects seen here. */
  properties?: Record<string, ShapeNode>;
  /** Values under keys not recorded by name (data-like or secret-like keys, or too many keys). */
  otherKeys?: ShapeNode;
  /** The items of arrays seen here, merged. */
  items?: ShapeNode;
  /** The lengths of arrays seen here, as sorted buckets. */
  lengths?: LengthBucket[];
  /**
   * Arrays of at least two objects: how many were observed, and the scalar keys (`name:asc`,
   * `created:desc`) every one of them was sorted by.
   */
  order?: { observed: number; keys: string[] };
  /** Set when the size limits cut the tree here. */
  truncated?: true;
}

/** Limits that keep a tool's shapes small whatever the results hold. */
export const LIMITS = {
  /** Nesting depth below which nothing is recorded. */
  depth: 12,
  /** Objects with more distinct keys than this are recorded as maps (keys not named). */
  keys: 64,
  /** Nodes per tool; breadth first beyond this, children are dropped. */
  nodes: 400,
} as const;

const TYPE_ORDER: readonly JsonTypeName[] = [
  "array",
  "boolean",
  "integer",
  "null",
  "number",
  "object",
  "string",
];

function typeOf(value: unknown): JsonTypeName {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "object") return "object";
  return typeof value === "boolean" ? "boolean" : "string";
}

function bucket(length: number): LengthBucket {
  if (length <= 1) return length === 0 ? "0" : "1";
  if (length < 10) return "2-9";
  if (length < 100) return "10-99";
  return length < 1000 ? "100-999" : "1000+";
}

function unionSorted<T extends string>(a: readonly T[], b: readonly T[], order: readonly T[]): T[] {
  const set = new Set([...a, ...b]);
  return order.filter((t) => set.has(t));
}

/**
 * The shape of one JSON value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shapeOf } from "./node.ts";
 * const node = shapeOf({ name: "secret text", size: 42 });
 * assert.deepEqual(Object.keys(node.properties ?? {}), ["name", "size"]);
 * assert.deepEqual(node.properties?.size?.types, ["integer"]);
 * assert.ok(!JSON.stringify(node).includes("secret text"));
 * ```
 */
export function shapeOf(value: unknown): ShapeNode {
  const node = emptyNode();
  addValue(node, value, 0);
  return sortProperties(node);
}

function emptyNode(): ShapeNode {
  return { count: 0, types: [] };
}

function addSorted<T extends string>(list: T[], item: T, order: readonly T[]): void {
  if (list.includes(item)) return;
  list.push(item);
  list.sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** Adds one observed value to a node in place: linear in the size of the value. */
function addValue(node: ShapeNode, value: unknown, depth: number): void {
  const type = typeOf(value);
  node.count++;
  addSorted(node.types, type, TYPE_ORDER);
  if (type !== "object" && type !== "array") return;
  if (depth >= LIMITS.depth) {
    node.truncated = true;
    return;
  }
  if (type === "array") {
    const items = value as unknown[];
    addSorted(node.lengths ??= [], bucket(items.length), LENGTH_BUCKETS);
    for (const item of items) addValue(node.items ??= emptyNode(), item, depth + 1);
    const order = orderOf(items);
    if (order) node.order = mergeOrder(node.order, { observed: 1, keys: order })!;
    return;
  }
  node.objects = (node.objects ?? 0) + 1;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object).sort();
  const named = keys.length <= LIMITS.keys;
  for (const key of keys) {
    if (named && isRecordableKey(key)) {
      const properties = node.properties ??= {};
      let child = Object.hasOwn(properties, key) ? properties[key] : undefined;
      if (!child) defineKey(properties, key, child = emptyNode());
      addValue(child, object[key], depth + 1);
    } else {
      addValue(node.otherKeys ??= emptyNode(), object[key], depth + 1);
    }
  }
  if (node.properties && Object.keys(node.properties).length > LIMITS.keys) {
    let other = node.otherKeys;
    for (const key of Object.keys(node.properties).sort()) {
      other = mergeOptional(other, node.properties[key]);
    }
    delete node.properties;
    if (other) node.otherKeys = other;
  }
}

/** The same node with every `properties` object in key order. */
function sortProperties(node: ShapeNode): ShapeNode {
  if (node.properties) {
    const sorted: Record<string, ShapeNode> = {};
    for (const key of Object.keys(node.properties).sort()) {
      defineKey(sorted, key, sortProperties(node.properties[key]!));
    }
    node.properties = sorted;
  }
  if (node.otherKeys) sortProperties(node.otherKeys);
  if (node.items) sortProperties(node.items);
  return node;
}

/** Sets a key without touching the prototype (`__proto__` is a valid key). */
function defineKey(target: Record<string, ShapeNode>, key: string, value: ShapeNode): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * The scalar keys an array of objects is sorted by: present in every item with a string
 * (or every item with a number), non-decreasing or non-increasing, and not constant.
 */
function orderOf(items: readonly unknown[]): string[] | undefined {
  if (items.length < 2) return undefined;
  if (!items.every((i) => typeof i === "object" && i !== null && !Array.isArray(i))) {
    return undefined;
  }
  const objects = items as Record<string, unknown>[];
  const out: string[] = [];
  for (const key of Object.keys(objects[0]!).sort()) {
    if (!isRecordableKey(key)) continue;
    const values = objects.map((o) => (Object.hasOwn(o, key) ? o[key] : undefined));
    const kind = typeof values[0];
    if (kind !== "string" && kind !== "number") continue;
    if (!values.every((v) => (kind === "string" ? typeof v === "string" : typeof v === "number"))) {
      continue;
    }
    let up = false;
    let down = false;
    for (let i = 1; i < values.length; i++) {
      const a = values[i - 1] as string | number;
      const b = values[i] as string | number;
      if (a < b) up = true;
      else if (a > b) down = true;
    }
    if (up !== down) out.push(`${key}:${up ? "asc" : "desc"}`);
  }
  return out;
}

/** Merges two nodes observed at the same place. */
export function mergeNodes(a: ShapeNode, b: ShapeNode): ShapeNode {
  const node: ShapeNode = {
    count: a.count + b.count,
    types: unionSorted(a.types, b.types, TYPE_ORDER),
  };
  const objects = (a.objects ?? 0) + (b.objects ?? 0);
  if (objects > 0) node.objects = objects;
  const properties = mergeProperties(a.properties, b.properties);
  let otherKeys = mergeOptional(a.otherKeys, b.otherKeys);
  if (properties && Object.keys(properties).length > LIMITS.keys) {
    for (const key of Object.keys(properties).sort()) {
      otherKeys = mergeOptional(otherKeys, properties[key]);
    }
  } else if (properties) node.properties = properties;
  if (otherKeys) node.otherKeys = otherKeys;
  const items = mergeOptional(a.items, b.items);
  if (items) node.items = items;
  if (a.lengths || b.lengths) {
    node.lengths = unionSorted(a.lengths ?? [], b.lengths ?? [], LENGTH_BUCKETS);
  }
  const order = mergeOrder(a.order, b.order);
  if (order) node.order = order;
  if (a.truncated || b.truncated) node.truncated = true;
  return node;
}

function mergeOptional(a: ShapeNode | undefined, b: ShapeNode | undefined): ShapeNode | undefined {
  return a && b ? mergeNodes(a, b) : a ?? b;
}

function mergeProperties(
  a: Record<string, ShapeNode> | undefined,
  b: Record<string, ShapeNode> | undefined,
): Record<string, ShapeNode> | undefined {
  if (!a || !b) return a ?? b;
  const out: Record<string, ShapeNode> = {};
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const key of keys) {
    const merged = mergeOptional(
      Object.hasOwn(a, key) ? a[key] : undefined,
      Object.hasOwn(b, key) ? b[key] : undefined,
    );
    if (merged) defineKey(out, key, merged);
  }
  return out;
}

function mergeOrder(
  a: ShapeNode["order"],
  b: ShapeNode["order"],
): ShapeNode["order"] {
  if (!a || !b) return a ?? b;
  const keep = new Set(b.keys);
  return { observed: a.observed + b.observed, keys: a.keys.filter((k) => keep.has(k)) };
}

/**
 * Cuts trees to at most {@link LIMITS.nodes} nodes together, breadth first in key order: the
 * nodes beyond the budget keep their types and lose their children.
 */
export function boundNodes(roots: readonly ShapeNode[]): void {
  let admitted = roots.length;
  const queue: ShapeNode[] = [...roots];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    const children: ShapeNode[] = [];
    for (const key of Object.keys(node.properties ?? {}).sort()) {
      children.push(node.properties![key]!);
    }
    if (node.otherKeys) children.push(node.otherKeys);
    if (node.items) children.push(node.items);
    if (admitted + children.length > LIMITS.nodes) {
      delete node.properties;
      delete node.otherKeys;
      delete node.items;
      delete node.order;
      if (children.length > 0) node.truncated = true;
      continue;
    }
    admitted += children.length;
    queue.push(...children);
  }
}

/**
 * JSON type trees: the shape of a value without the value. A node records which JSON types were
 * seen at a place (null included, so nullability is visible), an object's keys (recordable ones
 * by name, the rest merged as "other keys"), an array's item shape, its length in coarse
 * buckets, and for arrays of objects the scalar keys every observed array was sorted by.
 * Strings, numbers and booleans are never kept. Pure.
 * @module
 */
import { isRecordableKey } from "./keys.ts";

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
export function shapeOf(value: unknown, depth = 0): ShapeNode {
  const type = typeOf(value);
  const node: ShapeNode = { count: 1, types: [type] };
  if (type !== "object" && type !== "array") return node;
  if (depth >= LIMITS.depth) {
    node.truncated = true;
    return node;
  }
  if (type === "array") {
    const items = value as unknown[];
    node.lengths = [bucket(items.length)];
    let merged: ShapeNode | undefined;
    for (const item of items) {
      const shape = shapeOf(item, depth + 1);
      merged = merged ? mergeNodes(merged, shape) : shape;
    }
    if (merged) node.items = merged;
    const order = orderOf(items);
    if (order) node.order = { observed: 1, keys: order };
    return node;
  }
  node.objects = 1;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object).sort();
  const named = keys.length <= LIMITS.keys;
  for (const key of keys) {
    const shape = shapeOf(object[key], depth + 1);
    if (named && isRecordableKey(key)) {
      node.properties ??= {};
      defineKey(node.properties, key, shape);
    } else {
      node.otherKeys = node.otherKeys ? mergeNodes(node.otherKeys, shape) : shape;
    }
  }
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

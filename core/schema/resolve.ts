/**
 * Local `$ref` resolution for the structured walk: `#`, `#/$defs/X`, `#/definitions/X` and any
 * JSON pointer, followed iteratively (a chain of any length cannot overflow the stack) and with
 * loops detected. Remote references are never fetched.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { pointerTokens } from "../json.ts";

/** Whether a reference points inside the same document. */
export function isLocalRef(ref: string): boolean {
  return ref === "#" || ref.startsWith("#/");
}

/** The value a local reference points at, or undefined. */
export function resolveLocal(root: JsonValue, ref: string): JsonValue | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  let node: JsonValue | undefined = root;
  for (const token of pointerTokens(decoded)) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

/** A schema node after following local references. */
export interface Resolved {
  node: JsonObject | false;
  /** Pointer (within the root) of the node finally reached. */
  loc: string;
  /** The references followed, in order. */
  via: string[];
  /** A local reference that could not be resolved. */
  broken?: string;
}

/**
 * Follows local `$ref`s from `schema` (at `loc`). Keywords beside a `$ref` are kept and win over
 * the target's. A loop of references resolves to the empty schema.
 */
export function deref(root: JsonValue, schema: JsonValue | undefined, loc: string): Resolved {
  let node: JsonValue | undefined = schema;
  const via: string[] = [];
  const seen = new Set<string>();
  let siblings: JsonObject = {};
  while (isObject(node) && typeof node.$ref === "string" && isLocalRef(node.$ref)) {
    const ref = node.$ref;
    const { $ref: _, ...rest } = node;
    siblings = { ...rest, ...siblings };
    if (seen.has(ref)) return { node: { ...siblings }, loc, via };
    seen.add(ref);
    via.push(ref);
    const target = resolveLocal(root, ref);
    if (target === undefined) return { node: { ...siblings }, loc, via, broken: ref };
    node = target;
    loc = ref === "#" ? "" : decodeURIComponent(ref.slice(1));
  }
  if (node === false) return { node: false, loc, via };
  const base = isObject(node) ? node : {};
  return { node: Object.keys(siblings).length === 0 ? base : { ...base, ...siblings }, loc, via };
}

/**
 * How many `$ref` and `$dynamicRef` keywords `value` holds, at any depth (iterative), counting no
 * further than `limit`.
 */
export function countRefs(value: JsonValue | undefined, limit = Infinity): number {
  let count = 0;
  const stack: (JsonValue | undefined)[] = [value];
  while (stack.length > 0 && count < limit) {
    const v = stack.pop();
    if (Array.isArray(v)) { for (const item of v) stack.push(item); }
    else if (isObject(v)) {
      if (Object.hasOwn(v, "$ref")) count++;
      if (Object.hasOwn(v, "$dynamicRef")) count++;
      for (const key of Object.keys(v)) stack.push(v[key]);
    }
  }
  return count;
}

/** Whether a JSON value contains a `$ref` or `$dynamicRef` key anywhere. */
export function containsRef(value: JsonValue | undefined): boolean {
  return countRefs(value, 1) > 0;
}

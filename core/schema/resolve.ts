/**
 * Local `$ref` resolution for the structured walk: `#`, `#/$defs/X`, `#/definitions/X` and any
 * JSON pointer, followed iteratively (a chain of any length cannot overflow the stack) and with
 * loops detected. Remote references are never fetched.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { pointerTokens } from "../json.ts";
import { decodedFragment } from "./_catch_all_json.ts";
import {
  annotationsOf,
  combineLevels,
  hasSiblings,
  ignoresRefSiblings,
  type RefLevel,
} from "./_ref_siblings.ts";

/** Whether a reference points inside the same document. */
export function isLocalRef(ref: string): boolean {
  return ref === "#" || ref.startsWith("#/");
}

/** The value a local reference points at, or undefined. */
export function resolveLocal(root: JsonValue, ref: string): JsonValue | undefined {
  const decoded = decodedFragment(ref);
  if (decoded === undefined) return undefined;
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
  /**
   * The keywords written at each link of the chain (outermost first, the target last): the
   * node as written without its `$ref`, each reference's target likewise, then the last target.
   */
  levels: RefLevel[];
  /**
   * Why the keywords beside a `$ref` and those of its target cannot be written as one schema;
   * `node` then holds the siblings over the target and must not be compared as such.
   */
  conflict?: string;
}

/** Options of {@link deref}. */
export interface DerefOptions {
  /** Draft-07 and older: keep only the annotations among the keywords beside a `$ref`. */
  ignoreSiblings?: boolean;
}

/**
 * Follows local `$ref`s from `schema` (at `loc`). Keywords beside a `$ref` apply together with
 * the target's (allOf), combined into one schema where that is exact (see `_ref_siblings.ts`); a
 * loop of references resolves to the empty schema.
 */
export function deref(
  root: JsonValue,
  schema: JsonValue | undefined,
  loc: string,
  options: DerefOptions = {},
): Resolved {
  let node: JsonValue | undefined = schema;
  const via: string[] = [];
  let seen: Set<string> | undefined;
  const levels: RefLevel[] = [];
  let broken: string | undefined;
  while (isObject(node) && typeof node.$ref === "string" && isLocalRef(node.$ref)) {
    const ref = node.$ref;
    const { $ref: _, ...rest } = node;
    levels.push({ loc, keywords: options.ignoreSiblings ? annotationsOf(rest) : rest });
    node = undefined;
    if (seen?.has(ref)) break;
    (seen ??= new Set()).add(ref);
    via.push(ref);
    node = resolveLocal(root, ref);
    if (node === undefined) {
      broken = ref;
      break;
    }
    loc = ref === "#" ? "" : decodeURIComponent(ref.slice(1));
  }
  const out = (resolved: Omit<Resolved, "via" | "levels">): Resolved => {
    const r: Resolved = { ...resolved, via, levels };
    if (broken !== undefined) r.broken = broken;
    return r;
  };
  if (node === false) {
    levels.push({ loc, keywords: {} });
    return out({ node: false, loc });
  }
  const base = isObject(node) ? node : {};
  levels.push({ loc, keywords: base });
  if (!hasSiblings(levels)) return out({ node: base, loc });
  const combined = combineLevels(levels);
  if ("node" in combined) return out({ node: combined.node, loc });
  let merged: JsonObject = {};
  for (const level of levels) merged = { ...level.keywords, ...merged };
  return out({ node: merged, loc, conflict: combined.conflict });
}

/**
 * How many `$ref` and `$dynamicRef` keywords `value` holds, at any depth (iterative), counting no
 * further than `limit`.
 */
export function countRefs(value: JsonValue | undefined, limit = Infinity): number {
  let count = 0;
  // Only objects and arrays are stacked, and no list of keys is made: this runs over every
  // schema that changed, most of which hold no reference.
  const stack: (JsonObject | JsonValue[])[] = [];
  for (let v: JsonValue | undefined = value;;) {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const item = v[i];
        if (typeof item === "object" && item !== null) stack.push(item);
      }
    } else if (isObject(v)) {
      if (Object.hasOwn(v, "$ref")) count++;
      if (Object.hasOwn(v, "$dynamicRef")) count++;
      if (count >= limit) return count;
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        const child = v[key];
        if (typeof child === "object" && child !== null) stack.push(child);
      }
    }
    v = stack.pop();
    if (v === undefined) return count;
  }
}

/** Whether a JSON value contains a `$ref` or `$dynamicRef` key anywhere. */
export function containsRef(value: JsonValue | undefined): boolean {
  return countRefs(value, 1) > 0;
}

/**
 * Reads a schema that is a local reference as its target in `root` (see {@link deref}); one whose
 * chain is broken, or whose keywords beside cannot be written as one schema, stays as written.
 * The keywords beside a reference count only where every reader applies them (by default, as
 * `root`'s draft says): ignored, the target alone accepts more, never fewer.
 */
export function targetIn(
  root: JsonValue,
  ignoreSiblings: boolean = ignoresRefSiblings(root),
): (s: JsonValue) => JsonValue {
  return (s) => {
    if (!isObject(s) || typeof s.$ref !== "string") return s;
    const r = deref(root, s, "", { ignoreSiblings });
    return r.broken !== undefined || r.conflict !== undefined ? s : r.node;
  };
}

/**
 * Bounds at the safe-integer limit that a change of `anyOf`/`oneOf`/`allOf` moved in or out. When
 * only the input exemption of `_safe_integer.ts` settles such a change, the structured walk names
 * these bounds: zod 4 writes a nullable `.int()` as `anyOf [{type: integer, minimum: -(2^53 − 1),
 * maximum: 2^53 − 1}, {type: null}]` where zod 3 wrote `{type: [integer, null]}`, and the user is
 * told that the limit came, not that nothing happened. Private to the structured walk.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { isLocalRef, resolveLocal } from "./resolve.ts";
import { admitsEverySafeInteger, compareBounds, type NumericBound } from "./_safe_integer.ts";
import { numericBound } from "./values.ts";
import { COMBINATORS } from "./types.ts";

/** A bound at or past the safe-integer limit, and where it is written. */
export interface LimitBound {
  /** Tokens from the compared node to the schema object that holds the keyword. */
  at: string[];
  /** Where that object stands in its root, when a local `$ref` led to it. */
  target?: string;
  keyword: string;
  aspect: "minimum" | "maximum";
  bound: NumericBound;
}

/** A limit bound on one side only (or a different one on each), by aspect. */
export interface LimitChange {
  aspect: "minimum" | "maximum";
  old: LimitBound | undefined;
  new: LimitBound | undefined;
}

/** How deep nested combinators are searched. */
const MAX_NESTING = 8;
/** How many schema objects one search visits at most (a generated schema may be large). */
const MAX_VISITS = 10_000;

/** The limit bound of one kind written in a schema object, if any. */
function limitOf(
  schema: JsonObject,
  at: string[],
  target: string | undefined,
  lower: boolean,
): LimitBound | undefined {
  const bound = numericBound(schema, lower ? "min" : "max");
  if (bound === undefined || !admitsEverySafeInteger(bound, lower)) return undefined;
  const aspect = lower ? "minimum" : "maximum";
  const exclusive = lower ? "exclusiveMinimum" : "exclusiveMaximum";
  const keyword = Object.hasOwn(schema, aspect) || !Object.hasOwn(schema, exclusive)
    ? aspect
    : exclusive;
  const found: LimitBound = { at, keyword, aspect, bound };
  if (target !== undefined) found.target = target;
  return found;
}

/**
 * The limit bounds in the branches of `node[key]`, in the combinators nested in them and in the
 * definitions their local `$ref`s reach in `root` (reported at the branch, as the walk reports a
 * target's keywords). A side that was `lifted` (a lone schema compared as a one-branch union)
 * holds its branch in the node itself, so its bounds are reported there.
 */
export function limitBounds(
  node: JsonObject,
  key: string,
  lifted: boolean,
  root: JsonValue,
): LimitBound[] {
  const out: LimitBound[] = [];
  const list = node[key];
  if (!Array.isArray(list)) return out;
  interface Item {
    schema: JsonValue;
    at: string[];
    depth: number;
    target?: string;
  }
  const stack: Item[] = list.map((schema, i) => ({
    schema,
    at: lifted ? [] : [key, String(i)],
    depth: 0,
  })).reverse();
  // Each definition is searched once: a union that refers to itself (or many references to one
  // definition) would otherwise be searched once per path to it, branches^depth times.
  const followed = new Set<string>();
  let visits = 0;
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { schema, at, depth, target } = top;
    if (!isObject(schema) || ++visits > MAX_VISITS) continue;
    for (const lower of [true, false]) {
      const found = limitOf(schema, at, target, lower);
      if (found !== undefined) out.push(found);
    }
    if (depth >= MAX_NESTING) continue;
    const ref = schema.$ref;
    if (typeof ref === "string" && isLocalRef(ref) && !followed.has(ref)) {
      followed.add(ref);
      const value = resolveLocal(root, ref);
      const loc = ref === "#" ? "" : decodeURIComponent(ref.slice(1));
      if (value !== undefined) stack.push({ schema: value, at, depth: depth + 1, target: loc });
    }
    for (const inner of COMBINATORS) {
      const branches = schema[inner];
      if (!Array.isArray(branches)) continue;
      for (let i = branches.length - 1; i >= 0; i--) {
        stack.push({ schema: branches[i]!, at: [...at, inner, String(i)], depth: depth + 1 });
      }
    }
  }
  return out;
}

/**
 * The limit bounds that are not on both sides with the same value, paired by aspect in the
 * order they are written: a bound that moved into a branch unchanged is no change.
 */
export function limitChanges(old: LimitBound[], next: LimitBound[]): LimitChange[] {
  const out: LimitChange[] = [];
  for (const aspect of ["minimum", "maximum"] as const) {
    const lower = aspect === "minimum";
    const x = old.filter((b) => b.aspect === aspect);
    const y = next.filter((b) => b.aspect === aspect);
    const rest = x.filter((b) => {
      const k = y.findIndex((c) => compareBounds(b.bound, c.bound, lower) === 0);
      if (k >= 0) y.splice(k, 1);
      return k < 0;
    });
    for (let i = 0; i < Math.max(rest.length, y.length); i++) {
      out.push({ aspect, old: rest[i], new: y[i] });
    }
  }
  return out;
}

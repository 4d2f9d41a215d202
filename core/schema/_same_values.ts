/**
 * Equality of two schemas up to the annotations that change no value: a title, description,
 * `$comment`, examples, default, deprecated, readOnly, writeOnly, a vendor extension or a
 * discriminator, at any schema position. The proof's "the same schema" reads it: A's own
 * annotations are left out of its conjuncts, B's were not, so a oneOf (whose branches it cannot
 * always tell apart) that gained a `$comment` read narrowed one way and widened the other. What
 * names or places a schema (`$id`, `$anchor`, `$schema`, `$defs`) is compared as written.
 * Iterative, so any depth is safe.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { sameJson } from "./_catch_all_json.ts";
import { SCHEMA_LISTS, SCHEMA_MAPS, SCHEMAS } from "./_catch_all_refs.ts";
import { facetOfKeyword, isAnnotationKeyword } from "./types.ts";

/** Annotation facets that name or place a schema: a reference may reach through them. */
const PLACING: ReadonlySet<string> = new Set(["$schema", "$id", "$anchor", "$defs"]);

/** Whether `keyword` only annotates and places nothing (see {@link PLACING}). */
function ignored(keyword: string): boolean {
  return isAnnotationKeyword(keyword) && !PLACING.has(facetOfKeyword(keyword) as string);
}

/** The keywords of a schema object that {@link sameValues} compares. */
function compared(schema: JsonObject): string[] {
  return Object.keys(schema).filter((k) => !ignored(k));
}

/**
 * Whether `a` and `b` are the same schema once the annotations of {@link ignored} are left out
 * of every subschema (of the keywords in `known`); every other value is compared as JSON.
 */
export function sameValues(a: JsonValue, b: JsonValue, known: ReadonlySet<string>): boolean {
  const stack: [JsonValue | undefined, JsonValue | undefined][] = [[a, b]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [x, y] = top;
    if (x === y) continue;
    if (!isObject(x) || !isObject(y)) {
      if (!sameJson(x, y)) return false;
      continue;
    }
    const keys = compared(x);
    if (keys.length !== compared(y).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(y, key)) return false;
      const [u, v] = [x[key], y[key]];
      if (!known.has(key)) {
        if (!sameJson(u, v)) return false;
      } else if (SCHEMA_LISTS.includes(key) && Array.isArray(u)) {
        if (!Array.isArray(v) || u.length !== v.length) return false;
        u.forEach((s, i) => stack.push([s, v[i]]));
      } else if (SCHEMA_MAPS.includes(key) && isObject(u)) {
        if (!isObject(v) || Object.keys(u).length !== Object.keys(v).length) return false;
        for (const name of Object.keys(u)) {
          if (!Object.hasOwn(v, name)) return false;
          stack.push([u[name], v[name]]);
        }
      } else if (SCHEMAS.includes(key)) {
        stack.push([u, v]);
      } else if (!sameJson(u, v)) {
        return false;
      }
    }
  }
  return true;
}

/**
 * Whether a double not read through on one side only (`oldInner` or `newInner` its X, the other
 * undefined) faces a double not with annotations beside it: then both sides are compared as
 * written ({@link annotatedDoubleNot}).
 */
export function notsAsWritten(
  old: JsonValue,
  next: JsonValue,
  oldInner: unknown,
  newInner: unknown,
): boolean {
  if ((oldInner === undefined) === (newInner === undefined)) return false;
  return annotatedDoubleNot(oldInner !== undefined ? next : old);
}

/**
 * Whether `schema` is `{not: {not: X}}` with annotations beside a `not`: the differs read a bare
 * one as X, so when only one side is bare both are compared as written (the annotations where
 * they are) rather than X against a double `not`, read "not added, type widened".
 */
function annotatedDoubleNot(schema: JsonValue): boolean {
  if (!isObject(schema) || !isObject(schema.not) || schema.not.not === undefined) return false;
  const only = (s: JsonObject) =>
    Object.keys(s).every((k) => k === "not" || isAnnotationKeyword(k));
  return only(schema) && only(schema.not);
}

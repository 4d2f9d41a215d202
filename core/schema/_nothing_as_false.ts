/**
 * `{not: {}}` accepts no value, as `false` does (JSON Schema defines `false` as that schema), yet
 * the differs read `false` by its value and `{not: {}}` by its keywords: `additionalProperties:
 * false` → `{not: {}}` read additionalProperties.widened (BREAKING on output) though ajv accepts
 * the same values, and a property `{not: {}}` added to an open object read property.added
 * NON_BREAKING on input where `false` reads schema.narrowed BREAKING. {@link nothingAsFalse}
 * writes each subschema that accepts no value in so many words as `false` before both differs
 * compare, as 13c7356 reads a `not` of `not` as what it holds: a `not` of a schema accepting every
 * value (`{}`, `true`, annotations only, what {@link acceptsEvery} shows), whatever stands
 * beside it (`{not: {}, description: "no other names"}`, `{type: "string", not: {}}`), and a union
 * or conjunction with a branch written `false` or as a `not` that the proof shows accepts nothing
 * (`{anyOf: [false]}`, {@link rejectsEvery}). Where both sides write such a schema at one place and
 * one of them holds more than a lone `not`, each is read as a lone `not` with its own annotations
 * beside it ({@link notesOf}): two ways of saying nothing (`{not: {}}` → `{anyOf: [false]}` or
 * `{type: "string", not: {}}`) are no change, and an annotation changed there is still compared;
 * with the same annotations on both sides, both are `false`; so are both where one side writes
 * such a schema and the other one the proof shows accepts nothing in other words (`{allOf:
 * [{const: "x"}, {type: "array"}]}`), unless that one defines a place a `$ref` may reach (both
 * then stay as written). The root, a schema that is itself the `not` of another (read by the
 * double `not` of the walk) and one that defines a place a `$ref` may reach stay as written too.
 * The places rewritten are returned with what the file writes there, for the findings to name it.
 * Private to `compare_tool.ts`.
 * @module
 */
import { isObject, jsonEqual, type JsonObject, type JsonValue } from "../json.ts";
import { ANNOTATION_FACETS, facetOfKeyword } from "./types.ts";
import { acceptsEvery, rejectsEvery } from "./_accepts_every.ts";
import { BRANCH_LISTS, branchCounterparts } from "./branches.ts";
import { holdsKey, type ScannedKey } from "./_property_names.ts";
import {
  copyAlong,
  eachSubschema,
  type Link,
  pathOf,
  type Token,
  valueAt,
} from "./_schema_paths.ts";

/** Keywords that name a place a `$ref` may reach: a schema holding one stays as written. */
const DEFINES: readonly ScannedKey[] = ["$defs", "definitions", "$id", "$anchor", "$dynamicAnchor"];
/** The applicators a schema that accepts nothing in so many words is written with. */
const COMBINERS: ReadonlySet<string> = new Set(["not", "anyOf", "oneOf", "allOf"]);

/**
 * How `s` accepts no value, references resolved in `root`: `"lone"` for `{not: X}` alone, X
 * accepting every value; `"written"` for such a `not` with other keywords beside it, or a union
 * or conjunction with a branch written `false` or as a `not` that the proof shows accepts nothing
 * (`{anyOf: [false]}`); else `undefined`. A schema that defines a place a `$ref` may reach
 * (`$defs`, `$id`, `$anchor` anywhere in it) is left as written: `false` would drop it.
 */
function nothingKind(s: JsonObject, root: JsonValue): "lone" | "written" | undefined {
  const keys = Object.keys(s);
  if (!keys.some((key) => COMBINERS.has(key))) return undefined;
  if (keys.length === 1 && keys[0] === "not") return acceptsEvery(s.not, root) ? "lone" : undefined;
  if (DEFINES.some((key) => holdsKey(s, key))) return undefined;
  if (s.not !== undefined && acceptsEvery(s.not, root)) return "written";
  // Only a union or conjunction with a branch written false or as a `not` is given to the proof,
  // which the schemas of every tool would otherwise meet.
  const branches = ["anyOf", "oneOf", "allOf"].flatMap((k) => Array.isArray(s[k]) ? s[k] : []);
  if (!branches.some((b) => b === false || (isObject(b) && Object.hasOwn(b, "not")))) {
    return undefined;
  }
  return rejectsEvery(s, root) ? "written" : undefined;
}

/** A subschema that accepts nothing: where it is, and how it says so. */
interface Nothing {
  path: Token[];
  kind: "lone" | "written";
}

/** The subschemas that accept nothing, walked over schema positions only. */
function nothings(root: JsonValue): Map<string, Nothing> {
  const found = new Map<string, Nothing>();
  // [schema, its link, whether it is the `not` of its parent]
  const stack: [JsonValue, Link | null, boolean][] = [[root, null, false]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [schema, link, negated] = top;
    if (!isObject(schema)) continue;
    const kind = link !== null && !negated ? nothingKind(schema, root) : undefined;
    if (kind !== undefined) {
      const path = pathOf(link);
      found.set(JSON.stringify(path), { path, kind });
      continue;
    }
    eachSubschema(schema, link, (child, at, keyword) => {
      stack.push([child, at, keyword === "not"]);
    });
  }
  return found;
}

/** Whether the schemas may hold a subschema that accepts nothing in so many words. */
const mayHold = (s: JsonValue) =>
  holdsKey(s, "not") || holdsKey(s, "anyOf") || holdsKey(s, "oneOf") ||
  holdsKey(s, "allOf");

/** Both schemas as the differs compare them, and what each file writes where `false` now stands. */
export interface NothingRead<T> {
  old: T;
  new: T;
  /** For each side, the dotted path of each place rewritten (`properties.b`), and its schema. */
  written: { old: Map<string, JsonValue>; new: Map<string, JsonValue> };
  /**
   * The places both sides rewrite (to `false`, or to a lone `not` beside their notes), and what
   * each file writes there: the prose inside them is compared apart (`_unreached_prose.ts`).
   */
  both: NothingPlace[];
}

/**
 * A place both sides write a schema that accepts nothing: where the new file writes it and what
 * each file writes there; `oldPath` where the old file writes it, when that is another place (a
 * branch of a reordered list); `own` when the place's own notes are to be compared with those
 * below it (the differs, which read it `false` on both sides, do not).
 */
export interface NothingPlace {
  path: Token[];
  oldPath?: Token[];
  own?: true;
  /** Undefined where the branch was added (or, for `new`, removed) whole. */
  old: JsonValue | undefined;
  new: JsonValue | undefined;
  /** For a branch added or removed whole: the other side's schema that writes its list. */
  beside?: JsonValue;
}

/**
 * Both schemas with each subschema that accepts no value in so many words written `false` (see
 * the module); each schema itself when there is none (the common case), otherwise a copy along
 * the changed paths only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { JsonValue } from "../json.ts";
 * import { nothingAsFalse } from "./_nothing_as_false.ts";
 * const closed = (rest: JsonValue): JsonValue => ({ type: "object", additionalProperties: rest });
 * const read = nothingAsFalse(closed(false), closed({ anyOf: [false], description: "none" }));
 * assert.deepEqual(read.new, closed(false));
 * assert.deepEqual([...read.written.new], [["additionalProperties", { anyOf: [false], description: "none" }]]);
 * // Both sides write one, with a note: each a lone not beside its notes.
 * const noted = nothingAsFalse(closed({ not: {} }), closed({ not: {}, description: "none" }));
 * assert.deepEqual(noted.new, closed({ not: {}, description: "none" }));
 * // Two ways of saying nothing, no note: both false.
 * assert.deepEqual(nothingAsFalse(closed({ not: {} }), closed({ anyOf: [false] })).new, closed(false));
 * assert.deepEqual(nothingAsFalse({ not: {} }, { not: {} }).old, { not: {} });
 * ```
 */
export function nothingAsFalse<T extends JsonValue | undefined>(
  oldSchema: T,
  newSchema: T,
): NothingRead<T> {
  const none = () => ({ old: new Map<string, JsonValue>(), new: new Map<string, JsonValue>() });
  const found = [oldSchema, newSchema].map((s) =>
    s === undefined || !mayHold(s) ? new Map<string, Nothing>() : nothings(s)
  ) as [Map<string, Nothing>, Map<string, Nothing>];
  if (found[0].size === 0 && found[1].size === 0) {
    return { old: oldSchema, new: newSchema, written: none(), both: [] };
  }
  // One side writes one at a place where the other writes a schema the proof shows accepts
  // nothing too, in other words (`{allOf: [{const: "x"}, {type: "array"}]}` → `{anyOf: [that,
  // false]}`, fast-check seed -968428103): `false` against it would read narrowed, so both sides
  // are taken to write one there, and compared as below.
  const schemas = [oldSchema, newSchema];
  const moved: [Map<string, Nothing>, Nothing][] = [];
  for (const [i, here] of found.entries()) {
    const there = found[1 - i]!;
    const other = schemas[1 - i];
    for (const [key, nothing] of here) {
      if (there.has(key) || other === undefined) continue;
      const value = valueAt(other, nothing.path);
      if (isObject(value) && rejectsEvery(value, other)) {
        there.set(key, { path: nothing.path, kind: "written" });
        // The same branch elsewhere in this side's list (the branches reordered) is read so
        // too, or one side would read it false and the other as written (fast-check seed
        // -1026352681: allOf [D, C, F] → [F, D, C] read property.removed in C, BREAKING).
        const mine = schemas[i];
        if (mine !== undefined && rejectsEvery(value, mine)) {
          for (const at of sameBranches(mine, nothing.path, value)) moved.push([here, at]);
        }
      }
    }
  }
  for (const [side, at] of moved) {
    const key = JSON.stringify(at.path);
    if (!side.has(key)) side.set(key, at);
  }
  // A place inside another read `false` goes with it: rewriting both made the outer one's copy
  // by the order they were found in (fast-check seed 1589859070: allOf [N1, {allOf: [N2, T]},
  // L] → its first two branches swapped kept T beside false on one side only, whose vendor
  // keyword then read keyword.unmodelled BREAKING).
  for (const side of found) outermost(side);
  const sides = [oldSchema, newSchema] as const;
  // The branches of a list that accept nothing pair with their counterparts, not by index: equal
  // ones first, then alike ones, then in order, so branches only reordered read no change, and a
  // text only moved with its branch is not compared with another branch's at its old index.
  const branches = new Map<string, [Nothing[], Nothing[]]>();
  for (const [i, side] of found.entries()) {
    for (const here of side.values()) {
      if (!isBranch(here.path)) continue;
      const key = JSON.stringify(here.path.slice(0, -1));
      const lists = branches.get(key) ?? [[], []];
      lists[i]!.push(here);
      branches.set(key, lists);
    }
  }
  const paired: { x: Nothing; y: Nothing; a: JsonValue; b: JsonValue }[] = [];
  // Branches that accept nothing added or removed whole: no value changes (a false branch of a
  // union accepts nothing), yet their texts came or went, compared with none (below).
  const whole: NothingPlace[] = [];
  for (const [olds, news] of branches.values()) {
    const [a, b] = [olds, news].map((list, i) =>
      list.sort((x, y) => (x.path.at(-1) as number) - (y.path.at(-1) as number))
        .map((n) => valueAt(sides[i] as JsonValue, n.path)!)
    ) as [JsonValue[], JsonValue[]];
    for (const [i, j] of branchCounterparts(a, b)) {
      if (i !== undefined && j !== undefined) {
        paired.push({ x: olds[i]!, y: news[j]!, a: a[i]!, b: b[j]! });
        continue;
      }
      const [side, here] = i === undefined ? [1, news[j!]!] as const : [0, olds[i]!] as const;
      if (!addedOrRemoved(here.path, side, sides, found)) continue;
      const value = side === 0 ? a[i!]! : b[j!]!;
      whole.push({
        path: here.path,
        own: true,
        old: side === 0 ? value : undefined,
        new: side === 1 ? value : undefined,
        beside: valueAt(sides[1 - side] as JsonValue, here.path.slice(0, -2))!,
      });
    }
  }
  // Branches that stand at the same index and are each other's counterparts.
  const inPlace = new Set(paired.flatMap(({ x, y }) => {
    const from = JSON.stringify(x.path);
    return from === JSON.stringify(y.path) ? [from] : [];
  }));
  // Both sides write one at a place, one of them more than a lone `not`: each side's annotations
  // beside a lone `not`, so a note changed there is compared and how each says nothing is not. A
  // branch only so when its counterpart stands at its index: anyOf [N(A), N(B), S] → [S, N(A)]
  // (N(X) accepting nothing, described X) compared B with A at index 1, though A only moved.
  const noted = new Set<string>();
  for (const [key, here] of found[0]) {
    const there = found[1].get(key);
    if (there === undefined || (here.kind !== "written" && there.kind !== "written")) continue;
    if (!isBranch(here.path) || inPlace.has(key)) noted.add(key);
  }
  const written = none();
  const both: NothingPlace[] = [];
  for (const [key, here] of found[0]) {
    if (!found[1].has(key) || isBranch(here.path)) continue;
    const [a, b] = sides.map((s) => valueAt(s as JsonValue, here.path));
    // One written in other words may define a place a `$ref` reaches: both stay as written.
    if (a === undefined || b === undefined || noted.has(key) && [a, b].some(defines)) continue;
    both.push({ path: here.path, old: a, new: b });
  }
  for (const { x, y, a, b } of paired) {
    const [from, to] = [JSON.stringify(x.path), JSON.stringify(y.path)];
    if (from === to) {
      if (noted.has(to) && [a, b].some(defines)) continue;
      both.push({ path: y.path, old: a, new: b });
      continue;
    }
    // Moved: the differs compare a note at neither place (both read false) unless one of them
    // stays a lone `not` beside its notes, which they compare where it stands.
    const own = !noted.has(from) && !noted.has(to) && { own: true as const };
    both.push({ path: y.path, oldPath: x.path, ...own, old: a, new: b });
  }
  both.push(...whole);
  const notes = new Map<string, [JsonObject, JsonObject]>();
  for (const key of noted) {
    const path = found[0].get(key)!.path;
    const values = sides.map((s) => valueAt(s as JsonValue, path) as JsonObject);
    found[0].delete(key);
    found[1].delete(key);
    // One written in other words may define a place a `$ref` reaches: both stay as written.
    if (values.some(defines)) continue;
    const [a, b] = values.map(notesOf);
    // The same notes (none, most often): false on both sides, as two lone `not`s are.
    if (jsonEqual(a!, b!)) {
      found[0].set(key, { path, kind: "written" });
      found[1].set(key, { path, kind: "written" });
    } else notes.set(key, [{ not: {}, ...a }, { not: {}, ...b }]);
  }
  const [a, b] = sides.map((schema, i) => {
    const paths = [...found[i]!.values()].map((n) => n.path);
    if (schema === undefined || paths.length === 0 && notes.size === 0) return schema;
    const into = i === 0 ? written.old : written.new;
    for (const path of paths) into.set(path.join("."), valueAt(schema, path)!);
    let out = paths.length === 0 ? schema as JsonValue : copyAlong(schema, paths, () => false);
    for (const [key, pair] of notes) out = copyAlong(out, [JSON.parse(key)], () => pair[i]!);
    return out as T;
  });
  return { old: a as T, new: b as T, written, both };
}

/** Whether `path` ends at a branch of an anyOf, oneOf or allOf. */
const isBranch = (path: readonly Token[]) =>
  typeof path.at(-1) === "number" && BRANCH_LISTS.has(path.at(-2) as string);

/**
 * Whether the branch at `path` of side `side`, which accepts nothing and has no counterpart among
 * the other side's branches that accept nothing, was added or removed whole: the other side holds
 * the schema that writes the list, not inside a place that accepts nothing, and no branch of its
 * list (paired by {@link branchCounterparts}, as the walk reads them) is its counterpart.
 */
function addedOrRemoved(
  path: readonly Token[],
  side: 0 | 1,
  sides: readonly [JsonValue | undefined, JsonValue | undefined],
  found: readonly Map<string, Nothing>[],
): boolean {
  const other = sides[1 - side];
  const owner = path.slice(0, -2);
  if (other === undefined || !isObject(valueAt(other, owner))) return false;
  for (let k = owner.length; k > 0; k--) {
    if (found[1 - side]!.has(JSON.stringify(owner.slice(0, k)))) return false;
  }
  const [mine, theirs] = [sides[side], other].map((s) => {
    const list = valueAt(s as JsonValue, path.slice(0, -1));
    return Array.isArray(list) ? list : [];
  });
  const index = path.at(-1) as number;
  return branchCounterparts(mine!, theirs!).some(([i, j]) => i === index && j === undefined);
}

/** `found` without the places inside another of its places. */
function outermost(found: Map<string, Nothing>): void {
  for (const [key, here] of found) {
    for (let k = here.path.length - 1; k > 0; k--) {
      if (found.has(JSON.stringify(here.path.slice(0, k)))) {
        found.delete(key);
        break;
      }
    }
  }
}

/** Whether `s` defines a place a `$ref` may reach. */
const defines = (s: JsonValue) => DEFINES.some((k) => holdsKey(s, k));

/**
 * The places of `schema`'s list holding the item at `path` (an anyOf, oneOf or allOf branch)
 * whose branches equal `value`, at other indexes.
 */
function sameBranches(
  schema: JsonValue | undefined,
  path: readonly Token[],
  value: JsonValue,
): Nothing[] {
  const index = path.at(-1);
  if (schema === undefined || typeof index !== "number") return [];
  const list = valueAt(schema, path.slice(0, -1));
  if (!Array.isArray(list)) return [];
  return list.flatMap((branch, j) =>
    j !== index && jsonEqual(branch, value)
      ? [{ path: [...path.slice(0, -1), j], kind: "written" as const }]
      : []
  );
}

/**
 * The keywords of `s` that do not change which values it accepts: annotations (title,
 * description, default …), vendor extensions and keywords no draft defines. Beside a `not` of
 * everything they are all a schema that accepts nothing still says.
 */
function notesOf(s: JsonObject): JsonObject {
  const kept: JsonObject = {};
  for (const key of Object.keys(s)) {
    const facet = facetOfKeyword(key);
    if (facet === undefined || ANNOTATION_FACETS.has(facet)) kept[key] = s[key]!;
  }
  return kept;
}

/**
 * `schema` with each subschema that accepts no value in so many words written `false`, as
 * {@link nothingAsFalse} reads one side alone.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withNothingAsFalse } from "./_nothing_as_false.ts";
 * const closed = { type: "object", additionalProperties: { not: {} } };
 * assert.deepEqual(withNothingAsFalse(closed), { type: "object", additionalProperties: false });
 * assert.deepEqual(withNothingAsFalse({ not: {} }), { not: {} });
 * ```
 */
export function withNothingAsFalse<T extends JsonValue | undefined>(schema: T): T {
  return nothingAsFalse(schema, undefined as T).old;
}

/**
 * Prose where no value is checked: an `if` without `then` and `else`, a `then` or `else` without
 * `if`, a tuple position neither side's maxItems lets a value fill, a subschema that accepts no
 * value on both sides (read as `false` by `_nothing_as_false.ts`). The differs compare values
 * there, and find none; yet a model reads every title and description it is shown, in a branch
 * no value takes too, so a reworded one there must not pass silently. {@link unreachedProse}
 * compares the texts of two such schemas position by position (the same keyword, index or
 * property name on both sides); where a position holds a schema on one side only, its texts are
 * added or removed. Private to `walk.ts` and `compare_tool.ts`.
 * @module
 */
import {
  escapePointerToken,
  isObject,
  jsonEqual,
  type JsonObject,
  type JsonValue,
  pointerOf,
} from "../json.ts";
import { describeVerdict, type ProseVerdict } from "../prose.ts";
import { ANNOTATION_RULES, OWN_ANNOTATIONS } from "./_annotation_rules.ts";
import { eachSubschema, type Token } from "./_schema_paths.ts";
import { BRANCH_LISTS, branchCounterparts } from "./branches.ts";
import {
  FACET_OF,
  facetOfKeyword,
  isExtensionKeyword,
  type SchemaDelta,
  type Side,
} from "./types.ts";
import { show } from "./_walk_messages.ts";
import type { NothingPlace } from "./_nothing_as_false.ts";

/** A title or description that differs at one position: its tokens below the schema compared. */
export interface UnreachedText {
  at: Token[];
  /** Its tokens in the old schema, when they differ from `at` (a branch that moved). */
  oldAt?: Token[];
  key: "title" | "description";
  old?: string;
  new?: string;
}

/** How deep {@link unreachedProse} reads; a deeper text is left to the differs. */
const MAX_DEPTH = 64;

/**
 * The titles and descriptions that differ between `a` and `b`, position by position, the two
 * schemas' own included (`at` empty) unless `below` is set.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unreachedProse } from "./_unreached_prose.ts";
 * const cond = (text: string) => ({ if: { minLength: 2, description: text } });
 * assert.deepEqual(unreachedProse(cond("Short names."), cond("Never short names.")), [
 *   { at: ["if"], key: "description", old: "Short names.", new: "Never short names." },
 * ]);
 * assert.deepEqual(unreachedProse(cond("Short names."), cond("Short names.")), []);
 * ```
 */
export function unreachedProse(
  a: JsonValue | undefined,
  b: JsonValue | undefined,
  below = false,
): UnreachedText[] {
  const out: UnreachedText[] = [];
  for (const [x, y, at, oldAt] of unreachedPairs(a, b)) {
    if (below && at.length === 0) continue;
    const moved = !jsonEqual(at, oldAt) && { oldAt };
    for (const key of ["title", "description"] as const) {
      const [s, t] = [text(x, key), text(y, key)];
      if (s === t) continue;
      out.push({
        at,
        ...moved,
        key,
        ...s !== undefined && { old: s },
        ...t !== undefined && { new: t },
      });
    }
  }
  return out;
}

/**
 * The schemas of `a` and `b` at each position either holds (the two schemas themselves first),
 * with their tokens below `a` and `b`: paired by position (the same keyword, property name or
 * tuple index), but the branches of an anyOf, oneOf or allOf with their counterparts
 * ({@link branchCounterparts}: equal ones first, wherever they stand, then alike ones, then in
 * order), so branches only reordered pair as they were written; tokens name the new file's
 * places (the old file's where only the old one holds a schema), then the old file's.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unreachedPairs } from "./_unreached_prose.ts";
 * assert.deepEqual(unreachedPairs({ if: { default: 1 } }, {}), [
 *   [{ if: { default: 1 } }, {}, [], []],
 *   [{ default: 1 }, undefined, ["if"], ["if"]],
 * ]);
 * const [x, y] = [{ const: 1, title: "X" }, { const: 2, title: "Y" }];
 * assert.deepEqual(unreachedPairs({ anyOf: [x, y] }, { anyOf: [y, x] }).slice(1), [
 *   [y, y, ["anyOf", 0], ["anyOf", 1]],
 *   [x, x, ["anyOf", 1], ["anyOf", 0]],
 * ]);
 * ```
 */
export function unreachedPairs(
  a: JsonValue | undefined,
  b: JsonValue | undefined,
): [JsonObject | undefined, JsonObject | undefined, Token[], Token[]][] {
  const out: [JsonObject | undefined, JsonObject | undefined, Token[], Token[]][] = [];
  const visit = (
    x: JsonObject | undefined,
    y: JsonObject | undefined,
    at: Token[],
    oldAt: Token[],
  ) => {
    if (at.length > MAX_DEPTH) return;
    out.push([x, y, at, oldAt]);
    const children = new Map<string, [JsonObject | undefined, JsonObject | undefined, Token[]]>();
    const collect = (s: JsonObject | undefined, side: 0 | 1) => {
      if (s === undefined) return;
      eachSubschema(s, null, (child, link) => {
        const tokens = link.up === null ? [link.token] : [link.up.token, link.token];
        if (BRANCH_LISTS.has(tokens[0] as string) && x !== undefined && y !== undefined) return;
        const key = JSON.stringify(tokens);
        const pair = children.get(key) ?? [undefined, undefined, tokens];
        pair[side] = child;
        children.set(key, pair);
      });
    };
    collect(x, 0);
    collect(y, 1);
    for (const [cx, cy, tokens] of children.values()) {
      visit(cx, cy, [...at, ...tokens], [...oldAt, ...tokens]);
    }
    if (x === undefined || y === undefined) return;
    for (const keyword of BRANCH_LISTS) {
      const [l, m] = [x[keyword], y[keyword]].map((v) => Array.isArray(v) ? v : []);
      for (const [i, j] of branchCounterparts(l!, m!)) {
        const [cx, cy] = [i === undefined ? i : l![i], j === undefined ? j : m![j]];
        if (!isObject(cx) && !isObject(cy)) continue;
        visit(
          isObject(cx) ? cx : undefined,
          isObject(cy) ? cy : undefined,
          [...at, keyword, (j ?? i)!],
          [...oldAt, keyword, (i ?? j)!],
        );
      }
    }
  };
  visit(isObject(a) ? a : undefined, isObject(b) ? b : undefined, [], []);
  return out;
}

function text(s: JsonObject | undefined, key: string): string | undefined {
  const value = s?.[key];
  return typeof value === "string" ? value : undefined;
}

/**
 * `s` without the titles and descriptions of its schemas: two schemas equal once read so differ
 * in prose only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withoutProse } from "./_unreached_prose.ts";
 * const s = { minLength: 2, description: "d", properties: { title: { title: "t" } } };
 * assert.deepEqual(withoutProse(s), { minLength: 2, properties: { title: {} } });
 * ```
 */
export function withoutProse(s: JsonValue): JsonValue {
  return without(
    s,
    (key, value) => (key === "title" || key === "description") && typeof value === "string",
  );
}

/**
 * `s` without its schemas' prose (as {@link withoutProse}), the other annotations that check no
 * value (`default`, `examples`, `deprecated`, `readOnly`, `writeOnly`, `$comment`) and vendor
 * extensions: two schemas equal once read so accept the same values, and differ in what
 * {@link unreachedProse} and {@link unreachedPairs} compare.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withoutNotes } from "./_unreached_prose.ts";
 * const s = { minLength: 2, default: "ab", "x-k": 1, properties: { default: { title: "t" } } };
 * assert.deepEqual(withoutNotes(s), { minLength: 2, properties: { default: {} } });
 * ```
 */
export function withoutNotes(s: JsonValue): JsonValue {
  return without(
    s,
    (key, value) =>
      ((key === "title" || key === "description") && typeof value === "string") ||
      OWN_ANNOTATIONS.has(key) || key.startsWith("x-"),
  );
}

/** `s` with the keywords `drop` picks left out of each of its schemas. */
function without(
  s: JsonValue,
  drop: (key: string, value: JsonValue) => boolean,
  depth = 0,
): JsonValue {
  if (!isObject(s) || depth > MAX_DEPTH) return s;
  const out: JsonObject = {};
  for (const key of Object.keys(s)) {
    if (drop(key, s[key]!)) continue;
    out[key] = s[key]!;
  }
  eachSubschema(s, null, (child, link) => {
    const read = without(child, drop, depth + 1);
    if (link.up === null) {
      out[link.token as string] = read;
      return;
    }
    const key = link.up.token as string;
    const holder = out[key] === s[key]
      ? (Array.isArray(s[key]) ? [...s[key] as JsonValue[]] : { ...s[key] as JsonObject })
      : out[key]!;
    if (Array.isArray(holder)) holder[link.token as number] = read;
    else (holder as JsonObject)[link.token as string] = read;
    out[key] = holder;
  });
  return out;
}

/**
 * The prose findings inside places both sides write a schema that accepts no value (`places`,
 * from `nothingAsFalse`, whose own notes the walk compares, but for a branch that moved, `own`):
 * each text that differs below the place, graded by `classify`, named where the new file writes
 * it (the old file, when removed), with the old file's place when the branch moved.
 */
export function proseOfNothings(
  places: readonly NothingPlace[],
  where: Where,
  classify: (a: string | undefined, b: string | undefined) => ProseVerdict,
): SchemaDelta[] {
  const out: SchemaDelta[] = [];
  for (const place of places) {
    // A branch added or removed whole: a text the other side still writes beside it moved.
    const kept = place.beside === undefined ? undefined : textsIn(place.beside);
    for (const t of unreachedProse(place.old, place.new, !place.own)) {
      if (kept?.has(`${t.key}\u0000${t.old ?? t.new}`)) continue;
      const tokens = [...place.path, ...t.at];
      const location = pointerOf(tokens);
      const path = [where.basePath, ...tokens].join(".");
      const verdict = classify(t.old, t.new);
      const how = t.old === undefined ? "added" : t.new === undefined ? "removed" : "changed";
      out.push({
        facet: t.key,
        location,
        path: `${path}.${t.key}`,
        pointer: `${where.basePointer}${location}/${t.key}`,
        rule: `tool.${where.side}.${t.key}.changed`,
        severity: verdict.severity,
        message: `${path}.${t.key} ${how} (${
          describeVerdict(verdict)
        }; the schema there accepts no value)`,
        prose: verdict,
        ...movedFrom(place, [t.at, t.oldAt ?? t.at], t.key, where),
        ...otherSide(place, where),
        ...t.old !== undefined && { old: t.old },
        ...t.new !== undefined && { new: t.new },
      });
    }
  }
  return out;
}

/** Where the findings of {@link proseOfNothings} and {@link notesOfNothings} are named. */
interface Where {
  side: Side;
  basePath: string;
  basePointer: string;
  oldBasePointer?: string;
}

/**
 * For a branch added or removed whole, the other side's place of what is found in it: the list
 * the branch was added to or removed from, not the branch that holds its index there.
 */
function otherSide(
  place: NothingPlace,
  where: Where,
): { oldPointer?: string; newPointer?: string } {
  if ((place.old === undefined) === (place.new === undefined)) return {};
  const path = place.old === undefined ? place.path : place.oldPath ?? place.path;
  if (typeof path.at(-1) !== "number") return {};
  const list = pointerOf(path.slice(0, -1));
  return place.old === undefined
    ? { oldPointer: `${where.oldBasePointer ?? where.basePointer}${list}` }
    : { newPointer: `${where.basePointer}${list}` };
}

/**
 * The old pointer of keyword `key` below `place` (at `tokens`, new and old), when the old file
 * writes it elsewhere: a branch that moved.
 */
function movedFrom(
  place: NothingPlace,
  [at, oldAt]: [Token[], Token[]],
  key: string,
  where: Where,
): { oldPointer?: string } {
  const [from, to] = [[...place.oldPath ?? place.path, ...oldAt], [...place.path, ...at]];
  if (jsonEqual(from, to)) return {};
  const base = where.oldBasePointer ?? where.basePointer;
  return { oldPointer: `${base}${pointerOf(from)}/${escapePointerToken(key)}` };
}

/**
 * The annotations other than prose that check no value, with the aspect of their rule and its
 * severity, as the walk grades them where values are checked.
 */
const NOTE_RULES = ANNOTATION_RULES.filter(([key]) => OWN_ANNOTATIONS.has(key));

/**
 * The findings on the other annotations inside places both sides write a schema that accepts no
 * value (as {@link proseOfNothings}): a default, examples, deprecated, readOnly, writeOnly,
 * $comment or vendor extension that differs below the place, at the walk's grade for it, named
 * where the new file writes it (the old file, when removed). `{type: string, not: {default: 1}}`
 * → `default: 2` read no finding, as its description reworded did before it was compared. So is
 * a keyword no draft defines, as keyword.unmodelled, BREAKING: the place accepts no value either
 * way, whatever a keyword the engine knows says there, but one it does not know may do what no
 * draft yet says (an identifier a reference elsewhere reaches, as $dynamicAnchor was new in
 * 2020-12), so it is reported as the specification's unmodelled rule says, as where such a place
 * is the whole schema: `{allOf: [false, {vndVendor: 0}]}` → `vndVendor: 1` read keyword.unmodelled
 * there and nothing one level down.
 */
export function notesOfNothings(
  places: readonly NothingPlace[],
  where: Where,
  written?: { old: JsonValue | undefined; new: JsonValue | undefined },
): SchemaDelta[] {
  const out: SchemaDelta[] = [];
  // An unmodelled keyword one side writes at a place the other no longer holds it, with the same
  // value, moved rather than came or went: as the catch-all walk's unmodelledIn reads it
  // (fast-check seeds -1465304087, -939757977: anyOf [S, N] → anyOf [X, anyOf [S, N]], the
  // places accepting nothing paired apart, read N's keyword added where it stayed).
  const moved = (key: string, value: JsonValue, from?: JsonValue, to?: JsonValue) => {
    const kept = writtenAt(to, key);
    return writtenAt(from, key).some(([at, v]) =>
      jsonEqual(v, value) && !kept.some(([k, w]) => k === at && jsonEqual(w, v))
    );
  };
  for (const place of places) {
    for (const [x, y, at, oldAt] of unreachedPairs(place.old, place.new)) {
      // The place's own keywords stand beside a lone `not` the differs compare, but for a moved one.
      if (at.length === 0 && !place.own) continue;
      const tokens = [...place.path, ...at];
      const location = pointerOf(tokens);
      const path = [where.basePath, ...tokens].join(".");
      const keys = [...new Set([...Object.keys(x ?? {}), ...Object.keys(y ?? {})])].sort();
      const extensions = keys.filter((k) => isExtensionKeyword(k))
        .map((k) => [k, "extension", "POTENTIALLY_BREAKING"] as const);
      const unmodelled = keys.filter((k) => facetOfKeyword(k) === undefined)
        .map((k) => [k, "keyword", "BREAKING"] as const);
      // A branch added or removed whole: only what the engine does not model (its texts are
      // compared by proseOfNothings; its other notes go with it, as a branch's that accepts values).
      const whole = place.old === undefined || place.new === undefined;
      const rules = whole ? unmodelled : [...NOTE_RULES, ...extensions, ...unmodelled];
      for (const [key, aspect, severity] of rules) {
        const [a, b] = [x?.[key], y?.[key]];
        if (jsonEqual(a, b)) continue;
        const how = a === undefined ? "added" : b === undefined ? "removed" : "changed";
        if (aspect === "keyword" && written !== undefined) {
          if (how === "added" && moved(key, b!, written.old, written.new)) continue;
          if (how === "removed" && moved(key, a!, written.new, written.old)) continue;
        }
        // As for a subschema removed whole, the keywords of one that is gone are not reported:
        // one removed counts where the new schema still holds the place it stood (fast-check
        // seeds 929053480, 2108028465: a branch accepting nothing, removed from anyOf, paired with
        // another that accepts nothing, read its keyword removed, BREAKING on output).
        if (
          aspect === "keyword" && how === "removed" && (place.new === undefined ||
            written !== undefined &&
              !isObject(valueAt(written.new, [...place.oldPath ?? place.path, ...oldAt])))
        ) continue;
        const named = `${path}.${key}`;
        out.push({
          facet: aspect === "keyword" ? key : aspect === "extension" ? "extension" : FACET_OF[key]!,
          location,
          path: named,
          pointer: `${where.basePointer}${location}/${escapePointerToken(key)}`,
          rule: `tool.${where.side}.${aspect}.${aspect === "keyword" ? "unmodelled" : "changed"}`,
          severity,
          message: aspect === "keyword"
            ? `Unmodelled keyword "${key}" ${how} at "${named}": a keyword the engine does not ` +
              `model is BREAKING (${
                place.old === undefined
                  ? "the branch there, added whole, accepts no value"
                  : "the schema there accepts no value on either side"
              }; what the keyword does is not known)`
            : `${path}: ${aspect === "extension" ? `vendor extension ${key}` : key} ${how}: ${
              show(a)
            } → ${show(b)} (the schema there accepts no value)`,
          ...movedFrom(place, [at, oldAt], key, where),
          ...otherSide(place, where),
          ...a !== undefined && { old: a },
          ...b !== undefined && { new: b },
        });
      }
    }
  }
  return out;
}

/**
 * The titles and descriptions written in `s` or below it, each as its keyword and text joined by
 * a NUL: a text a branch added or removed whole carries that the other side still writes here
 * moved rather than came or went.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { textsIn } from "./_unreached_prose.ts";
 * assert.deepEqual([...textsIn({ anyOf: [{ description: "B" }] })], ["description\u0000B"]);
 * ```
 */
export function textsIn(s: JsonValue): Set<string> {
  const out = new Set<string>();
  for (const key of ["title", "description"]) {
    for (const [, v] of writtenAt(s, key)) if (typeof v === "string") out.add(`${key}\u0000${v}`);
  }
  return out;
}

/** Every value of `key` in objects at or below `root`, with the pointer of the object. */
function writtenAt(root: JsonValue | undefined, key: string): [string, JsonValue][] {
  const out: [string, JsonValue][] = [];
  const visit = (v: JsonValue, at: string) => {
    if (Array.isArray(v)) v.forEach((x, i) => visit(x, `${at}/${i}`));
    else if (isObject(v)) {
      if (Object.hasOwn(v, key)) out.push([at, v[key]!]);
      for (const [k, x] of Object.entries(v)) visit(x, `${at}/${escapePointerToken(k)}`);
    }
  };
  if (root !== undefined) visit(root, "");
  return out;
}

/** The value at `tokens` below `root`, or undefined where there is none. */
function valueAt(root: JsonValue | undefined, tokens: readonly Token[]): JsonValue | undefined {
  let at = root;
  for (const token of tokens) {
    if (Array.isArray(at) && typeof token === "number") at = at[token];
    else if (isObject(at) && Object.hasOwn(at, String(token))) at = at[String(token)];
    else return undefined;
  }
  return at;
}

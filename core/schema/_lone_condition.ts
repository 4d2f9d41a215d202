/**
 * Whether an `if` without `then` and `else` decides anything. It rejects no value, and ajv 8
 * (draft-07, 2019-09 and 2020-12) accepts the same values whatever it says; but from 2019-09 on an
 * `unevaluatedProperties` or `unevaluatedItems` sees the annotations of a condition that holds
 * (the JSON Schema Test Suite's "unevaluatedProperties can see annotations from if without then
 * and else": `{if: {patternProperties: {foo: {type: string}}}, unevaluatedProperties: false}`
 * accepts `{foo: "a"}`, which ajv 8 rejects), so there the condition decides which names or items
 * are evaluated. Proxar does not model which names such a condition marks, so where it can
 * matter the condition is read as deciding, as one with then or else is; the specification, not
 * ajv, is followed.
 *
 * It can matter only where an unevaluated keyword sees it: beside it in the same schema object,
 * or in a schema object that applies the condition's in place, through allOf, anyOf, oneOf, if,
 * then, else, dependentSchemas and local references, at any depth. Not through `not` (no
 * annotation of a `not` survives: the suite's "unevaluatedProperties with not"), not in a cousin
 * (a schema an allOf applies beside the one holding the condition: "unevaluatedProperties can't
 * see inside cousins"), not in another property's schema nor below the condition ("property is
 * evaluated in an uncle schema to unevaluatedProperties"): those evaluate another instance or
 * collect their own annotations. Where a reference on the way cannot be followed as a local JSON
 * pointer (an anchor, a remote or `$id`-relative URI, a nested `$id`), it may lead anywhere, and
 * every condition of the schema is read as deciding. An allOf branch of such a condition and
 * annotations alone accepts every value where it decides nothing ({@link acceptsEveryBranch}).
 * Private to the structured walk and the catch-all.
 * @module
 */
import {
  escapePointerToken,
  isObject,
  type JsonObject,
  type JsonValue,
  own,
  pointerOf,
  pointerTokens,
} from "../json.ts";
import { acceptsEvery, rejectsEvery } from "./_accepts_every.ts";
import { conditionMarks, type Marks } from "./_condition_marks.ts";
import { eachSubschema, type Link, pathOf } from "./_schema_paths.ts";
import { isLocalRef } from "./resolve.ts";
import { isAnnotationOnly } from "./subsume.ts";
import { isAnnotationKeyword, REF_KEYWORDS } from "./types.ts";

/** A schema object in one of the two roots: the root and the object's pointer within it. */
export interface Place {
  root: JsonValue | undefined;
  /** The pointer of the schema object holding the `if`; `null` or undefined when it is absent. */
  loc: string | null | undefined;
}

/** Keywords whose subschemas apply in place, to the instance their schema object applies to. */
const IN_PLACE_ONE = ["if", "then", "else"];
const IN_PLACE_LISTS = ["allOf", "anyOf", "oneOf"];
const IN_PLACE_MAPS = ["dependentSchemas", "dependencies"];

/** What an unevaluated keyword of a root sees: every place, or the places listed. */
type Seen = "anywhere" | ReadonlySet<string> | "nowhere";

/** What the root's unevaluatedProperties (`names`) and unevaluatedItems (`items`) see. */
type SeenBy = Record<keyof Marks, Seen>;

const seen = new WeakMap<object, SeenBy>();

/** The places whose conditions each unevaluated keyword of `root` sees (remembered per root). */
function seenIn(root: JsonValue | undefined): SeenBy {
  if (!isObject(root)) return { names: "nowhere", items: "nowhere" };
  let found = seen.get(root);
  if (found === undefined) {
    found = {
      names: placesSeen(root, "unevaluatedProperties"),
      items: placesSeen(root, "unevaluatedItems"),
    };
    seen.set(root, found);
  }
  return found;
}

function placesSeen(root: JsonValue & object, keyword: string): Seen {
  if (!JSON.stringify(root).includes(`"${keyword}"`)) return "nowhere";
  // Every schema object that writes the keyword; a nested $id leaves references open.
  const todo: [JsonValue | undefined, string][] = [];
  const stack: [JsonValue, Link | null][] = [[root, null]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [schema, link] = top;
    if (!isObject(schema)) continue;
    if (link !== null && own(schema, "$id") !== undefined) return "anywhere";
    if (own(schema, keyword) !== undefined) todo.push([schema, pointerOf(pathOf(link))]);
    eachSubschema(schema, link, (child, at) => stack.push([child, at]));
  }
  // From each, what it applies in place.
  const places = new Set<string>();
  for (let top = todo.pop(); top !== undefined; top = todo.pop()) {
    const [schema, at] = top;
    if (!isObject(schema) || places.has(at)) continue;
    places.add(at);
    // `tail`: the pointer's tokens below `at`, escaped.
    const under = (value: JsonValue | undefined, tail: string) =>
      todo.push([value, `${at}/${tail}`]);
    for (const key of IN_PLACE_ONE) under(own(schema, key), key);
    for (const key of IN_PLACE_LISTS) {
      const list = own(schema, key);
      if (Array.isArray(list)) list.forEach((item, i) => under(item, `${key}/${i}`));
    }
    for (const key of IN_PLACE_MAPS) {
      const map = own(schema, key);
      if (!isObject(map)) continue;
      for (const name of Object.keys(map)) under(map[name], `${key}/${escapePointerToken(name)}`);
    }
    for (const key of REF_KEYWORDS) {
      const ref = own(schema, key);
      if (typeof ref !== "string") continue;
      if (!isLocalRef(ref)) return "anywhere";
      let pointer: string;
      try {
        pointer = decodeURIComponent(ref.slice(1));
      } catch {
        return "anywhere";
      }
      todo.push([valueAt(root, pointer), pointer]);
    }
  }
  return places;
}

/** The value at an RFC 6901 `pointer` in `root`, or undefined. */
function valueAt(root: JsonValue, pointer: string): JsonValue | undefined {
  let at: JsonValue | undefined = root;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(at)) at = /^(0|[1-9][0-9]*)$/.test(token) ? at[Number(token)] : undefined;
    else if (isObject(at) && Object.hasOwn(at, token)) at = at[token];
    else return undefined;
  }
  return at;
}

/**
 * Whether an unevaluated keyword of the place's root sees the condition of its schema object, one
 * that sees what the condition can mark evaluated (an unevaluatedItems sees nothing of a
 * condition on properties alone).
 */
function seenAt(
  place: Place,
  part: (holder: JsonObject) => JsonValue | undefined = (holder) => holder.if,
): boolean {
  const by = seenIn(place.root);
  const at = place.loc;
  const holder = at === null || at === undefined || !isObject(place.root)
    ? undefined
    : valueAt(place.root, at);
  // A schema object without a condition marks nothing; one not found where the place says may
  // hold any.
  const marks = !isObject(holder)
    ? { names: true, items: true }
    : conditionMarks(part(holder), place.root);
  const sees = (found: Seen) =>
    found === "anywhere" ||
    (found !== "nowhere" && at !== null && at !== undefined && found.has(at));
  return (marks.names && sees(by.names)) || (marks.items && sees(by.items));
}

/**
 * Whether an `if` without then and else held by the schema object at `old` or at `current` may
 * decide something: an unevaluatedProperties or unevaluatedItems sees its annotations there, on
 * either side (see the module).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { JsonValue } from "../json.ts";
 * import { loneConditionDecides } from "./_lone_condition.ts";
 * const cond = { if: { properties: { a: { minLength: 2 } } } };
 * const at = (root: JsonValue, loc: string) => ({ root, loc });
 * assert.equal(loneConditionDecides(at(cond, ""), at(cond, "")), false);
 * const beside = { ...cond, unevaluatedProperties: false };
 * assert.equal(loneConditionDecides(at(cond, ""), at(beside, "")), true);
 * // In a sibling property's schema, the unevaluated keyword sees another instance.
 * const sibling = { properties: { x: cond, y: { unevaluatedProperties: false } } };
 * assert.equal(loneConditionDecides(at(sibling, "/properties/x"), at(sibling, "/properties/x")), false);
 * ```
 */
export function loneConditionDecides(old: Place, current: Place): boolean {
  return seenAt(old) || seenAt(current);
}

/** What a schema object applies under `keys`, as one schema, or undefined when it writes none. */
const partOf = (keys: readonly string[]): Pick => (holder) => {
  const parts = keys.map((k) => holder[k]).filter((x) => x !== undefined);
  return parts.length === 0 ? undefined : { allOf: parts };
};

/** Picks a part of a schema object, or undefined when it writes none. */
type Pick = (holder: JsonObject) => JsonValue | undefined;

/**
 * What a schema object applies in place that is asked about: then or else (or if, then and else
 * together), named by `keys`, or the part a function picks ({@link containsPart},
 * {@link entryPart}).
 */
export type Part = readonly ("if" | "then" | "else")[] | Pick;

/** Reads a keyword of a schema object (the catch-all reads only the keywords it models). */
type Read = (holder: JsonObject, keyword: string) => JsonValue | undefined;

/**
 * The {@link Part} a `contains` is, as a schema: it marks the items it matches evaluated
 * (2020-12).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { containsPart } from "./_lone_condition.ts";
 * assert.deepEqual(containsPart()({ contains: { type: "number" } }), { contains: { type: "number" } });
 * assert.equal(containsPart()({ items: {} }), undefined);
 * ```
 */
export function containsPart(read: Read = own): Pick {
  return (holder) => {
    const contains = read(holder, "contains");
    return contains === undefined ? undefined : { contains };
  };
}

/**
 * Whether the `contains` of `holder` requires no item: beside `minContains: 0` and no
 * maxContains it rejects no value, and only marks the items it matches evaluated (2020-12: the
 * JSON Schema Test Suite's "unevaluatedItems with minContains = 0"; @hyperjump/json-schema
 * accepts `[1]` under `{contains: {type: number}, minContains: 0, unevaluatedItems: false}` and
 * rejects it without the contains). Written on one side only, it can then only let values in.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { containsRequiresNothing } from "./_lone_condition.ts";
 * assert.equal(containsRequiresNothing({ contains: {}, minContains: 0 }), true);
 * assert.equal(containsRequiresNothing({ contains: {}, minContains: 0, maxContains: 2 }), false);
 * assert.equal(containsRequiresNothing({ contains: {} }), false);
 * ```
 */
export function containsRequiresNothing(holder: JsonObject, read: Read = own): boolean {
  return read(holder, "contains") !== undefined && read(holder, "minContains") === 0 &&
    read(holder, "maxContains") === undefined;
}

/**
 * The {@link Part} that is the entry `name` of the dependentSchemas (or dependencies) `key`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { entryPart } from "./_lone_condition.ts";
 * const s = { dependentSchemas: { a: { required: ["b"] } } };
 * assert.deepEqual(entryPart("dependentSchemas", "a")(s), { required: ["b"] });
 * assert.equal(entryPart("dependentSchemas", "c")(s), undefined);
 * ```
 */
export function entryPart(key: string, name: string, read: Read = own): Pick {
  return (holder) => {
    const map = read(holder, key);
    return isObject(map) ? own(map, name) : undefined;
  };
}

/** A schema object on each side, where each root holds it, and the proof that compares them. */
export interface Sides {
  old: Place & { schema: JsonValue };
  new: Place & { schema: JsonValue };
  /**
   * Whether the subsumption proof, as sets (the names a part declares are graded with it, not as
   * properties of their own), finds every value `x` accepts accepted by `y`: `direction` says
   * which that is, old in new ("widened") or new in old ("narrowed").
   */
  proves(x: JsonValue, y: JsonValue, direction: "widened" | "narrowed"): boolean;
}

/**
 * How a schema object changed whose then or else (or conditional, `keys`), or the part `keys`
 * picks (a contains, a dependentSchemas entry), is written on one side only, where an
 * unevaluatedProperties or unevaluatedItems of the root sees it on either side, one that reads
 * what it can mark evaluated: a then that declares a name beside `unevaluatedProperties: false`
 * lets that name in where the condition holds, as well as constraining, so the subsumption proof
 * of the whole object decides: "same" when it finds the same values both ways, "changed" when it
 * finds no direction. Undefined where no such keyword reads it (then it is a conjunct: added, it
 * narrows), or where `written`, the part as each side writes it, is not on one side only (or is a
 * list of names, a draft-07 dependency that marks nothing).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { JsonObject } from "../json.ts";
 * import { conditionalBeside } from "./_lone_condition.ts";
 * const s = { if: { required: ["a"] }, then: { properties: { b: {} } } };
 * const sides = (root: JsonObject) => ({
 *   old: { root: {}, loc: "", schema: {} },
 *   new: { root, loc: "", schema: root },
 *   proves: () => false,
 * });
 * assert.equal(conditionalBeside(sides(s), ["then"]), undefined);
 * const beside = { ...s, unevaluatedProperties: false };
 * assert.equal(conditionalBeside(sides(beside), ["then"]), "changed");
 * // Written on both sides, it is compared as any subschema is.
 * assert.equal(conditionalBeside(sides(beside), ["then"], [beside.then, beside.then]), undefined);
 * const marksNothing = { ...beside, then: { required: ["b"] } };
 * assert.equal(conditionalBeside(sides(marksNothing), ["then"]), undefined);
 * ```
 */
export function conditionalBeside(
  sides: Sides,
  keys: Part,
  written?: [JsonValue | undefined, JsonValue | undefined],
): "widened" | "narrowed" | "changed" | "same" | undefined {
  if (written !== undefined) {
    const [x, y] = written;
    if ((x === undefined) === (y === undefined) || Array.isArray(x ?? y)) return undefined;
  }
  const part = typeof keys === "function" ? keys : partOf(keys);
  if (!seenAt(sides.old, part) && !seenAt(sides.new, part)) return undefined;
  const [a, b] = [sides.old.schema, sides.new.schema];
  const wide = sides.proves(a, b, "widened"), narrow = sides.proves(b, a, "narrowed");
  return wide && narrow ? "same" : wide ? "widened" : narrow ? "narrowed" : "changed";
}

/**
 * How the schema object changed whose `contains` is written on one side only and requires no
 * item there ({@link containsRequiresNothing}), so that it only marks the items it matches
 * evaluated: where an unevaluatedItems reads them ({@link conditionalBeside}), added it widens and
 * removed it narrows, unless the proof finds a direction or the same values ("same"); "unseen"
 * where none reads them (it constrains nothing). Undefined where it is on both sides or requires
 * an item. `read` reads a keyword of either side's schema object.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { JsonObject } from "../json.ts";
 * import { uncountedContains } from "./_lone_condition.ts";
 * const a = { type: "array", minContains: 0 };
 * const b = { ...a, contains: { type: "number" } };
 * const sides = (x: JsonObject, y: JsonObject) => ({
 *   old: { root: x, loc: "", schema: x },
 *   new: { root: y, loc: "", schema: y },
 *   proves: () => false,
 * });
 * assert.equal(uncountedContains(sides(a, b)), "unseen");
 * const seen = { unevaluatedItems: false };
 * assert.equal(uncountedContains(sides({ ...a, ...seen }, { ...b, ...seen })), "widened");
 * assert.equal(uncountedContains(sides({ ...b, ...seen }, { ...a, ...seen })), "narrowed");
 * assert.equal(uncountedContains(sides({ type: "array" }, { contains: {} })), undefined);
 * ```
 */
export function uncountedContains(
  sides: Sides,
  read: Read = own,
): "widened" | "narrowed" | "same" | "unseen" | undefined {
  const [a, b] = [sides.old.schema, sides.new.schema];
  if (!isObject(a) || !isObject(b)) return undefined;
  const [x, y] = [read(a, "contains"), read(b, "contains")];
  if ((x === undefined) === (y === undefined)) return undefined;
  if (!containsRequiresNothing(x === undefined ? b : a, read)) return undefined;
  const seen = conditionalBeside(sides, containsPart(read), [x, y]);
  if (seen === undefined) return "unseen";
  return seen !== "changed" ? seen : x === undefined ? "widened" : "narrowed";
}

/**
 * Whether the branch `key` of the conditional `holder` writes applies to no value: a then under
 * an `if` that rejects every value (`if: false`, `{not: {}}`), an else under one that accepts
 * every value (`if: true`, `{}`), references resolved in `root`, or either without an `if`. Such
 * a branch constrains nothing and marks nothing evaluated, whatever it says:
 * @hyperjump/json-schema (2020-12) accepts `{}` under `{if: false, then: {required: ["a"]}}`,
 * and `{a: 1}` under `{if: true, else: false}`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { branchNeverApplies } from "./_lone_condition.ts";
 * assert.equal(branchNeverApplies({ if: false, then: { required: ["a"] } }, "then", {}), true);
 * assert.equal(branchNeverApplies({ if: {}, else: false }, "else", {}), true);
 * assert.equal(branchNeverApplies({ if: {}, then: false }, "then", {}), false);
 * assert.equal(branchNeverApplies({ if: { required: ["a"] }, else: false }, "else", {}), false);
 * ```
 */
export function branchNeverApplies(
  holder: JsonObject,
  key: "then" | "else",
  root: JsonValue | undefined,
  read: Read = own,
): boolean {
  const condition = read(holder, "if");
  if (condition === undefined) return true;
  return key === "then" ? rejectsEvery(condition, root) : acceptsEvery(condition, root);
}

/**
 * Whether the conditional `holder` writes constrains no value: each then or else it writes
 * accepts every value or applies to none ({@link branchNeverApplies}). Beside an unevaluated
 * keyword that sees them, they may still mark names or items evaluated, which this does not ask.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { constrainsNothing } from "./_lone_condition.ts";
 * assert.equal(constrainsNothing({ if: { required: ["a"] }, then: {} }, {}), true);
 * assert.equal(constrainsNothing({ if: false, then: { required: ["b"] } }, {}), true);
 * assert.equal(constrainsNothing({ if: { required: ["a"] }, then: { required: ["b"] } }, {}), false);
 * ```
 */
export function constrainsNothing(
  holder: JsonObject,
  root: JsonValue | undefined,
  read: Read = own,
): boolean {
  return (["then", "else"] as const).every((key) => {
    const branch = read(holder, key);
    return branch === undefined || acceptsEvery(branch, root) ||
      branchNeverApplies(holder, key, root, read);
  });
}

/**
 * Whether `list`, an allOf, holds branches and every one an `if` without then and else
 * ({@link isLoneCondition}): such an allOf only marks names or items evaluated, so added it
 * widens and removed it narrows. An empty allOf is no such list: the 2019-09 and 2020-12
 * meta-schemas require a branch, and a validator that runs it anyway (ajv 8 without schema
 * validation) reads it as absent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loneConditionsOnly } from "./_lone_condition.ts";
 * assert.equal(loneConditionsOnly([{ if: { required: ["a"] } }]), true);
 * assert.equal(loneConditionsOnly([{ if: { required: ["a"] } }, { required: ["b"] }]), false);
 * assert.equal(loneConditionsOnly([]), false);
 * ```
 */
export function loneConditionsOnly(list: JsonValue | undefined): boolean {
  return Array.isArray(list) && list.length > 0 && list.every((x) => isLoneCondition(x));
}

/**
 * Whether `branch`, an allOf branch at `place`, accepts every value: it writes annotations only,
 * or beside them an `if` without then and else that no unevaluated keyword sees there (see the
 * module). Such a branch constrains nothing, as `{}` does: `allOf: [{}, {unevaluatedProperties:
 * false}]` → `allOf: [{if: C}, {unevaluatedProperties: false}]` accepts the same values (the
 * cousin's unevaluatedProperties does not see C's annotations).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { acceptsEveryBranch } from "./_lone_condition.ts";
 * const branch = { if: { properties: { a: { minLength: 2 } } } };
 * const cousin = { allOf: [branch, { unevaluatedProperties: false }] };
 * assert.equal(acceptsEveryBranch(branch, { root: cousin, loc: "/allOf/0" }), true);
 * const seen = { allOf: [branch], unevaluatedProperties: false };
 * assert.equal(acceptsEveryBranch(branch, { root: seen, loc: "/allOf/0" }), false);
 * ```
 */
export function acceptsEveryBranch(branch: JsonValue | undefined, place: Place): boolean {
  return isAnnotationOnly(branch) || (isLoneCondition(branch) && !seenAt(place));
}

/**
 * Whether `schema` writes an `if` without then and else and nothing else but annotations: it
 * rejects no value, and where an unevaluated keyword may see it, it only marks names or items
 * evaluated, so added it can only widen and removed only narrow.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isLoneCondition } from "./_lone_condition.ts";
 * assert.equal(isLoneCondition({ description: "d", if: { properties: { a: {} } } }), true);
 * assert.equal(isLoneCondition({ if: { properties: { a: {} } }, then: { required: ["a"] } }), false);
 * ```
 */
export function isLoneCondition(schema: JsonValue | undefined): boolean {
  return isObject(schema) && schema.if !== undefined &&
    Object.keys(schema).every((k) => k === "if" || isAnnotationKeyword(k));
}

/**
 * When the subsumption proof may read `unevaluatedItems` as a plain constraint, as
 * `_unevaluated_proof.ts` decides it for unevaluatedProperties. The proof flattens allOf branches
 * and references into one list of conjuncts and finds unevaluatedItems implied wherever both
 * sides write it alike; yet the items it governs are those no keyword evaluates, in the schema
 * object or what it applies in place: an `if` without then and else whose `prefixItems` holds
 * marks its positions evaluated (the JSON Schema Test Suite's "unevaluatedItems can see
 * annotations from if without then and else"), so `{allOf: [{if: {prefixItems: [{const: "a"}]}}],
 * unevaluatedItems: false}` accepts `["a"]` and rejects `["b"]`, and the condition's const "a" →
 * "b" changes both verdicts; the flattened proof called the two equal. A is included in B only if
 * B's unevaluatedItems governs no position A's left free: B evaluates every item, or at least as
 * many leading positions as A may, and A evaluates none through `contains`.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { evaluated, mentions, type Reading } from "./_unevaluated_proof.ts";

/** The items a schema evaluates for its unevaluatedItems. */
interface Evaluation {
  /** Every item (items beside or after the prefix, additionalItems). */
  all: boolean;
  /** The leading positions (prefixItems, or items as a list). */
  prefix: number;
  /** Items matching a `contains` (draft 2020-12). */
  contains: boolean;
  /** unevaluatedItems is written at the top. */
  constrains: boolean;
}

const none = (): Evaluation => ({ all: false, prefix: 0, contains: false, constrains: false });

function merge(into: Evaluation, x: Evaluation): void {
  into.all ||= x.all;
  into.prefix = Math.max(into.prefix, x.prefix);
  into.contains ||= x.contains;
}

/** What both evaluate for certain. */
function common(x: Evaluation, y: Evaluation): Evaluation {
  const prefix = x.all ? y.prefix : y.all ? x.prefix : Math.min(x.prefix, y.prefix);
  return { all: x.all && y.all, prefix, contains: false, constrains: false };
}

/**
 * The items a schema evaluates: its leading positions (prefixItems, items as a list), every item
 * (items beside or after them, additionalItems), and at most those a `contains` matches.
 */
const ITEMS: Reading<Evaluation> = {
  keyword: "unevaluatedItems",
  none,
  own(s, out, upper) {
    if (s.$dynamicRef !== undefined || s.$recursiveRef !== undefined) {
      return "a dynamic reference may evaluate items";
    }
    if (Array.isArray(s.items)) {
      out.prefix = s.items.length;
      out.all = s.additionalItems !== undefined;
    } else if (s.items !== undefined) out.all = true;
    if (Array.isArray(s.prefixItems)) out.prefix = Math.max(out.prefix, s.prefixItems.length);
    out.contains = upper && s.contains !== undefined;
    return undefined;
  },
  merge,
  common,
  // A branch that accepts no array evaluates no item; counting it asks for less, never more.
  applies: () => true,
};

/**
 * Whether the proof that `a` ⊆ `b` may compare `b`'s unevaluatedItems as the flattened conjuncts
 * show it: true, or why not. True when `b` writes none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unevaluatedItemsDecided } from "./_unevaluated_items.ts";
 * const cond = (c: string) => ({ if: { prefixItems: [{ const: c }] } });
 * const s = (c: string) => ({ allOf: [cond(c)], unevaluatedItems: false });
 * assert.equal(typeof unevaluatedItemsDecided(s("a"), s("b"), s("a"), s("b")), "string");
 * const t = { prefixItems: [true], unevaluatedItems: false };
 * assert.equal(unevaluatedItemsDecided(s("a"), t, s("a"), t), true);
 * ```
 */
export function unevaluatedItemsDecided(
  a: JsonValue,
  b: JsonValue,
  rootA: JsonValue | undefined,
  rootB: JsonValue | undefined,
): true | string {
  if (!isObject(b) || !mentions(b, rootB, "unevaluatedItems")) return true;
  const eb = evaluated(ITEMS, b, rootB, false);
  if (typeof eb === "string") return `unevaluatedItems is not decided: ${eb}`;
  if (!eb.constrains || eb.all) return true;
  const ea = evaluated(ITEMS, a, rootA, true);
  if (typeof ea === "string") return `unevaluatedItems is not decided: ${ea}`;
  const what = ea.all
    ? "one side may evaluate every item"
    : ea.contains
    ? "contains may evaluate items on one side only"
    : ea.prefix > eb.prefix
    ? `the items from position ${eb.prefix} on may be evaluated on one side only`
    : undefined;
  return what === undefined ? true : `unevaluatedItems is not decided: ${what}`;
}

/**
 * Why the proof may compare neither `a` ⊆ `b` nor `b` ⊆ `a` as the flattened conjuncts show
 * unevaluatedItems ({@link unevaluatedItemsDecided}, one way or both), or undefined when it may
 * compare both.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { itemsUndecided } from "./_unevaluated_items.ts";
 * const s = (n: number) => ({ allOf: [{ prefixItems: Array(n).fill({}) }], unevaluatedItems: false });
 * assert.equal(itemsUndecided(s(1), s(1), s(1), s(1)), undefined);
 * const open = { ...s(1), $ref: "#named" };
 * assert.equal(typeof itemsUndecided(open, open, open, open), "string");
 * ```
 */
export function itemsUndecided(
  a: JsonValue,
  b: JsonValue,
  rootA: JsonValue | undefined,
  rootB: JsonValue | undefined,
): string | undefined {
  const forth = unevaluatedItemsDecided(a, b, rootA, rootB);
  if (forth !== true) return forth;
  const back = unevaluatedItemsDecided(b, a, rootB, rootA);
  return back === true ? undefined : back;
}

/**
 * What governs the items of an array `s` accepts past the positions it lists itself, where it
 * writes unevaluatedItems and no schema of its own for the items past them (items,
 * additionalItems), as a function of the position `i`: "unevaluated" when nothing else in it may
 * evaluate the item, so unevaluatedItems holds it; "evaluated" when an applicator beside evaluates
 * it for certain (what that applicator says holds it, and unevaluatedItems does not); or why
 * Proxar cannot tell (one may, or a reference it cannot follow may). What the keywords beside
 * evaluate is read once, on the first position asked about, whatever the positions.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { itemsGovernedBy } from "./_unevaluated_items.ts";
 * const s = (more: object) => ({ prefixItems: [{}], unevaluatedItems: false, ...more });
 * assert.equal(itemsGovernedBy(s({ allOf: [{ minItems: 0 }] }), undefined)(1), "unevaluated");
 * const two = itemsGovernedBy(s({ allOf: [{ prefixItems: [{}, {}] }] }), undefined);
 * assert.deepEqual([two(1), two(2)], ["evaluated", "unevaluated"]);
 * assert.equal(typeof itemsGovernedBy(s({ $ref: "#named" }), undefined)(1), "string");
 * ```
 */
export function itemsGovernedBy(
  s: JsonObject,
  root: JsonValue | undefined,
): (i: number) => "unevaluated" | "evaluated" | string {
  // The positions it lists are not what the question is about: what evaluates past them.
  const beside: JsonObject = { ...s };
  delete beside.prefixItems;
  if (Array.isArray(beside.items)) delete beside.items;
  let least: Evaluation | string | undefined, most: Evaluation | string | undefined;
  return (i) => {
    least ??= evaluated(ITEMS, beside, root, false);
    if (typeof least === "string") return least;
    if (least.all || least.prefix > i) return "evaluated";
    most ??= evaluated(ITEMS, beside, root, true);
    if (typeof most === "string") return most;
    if (most.all || most.prefix > i) return `a keyword beside it may evaluate the item at ${i}`;
    if (most.contains) return "contains may evaluate the item";
    return "unevaluated";
  };
}

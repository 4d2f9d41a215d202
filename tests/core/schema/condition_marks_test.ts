/**
 * An `if` without then and else decides only where an unevaluated keyword sees it and only for
 * what that keyword governs: an `unevaluatedItems` reads the items a condition marks evaluated,
 * an `unevaluatedProperties` the names. A condition on properties alone marks no item, so beside
 * `unevaluatedItems` alone it decides nothing (@hyperjump/json-schema, 2019-09 and 2020-12: the
 * same values with minLength 2 and 3), yet it read if.changed, BREAKING every way, and added,
 * if.widened (BREAKING on output); the mirror, a condition on prefixItems beside
 * unevaluatedProperties alone, and one that marks neither (minLength) the same.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { decidingFourWays, fourWays, NOTHING_FOUR_WAYS } from "./_schema_helpers.ts";

const props = (n: number) => ({ properties: { a: { minLength: n } } });
const tuple = (n: number) => ({ prefixItems: [{ minLength: n }] });

/** Asserts what the condition `cond(2)` → `cond(3)` reads in `place`, and what adding it reads. */
function reads(
  place: (cond: JsonValue | undefined) => JsonValue,
  cond: (n: number) => JsonValue,
  changed: ReturnType<typeof fourWays>,
  added: ReturnType<typeof fourWays>,
) {
  assert.deepEqual(fourWays(place(cond(2)), place(cond(3))), changed);
  assert.deepEqual(fourWays(place(undefined), place(cond(2))), added);
}
const beside = (keyword: string, type: string, more: Record<string, JsonValue> = {}) =>
(
  cond: JsonValue | undefined,
) => ({ type, ...(cond === undefined ? {} : { if: cond }), [keyword]: false, ...more });

Deno.test("diff reads an if without then and else that marks nothing the unevaluated keyword beside it reads as deciding nothing", () => {
  const nothing = NOTHING_FOUR_WAYS;
  reads(beside("unevaluatedItems", "array"), props, nothing, nothing);
  reads(beside("unevaluatedProperties", "object"), tuple, nothing, nothing);
  reads(beside("unevaluatedProperties", "object"), (n) => ({ minLength: n }), nothing, nothing);
  // In an allOf branch the keyword sees: left out of the comparison as a branch that accepts
  // every value ({} → the condition, nothing).
  const branch = (cond: JsonValue | undefined) => ({
    type: "array",
    allOf: [cond === undefined ? {} : { if: cond }],
    unevaluatedItems: false,
  });
  reads(branch, props, nothing, nothing);
});

Deno.test("diff still reads an if without then and else that marks what the keyword beside it reads as deciding", () => {
  const { changed, added } = decidingFourWays("if");
  // Its items beside unevaluatedItems, inline, in place through allOf, through a reference
  // (@hyperjump/json-schema 2020-12: ["ab"] accepted with 2, rejected with 3).
  reads(beside("unevaluatedItems", "array"), tuple, changed, added);
  reads(beside("unevaluatedItems", "array"), (n) => ({ allOf: [tuple(n)] }), changed, added);
  const defs = (n: number) => ({ $defs: { d: tuple(n) } });
  for (const [from, to] of [[2, 3], [null, 2]] as const) {
    const at = (n: number | null) => ({
      type: "array",
      ...(n === null ? {} : { if: { $ref: "#/$defs/d" } }),
      unevaluatedItems: false,
      ...defs(n ?? 2),
    });
    assert.deepEqual(fourWays(at(from), at(to)), from === null ? added : changed);
  }
  // Names beside both keywords: the unevaluatedProperties sees them.
  reads(
    beside("unevaluatedItems", "object", { unevaluatedProperties: false }),
    props,
    changed,
    added,
  );
  // Undecidable: a reference it cannot follow may mark items.
  const anchored = (cond: JsonValue | undefined) => ({
    ...beside("unevaluatedItems", "array")(cond),
    $defs: { q: { $anchor: "named", prefixItems: [{}] } },
  });
  reads(anchored, (n) => ({ $ref: "#named", ...props(n) }), changed, added);
});

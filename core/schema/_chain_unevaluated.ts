/**
 * A `$ref` chain's links closed by unevaluatedProperties (draft 2020-12): which link closes it,
 * the rule that link sets for the names each link after it leaves, and the chain without the
 * outer links' unevaluatedProperties, which never apply. Private to the walk.
 * @module
 */
import type { JsonValue } from "../json.ts";
import { acceptsEvery } from "./_accepts_every.ts";
import type { RefLevel } from "./_ref_siblings.ts";
import { type UnevaluatedRest, unevaluatedRest } from "./_unevaluated_rest.ts";

/**
 * The index in a `$ref` chain (the walk's parts()) of the deepest link whose unevaluatedProperties
 * constrains, -1 if none; the outer links' unevaluatedProperties are gone already
 * ({@link withoutOuterUnevaluated}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { closingLink } from "./_chain_unevaluated.ts";
 * const levels = [
 *   { loc: "", keywords: { $ref: "#/$defs/A" } },
 *   { loc: "/$defs/A", keywords: { unevaluatedProperties: false } },
 * ];
 * assert.equal(closingLink(levels, {}), 1);
 * ```
 */
export function closingLink(levels: readonly RefLevel[], root: JsonValue | undefined): number {
  return levels.findLastIndex((l) => !acceptsEvery(l.keywords.unevaluatedProperties, root));
}

/**
 * For a `$ref` chain (the walk's parts()) with a link whose unevaluatedProperties constrains: each link
 * after it, its rule for the names it leaves to that one, reading it and the others in that
 * link's reach as allOf branches of it ({@link unevaluatedRest}). An unevaluatedProperties sees
 * what its own link and the links its `$ref` reaches evaluate (ajv 8, 2020-12), so a link before
 * it is not a branch of it: what it governs there is a conjunct beside that link (parts()).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { chainRests } from "./_chain_unevaluated.ts";
 * const levels = [
 *   { loc: "", keywords: { $ref: "#/$defs/A", unevaluatedProperties: false } },
 *   { loc: "/$defs/A", keywords: { properties: { a: {} } } },
 * ];
 * const rest = chainRests(levels, {}).get(levels[1]!);
 * assert.ok(typeof rest === "object" && rest.schema === false);
 * ```
 */
export function chainRests(
  levels: readonly RefLevel[],
  root: JsonValue | undefined,
): Map<RefLevel, UnevaluatedRest | string> {
  const out = new Map<RefLevel, UnevaluatedRest | string>();
  const deepest = closingLink(levels, root);
  if (deepest === -1) return out;
  const u = levels[deepest]!;
  const reach = levels.slice(deepest);
  for (const level of reach) {
    if (level === u) continue;
    const siblings = reach.filter((l) => l !== u && l !== level).map((l) => l.keywords);
    const own = Array.isArray(u.keywords.allOf) ? u.keywords.allOf : [];
    const parent = { ...u.keywords, allOf: [level.keywords, ...siblings, ...own] };
    const rest = unevaluatedRest(parent, 0, u.loc, root);
    if (rest !== undefined) out.set(level, rest);
  }
  return out;
}

/**
 * The links of a `$ref` chain without the unevaluatedProperties of each link before the deepest
 * one that has one: that one evaluates every name (it is in the outer links' reach, through their
 * `$ref`), so theirs never apply (ajv 8, 2020-12), and the chain accepts what it accepts without
 * them. The same objects when no link is left out.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withoutOuterUnevaluated } from "./_chain_unevaluated.ts";
 * const levels = [
 *   { loc: "", keywords: { $ref: "#/$defs/A", unevaluatedProperties: false } },
 *   { loc: "/$defs/A", keywords: { unevaluatedProperties: false } },
 * ];
 * assert.deepEqual(withoutOuterUnevaluated(levels)[0]!.keywords, { $ref: "#/$defs/A" });
 * ```
 */
export function withoutOuterUnevaluated(levels: RefLevel[]): RefLevel[] {
  const has = (l: RefLevel) => l.keywords.unevaluatedProperties !== undefined;
  const deepest = levels.findLastIndex(has);
  if (deepest <= 0 || !levels.slice(0, deepest).some(has)) return levels;
  return levels.map((l, i) => {
    if (i >= deepest || !has(l)) return l;
    const { unevaluatedProperties: _, ...keywords } = l.keywords;
    return { loc: l.loc, keywords };
  });
}

/**
 * anyOf and oneOf are one union where no value matches two branches: zod 3 (zod-to-json-schema)
 * writes a discriminated union as anyOf, zod 4 as oneOf, each branch holding its own constant of
 * the required discriminator. Shared by both schema comparisons, so a move between the two
 * keywords pairs the branches as one list instead of reading as one union removed and another
 * added (mapbox-mcp-server's static_map_image_tool overlays: a property added to one branch made
 * the move BREAKING on input and on output).
 * @module
 */
import { type JsonObject, type JsonValue, stableStringify } from "../json.ts";
import { disjoint } from "./_subsume_groups.ts";

/** The most branches a list may hold for its pairs to be checked (the check is quadratic). */
const MAX_BRANCHES = 200;

/** Reads a schema that is a reference as its target (see `targetIn()`, resolve.ts). */
export type Targets = (s: JsonValue) => JsonValue;

/**
 * Whether no two branches of a list accept a common value, as far as `disjoint` can tell, each
 * read through `resolve`.
 */
function pairwiseDisjoint(list: readonly JsonValue[], resolve?: Targets): boolean {
  if (list.length > MAX_BRANCHES) return false;
  return list.every((x, i) => list.every((y, j) => j <= i || disjoint(x, y, resolve)));
}

/** The union keyword a schema writes, when it writes exactly one of anyOf and oneOf as a list. */
function unionKey(
  schema: JsonObject,
  read: (s: JsonObject, k: string) => JsonValue | undefined,
): "anyOf" | "oneOf" | undefined {
  const any = read(schema, "anyOf"), one = read(schema, "oneOf");
  if (any !== undefined && one !== undefined) return undefined;
  if (Array.isArray(any)) return "anyOf";
  if (Array.isArray(one)) return "oneOf";
  return undefined;
}

/**
 * The old schema with its union keyword renamed to the one the new schema writes, when one writes
 * anyOf and the other oneOf and the branches of each side are pairwise disjoint (then both accept
 * the same values as either keyword); undefined otherwise. `from` is the keyword the old side
 * wrote, for its locations. `targets` reads each side's branches that are references in its own
 * document (a pydantic discriminated union's variants).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unionAsWritten } from "./_union_keyword.ts";
 * const a = { type: "object", properties: { k: { const: "a" } }, required: ["k"] };
 * const b = { type: "object", properties: { k: { const: "b" } }, required: ["k"] };
 * assert.deepEqual(unionAsWritten({ anyOf: [a, b] }, { oneOf: [a, b] }), {
 *   schema: { oneOf: [a, b] },
 *   from: "anyOf",
 * });
 * assert.equal(unionAsWritten({ anyOf: [{}, b] }, { oneOf: [a, b] }), undefined);
 * ```
 */
export function unionAsWritten(
  old: JsonObject,
  next: JsonObject,
  read: (s: JsonObject, k: string) => JsonValue | undefined = (s, k) =>
    Object.hasOwn(s, k) ? s[k] as JsonValue : undefined,
  targets: readonly [Targets, Targets] | undefined = undefined,
): { schema: JsonObject; from: "anyOf" | "oneOf" } | undefined {
  const from = unionKey(old, read), to = unionKey(next, read);
  if (from === undefined || to === undefined || from === to) return undefined;
  const branches = read(old, from) as JsonValue[];
  if (
    !pairwiseDisjoint(branches, targets?.[0]) ||
    !pairwiseDisjoint(read(next, to) as JsonValue[], targets?.[1])
  ) {
    return undefined;
  }
  const schema: JsonObject = {};
  for (const key of Object.keys(old)) {
    if (key === from) schema[to] = old[key]!;
    else schema[key] = old[key]!;
  }
  return { schema, from };
}

/**
 * How many branches a union had and has, in words, naming both keywords when the old side wrote
 * the other one: "anyOf of 3 branches became oneOf of 3 branches", else "oneOf went from 2 to 3
 * branches".
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { branchCounts } from "./_union_keyword.ts";
 * assert.equal(branchCounts("anyOf", 3, "oneOf", 3), "anyOf of 3 branches became oneOf of 3 branches");
 * assert.equal(branchCounts("oneOf", 2, "oneOf", 3), "oneOf went from 2 to 3 branches");
 * assert.equal(branchCounts("allOf", 1, "allOf", 1), "the allOf branch changed");
 * ```
 */
export function branchCounts(from: string, before: number, to: string, after: number): string {
  if (from !== to) return `${from} of ${before} branches became ${to} of ${after} branches`;
  // As many branches as before: some changed ("allOf went from 1 to 1 branches" said nothing).
  if (before === after) {
    return `${before === 1 ? "the" : "some"} ${to} branch${before === 1 ? "" : "es"} changed`;
  }
  return `${to} went from ${before} to ${after} branches`;
}

/**
 * The union keywords when `o` writes anyOf and `n` oneOf (or the reverse), each the only one of
 * the two on its side: the union became exclusive (or stopped being so). `read` gives a keyword's
 * value, undefined for one the caller does not model (the catch-all's vocabulary).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unionSwap } from "./_union_keyword.ts";
 * assert.deepEqual(unionSwap({ anyOf: [] }, { oneOf: [] }), { from: "anyOf", to: "oneOf" });
 * assert.equal(unionSwap({ anyOf: [] }, { anyOf: [] }), undefined);
 * ```
 */
export function unionSwap(
  o: JsonObject,
  n: JsonObject,
  read: (s: JsonObject, k: string) => JsonValue | undefined = (s, k) =>
    Object.hasOwn(s, k) ? s[k] as JsonValue : undefined,
): { from: "anyOf" | "oneOf"; to: "anyOf" | "oneOf" } | undefined {
  const [from, to] = [unionKey(o, read), unionKey(n, read)];
  return from !== undefined && to !== undefined && from !== to ? { from, to } : undefined;
}

/** What a union that became exclusive (`to` oneOf) or stopped being so does to values. */
export function exclusivity(to: "anyOf" | "oneOf"): string {
  return to === "oneOf"
    ? "the union became exclusive, so a value that matches more than one branch is now rejected"
    : "the union is no longer exclusive, so a value that matched more than one branch is now accepted";
}

/**
 * What happened to the branches of a union whose keyword changed (`from` old, `to` new), besides
 * the keyword: branches equal on both sides pair first, wherever they stand; the others pair in
 * order ("anyOf branch 1 became oneOf branch 1"), and those left were added or removed. Empty
 * when every branch is still there as it was. One grade covers the union (the proof takes the
 * keyword and the branches together), so its message names them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { branchChanges } from "./_union_keyword.ts";
 * const s = { type: "string" };
 * assert.equal(
 *   branchChanges("anyOf", [s, { maxLength: 3 }], "oneOf", [{ maxLength: 5 }, s, { type: "null" }]),
 *   "; besides, anyOf branch 1 became oneOf branch 0, and oneOf branch 2 was added",
 * );
 * assert.equal(branchChanges("anyOf", [s], "oneOf", [s]), "");
 * ```
 */
export function branchChanges(
  from: string,
  before: readonly JsonValue[],
  to: string,
  after: readonly JsonValue[],
): string {
  const left = after.map((v, j) => ({ key: stableStringify(v), j }));
  const gone: number[] = [];
  before.forEach((v, i) => {
    const key = stableStringify(v);
    const k = left.findIndex((x) => x.key === key);
    if (k < 0) gone.push(i);
    else left.splice(k, 1);
  });
  const came = left.map((x) => x.j);
  const paired = Math.min(gone.length, came.length);
  const parts = [
    ...gone.slice(0, paired).map((i, k) => `${from} branch ${i} became ${to} branch ${came[k]}`),
    ...gone.slice(paired).map((i) => `${from} branch ${i} was removed`),
    ...came.slice(paired).map((j) => `${to} branch ${j} was added`),
  ];
  if (parts.length === 0) return "";
  const list = parts.length === 1
    ? parts[0]!
    : `${parts.slice(0, -1).join(", ")}, and ${parts.at(-1)}`;
  return `; besides, ${list}`;
}

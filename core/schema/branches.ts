/**
 * Pairs the branches of `anyOf`/`oneOf`/`allOf` by best structural match, so that an added
 * branch reads as a widening and a removed one as a narrowing. Equal branches pair first; the
 * rest pair greedily by similarity, and a tie makes the pairing ambiguous (graded BREAKING).
 * The variants of a discriminated union look alike but for their tag (a property held to one
 * value by `const` or a one-value `enum`), so a tag both branches hold alike pairs them.
 * @module
 */
import { distance } from "fastest-levenshtein";
import { isObject, type JsonObject, type JsonValue, stableStringify } from "../json.ts";
import { typeSet } from "./values.ts";

/** The result of pairing old branches (by index) with new ones. */
export interface BranchPairing {
  pairs: [number, number][];
  added: number[];
  removed: number[];
  ambiguous: boolean;
}

function jaccard(a: readonly string[], b: readonly string[]): number {
  const sa = new Set(a);
  const sb = new Set(b);
  const common = [...sa].filter((x) => sb.has(x)).length;
  const union = sa.size + sb.size - common;
  return union === 0 ? 1 : common / union;
}

/** The one value a property schema allows, by `const` or a one-value `enum`, as JSON text. */
function tagOf(s: JsonValue | undefined): string | undefined {
  if (!isObject(s)) return undefined;
  if (Object.hasOwn(s, "const")) return stableStringify(s.const);
  if (Array.isArray(s.enum) && s.enum.length === 1) return stableStringify(s.enum[0]);
  return undefined;
}

/**
 * How many properties the two branches both hold to the same single value (a discriminated
 * union's tag: zod 3 writes `enum: ["find"]`, zod 4 `const: "find"`).
 */
function sameTags(x: JsonObject, y: JsonObject): number {
  if (!isObject(x.properties) || !isObject(y.properties)) return 0;
  const py = y.properties;
  let n = 0;
  for (const [name, s] of Object.entries(x.properties)) {
    const tag = tagOf(s);
    if (tag !== undefined && Object.hasOwn(py, name) && tag === tagOf(py[name])) n++;
  }
  return n;
}

/**
 * The properties that tell a union's branches apart: held to one value (`const` or a one-value
 * `enum`) by at least two branches, each with its own value.
 */
function discriminators(list: readonly JsonValue[]): Set<string> {
  const seen = new Map<string, string[]>();
  for (const branch of list) {
    if (!isObject(branch) || !isObject(branch.properties)) continue;
    for (const [name, s] of Object.entries(branch.properties)) {
      const tag = tagOf(s);
      if (tag !== undefined) seen.set(name, [...seen.get(name) ?? [], tag]);
    }
  }
  return new Set(
    [...seen].filter(([, tags]) => tags.length > 1 && new Set(tags).size === tags.length)
      .map(([name]) => name),
  );
}

/**
 * For two branches whose tags on a discriminator (`names`) differ: whether they are the same
 * variant renamed (equal but for that tag), else false: they are different variants. Undefined
 * when no tag differs or one they both hold is alike (the same variant, another tag versioned).
 */
function renamedVariant(
  x: JsonValue,
  y: JsonValue,
  names: ReadonlySet<string>,
): boolean | undefined {
  if (!isObject(x) || !isObject(y) || !isObject(x.properties) || !isObject(y.properties)) {
    return undefined;
  }
  const [px, py] = [x.properties, y.properties];
  const tags = [...names].map((n) => [n, tagOf(px[n]), tagOf(py[n])] as const)
    .filter(([, a, b]) => a !== undefined && b !== undefined);
  // A tag both hold alike names one variant, whatever another tag does (xcodebuildmcp's results:
  // schema "build-result" kept, schemaVersion "2" → "3", properties added: one variant changed).
  if (tags.some(([, a, b]) => a === b)) return undefined;
  const differ = tags.map(([n]) => n);
  if (differ.length === 0) return undefined;
  const without = (s: JsonObject, p: JsonObject) => ({
    ...s,
    properties: Object.fromEntries(Object.entries(p).filter(([n]) => !differ.includes(n))),
  });
  return stableStringify(without(x, px)) === stableStringify(without(y, py));
}

/**
 * Whether branch `x` of the old list `old` and branch `y` of the new list `next` are different
 * variants of a discriminated union: their tags on a property that tells the branches of both
 * lists apart differ, and they differ elsewhere too (alike but for the tag, the variant was
 * renamed).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { differentVariants } from "./branches.ts";
 * const v = (tag: string, more: object = {}) => ({
 *   properties: { op: { const: tag }, ...more },
 * });
 * const old = [v("a"), v("b", { id: { type: "string" } })];
 * const renamed = [v("a"), v("c", { id: { type: "string" } })];
 * const replaced = [v("a"), v("c", { ids: { type: "array" } })];
 * assert.equal(differentVariants(old, renamed, old[1]!, renamed[1]!), false);
 * assert.equal(differentVariants(old, replaced, old[1]!, replaced[1]!), true);
 * // Two tags, one kept (kind) and one moved (v), a property added: the same variant.
 * const w = (kind: string, v: string, more: object = {}) => ({
 *   properties: { kind: { const: kind }, v: { const: v }, ...more },
 * });
 * const before = [w("result", "2"), w("error", "1")];
 * const after = [w("result", "3", { path: { type: "string" } }), w("error", "1")];
 * assert.equal(differentVariants(before, after, before[0]!, after[0]!), false);
 * // Both tags moved with the shape: another variant.
 * const moved = [w("report", "3", { path: { type: "string" } }), w("error", "1")];
 * assert.equal(differentVariants(before, moved, before[0]!, moved[0]!), true);
 * ```
 */
export function differentVariants(
  old: readonly JsonValue[],
  next: readonly JsonValue[],
  x: JsonValue,
  y: JsonValue,
): boolean {
  const tags = sharedTags(old, next);
  return tags.size > 0 && renamedVariant(x, y, tags) === false;
}

const sharedTagsOf = new WeakMap<
  readonly JsonValue[],
  WeakMap<readonly JsonValue[], Set<string>>
>();

/**
 * The discriminators both branch lists share, computed once per pair of lists: the catch-all
 * asks {@link differentVariants} once per pair of branches.
 */
function sharedTags(old: readonly JsonValue[], next: readonly JsonValue[]): Set<string> {
  let byNext = sharedTagsOf.get(old);
  if (byNext === undefined) sharedTagsOf.set(old, byNext = new WeakMap());
  let tags = byNext.get(next);
  if (tags === undefined) {
    const later = discriminators(next);
    tags = new Set([...discriminators(old)].filter((n) => later.has(n)));
    byNext.set(next, tags);
  }
  return tags;
}

/** The values a property schema lists by `const` or `enum`, as JSON texts; undefined for others. */
function listedValues(s: JsonValue | undefined): string[] | undefined {
  if (!isObject(s)) return undefined;
  if (Object.hasOwn(s, "const")) return [stableStringify(s.const)];
  return Array.isArray(s.enum) ? s.enum.map((v) => stableStringify(v)) : undefined;
}

/**
 * Whether property `name`, which `branch` holds to `tag`, tells it from the other branches of
 * `list`: some other branch lists that property's values (`const` or `enum`), and none lists
 * `tag` (an `enum: ["image", "audio"]` branch beside a `const: "resource"` one).
 */
function setApartBy(
  list: readonly JsonValue[],
  branch: JsonValue,
  name: string,
  tag: string,
): boolean {
  let listed = false;
  for (const other of list) {
    if (other === branch || !isObject(other) || !isObject(other.properties)) continue;
    const values = listedValues(other.properties[name]);
    if (values === undefined) continue;
    if (values.includes(tag)) return false;
    listed = true;
  }
  return listed;
}

/**
 * How a branch of `list` is named by its tag, when the list is a discriminated union: `operation_type
 * "delete_block"`; or by a property it alone holds to one value, where the other branches list
 * other values of it (`type "resource"` beside `type` enum `["image", "audio"]`); undefined
 * otherwise.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { variantName } from "./branches.ts";
 * const list = [{ properties: { op: { const: "a" } } }, { properties: { op: { const: "b" } } }];
 * assert.equal(variantName(list, list[1]!), 'op "b"');
 * const media = [{ properties: { type: { enum: ["image", "audio"] } } }, {
 *   properties: { type: { const: "resource" } },
 * }];
 * assert.equal(variantName(media, media[1]!), 'type "resource"');
 * assert.equal(variantName(media, media[0]!), undefined);
 * ```
 */
export function variantName(list: readonly JsonValue[], branch: JsonValue): string | undefined {
  if (!isObject(branch) || !isObject(branch.properties)) return undefined;
  const props = branch.properties;
  const name = [...discriminators(list)].find((n) => tagOf(props[n]) !== undefined) ??
    Object.keys(props).find((n) => {
      const tag = tagOf(props[n]);
      return tag !== undefined && setApartBy(list, branch, n, tag);
    });
  return name === undefined ? undefined : `${name} ${tagOf(props[name])}`;
}

/** How alike two branches are: 0 for nothing in common. */
export function branchSimilarity(x: JsonValue, y: JsonValue): number {
  if (!isObject(x) || !isObject(y)) return 0;
  let score = 0;
  const tx = typeSet(x);
  const ty = typeSet(y);
  if (tx && ty) {
    const overlap = jaccard(tx, ty);
    if (overlap === 0) return 0;
    score += 2 * overlap;
  }
  if (typeof x.$ref === "string" && x.$ref === y.$ref) score += 3;
  if (Object.hasOwn(x, "const") && stableStringify(x.const) === stableStringify(y.const)) {
    score += 2;
  }
  const px = isObject(x.properties) ? Object.keys(x.properties) : [];
  const py = isObject(y.properties) ? Object.keys(y.properties) : [];
  if (px.length > 0 || py.length > 0) score += 3 * jaccard(px, py);
  score += 3 * sameTags(x, y);
  score += jaccard(Object.keys(x), Object.keys(y));
  const same = Object.keys(x).filter((k) =>
    Object.hasOwn(y, k) && stableStringify(x[k]) === stableStringify((y as JsonObject)[k])
  );
  score += same.length / Math.max(1, Object.keys(x).length + Object.keys(y).length);
  return score;
}

/**
 * Pairs two branch lists.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pairBranches } from "./branches.ts";
 * const p = pairBranches([{ type: "string" }], [{ type: "string" }, { type: "number" }]);
 * assert.deepEqual(p.pairs, [[0, 0]]);
 * assert.deepEqual(p.added, [1]);
 * ```
 */
export function pairBranches(old: readonly JsonValue[], next: readonly JsonValue[]): BranchPairing {
  const pairs: [number, number][] = [];
  const freeOld = new Set(old.map((_, i) => i));
  const freeNew = new Set(next.map((_, j) => j));
  const canonNew = next.map(stableStringify);
  old.forEach((branch, i) => {
    const c = stableStringify(branch);
    const j = canonNew.findIndex((x, k) => freeNew.has(k) && x === c);
    if (j !== -1) {
      pairs.push([i, j]);
      freeOld.delete(i);
      freeNew.delete(j);
    }
  });
  let ambiguous = false;
  // A discriminated union's variants are told apart by their tag: two whose tags differ are
  // different variants (one removed, one added), unless they are alike but for the tag (a
  // variant renamed, whose tag change is then reported once).
  const tags = sharedTags(old, next);
  // Each pair's score is worked out once: every round of the loop below asks again about every
  // pair still free.
  const scores = new Map<number, number>();
  const similarity = (i: number, j: number) => {
    const key = i * next.length + j;
    let score = scores.get(key);
    if (score !== undefined) return score;
    const renamed = tags.size === 0 ? undefined : renamedVariant(old[i]!, next[j]!, tags);
    score = renamed === false ? 0 : branchSimilarity(old[i]!, next[j]!) + (renamed ? 3 : 0);
    scores.set(key, score);
    return score;
  };
  while (freeOld.size > 0 && freeNew.size > 0) {
    let best = 0;
    let choice: [number, number] | undefined;
    let tie = false;
    for (const i of freeOld) {
      for (const j of freeNew) {
        const s = similarity(i, j);
        if (s > best + 1e-9) {
          best = s;
          choice = [i, j];
          tie = false;
        } else if (choice && Math.abs(s - best) <= 1e-9 && s > 0) {
          if (i === choice[0] || j === choice[1]) tie = true;
        }
      }
    }
    if (!choice) break;
    if (tie) {
      ambiguous = true;
      break;
    }
    pairs.push(choice);
    freeOld.delete(choice[0]);
    freeNew.delete(choice[1]);
  }
  pairs.sort((a, b) => a[1] - b[1]);
  return {
    pairs,
    added: [...freeNew].sort((a, b) => a - b),
    removed: [...freeOld].sort((a, b) => a - b),
    ambiguous,
  };
}

/** The keywords whose value is a list of branches, paired by {@link branchCounterparts}. */
export const BRANCH_LISTS: ReadonlySet<string> = new Set(["anyOf", "oneOf", "allOf"]);

/**
 * Every branch of two lists with its counterpart: equal branches first, wherever they stand, then
 * those with the same title and description, then alike ones ({@link pairBranches}), then those
 * whose texts are most alike (edit similarity above one half, one to one, best first), then the
 * rest in the order they stand; a branch left over on one side has none (`undefined`). Ordered by
 * the new index, then the old branches left over. Branches that accept nothing look alike but
 * for their texts: anyOf [N(A), N(B), S] → [S, N(A)] (N(X) accepting nothing, described X) paired
 * N(B) with N(A) by their order and read B reworded as A, though A only moved and B went.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { branchCounterparts } from "./branches.ts";
 * const [a, b] = [{ const: "a" }, { type: "string", description: "B" }];
 * assert.deepEqual(branchCounterparts([a, b], [b, a]), [[1, 0], [0, 1]]);
 * // Nothing alike: in the order they stand.
 * assert.deepEqual(branchCounterparts([{ minimum: 1 }, { maxLength: 2 }], [{ required: ["x"] }]), [
 *   [0, 0],
 *   [1, undefined],
 * ]);
 * // Alike but for their texts: by their texts.
 * const none = (text: string) => ({ not: {}, description: text });
 * assert.deepEqual(
 *   branchCounterparts([none("Only ids"), none("Never names")], [none("Never names.")]),
 *   [[1, 0], [0, undefined]],
 * );
 * ```
 */
export function branchCounterparts(
  old: readonly JsonValue[],
  next: readonly JsonValue[],
): [number | undefined, number | undefined][] {
  const paired: [number | undefined, number | undefined][] = [];
  const free = new Set(next.keys());
  const canon = next.map(stableStringify);
  let removed = [...old.keys()].filter((i) => {
    const c = stableStringify(old[i]!);
    const j = canon.findIndex((x, k) => free.has(k) && x === c);
    if (j === -1) return true;
    paired.push([i, j]);
    free.delete(j);
    return false;
  });
  // Then those with the same texts, then the rest by likeness.
  const texts = [old, next].map((list) => list.map(textOf));
  removed = removed.filter((i) => {
    const text = texts[0]![i];
    const j = text === undefined ? undefined : [...free].find((k) => texts[1]![k] === text);
    if (j === undefined) return true;
    paired.push([i, j]);
    free.delete(j);
    return false;
  });
  let added = [...free];
  const alike = pairBranches(removed.map((i) => old[i]!), added.map((j) => next[j]!));
  for (const [i, j] of alike.pairs) paired.push([removed[i]!, added[j]!]);
  removed = alike.removed.map((i) => removed[i]!);
  added = alike.added.map((j) => added[j]!);
  for (const [i, j] of pairedByText(removed, added, texts as [Texts, Texts])) {
    paired.push([i, j]);
    removed = removed.filter((k) => k !== i);
    added = added.filter((k) => k !== j);
  }
  const rest = Math.min(added.length, removed.length);
  for (let k = 0; k < rest; k++) paired.push([removed[k]!, added[k]!]);
  for (const j of added.slice(rest)) paired.push([undefined, j]);
  paired.sort((x, y) => (x[1] ?? Infinity) - (y[1] ?? Infinity));
  for (const i of removed.slice(rest)) paired.push([i, undefined]);
  return paired;
}

type Texts = (string | undefined)[];

/** A branch's title and description, as one text; undefined when it writes neither. */
function textOf(branch: JsonValue): string | undefined {
  if (!isObject(branch)) return undefined;
  const parts = [branch.title, branch.description].map((t) => typeof t === "string" ? t : "");
  return parts.every((t) => t === "") ? undefined : parts.join("\n");
}

/**
 * Old branches `removed` and new ones `added` whose texts are most alike, one to one, best first:
 * edit similarity (1 − Levenshtein / longer length) above one half, a tie left unpaired.
 */
function pairedByText(
  removed: readonly number[],
  added: readonly number[],
  [olds, news]: [Texts, Texts],
): [number, number][] {
  const scored: [number, number, number][] = [];
  for (const i of removed) {
    for (const j of added) {
      const [a, b] = [olds[i], news[j]];
      if (a === undefined || b === undefined) continue;
      const score = 1 - distance(a, b) / Math.max(a.length, b.length);
      if (score > 0.5) scored.push([score, i, j]);
    }
  }
  scored.sort((x, y) => y[0] - x[0] || x[1] - y[1] || x[2] - y[2]);
  const out: [number, number][] = [];
  const [usedOld, usedNew] = [new Set<number>(), new Set<number>()];
  for (const [score, i, j] of scored) {
    if (usedOld.has(i) || usedNew.has(j)) continue;
    // Another pair as alike for either branch: which is meant cannot be told.
    const tie = scored.some(([s, k, l]) =>
      s === score && (k === i) !== (l === j) && !usedOld.has(k) && !usedNew.has(l)
    );
    if (tie) continue;
    out.push([i, j]);
    usedOld.add(i);
    usedNew.add(j);
  }
  return out;
}

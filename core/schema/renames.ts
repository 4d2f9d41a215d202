/**
 * Rename hints for properties: in one object, a property removed and another added with the same
 * name in another case or separator style, or else with the same schema (one that says more
 * than its type, or under related names), but for a reworded `description` or `title` (or, under
 * related names, one close to the other), were probably renamed, when neither has such a twin
 * besides the other.
 * Both findings keep their severity (a rename breaks callers just the same) and get a hint naming
 * the other property.
 * @module
 */
import {
  escapePointerToken,
  isObject,
  jsonEqual,
  type JsonValue,
  pointerTokens,
  stableStringify,
} from "../json.ts";
import { distance } from "fastest-levenshtein";
import type { ProseVerdict } from "../prose.ts";
import { nameWords } from "../rename_affix.ts";
import { nameKey, sameButStyle } from "../rename_shape.ts";
import type { SchemaDelta } from "./types.ts";
import { sameButInertDialects } from "./_dialect.ts";

/** The prose classifier, as the walk is handed it. */
type Classify = (a: string | undefined, b: string | undefined) => ProseVerdict;

/** The value at a pointer inside a schema, or undefined. */
function at(schema: JsonValue | undefined, pointer: string): JsonValue | undefined {
  let node = schema;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

function propertyOf(holder: JsonValue | undefined, name: string): JsonValue | undefined {
  const props = isObject(holder) && isObject(holder.properties) ? holder.properties : undefined;
  return props && Object.hasOwn(props, name) ? props[name] : undefined;
}

/** The property name at the end of a delta's path (`….properties.NAME`). */
function nameOf(delta: SchemaDelta): string {
  return delta.path.slice(delta.path.lastIndexOf(".properties.") + ".properties.".length);
}

interface Candidate {
  name: string;
  schema: JsonValue;
  delta: SchemaDelta;
  /** The required.added delta of a new property that also reads property.added. */
  required?: SchemaDelta;
}

/**
 * The added candidates with one per name: a new required property of an output object the old
 * schema closed reads both property.added and required.added (obsidian-mcp-server 3.1.5 →
 * 3.2.9), one property that two candidates of the same name would make undecidable.
 */
function onePerName(added: readonly Candidate[]): Candidate[] {
  const byName = new Map<string, Candidate>();
  for (const c of added) {
    const seen = byName.get(c.name);
    if (seen === undefined) byName.set(c.name, c);
    else if (c.delta.rule.endsWith(".required.added")) seen.required = c.delta;
    else byName.set(c.name, { ...c, required: seen.delta });
  }
  return [...byName.values()];
}

/** The keywords whose text is prose: a rename often comes with it reworded. */
const PROSE = new Set(["description", "title"]);

/**
 * A schema's prose set aside: its structure without the string values of `description` and
 * `title` (at every depth), and those texts by where they stood.
 */
function proseAside(schema: JsonValue): { rest: string; texts: Map<string, string> } {
  const texts = new Map<string, string>();
  const strip = (node: JsonValue, at: string): JsonValue => {
    if (Array.isArray(node)) return node.map((item, i) => strip(item, `${at}/${i}`));
    if (!isObject(node)) return node;
    const out: { [key: string]: JsonValue } = {};
    for (const key of Object.keys(node)) {
      const value = node[key]!;
      const where = `${at}/${escapePointerToken(key)}`;
      if (PROSE.has(key) && typeof value === "string") texts.set(where, value);
      else Object.defineProperty(out, key, { value: strip(value, where), enumerable: true });
    }
    return out;
  };
  return { rest: stableStringify(strip(schema, "")), texts };
}

/**
 * Pairs of a group beyond which schemas that differ in prose are not compared: each pair costs a
 * classifier run per text, and an object rewritten whole (hundreds of string properties removed
 * and added) would cost as many runs as pairs.
 */
const MAX_PROSE_PAIRS = 64;

/**
 * Classifier runs that rename hints may take in one diff, all tools and sides together: 100 tools
 * each with 16 properties renamed and reworded, descriptions of 1.9 KB, took 256 runs a tool and
 * 3.6 s more than without the hints. Past the budget, a group is not compared (no hint).
 */
export const PROSE_RUN_BUDGET = 1_024;

/** Classifier runs left to rename hints: one budget for a whole diff. */
export interface ProseRuns {
  left: number;
}

/**
 * Whether two texts are too far apart in length to be the same one reworded: a classifier that
 * grades DOCUMENTATION needs an edit similarity above its low threshold (0.55 by default), which
 * lengths whose ratio is below 1/2 rule out (the edit distance is at least the difference).
 */
function lengthsApart(a: string, b: string): boolean {
  return Math.min(a.length, b.length) * 2 < Math.max(a.length, b.length);
}

/**
 * How alike two schemas set aside are: `reworded` when the same but for their prose, each text of
 * one the other's reworded (graded DOCUMENTATION by the classifier); `close` when the texts that
 * are not so were graded on similarity alone with neither score low (a phrase added, no marker,
 * no order changed: "Maximum number of log entries to return" → "… to return (from the end)");
 * `apart` otherwise. Texts whose lengths are far apart are told apart before any is classified;
 * each classifier run is taken from `budget`.
 */
function proseLikeness(
  x: ReturnType<typeof proseAside>,
  y: ReturnType<typeof proseAside>,
  classify: Classify,
  budget: ProseRuns,
): "reworded" | "close" | "apart" {
  if (x.rest !== y.rest || x.texts.size !== y.texts.size) return "apart";
  for (const [where, text] of x.texts) {
    const other = y.texts.get(where);
    if (other === undefined || lengthsApart(text, other)) return "apart";
  }
  let close = false;
  for (const [where, text] of x.texts) {
    budget.left--;
    const verdict = classify(text, y.texts.get(where));
    if (verdict.severity === "DOCUMENTATION") continue;
    const low = verdict.thresholds?.low;
    if (
      verdict.step !== "similarity" || low === undefined || (verdict.edit ?? 0) < low ||
      (verdict.jaccard ?? 0) < low
    ) return "apart";
    close = true;
  }
  return close ? "close" : "reworded";
}

/**
 * The one-to-one pairs of `removed` and `added`, `twins[i][j]` saying whether removed `i` and added
 * `j` are alike: each removed property with exactly one twin added, which has no other twin
 * removed.
 */
function oneToOne(
  removed: readonly Candidate[],
  added: readonly Candidate[],
  twins: readonly (readonly boolean[])[],
): [Candidate, Candidate][] {
  const pairs: [Candidate, Candidate][] = [];
  removed.forEach((r, i) => {
    const j = twins[i]!.indexOf(true);
    if (j < 0 || twins[i]!.indexOf(true, j + 1) >= 0) return;
    if (twins.filter((row) => row[j]).length === 1) pairs.push([r, added[j]!]);
  });
  return pairs;
}

/**
 * The JSON types a schema states at its top: its `type` (a name or a list, `integer` read as
 * `number`), else `object` for one that declares `properties` and `array` for one with `items`;
 * none when it states none.
 */
function statedTypes(schema: JsonValue): Set<string> {
  if (!isObject(schema)) return new Set();
  const names = typeof schema.type === "string"
    ? [schema.type]
    : Array.isArray(schema.type)
    ? schema.type.filter((t) => typeof t === "string")
    : isObject(schema.properties)
    ? ["object"]
    : schema.items !== undefined
    ? ["array"]
    : [];
  return new Set(names.map((t) => t === "integer" ? "number" : t));
}

/** Whether two schemas state a JSON type in common (`statedTypes`). */
function typesMeet(a: JsonValue, b: JsonValue): boolean {
  const theirs = statedTypes(b);
  return [...statedTypes(a)].some((t) => theirs.has(t));
}

/**
 * Whether the words of one name are all words of the other (`nameWords`): `gpuTypeId` → `id`,
 * `request` → `createProductRequestEntity`, not `id` → `activeForm`.
 */
function wordsWithin(a: string, b: string): boolean {
  const [x, y] = [nameWords(a), nameWords(b)];
  const [fewer, more] = x.length <= y.length ? [x, new Set(y)] : [y, new Set(x)];
  return fewer.length > 0 && fewer.every((w) => more.has(w));
}

/** How alike two property names must be, case and separators aside, to read as one respelt. */
const ALIKE = 0.8;

/**
 * Whether two property names are related: the words of one all words of the other
 * (`wordsWithin`), or the two at least {@link ALIKE} alike case and separators aside
 * (`colour` → `color`).
 */
function namesRelated(a: string, b: string): boolean {
  if (wordsWithin(a, b)) return true;
  const [x, y] = [nameKey(a), nameKey(b)];
  return 1 - distance(x, y) / Math.max(x.length, y.length, 1) >= ALIKE;
}

/** Whether a schema says more than its type (a description, an enum, a format, items …). */
function saysMore(schema: JsonValue): boolean {
  return schema === false || isObject(schema) && Object.keys(schema).some((k) => k !== "type");
}

/**
 * Whether a removed property and an added one of equal schemas (or the same but for `$schema`
 * keywords whose change reads no value otherwise: `sameButInertDialects`) read as one renamed:
 * their schema says more than its type, or else their names are related ({@link namesRelated})
 * or each is required on its side (a call had to send the one and now has to send the other:
 * @unkey/api 2.0.0 → 2.1.4 identities-update-identity `externalId` → `identity`). A bare `{type: string}`
 * is shared by unrelated properties: dub 0.61.0 → 0.64.6 partners-analytics dropped the
 * required `programId` and added an optional `query`, each a bare string, which read
 * 'renamed to "query"?'; an optional one dropped beside another added is no more evidence.
 */
function equalTwins(
  r: Candidate,
  a: Candidate,
  holders: { old: JsonValue | undefined; new: JsonValue | undefined },
): boolean {
  if (!jsonEqual(r.schema, a.schema) && !sameButInertDialects(r.schema, a.schema)) return false;
  return saysMore(r.schema) || namesRelated(r.name, a.name) ||
    (requires(holders.old, r.name) && requires(holders.new, a.name));
}

/** Whether `holder` lists `name` in its `required`. */
function requires(holder: JsonValue | undefined, name: string): boolean {
  return isObject(holder) && Array.isArray(holder.required) && holder.required.includes(name);
}

/**
 * The one property the old object required that is gone, and the one the new object requires
 * that is new, when there is exactly one of each left unpaired, their schemas state a type in
 * common and the words of one name are all in the other (`wordsWithin`): a call had to send the
 * one and now has to send the other in its place (creem products-create `request` →
 * `createProductRequestEntity`, an object each, its properties changed; @runpod/mcp-server
 * get-gpu-type `gpuTypeId` → `id`, a string each, its description dropped). Names that share no
 * word stay apart (Claude Code's TodoWrite item `id` → `activeForm`, a string each, is another
 * property).
 */
function requiredSwap(
  removed: readonly Candidate[],
  added: readonly Candidate[],
  holders: { old: JsonValue | undefined; new: JsonValue | undefined },
): [Candidate, Candidate] | undefined {
  const gone = removed.filter((r) => requires(holders.old, r.name));
  const come = added.filter((a) => requires(holders.new, a.name));
  if (gone.length !== 1 || come.length !== 1) return undefined;
  const [r, a] = [gone[0]!, come[0]!];
  return typesMeet(r.schema, a.schema) && wordsWithin(r.name, a.name) ? [r, a] : undefined;
}

function addHint(delta: SchemaDelta, hint: string): void {
  delta.hint = delta.hint ? `${delta.hint}; ${hint}` : hint;
}

/**
 * Adds rename hints to the property.removed and property.added (or required.added, for a new
 * required property) deltas of one side of one tool. Matches are one to one per object: the same
 * name in another case or separator style first (`recovery-plan` → `recoveryplan`, whatever the
 * schemas), then equal schemas ({@link equalTwins}: a bare type only under related names or required on both sides), then,
 * among the properties left with no equal twin, schemas the
 * same but for their `description` and `title` reworded (the classifier grades each change
 * DOCUMENTATION; texts of lengths far apart are not classified, at most 64 pairs an object and
 * {@link PROSE_RUN_BUDGET} classifier runs a diff, `proseRuns` shared by its tools), or, under
 * related names and among those with no reworded twin, texts close but short of a rewording
 * ({@link proseLikeness}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compareSchemaSide } from "./compare_tool.ts";
 * import { classifyProse } from "../prose.ts";
 * const a = { type: "object", properties: { id: { type: "string" } } };
 * const b = { type: "object", properties: { issueId: { type: "string" } } };
 * const deltas = compareSchemaSide(a, b, { side: "input", basePath: "t", basePointer: "" },
 *   (x, y) => classifyProse(x, y));
 * assert.deepEqual(deltas.map((d) => d.hint).sort(), ['renamed from "id"?', 'renamed to "issueId"?']);
 * ```
 */
export function hintPropertyRenames(
  deltas: SchemaDelta[],
  schemas: {
    old: JsonValue | undefined;
    new: JsonValue | undefined;
    classify: Classify;
    /** The runs left in this diff (default: a new budget, for this side alone). */
    proseRuns?: ProseRuns;
  },
): SchemaDelta[] {
  const { old: oldSchema, new: newSchema, classify } = schemas;
  const budget = schemas.proseRuns ?? { left: PROSE_RUN_BUDGET };
  const groups = new Map<string, { removed: Candidate[]; added: Candidate[] }>();
  const group = (location: string) => {
    let g = groups.get(location);
    if (!g) groups.set(location, g = { removed: [], added: [] });
    return g;
  };
  for (const d of deltas) {
    // Names removed or added together, as an object became a map (walk.ts groupedNames): the
    // change of the object's schema for other names, not a rename.
    if (d.grouped !== undefined) continue;
    if (d.rule.endsWith(".property.removed") && d.old !== undefined) {
      group(d.location).removed.push({ name: nameOf(d), schema: d.old, delta: d });
    } else if (d.rule.endsWith(".property.added") && d.new !== undefined) {
      group(d.location).added.push({ name: nameOf(d), schema: d.new, delta: d });
    } else if (d.rule.endsWith(".required.added") && Array.isArray(d.new)) {
      const before = new Set(Array.isArray(d.old) ? d.old : []);
      const oldHolder = at(oldSchema, d.location);
      const newHolder = at(newSchema, d.location);
      for (const name of d.new) {
        if (typeof name !== "string" || before.has(name)) continue;
        const schema = propertyOf(newHolder, name);
        if (schema === undefined || propertyOf(oldHolder, name) !== undefined) continue;
        group(d.location).added.push({ name, schema, delta: d });
      }
    }
  }
  for (const [location, group] of groups) {
    // A rename pairs a name removed with one added: an object that only gained names (or only
    // lost some), as most changed objects did, has none to weigh.
    if (group.removed.length === 0 || group.added.length === 0) continue;
    group.added = onePerName(group.added);
    // First the same name in another case or separator style (recovery-plan → recoveryplan),
    // one removed and one added per name in the object, whatever their schemas.
    const styled = sameButStyle(group.removed, group.added, (c) => c.name);
    const paired = new Set(styled.flat());
    const removed = group.removed.filter((r) => !paired.has(r));
    const added = group.added.filter((a) => !paired.has(a));
    const holders = { old: at(oldSchema, location), new: at(newSchema, location) };
    const equal = removed.map((r) => added.map((a) => equalTwins(r, a, holders)));
    // Then the same but for reworded prose (@postman/postman-mcp-server 2.12.0 → 2.13.0 renamed
    // folderId to folder, "the system will create" → "the system creates"), among the properties
    // that have no twin of equal schema at all, grouped by the rest of their schema.
    const byRest = new Map<string, { removed: Candidate[]; added: Candidate[] }>();
    const aside = new Map<Candidate, ReturnType<typeof proseAside>>();
    const collect = (c: Candidate, side: "removed" | "added") => {
      const parts = proseAside(c.schema);
      if (parts.texts.size === 0) return;
      aside.set(c, parts);
      let g = byRest.get(parts.rest);
      if (!g) byRest.set(parts.rest, g = { removed: [], added: [] });
      g[side].push(c);
    };
    removed.forEach((r, i) => equal[i]!.includes(true) || collect(r, "removed"));
    added.forEach((a, j) => equal.some((row) => row[j]) || collect(a, "added"));
    const reworded: [Candidate, Candidate][] = [];
    const related: [Candidate, Candidate][] = [];
    for (const g of byRest.values()) {
      // The most runs the group may take: a pair's texts all classified.
      const texts = Math.max(...[...g.removed, ...g.added].map((c) => aside.get(c)!.texts.size));
      const pairs = g.removed.length * g.added.length;
      if (pairs > MAX_PROSE_PAIRS || pairs * texts > budget.left) continue;
      const table = g.removed.map((r) =>
        g.added.map((a) => proseLikeness(aside.get(r)!, aside.get(a)!, classify, budget))
      );
      reworded.push(
        ...oneToOne(g.removed, g.added, table.map((row) => row.map((k) => k === "reworded"))),
      );
      // Then, among those with no reworded twin, texts close but not a rewording alone under
      // related names (convex 1.27.0 → 1.32.0's logs limit → entriesLimit, "(from the end)"
      // added to its description, read as removed and added with no hint).
      const twin = (i: number, j: number) => table[i]![j] === "reworded";
      const single = (i: number, j: number) =>
        !g.added.some((_, k) => twin(i, k)) && !g.removed.some((_, k) => twin(k, j));
      related.push(...oneToOne(
        g.removed,
        g.added,
        table.map((row, i) =>
          row.map((k, j) =>
            k === "close" && single(i, j) && namesRelated(g.removed[i]!.name, g.added[j]!.name)
          )
        ),
      ));
    }
    const exact = oneToOne(removed, added, equal);
    // Last, a required property swapped for another of a type in common, their schemas changed.
    const taken = new Set([...exact, ...reworded, ...related].flat());
    const swap = requiredSwap(
      removed.filter((r) => !taken.has(r)),
      added.filter((a) => !taken.has(a)),
      holders,
    );
    for (const [r, a] of [...styled, ...exact, ...reworded, ...related, ...swap ? [swap] : []]) {
      addHint(r.delta, `renamed to "${a.name}"?`);
      addHint(
        a.delta,
        a.delta.rule.endsWith(".required.added")
          ? `"${a.name}" renamed from "${r.name}"?`
          : `renamed from "${r.name}"?`,
      );
      if (a.required) addHint(a.required, `"${a.name}" renamed from "${r.name}"?`);
    }
  }
  return deltas;
}

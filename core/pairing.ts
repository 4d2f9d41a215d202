/**
 * Pairs the entities of two contracts by identity (tool and prompt name, resource URI, template
 * URI template). Computed once per diff and shared by every rule.
 * @module
 */
import { distance } from "fastest-levenshtein";
import { type Contract, ENTITY_LISTS, type EntityList, identityOf, type Tool } from "./contract.ts";
import { isObject, jsonEqual } from "./json.ts";
import { nameWords, sameButAffix, wordsAdded, wordsShortened } from "./rename_affix.ts";
import { nameKey, sameButStyle, styleFreeShape } from "./rename_shape.ts";

/** One entity present in a contract, with its index in the sorted list. */
export interface Located<T> {
  id: string;
  value: T;
  index: number;
}

/** An entity present in both contracts. */
export interface Paired<T> {
  id: string;
  old: T;
  new: T;
  oldIndex: number;
  newIndex: number;
  /**
   * Set on a tool that was renamed: the old name. The pair is a removed tool and an added one
   * with equal input and output schemas that declare a property, or else with the same name
   * after case and separators are set aside (`getUser` → `get_user`), or else with alike names
   * and the same schemas but for prose and the style of property names, matched one to one, or
   * else with names that differ by a word put before or after them (or taken off) that two pairs
   * or more share (animation → godot_animation beside node → godot_node); both
   * also stay in `removed` and `added` (a rename breaks callers), and `id` is the new name.
   */
  renamedFrom?: string;
  /**
   * What paired a renamed tool: `schemas` (equal schemas, told apart by the closest name when
   * several share them), `style` (the name in another case or separator style), `shape` (the
   * same schemas but for prose and property names in another style, and the closest name) or
   * `affix` (a word put before or after the names of two tools or more, or taken off) or `words`
   * (one tool whose name gained or lost words anywhere, or wrote words shortened or in the plural,
   * with the same schemas, a description alike, or one description held whole in the other and
   * the same names required) or
   * `mentioned` (one tool whose new name is words of its old description, or its old name words
   * of its new one, requiring the same properties with equal schemas) or `swapped` (one tool
   * whose name swapped one word, each word written in the other's description, taking every
   * argument of the other: {@link swappedRename}).
   */
  renamedBy?: RenamedBy;
}

/**
 * The steps that pair a renamed tool: equal schemas, a name in another style, alike names and
 * the same shape, a word added to or taken off two names or more, words added to or taken off
 * one name with strong evidence, a name that the other tool's description mentions.
 */
export type RenamedBy =
  | "schemas"
  | "style"
  | "shape"
  | "affix"
  | "words"
  | "mentioned"
  | "swapped";

/** The pairing of one list. */
export interface ListPairs<T> {
  paired: Paired<T>[];
  added: Located<T>[];
  removed: Located<T>[];
  /** Identities that occur more than once, with their counts, per side. */
  duplicates: { old: Map<string, number>; new: Map<string, number> };
}

/** The pairing of every list of a contract. */
export interface EntityPairs {
  tools: ListPairs<Contract["tools"][number]>;
  prompts: ListPairs<Contract["prompts"][number]>;
  resources: ListPairs<Contract["resources"][number]>;
  resourceTemplates: ListPairs<Contract["resourceTemplates"][number]>;
}

/**
 * Where each identity first occurs (its index), and the identities that occur more than once with
 * their counts, in the order they first occur. Built without an object or entry array per entry:
 * a list of thousands of tools is indexed on both sides of every diff.
 */
function index(list: EntityList, entries: readonly unknown[]) {
  const first = new Map<string, number>();
  let repeated: Map<string, number> | undefined;
  for (let i = 0; i < entries.length; i++) {
    const id = identityOf(list, entries[i] as Record<string, unknown>);
    if (!first.has(id)) first.set(id, i);
    else {
      repeated ??= new Map();
      repeated.set(id, (repeated.get(id) ?? 1) + 1);
    }
  }
  const duplicates = new Map<string, number>();
  if (repeated !== undefined) {
    first.forEach((_, id) => {
      const n = repeated.get(id);
      if (n !== undefined) duplicates.set(id, n);
    });
  }
  return { first, duplicates };
}

function pairList<T>(list: EntityList, oldEntries: readonly T[], newEntries: readonly T[]) {
  const o = index(list, oldEntries);
  const n = index(list, newEntries);
  const result: ListPairs<T> = {
    paired: [],
    added: [],
    removed: [],
    duplicates: { old: o.duplicates, new: n.duplicates },
  };
  o.first.forEach((oldIndex, id) => {
    const newIndex = n.first.get(id);
    const value = oldEntries[oldIndex]!;
    if (newIndex !== undefined) {
      result.paired.push({ id, old: value, new: newEntries[newIndex]!, oldIndex, newIndex });
    } else result.removed.push({ id, value, index: oldIndex });
  });
  n.first.forEach((index, id) => {
    if (!o.first.has(id)) result.added.push({ id, value: newEntries[index]!, index });
  });
  return result;
}

/**
 * Pairs every list of two contracts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pairEntities } from "./pairing.ts";
 * import { emptyContract } from "./contract.ts";
 * const a = { ...emptyContract(), tools: [{ name: "x", inputSchema: {} }] };
 * const pairs = pairEntities(a, emptyContract());
 * assert.ok(pairs.tools.removed[0]?.id === "x");
 * ```
 */
export function pairEntities(old: Contract, next: Contract): EntityPairs {
  const out: Record<string, unknown> = {};
  for (const list of ENTITY_LISTS) {
    out[list.list] = pairList<unknown>(list, old[list.list], next[list.list]);
  }
  const pairs = out as unknown as EntityPairs;
  pairs.tools.paired.push(...renamedTools(pairs.tools));
  return pairs;
}

type ToolPairs = EntityPairs["tools"];

/** Whether a schema declares a property somewhere (a non-empty `properties` object). */
function declaresProperty(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(declaresProperty);
  if (!isObject(schema)) return false;
  const properties = schema.properties;
  if (isObject(properties) && Object.keys(properties).length > 0) return true;
  return Object.values(schema).some(declaresProperty);
}

/**
 * Whether two tools have equal input and output schemas that say enough to tell a tool from
 * another: schemas that declare no property (a tool without arguments and without an output
 * schema that names fields) are shared by unrelated tools, so equal ones are no evidence of a
 * rename (brightdata's scraping_browser_links and scraping_browser_network_requests). An
 * outputSchema declared on one side only counts as equal beside equal input schemas that declare
 * a property: a tool renamed in the release that gave its tools output schemas
 * (@anthropic-ai/claude-code 1.0.100 → 1.0.128, KillBash → KillShell), whose pair then reports
 * the output schema added or removed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { twinSchemas } from "./pairing.ts";
 * const inputSchema = { type: "object", properties: { url: { type: "string" } } };
 * assert.ok(twinSchemas({ name: "a", inputSchema }, { name: "b", inputSchema }));
 * const bare = { type: "object" };
 * assert.ok(!twinSchemas({ name: "a", inputSchema: bare }, { name: "b", inputSchema: bare }));
 * const outputSchema = { type: "object", properties: { ok: { type: "boolean" } } };
 * assert.ok(twinSchemas({ name: "a", inputSchema }, { name: "b", inputSchema, outputSchema }));
 * ```
 */
export function twinSchemas(a: Tool, b: Tool): boolean {
  if (!jsonEqual(a.inputSchema, b.inputSchema)) return false;
  if (jsonEqual(a.outputSchema, b.outputSchema)) {
    return declaresProperty(a.inputSchema) || declaresProperty(a.outputSchema);
  }
  return (a.outputSchema === undefined) !== (b.outputSchema === undefined) &&
    declaresProperty(a.inputSchema);
}

function twins(a: Located<Tool>, b: Located<Tool>): boolean {
  return twinSchemas(a.value, b.value);
}

/** How alike two tool names are, case and separators aside: 1 − edit distance / longer length. */
function nameLikeness(a: string, b: string): number {
  const x = nameKey(a), y = nameKey(b);
  return 1 - distance(x, y) / Math.max(x.length, y.length, 1);
}

/** How alike two names must be for the likeness to tell tools with the same schemas apart. */
const ALIKE = 0.8;

/** How alike two words must be to read as one word respelt (resilience → resiliency: 0.8). */
const WORD_ALIKE = 0.75;

/** Prefixes that make a word's opposite or another action: enable → disable, lock → unlock. */
const OTHER_ACTION = /^(de|dis|un|in|im|non|re|anti)$/;

/**
 * Whether two tool names differ only by words respelt: as many words, and each differing pair at
 * least {@link WORD_ALIKE} alike and neither the other with a prefix such as `dis` or `un`. A verb
 * swapped for another (get → set, enable → disable, activate → deactivate) is another tool, however
 * alike the whole names read.
 */
function respelt(a: string, b: string): boolean {
  const [x, y] = [nameWords(a), nameWords(b)];
  if (x.length !== y.length) return false;
  return x.every((word, i) => {
    const other = y[i]!;
    if (word === other) return true;
    const [short, long] = word.length <= other.length ? [word, other] : [other, word];
    if (long.endsWith(short) && OTHER_ACTION.test(long.slice(0, -short.length))) return false;
    return 1 - distance(word, other) / Math.max(word.length, other.length) >= WORD_ALIKE;
  });
}

/** The most tools sharing one pair of schemas whose names are compared, per side. */
const MAX_ALIKE = 64;

/**
 * The one of `candidates` whose name is at least {@link ALIKE} like `name` and more alike than
 * every other candidate's.
 */
export function likest<T>(
  name: string,
  candidates: readonly Located<T>[],
): Located<T> | undefined {
  let best: Located<T> | undefined, top = -1, next = -1;
  for (const c of candidates) {
    const score = nameLikeness(name, c.id);
    if (score > top) [best, top, next] = [c, score, top];
    else if (score > next) next = score;
  }
  return top >= ALIKE && top > next && respelt(name, best!.id) ? best : undefined;
}

/**
 * Removed and added tools with equal schemas that declare a property, matched one to one, as
 * pairs under the new name; when several removed or added tools share those schemas, a removed
 * tool and an added one whose names are each the other's most alike among them (at least
 * {@link ALIKE}, strictly more than any other, and differing only by words respelt, not by a
 * verb swapped: `resilience_drill_delete` → `resiliency_drill_delete` beside
 * `resiliency_drill_check-resync-readiness` with the same schemas, @azure/mcp 3.0.0-beta.41 →
 * 3.0.0-beta.46, but not `enable_user_account` → `disable_user_account`); then, among the rest, those whose names
 * are the same but for case and separators
 * ({@link nameKey}), one to one, whatever their schemas (which the pair then compares); last,
 * among the rest, a removed tool and an added one whose names are each the other's most alike
 * (as above) among the tools with the same schemas but for prose and property names in another
 * case or separator style ({@link styleFreeShape}; resilience_recoveryplan_create, taking
 * `recovery-plan`, → resiliency_recoveryplan_create, taking `recoveryplan`, in the same
 * @azure/mcp release); and among those left, names that differ by a word put before or after
 * them, or taken off, that at least two pairs share ({@link sameButAffix}: a server that
 * namespaced its tools), whatever their schemas.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pairEntities } from "./pairing.ts";
 * import { emptyContract } from "./contract.ts";
 * const inputSchema = { type: "object", properties: { q: { type: "string" } } };
 * const a = { ...emptyContract(), tools: [{ name: "find", inputSchema }] };
 * const b = { ...emptyContract(), tools: [{ name: "search", inputSchema }] };
 * const { tools } = pairEntities(a, b);
 * assert.equal(tools.paired[0]?.renamedFrom, "find");
 * assert.equal(tools.removed.length + tools.added.length, 2);
 * // Without a property, equal schemas say nothing: no rename.
 * const e = { ...emptyContract(), tools: [{ name: "links", inputSchema: { type: "object" } }] };
 * const f = { ...emptyContract(), tools: [{ name: "requests", inputSchema: { type: "object" } }] };
 * assert.equal(pairEntities(e, f).tools.paired.length, 0);
 * const c = { ...emptyContract(), tools: [{ name: "get_user", inputSchema: { type: "object" } }] };
 * const d = { ...emptyContract(), tools: [{ name: "getUser", inputSchema: {} }] };
 * assert.equal(pairEntities(d, c).tools.paired[0]?.renamedFrom, "getUser");
 * ```
 */
export function renamedTools(tools: ToolPairs): Paired<Tool>[] {
  const out: Paired<Tool>[] = [];
  // The names paired so far, on either side: a later step pairs none of them again.
  const taken = new Set<string>();
  const pair = (gone: Located<Tool>, twin: Located<Tool>, by: RenamedBy) => {
    taken.add(gone.id).add(twin.id);
    out.push({
      id: twin.id,
      old: gone.value,
      new: twin.value,
      oldIndex: gone.index,
      newIndex: twin.index,
      renamedFrom: gone.id,
      renamedBy: by,
    });
  };
  const rivals = (twin: Located<Tool>) => tools.removed.filter((r) => twins(r, twin));
  for (const gone of tools.removed) {
    const candidates = tools.added.filter((a) => twins(gone, a));
    if (candidates.length === 0) continue;
    let twin: Located<Tool> | undefined = candidates[0]!;
    const others = rivals(twin);
    if (candidates.length > 1 || others.length > 1) {
      // Several share the schemas: only names alike on both sides tell which became which (past
      // MAX_ALIKE a side, no pair is sought: the names of each would be compared with each).
      const few = candidates.length <= MAX_ALIKE && others.length <= MAX_ALIKE;
      twin = few ? likest(gone.id, candidates) : undefined;
      if (twin !== undefined && likest(twin.id, rivals(twin)) !== gone) twin = undefined;
    }
    if (twin !== undefined) pair(gone, twin, "schemas");
  }
  // The same name in another case or separator style: one removed and one added per key.
  const free = (list: readonly Located<Tool>[]) => list.filter((x) => !taken.has(x.id));
  const restyled = sameButStyle(free(tools.removed), free(tools.added), (x) => x.id);
  for (const [gone, twin] of restyled) pair(gone, twin, "style");
  // Alike names and the same schemas but for prose and property names in another style.
  const byShape = (list: readonly Located<Tool>[]) => {
    const shapes = new Map<string, Located<Tool>[]>();
    for (const x of list) {
      const key = taken.has(x.id) ? undefined : shapeOf(x.value);
      if (key !== undefined) shapes.set(key, [...shapes.get(key) ?? [], x]);
    }
    return shapes;
  };
  const shaped = byShape(tools.added);
  for (const [key, gone] of byShape(tools.removed)) {
    const candidates = shaped.get(key) ?? [];
    if (candidates.length > MAX_ALIKE || gone.length > MAX_ALIKE) continue;
    for (const g of gone) {
      const twin = likest(g.id, candidates);
      if (twin !== undefined && likest(twin.id, gone) === g) pair(g, twin, "shape");
    }
  }
  // A word put before or after the names of two tools or more, or taken off them, on tools
  // that still read as themselves, and on the others of the same word that share a property
  // name with theirs.
  const affixed = sameButAffix(
    free(tools.removed),
    free(tools.added),
    (x) => x.id,
    sameTool(tools),
    sharesProperty,
  );
  for (const [gone, twin] of affixed) pair(gone, twin, "affix");
  // One tool whose name gained or lost words anywhere, or wrote words shortened or in the plural
  // (keywords_data_google_trends_explore → kw_data_google_trends_explore), on strong evidence
  // only: the same schemas (declaring a property) or a description alike, one removed and one
  // added.
  const [gone, added] = [free(tools.removed), free(tools.added)];
  if (gone.length <= MAX_WORDS && added.length <= MAX_WORDS) {
    const alike = describedAlike(tools);
    const held = heldWhole(tools);
    const evidence = (g: Located<Tool>, a: Located<Tool>) => {
      const written = wordsShortened(g.id, a.id);
      if (!wordsAdded(g.id, a.id) && written === undefined) return false;
      if (twins(g, a)) return true;
      // A noun put in the plural or back may name another tool (get_user, get_users): its
      // description alike is evidence only where one tool takes every argument of the other.
      if (written !== undefined && pluralOnly(written) && !keptArguments(g.value, a.value)) {
        return false;
      }
      if (alike(g.value, a.value) || held(g.value, a.value)) return true;
      // A name written out in words is evidence only beside the same arguments: a description
      // may name another tool ("delete_user_account deletes it") or its job in words.
      return (spelledOut(g.id, a.value) || spelledOut(a.id, g.value)) &&
        keptArguments(g.value, a.value);
    };
    for (const g of gone) {
      const found = added.filter((a) => evidence(g, a));
      if (found.length !== 1) continue;
      if (gone.filter((r) => evidence(r, found[0]!)).length === 1) pair(g, found[0]!, "words");
    }
  }
  // One tool whose name is words of the other's description, requiring the same properties.
  const [left, fresh] = [free(tools.removed), free(tools.added)];
  if (left.length <= MAX_WORDS && fresh.length <= MAX_WORDS) {
    for (const g of left) {
      const found = fresh.filter((a) => mentionedRename(g.value, a.value));
      if (found.length !== 1) continue;
      const back = left.filter((r) => mentionedRename(r.value, found[0]!.value));
      if (back.length === 1 && !taken.has(found[0]!.id)) pair(g, found[0]!, "mentioned");
    }
  }
  // One tool whose name swapped a word, each word written in the other's description, taking
  // every argument of the other.
  const [rest, newer] = [free(tools.removed), free(tools.added)];
  if (rest.length <= MAX_WORDS && newer.length <= MAX_WORDS) {
    for (const g of rest) {
      const found = newer.filter((a) => swappedRename(g.value, a.value));
      if (found.length !== 1 || taken.has(found[0]!.id)) continue;
      const back = rest.filter((r) => swappedRename(r.value, found[0]!.value));
      if (back.length === 1) pair(g, found[0]!, "swapped");
    }
  }
  return out;
}

/**
 * The one word that two tool names of three words or more, as many each, write otherwise, old
 * and new; undefined when they differ in none or in more.
 */
export function swappedWord(a: string, b: string): [string, string] | undefined {
  const [x, y] = [nameWords(a), nameWords(b)];
  if (x.length !== y.length || x.length < 3) return undefined;
  const at = x.flatMap((w, i) => w === y[i] ? [] : [i]);
  return at.length === 1 ? [x[at[0]!]!, y[at[0]!]!] : undefined;
}

/**
 * Whether a removed tool and an added one read as one tool renamed by a word swapped: their names
 * differ in one word of three or more ({@link swappedWord}), the new word a word of the old
 * description and the old word one of the new description (in the plural or back), neither
 * description citing the other tool apart ({@link citedApart}), and one takes every argument of
 * the other, {@link KEPT} or more (read through a lone `request` object, as generated SDK servers
 * wrap them), both requiring the same ones, one or more. dub 0.57.0 → 0.61.0 renamed
 * embed-tokens_create ("Create a new embed token for the referral link.", partnerId, programId
 * and tenantId, programId required) to embed-tokens-referrals ("Create a new referrals embed
 * token …", the same three and partner, programId required), and it read as removed with no
 * hint. get_file_contents → get_file_history ("Get the history of a file's contents"), taking
 * the same arguments and a limit, is no such pair: "history" is no word of the old description.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { swappedRename } from "./pairing.ts";
 * const string = { type: "string" };
 * const request = (extra: object) => ({
 *   type: "object",
 *   properties: { request: { type: "object", properties: { a: string, b: string, c: string, ...extra }, required: ["a"] } },
 * });
 * const old = { name: "embed-tokens_create", description: "Create a token for the referral link.", inputSchema: request({}) };
 * const next = { name: "embed-tokens-referrals", description: "Create a referrals token.", inputSchema: request({ d: string }) };
 * assert.equal(swappedRename(old, next), true);
 * assert.equal(swappedRename(next, old), true);
 * assert.equal(swappedRename(old, { ...next, name: "embed-tokens-update", description: "Update a token." }), false);
 * // Arguments not all kept (c gone): another tool.
 * const fewer = { type: "object", properties: { a: string, b: string, d: string }, required: ["a"] };
 * assert.equal(swappedRename(old, { ...next, inputSchema: fewer }), false);
 * ```
 */
export function swappedRename(a: Tool, b: Tool): boolean {
  const swapped = swappedWord(a.name, b.name);
  if (swapped === undefined) return false;
  const [from, to] = swapped;
  if (!writesWord(to, a) || !writesWord(from, b)) return false;
  if (citedApart(a.name, b) || citedApart(b.name, a)) return false;
  const [x, y] = [wrappedArguments(a), wrappedArguments(b)];
  const [short, long] = x.names.length <= y.names.length ? [x, y] : [y, x];
  return short.names.length >= KEPT && short.names.every((n) => long.names.includes(n)) &&
    x.required.length > 0 && x.required.length === y.required.length &&
    x.required.every((n) => y.required.includes(n));
}

/** Whether a tool's description writes a word, case aside, as it is or in the plural or back. */
function writesWord(word: string, tool: Tool): boolean {
  const words = new Set((tool.description ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu));
  return [word, `${word}s`, `${word}es`, word.replace(/e?s$/, ""), word.replace(/s$/, "")].some(
    (w) => w.length > 1 && words.has(w),
  );
}

/**
 * A tool's input property names and the names it requires, at its top level or, when that holds
 * one object property `request` alone, in that object.
 */
function wrappedArguments(tool: Tool): { names: string[]; required: string[] } {
  let schema: unknown = tool.inputSchema;
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  const keys = Object.keys(properties);
  if (keys.length === 1 && keys[0] === "request" && isObject(properties.request)) {
    schema = properties.request;
  }
  if (!isObject(schema)) return { names: [], required: [] };
  const names = isObject(schema.properties) ? Object.keys(schema.properties) : [];
  const required = Array.isArray(schema.required)
    ? schema.required.filter((n): n is string => typeof n === "string")
    : [];
  return { names, required };
}

/**
 * Whether a removed tool and an added one whose names share no evidence of their own read as one
 * tool renamed: the new name's words all words of the old description, or the old name's all words
 * of the new one, and both require the same input properties, one or more, each with an equal
 * schema that says more than its type (an enum, a description, a format …). agent-device 0.19.3 →
 * 0.20.5 renamed rotate ("Rotate device orientation.") to orientation ("Set device orientation."),
 * both requiring orientation, one of four values; search_code ("Search code with a query") and a
 * tool query added beside it, both requiring a query string described otherwise, are other tools.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mentionedRename } from "./pairing.ts";
 * const orientation = { type: "string", enum: ["portrait", "landscape"] };
 * const inputSchema = { type: "object", properties: { orientation }, required: ["orientation"] };
 * const rotate = { name: "rotate", description: "Rotate device orientation.", inputSchema };
 * const set = { name: "orientation", description: "Set device orientation.", inputSchema };
 * assert.equal(mentionedRename(rotate, set), true);
 * assert.equal(mentionedRename(set, rotate), true);
 * assert.equal(mentionedRename(rotate, { ...set, name: "landscape" }), false);
 * const bare = { type: "object", properties: { orientation: { type: "string" } }, required: ["orientation"] };
 * assert.equal(mentionedRename(rotate, { ...set, inputSchema: bare }), false);
 * ```
 */
export function mentionedRename(a: Tool, b: Tool): boolean {
  const named = (name: string, tool: Tool) => namedIn(name, tool) && !citedApart(name, tool);
  return (named(b.name, a) || named(a.name, b)) && sameRequiredSchemas(a, b);
}

/**
 * Whether a tool's description writes a name of two words or more whole, as an identifier (case
 * aside), and not after a word that says the tool was once called so (formerly, previously,
 * renamed, was called, replaces, deprecated): a description that names another tool sets the two
 * apart. @berthojoris/mcp-mysql-server 1.10.0 → 1.30.0 removed export_table_to_csv and added
 * safe_export_table, "Use this instead of export_table_to_csv when handling sensitive data", and
 * 1.43.2 the reverse, "For sensitive data, use safe_export_table instead"; "(formerly
 * export_table_to_csv)" still names the old tool as its old name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { citedApart } from "./pairing.ts";
 * const safe = { name: "safe_export", description: "Use this instead of export_table_to_csv.", inputSchema: {} };
 * assert.equal(citedApart("export_table_to_csv", safe), true);
 * assert.equal(citedApart("export_table", safe), false);
 * const renamed = { ...safe, description: "Exports a table (formerly export_table_to_csv)." };
 * assert.equal(citedApart("export_table_to_csv", renamed), false);
 * assert.equal(citedApart("export", safe), false);
 * ```
 */
export function citedApart(name: string, tool: Tool): boolean {
  if (nameWords(name).length < 2) return false;
  const text = (tool.description ?? "").toLowerCase();
  const written = name.toLowerCase();
  const around = /[\p{L}\p{N}_\-]/u;
  for (let at = text.indexOf(written); at >= 0; at = text.indexOf(written, at + 1)) {
    const [before, after] = [text[at - 1] ?? " ", text[at + written.length] ?? " "];
    if (around.test(before) || around.test(after)) continue;
    if (!ONCE_CALLED.test(text.slice(Math.max(0, at - 40), at))) return true;
  }
  return false;
}

/** Words before a tool's name that say a tool was once called so ({@link citedApart}). */
const ONCE_CALLED =
  /\b(formerly|previously|renamed|was called|was named|replaces|replacing|replacement for|deprecated)\b[^.;]*$/;

/**
 * Whether every word of a tool name ({@link nameWords}) is a word of a tool's description, case
 * aside.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { namedIn } from "./pairing.ts";
 * const rotate = { name: "rotate", description: "Rotate device orientation.", inputSchema: {} };
 * assert.equal(namedIn("orientation", rotate), true);
 * assert.equal(namedIn("set_orientation", rotate), false);
 * ```
 */
export function namedIn(name: string, tool: Tool): boolean {
  const words = new Set((tool.description ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu));
  const parts = nameWords(name);
  return parts.length > 0 && parts.every((w) => words.has(w));
}

/** How many words a name must hold for {@link spelledOut} to take it written out as evidence. */
const SPELLED_WORDS = 3;

/**
 * Whether a tool's description writes a name of {@link SPELLED_WORDS} words or more out in words,
 * all of them in order and nothing between them, case and punctuation aside: the evidence that
 * a tool whose name shortened its words was renamed, when its description names it by the old
 * name written out. dataforseo-mcp-server 2.7.11 → 2.8.6 renamed
 * ai_optimization_keyword_data_locations_and_languages to ai_opt_kw_data_loc_and_lang, "Utility
 * tool for 'AI Optimization Keyword Data Locations and Languages' (ai_opt_kw_data_loc_and_lang)
 * to get list of availible locations and languages", with no arguments and the old description
 * 0.68 alike.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { spelledOut } from "./pairing.ts";
 * const tool = { name: "kw_data_loc", description: "Lists 'Keyword Data Locations'.", inputSchema: {} };
 * assert.equal(spelledOut("keyword_data_locations", tool), true);
 * assert.equal(spelledOut("keyword_locations", tool), false);
 * assert.equal(spelledOut("data_locations", tool), false);
 * // A name written as an identifier names that tool, not this one's old name.
 * const other = { ...tool, description: "Lists keyword_data_locations' results." };
 * assert.equal(spelledOut("keyword_data_locations", other), false);
 * ```
 */
export function spelledOut(name: string, tool: Tool): boolean {
  const words = nameWords(name);
  if (words.length < SPELLED_WORDS) return false;
  // Words apart, not an identifier (delete_user_account, deleteUserAccount names that tool).
  const text = (tool.description ?? "").match(/[\p{L}\p{N}_]+/gu) ?? [];
  const apart = text.filter((word) => !word.includes("_") && !/\p{Ll}\p{Lu}/u.test(word));
  return ` ${apart.join(" ").toLowerCase()} `.includes(` ${words.join(" ")} `);
}

/** Whether each word one name writes otherwise than the other is only put in the plural or back. */
function pluralOnly(written: readonly [string, string][]): boolean {
  return written.every(([x, y]) => {
    const [short, long] = x.length <= y.length ? [x, y] : [y, x];
    return long === `${short}s` || long === `${short}es`;
  });
}

/**
 * Whether one of two tools takes every argument of the other (top-level input property names)
 * and both require the same ones (none alike): dataforseo-mcp-server 2.9.11's
 * historical_serps took historical_serp's keyword, language_code and location_name, keyword
 * required on both, and added date_from and date_to; get_user taking a required id and get_users
 * taking a limit are two tools, whatever their descriptions.
 */
function keptArguments(a: Tool, b: Tool): boolean {
  const names = (t: Tool) => {
    const properties = isObject(t.inputSchema) ? t.inputSchema.properties : undefined;
    return isObject(properties) ? Object.keys(properties) : [];
  };
  const [x, y] = [names(a), names(b)];
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  const [p, q] = [requiredNames(a), requiredNames(b)];
  return short.every((n) => long.includes(n)) && p.length === q.length &&
    p.every((n) => q.includes(n));
}

/**
 * Whether two tools' input schemas require the same names at their top level, one or more, each
 * declared with an equal schema on both sides, one of them saying more than its type.
 */
function sameRequiredSchemas(a: Tool, b: Tool): boolean {
  if (!sameRequired(a, b)) return false;
  const declared = (t: Tool, name: string) => {
    const properties = isObject(t.inputSchema) ? t.inputSchema.properties : undefined;
    return isObject(properties) ? properties[name] : undefined;
  };
  const names = requiredNames(a);
  return names.every((n) =>
    declared(a, n) !== undefined && jsonEqual(declared(a, n), declared(b, n))
  ) &&
    names.some((n) => {
      const schema = declared(a, n);
      return isObject(schema) && Object.keys(schema).some((k) => k !== "type");
    });
}

/** The most removed or added tools whose names are compared for words added, per side. */
const MAX_WORDS = 256;

/**
 * How many property names a tool must have kept, all of them, for {@link sameTool} to read the
 * other, which took them all and added more, as itself: two are common to unrelated tools of a
 * server (owner and repo, path and content), three of a tool's own names seldom are.
 */
const KEPT = 3;

/** How much of a description {@link sameTool} compares: its cost grows with the square. */
const DESCRIPTION_HEAD = 400;

/**
 * Whether two tools whose names differ by an affix read as one tool, given the pairing of the
 * tools (every tool of each side): their descriptions, without the opening every tool of the
 * side shares ("GitHub: ", "This tool is part of the Acme suite. "), at least {@link ALIKE} alike
 * (their first {@link DESCRIPTION_HEAD} characters, case aside), or one beginning with the
 * other's first sentence of three words or more; or else at least two thirds of their property
 * names (input and output, top level) in common, or every name of the one with fewer, {@link KEPT}
 * or more, kept by the other (@hypothesi/tauri-mcp-server 0.7.0 → 0.13.0 took tauri_ off
 * tauri_webview_find_element, rewrote its description and gave it five arguments beside its four:
 * 4 of 9 names in common). A name that gained a word can be another tool: create_issue
 * and update_issue removed beside create_issue_comment and update_issue_comment added ("Create an
 * issue." → "Comment on an issue.", half the arguments shared) are other tools, while
 * @satelliteoflove/godot-mcp 2.17.0 → 3.23.1 kept each tool's description, or its first
 * sentence ("Inject input into a running Godot game for testing"), when it put godot_ before
 * every name, and a server that puts "Acme: " before every description and acme_ before every
 * name renamed its tools.
 */
function sameTool(tools: ToolPairs): (gone: Located<Tool>, twin: Located<Tool>) => boolean {
  const described = descriptions(tools);
  return ({ value: a }, { value: b }) => {
    const [x, y] = described(a, b);
    if (x && y && 1 - distance(x, y) / Math.max(x.length, y.length) >= ALIKE) return true;
    if (x && y && (y.startsWith(firstSentence(x)) || x.startsWith(firstSentence(y)))) return true;
    const p = propertyNames(a), q = propertyNames(b);
    const common = [...p].filter((n) => q.has(n)).length;
    const all = p.size + q.size - common;
    return all > 0 &&
      (common * 3 >= all * 2 || (common >= KEPT && common === Math.min(p.size, q.size)));
  };
}

/**
 * Whether two tools have a property name in common (input and output, top level), or neither
 * has one: the evidence {@link sameButAffix} asks of a pair whose affix two pairs that read as
 * one tool ({@link sameTool}) establish. @mizchi/lsmcp 0.9.4 → 0.10.0 put lsp_ before 13 tools,
 * each rewriting its description and renaming arguments (filePath → relativePath, target →
 * textTarget): format_document, get_code_actions and check_capabilities read as themselves,
 * find_references (3 names of 6 in common) and get_hover (3 of 8) did not, and all 13 read as
 * removed and added with no hint.
 */
function sharesProperty({ value: a }: Located<Tool>, { value: b }: Located<Tool>): boolean {
  const [p, q] = [propertyNames(a), propertyNames(b)];
  return (p.size === 0 && q.size === 0) || [...p].some((name) => q.has(name));
}

/**
 * The descriptions of an old tool and a new one as {@link sameTool} compares them: without the
 * opening every tool of the side shares, their first {@link DESCRIPTION_HEAD} characters, lower
 * case. Each side's shared opening is read when a pair is first asked about: most diffs ask none.
 */
function descriptions(tools: ToolPairs): (a: Tool, b: Tool) => [string, string] {
  const strip = (side: readonly Tool[]) => {
    const shared = sharedOpening(side.map((t) => t.description?.trim() ?? ""));
    return (t: Tool) =>
      (t.description ?? "").trim().slice(shared).slice(0, DESCRIPTION_HEAD).toLowerCase();
  };
  let sides: [(t: Tool) => string, (t: Tool) => string] | undefined;
  return (a, b) => {
    sides ??= [
      strip([...tools.removed.map((r) => r.value), ...tools.paired.map((p) => p.old)]),
      strip([...tools.added.map((r) => r.value), ...tools.paired.map((p) => p.new)]),
    ];
    return [sides[0](a), sides[1](b)];
  };
}

/**
 * Whether an old tool's description and a new one's, as {@link descriptions} reads them, are at
 * least {@link ALIKE} alike and hold three words or more: the evidence that one tool whose name
 * gained or lost words was renamed (testsprite_generate_prd → testsprite_generate_standardized_prd,
 * "Generate a structured standard PRD." on both sides). A first sentence in common or property
 * names shared are not enough for one tool: create_issue and create_issue_comment share half
 * their arguments.
 */
function describedAlike(tools: ToolPairs): (a: Tool, b: Tool) => boolean {
  const described = descriptions(tools);
  return (a, b) => {
    const [x, y] = described(a, b);
    if (x.split(/\s+/).length < 3 || y.split(/\s+/).length < 3) return false;
    return 1 - distance(x, y) / Math.max(x.length, y.length) >= ALIKE;
  };
}

/** How many words a description must hold for one holding it whole to be {@link heldWhole}. */
const HELD_WORDS = 6;

/**
 * Whether one of an old tool's description and a new one's, as {@link descriptions} reads them,
 * holds the other whole, that one of {@link HELD_WORDS} words or more and not cut short, and the
 * two tools require the same input properties, one or more: the evidence that one tool whose
 * name gained or lost words was renamed and its description extended (@microsoft/workiq 0.2.8 →
 * 1.0.0 renamed ask_work_iq to ask, "Ask a question to Microsoft 365 Copilot for information
 * about emails, meetings, files, and other M365 data." then "Returns the answer as text content,
 * …", with question required on both sides: 0.48 alike).
 */
function heldWhole(tools: ToolPairs): (a: Tool, b: Tool) => boolean {
  const described = descriptions(tools);
  return (a, b) => {
    const [x, y] = described(a, b);
    return Math.min(x.length, y.length) < DESCRIPTION_HEAD && holdsWhole(x, y) &&
      sameRequired(a, b);
  };
}

/** Whether the shorter of two texts, other than the longer, is held whole in it, of {@link HELD_WORDS} words or more. */
function holdsWhole(x: string, y: string): boolean {
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short !== long && short.split(/\s+/).length >= HELD_WORDS && long.includes(short);
}

/** Whether two tools' input schemas require the same names at their top level, one or more. */
function sameRequired(a: Tool, b: Tool): boolean {
  const [p, q] = [requiredNames(a), requiredNames(b)];
  return p.length > 0 && p.length === q.length && p.every((n) => q.includes(n));
}

/**
 * Whether one tool's description, trimmed and of {@link HELD_WORDS} words or more, is held whole
 * in the other's, which is longer, case aside, and both require the same input properties, one
 * or more: how tool.removed words the evidence of {@link heldWhole}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { describedWithin } from "./pairing.ts";
 * const inputSchema = { type: "object", required: ["question"] };
 * const ask = { name: "ask_work_iq", description: "Ask a question to Copilot about your data.", inputSchema };
 * const next = { ...ask, name: "ask", description: `${ask.description} Returns text.` };
 * assert.equal(describedWithin(ask, next), true);
 * assert.equal(describedWithin(ask, { ...next, inputSchema: { type: "object" } }), false);
 * ```
 */
export function describedWithin(a: Tool, b: Tool): boolean {
  const [x, y] = [a, b].map((t) => (t.description ?? "").trim().toLowerCase());
  return holdsWhole(x!, y!) && sameRequired(a, b);
}

/** The names a tool's input schema requires at its top level. */
function requiredNames(tool: Tool): string[] {
  const required = isObject(tool.inputSchema) ? tool.inputSchema.required : undefined;
  return Array.isArray(required) ? required.filter((n) => typeof n === "string") : [];
}

/** The length of the opening, to a word's end, that every one of two texts or more begins with. */
function sharedOpening(texts: readonly string[]): number {
  if (texts.length < 2) return 0;
  let n = 0;
  const [first, ...rest] = texts;
  while (n < first!.length && rest.every((t) => t.charCodeAt(n) === first!.charCodeAt(n))) n++;
  // Back to the last space within it, so that a word both begin alike is not cut.
  return n === first!.length && rest.every((t) => t.length === n)
    ? n
    : first!.lastIndexOf(" ", n) + 1;
}

/**
 * A text's first sentence (to a full stop, question or exclamation mark before a space or the
 * end), without its mark, when it holds three words or more; else a text nothing begins with.
 */
function firstSentence(text: string): string {
  const sentence = text.split(/[.!?](?:\s|$)/, 1)[0]!.trim();
  return sentence.split(/\s+/).length >= 3 ? sentence : "\u0000";
}

/** The top-level property names of a tool's input and output schemas. */
function propertyNames(tool: Tool): Set<string> {
  const names = new Set<string>();
  for (const schema of [tool.inputSchema, tool.outputSchema]) {
    const properties = isObject(schema) ? schema.properties : undefined;
    if (isObject(properties)) { for (const name of Object.keys(properties)) names.add(name); }
  }
  return names;
}

/**
 * The shape of a tool's input and output schemas but for prose and the style of property names
 * ({@link styleFreeShape}), when they declare a property; undefined otherwise.
 */
function shapeOf(tool: Tool): string | undefined {
  if (!declaresProperty(tool.inputSchema) && !declaresProperty(tool.outputSchema)) {
    return undefined;
  }
  const input = styleFreeShape(tool.inputSchema);
  const output = styleFreeShape(tool.outputSchema);
  return input === undefined || output === undefined ? undefined : `${input}\u0000${output}`;
}

/**
 * The paired entries that are equal as JSON values, each new entry mapped to its old twin.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { equalPairs, pairEntities } from "./pairing.ts";
 * import { emptyContract } from "./contract.ts";
 * const a = { ...emptyContract(), tools: [{ name: "x", inputSchema: {} }, { name: "y", inputSchema: {} }] };
 * const b = { ...emptyContract(), tools: [{ name: "x", inputSchema: {} }, { name: "y", inputSchema: { type: "object" } }] };
 * assert.deepEqual([...equalPairs(pairEntities(a, b))], [[b.tools[0], a.tools[0]]]);
 * ```
 */
export function equalPairs(pairs: EntityPairs): ReadonlyMap<object, object> {
  let twins = known.get(pairs);
  if (twins !== undefined) return twins;
  twins = new Map<object, object>();
  for (const list of ENTITY_LISTS) {
    for (const p of pairs[list.list].paired as Paired<object>[]) {
      if (jsonEqual(p.old, p.new)) twins.set(p.new, p.old);
    }
  }
  known.set(pairs, twins);
  return twins;
}

/**
 * {@link equalPairs} of each pairing asked about: the schema comparison and the content hashes
 * of one diff both need it, and it walks every entry of both contracts.
 */
const known = new WeakMap<EntityPairs, Map<object, object>>();

/**
 * Whether the two entries of a pair are equal as JSON values, from {@link equalPairs}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isEqualPair, pairEntities } from "./pairing.ts";
 * import { emptyContract } from "./contract.ts";
 * const a = { ...emptyContract(), tools: [{ name: "x", inputSchema: { type: "object" } }] };
 * const b = { ...emptyContract(), tools: [{ inputSchema: { type: "object" }, name: "x" }] };
 * const pairs = pairEntities(a, b);
 * assert.ok(isEqualPair(pairs, pairs.tools.paired[0]!));
 * ```
 */
export function isEqualPair(pairs: EntityPairs, pair: Paired<object>): boolean {
  return equalPairs(pairs).get(pair.new) === pair.old;
}

/**
 * The pairing without the paired tools whose entries are equal (see {@link equalPairs}): what a
 * rule that compares the two entries of each pair needs to look at, since tools are most of a
 * large contract. The other lists are the same objects.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { changedPairs, pairEntities } from "./pairing.ts";
 * import { emptyContract } from "./contract.ts";
 * const a = { ...emptyContract(), tools: [{ name: "x", inputSchema: {} }, { name: "y", inputSchema: {} }] };
 * const b = { ...emptyContract(), tools: [{ name: "x", inputSchema: {} }, { name: "y", inputSchema: { type: "object" } }] };
 * assert.deepEqual(changedPairs(pairEntities(a, b)).tools.paired.map((p) => p.id), ["y"]);
 * ```
 */
export function changedPairs(pairs: EntityPairs): EntityPairs {
  const twins = equalPairs(pairs);
  const paired = pairs.tools.paired.filter((p) => twins.get(p.new) !== p.old);
  return { ...pairs, tools: { ...pairs.tools, paired } };
}

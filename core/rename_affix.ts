/**
 * Tools renamed by a word put before or after every name, or taken off it: a server that
 * namespaces its tools (@satelliteoflove/godot-mcp 2.17.0 → 3.23.1 renamed animation, editor,
 * node and eight more to godot_animation, godot_editor, godot_node, …). One tool whose name gained
 * a word may be another tool (search → search_v2), and so may a few: @runpod/mcp-server 3.3.0 →
 * 4.0.0 removed create-registry-delegation and delete-registry-delegation and added
 * create-registry and delete-registry, which replace create-container-registry-auth and its
 * kin, among 11 tools removed and 25 added. The same word on two names or more, and on at least
 * half of the tools removed or of those added (the fewer: one direction reads as the other),
 * is a rename of the server's names (@digitalocean/mcp 1.0.30 → 1.0.70 put "marketplace" before
 * the 2 tools it removed, beside 157 added).
 * @module
 */

/** The words of a name, lower-case: `getUserAccount`, `get_user-account` → get user account. */
export function nameWords(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().split(/[\s_\-./]+/).filter(
    Boolean,
  );
}

/**
 * The affix that turns one name into another, when the words of one are those of the other with
 * words added before (`prefix`) or after (`suffix`): `godot prefix` for animation → godot_animation,
 * `godot prefix dropped` backwards; undefined otherwise.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { affixOf } from "./rename_affix.ts";
 * assert.equal(affixOf("animation", "godot_animation"), "prefix godot");
 * assert.equal(affixOf("godot_animation", "animation"), "prefix godot dropped");
 * assert.equal(affixOf("getUser", "get_user_v2"), "suffix v2");
 * assert.equal(affixOf("get_user", "set_user"), undefined);
 * ```
 */
export function affixOf(oldName: string, newName: string): string | undefined {
  return affixOfWords(nameWords(oldName), nameWords(newName));
}

function affixOfWords(a: readonly string[], b: readonly string[]): string | undefined {
  const [short, long, dropped] = a.length < b.length ? [a, b, ""] : [b, a, " dropped"];
  if (short.length === 0 || short.length === long.length) return undefined;
  const extra = long.length - short.length;
  const same = (from: number) => short.every((word, i) => word === long[from + i]);
  if (same(extra)) return `prefix ${long.slice(0, extra).join(" ")}${dropped}`;
  if (same(0)) return `suffix ${long.slice(short.length).join(" ")}${dropped}`;
  return undefined;
}

/** The most removed or added tools whose names are compared with each other, per side. */
const MAX_NAMES = 512;

/**
 * The pairs of `removed` and `added` whose names differ by one affix ({@link affixOf}), and that
 * `alike` says are the same entry, or else `akin` (weaker evidence) once two pairs or more of
 * the affix are alike, that at least two alike pairs and half of `removed` or of `added` (the
 * fewer) share, each removed and each added name in one such pair only (a name
 * that two affixes or two names explain is paired with none, whether or not `alike` holds for
 * both: godot_animation removed beside godot_animation_read and godot_animation_edit added was
 * split, not renamed).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sameButAffix } from "./rename_affix.ts";
 * const id = (x: string) => x;
 * assert.deepEqual(
 *   sameButAffix(["node", "scene", "x"], ["godot_node", "godot_scene", "y"], id),
 *   [["node", "godot_node"], ["scene", "godot_scene"]],
 * );
 * assert.deepEqual(sameButAffix(["search"], ["search_v2"], id), []);
 * // Two of five removed and five added: words of their own, not a rename of the server's names.
 * assert.deepEqual(sameButAffix(["a_x", "b_x", "c", "d", "e"], ["a", "b", "f", "g", "h"], id), []);
 * // Two alike establish the affix for a third that is only akin (names of length 1 here).
 * const one = (a: string) => a.length === 1;
 * assert.equal(sameButAffix(["a", "b", "cc"], ["p_a", "p_b", "p_cc"], id, one, () => true).length, 3);
 * assert.equal(sameButAffix(["a", "bb", "cc"], ["p_a", "p_bb", "p_cc"], id, one, () => true).length, 0);
 * ```
 */
export function sameButAffix<T>(
  removed: readonly T[],
  added: readonly T[],
  name: (entry: T) => string,
  alike: (gone: T, twin: T) => boolean = () => true,
  akin: (gone: T, twin: T) => boolean = () => false,
): [T, T][] {
  if (removed.length > MAX_NAMES || added.length > MAX_NAMES) return [];
  const words = new Map([...removed, ...added].map((entry) => [entry, nameWords(name(entry))]));
  const byAffix = new Map<string, { alike: [T, T][]; akin: [T, T][] }>();
  // How many names an affix explains each name by, whether or not `alike` holds for them: a
  // name two others explain was split, even when one of the two no longer reads as it did.
  const explained = new Map<T, number>();
  for (const gone of removed) {
    for (const twin of added) {
      const affix = affixOfWords(words.get(gone)!, words.get(twin)!);
      if (affix === undefined) continue;
      for (const entry of [gone, twin]) explained.set(entry, (explained.get(entry) ?? 0) + 1);
      const kind = alike(gone, twin) ? "alike" : akin(gone, twin) ? "akin" : undefined;
      if (kind === undefined) continue;
      let group = byAffix.get(affix);
      if (group === undefined) byAffix.set(affix, group = { alike: [], akin: [] });
      group[kind].push([gone, twin]);
    }
  }
  const fewer = Math.min(removed.length, added.length);
  const shared = [...byAffix.values()].flatMap((group) => {
    const pairs = [...group.alike, ...group.akin];
    return group.alike.length >= 2 && pairs.length * 2 >= fewer ? pairs : [];
  });
  return shared.filter(([gone, twin]) => explained.get(gone) === 1 && explained.get(twin) === 1);
}

/**
 * An affix from {@link affixOf} in words, for a message.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { describeAffix } from "./rename_affix.ts";
 * assert.equal(describeAffix("prefix godot"), '"godot" put before');
 * assert.equal(describeAffix("suffix v2 dropped"), '"v2" taken off the end');
 * ```
 */
export function describeAffix(affix: string): string {
  const [place, ...rest] = affix.split(" ");
  const dropped = rest.at(-1) === "dropped";
  const words = JSON.stringify((dropped ? rest.slice(0, -1) : rest).join(" "));
  if (place === "prefix") return `${words} ${dropped ? "taken off the front" : "put before"}`;
  return `${words} ${dropped ? "taken off the end" : "put after"}`;
}

/**
 * Whether the words of one name are those of the other with words added anywhere (before, after
 * or between them): generate_prd → generate_standardized_prd, bootstrap_tests → bootstrap.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wordsAdded } from "./rename_affix.ts";
 * assert.equal(wordsAdded("generate_prd", "generate_standardized_prd"), true);
 * assert.equal(wordsAdded("bootstrapTests", "bootstrap"), true);
 * assert.equal(wordsAdded("get_user", "set_user"), false);
 * assert.equal(wordsAdded("get_user", "get_user"), false);
 * ```
 */
export function wordsAdded(oldName: string, newName: string): boolean {
  const [a, b] = [nameWords(oldName), nameWords(newName)];
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (short.length === 0 || short.length === long.length) return false;
  return inOrderWithin(short, long);
}

/** Whether every item of `short` comes in `long`, in the same order (others between them). */
function inOrderWithin<T>(short: ArrayLike<T>, long: Iterable<T>): boolean {
  let at = 0;
  for (const item of long) if (at < short.length && item === short[at]) at++;
  return at === short.length;
}

/**
 * The words one name writes otherwise than the other, word for word, when the two names hold as
 * many words, one or more the same, and each other word is the other's shortened (the shorter, two
 * letters or more and two fewer at least, begins with the longer's first letter and its letters all
 * come in the longer in order: keywords → kw, dataforseo → dfs, locations → loc; get → getx is
 * another word) or put in the plural or back (serp →
 * serps, index → indexes): dataforseo-mcp-server 2.7.11 → 2.9.11 renamed
 * keywords_data_dataforseo_trends_explore to kw_data_dfs_trends_explore and
 * dataforseo_labs_google_historical_serp to dataforseo_labs_google_historical_serps. Each pair is
 * the old word and the new one; undefined when the names are otherwise apart or the same.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wordsShortened } from "./rename_affix.ts";
 * assert.deepEqual(wordsShortened("keywords_data_dataforseo_trends", "kw_data_dfs_trends"), [
 *   ["keywords", "kw"],
 *   ["dataforseo", "dfs"],
 * ]);
 * assert.deepEqual(wordsShortened("historical_serp", "historical_serps"), [["serp", "serps"]]);
 * assert.equal(wordsShortened("get_user", "set_user"), undefined);
 * assert.equal(wordsShortened("keywords", "kw"), undefined);
 * assert.equal(wordsShortened("search_v1", "search_v10"), undefined);
 * assert.equal(wordsShortened("drill_get", "drill_getx"), undefined);
 * ```
 */
export function wordsShortened(oldName: string, newName: string): [string, string][] | undefined {
  const [a, b] = [nameWords(oldName), nameWords(newName)];
  if (a.length !== b.length) return undefined;
  const written: [string, string][] = [];
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (!shortFor(a[i]!, b[i]!)) return undefined;
    written.push([a[i]!, b[i]!]);
  }
  return written.length > 0 && written.length < a.length ? written : undefined;
}

/** Whether one word is the other shortened or in the plural, letters only (see {@link wordsShortened}). */
function shortFor(x: string, y: string): boolean {
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (!/^\p{L}+$/u.test(long) || !/^\p{L}+$/u.test(short)) return false;
  if (long === `${short}s` || long === `${short}es`) return true;
  if (short.length < 2 || long.length - short.length < 2 || short[0] !== long[0]) return false;
  return inOrderWithin(short, long);
}

/**
 * The probable new names of removed prompts, for the hint of `prompt.removed`: the prompts are
 * not paired (nothing compares them), only named.
 * @module
 */
import { distance } from "fastest-levenshtein";
import type { Prompt, PromptArgument } from "./contract.ts";
import { jsonEqual } from "./json.ts";
import { likest, type Located } from "./pairing.ts";
import { wordsAdded, wordsShortened } from "./rename_affix.ts";
import { sameButStyle } from "./rename_shape.ts";

/**
 * What tells a removed prompt's probable new name: the same arguments, its name restyled, or its
 * name's words added, taken off, shortened or put in the plural beside a description alike.
 */
export type PromptRenamedBy = "arguments" | "style" | "words";

/** A removed prompt's probable new name and the evidence. */
export interface PromptRename {
  twin: Located<Prompt>;
  by: PromptRenamedBy;
  /** Whether other removed or added prompts take the same arguments (the closest name told). */
  shared: boolean;
}

/** A prompt's arguments by name, `required: false` read as left out. */
function argumentsByName(prompt: Prompt): Map<string, PromptArgument> {
  return new Map(
    (prompt.arguments ?? []).map((a) => {
      const { required, ...rest } = a;
      return [a.name, required === true ? a : rest as PromptArgument];
    }),
  );
}

/**
 * Whether two prompts take the same arguments, one or more, in any order, each with the same
 * name, title, description and whether it is required (`required: false` as left out): as
 * equal schemas that declare a property are for tools (core/pairing.ts), the evidence that a
 * prompt removed and one added are one prompt renamed. Prompts without arguments all look alike.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sameArguments } from "./prompt_renames.ts";
 * const product = { name: "product", description: "The product", required: true };
 * assert.equal(sameArguments({ name: "a", arguments: [product] }, { name: "b", arguments: [product] }), true);
 * assert.equal(sameArguments({ name: "a", arguments: [product] }, { name: "b", arguments: [{ ...product, required: false }] }), false);
 * assert.equal(sameArguments({ name: "a" }, { name: "b", arguments: [] }), false);
 * ```
 */
export function sameArguments(a: Prompt, b: Prompt): boolean {
  const [x, y] = [argumentsByName(a), argumentsByName(b)];
  return x.size > 0 && x.size === y.size &&
    [...x].every(([name, arg]) => jsonEqual(arg, y.get(name)));
}

/** The most removed or added prompts whose arguments are compared, per side. */
const MAX_COMPARED = 256;

/**
 * The probable new name of each removed prompt that has one, as tools are paired
 * (core/pairing.ts): first an added prompt with the same arguments ({@link sameArguments}), one
 * removed and one added taking them, or, when several share them, the two whose names are each
 * other's closest among them (at least 0.8 alike, case and separators aside, and differing only
 * by words respelt); then, among the rest, the same name in another case or separator style, one
 * removed and one added per name; last, one prompt whose name's words were added, taken off,
 * shortened or put in the plural, with a description alike ({@link wordsRename}), one to one.
 * dataforseo-mcp-server 2.8.6 → 2.9.11 renamed create_content_targeting_decision_stage_users to
 * dfs-decision-stage-content, both taking product ("The product to search related keywords
 * for").
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { promptRenames } from "./prompt_renames.ts";
 * const product = { name: "product", description: "The product", required: true };
 * const gone = { id: "old_prompt", value: { name: "old_prompt", arguments: [product] }, index: 0 };
 * const twin = { id: "new-prompt", value: { name: "new-prompt", arguments: [product] }, index: 0 };
 * assert.equal(promptRenames([gone], [twin]).get(gone)?.twin, twin);
 * assert.equal(promptRenames([gone], [{ ...twin, value: { name: "new-prompt" } }]).size, 0);
 * ```
 */
export function promptRenames(
  removed: readonly Located<Prompt>[],
  added: readonly Located<Prompt>[],
): Map<Located<Prompt>, PromptRename> {
  const out = new Map<Located<Prompt>, PromptRename>();
  const taken = new Set<Located<Prompt>>();
  // Past MAX_COMPARED a side, no arguments are compared: each side's would be with each.
  const few = removed.length <= MAX_COMPARED && added.length <= MAX_COMPARED;
  for (const gone of few ? removed : []) {
    const candidates = added.filter((a) => sameArguments(gone.value, a.value));
    if (candidates.length === 0) continue;
    const rivals = (twin: Located<Prompt>) =>
      removed.filter((r) => sameArguments(r.value, twin.value));
    let twin: Located<Prompt> | undefined = candidates[0]!;
    const shared = candidates.length > 1 || rivals(twin).length > 1;
    if (shared) {
      twin = likest(gone.id, candidates);
      if (twin !== undefined && likest(twin.id, rivals(twin)) !== gone) twin = undefined;
    }
    if (twin === undefined) continue;
    out.set(gone, { twin, by: "arguments", shared });
    taken.add(gone).add(twin);
  }
  const free = (list: readonly Located<Prompt>[]) => list.filter((x) => !taken.has(x));
  for (const [gone, twin] of sameButStyle(free(removed), free(added), (x) => x.id)) {
    out.set(gone, { twin, by: "style", shared: false });
    taken.add(gone).add(twin);
  }
  // One prompt whose name gained or lost words, or wrote words shortened or in the plural, with
  // a description alike, as tools are paired (core/pairing.ts): one removed and one added.
  const [left, fresh] = [free(removed), free(added)];
  if (left.length <= MAX_COMPARED && fresh.length <= MAX_COMPARED) {
    for (const gone of left) {
      const found = fresh.filter((a) => wordsRename(gone.value, a.value));
      if (found.length !== 1) continue;
      if (left.filter((r) => wordsRename(r.value, found[0]!.value)).length !== 1) continue;
      out.set(gone, { twin: found[0]!, by: "words", shared: false });
    }
  }
  return out;
}

/** How alike two descriptions must be, and how many words each must hold, to tell a rename. */
const ALIKE = 0.8, DESCRIBED_WORDS = 3;

/**
 * Whether two prompts read as one renamed by its name's words: one name's words all in the other
 * in order, or each word the other writes otherwise shortened or put in the plural
 * (`wordsAdded`, `wordsShortened`), and their descriptions, of three words or more, at least 0.8
 * alike (case aside); a word put in the plural or back names another prompt unless both take
 * arguments of the same names (`summarize_file` and `summarize_files`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wordsRename } from "./prompt_renames.ts";
 * const description = "Review the code of a pull request for bugs.";
 * assert.equal(wordsRename({ name: "code_review", description }, { name: "review", description }), true);
 * assert.equal(wordsRename({ name: "code_review", description }, { name: "review", description: "Review." }), false);
 * assert.equal(wordsRename({ name: "code_review", description }, { name: "code_audit", description }), false);
 * ```
 */
export function wordsRename(a: Prompt, b: Prompt): boolean {
  const written = wordsShortened(a.name, b.name);
  if (!wordsAdded(a.name, b.name) && written === undefined) return false;
  const [x, y] = [a.description, b.description].map((d) => (d ?? "").trim().toLowerCase());
  if (x!.split(/\s+/).length < DESCRIBED_WORDS || y!.split(/\s+/).length < DESCRIBED_WORDS) {
    return false;
  }
  if (1 - distance(x!, y!) / Math.max(x!.length, y!.length) < ALIKE) return false;
  const plural = written?.every(([p, q]) => {
    const [short, long] = p.length <= q.length ? [p, q] : [q, p];
    return long === `${short}s` || long === `${short}es`;
  });
  const names = (p: Prompt) => (p.arguments ?? []).map((arg) => arg.name).sort();
  return plural !== true || jsonEqual(names(a), names(b));
}

/**
 * The two rules every listed entity has: removed (BREAKING) and added (NON_BREAKING), each
 * POTENTIALLY_BREAKING when the contract it compares against left the list out.
 * Tools add a rename hint on top (rules/tools.ts); prompts one for the same arguments or a name
 * in another style; resources and templates one for a segment of their URIs renamed alike.
 * @module
 */
import { type EntityKind, type ListName, type Prompt, recorded } from "../core/contract.ts";
import type { JsonObject } from "../core/json.ts";
import type { Located } from "../core/pairing.ts";
import { type PromptRename, promptRenames } from "../core/prompt_renames.ts";
import { resourceMoves } from "../core/resource_moves.ts";
import type { Rule, RuleExample } from "../core/rule.ts";
import { at, rule } from "./_define.ts";

/** Describes one entity list for {@link lifecycleRules}. */
export interface LifecycleSpec {
  kind: Exclude<EntityKind, "server" | "tool">;
  list: "prompts" | "resources" | "resourceTemplates";
  /** Capitalised noun for messages: "Prompt", "Resource template". */
  noun: string;
  /** An entry for the examples, and its identity. */
  sample: JsonObject;
  id: string;
  /** Why removing one breaks agents. */
  removedRationale: string;
  /**
   * Whether a removed entry names its probable new name ({@link promptRenames}: the same
   * arguments, or the same name in another case or separator style); prompts only.
   */
  renameHint?: boolean;
  /**
   * Whether a removed entry names its probable new URI ({@link resourceMoves}: a segment of the
   * URIs of two entries or more renamed alike); resources and resource templates.
   */
  moveHint?: boolean;
}

/** Why an added entry is NON_BREAKING, unless the old contract left its list out. */
export const ADDED_RATIONALE =
  "Nothing that worked before is affected. When the old contract does not record the list at all (a file that leaves it out, such as a tools/list result beside a full snapshot), the entry may have been there already with other content, which nothing can compare: then it is POTENTIALLY_BREAKING, since a list not captured is unknown, not empty.";

/** The clause an added entry's message gets when the old contract left its list out. */
export function leftOut(list: ListName): string {
  return `, or was not captured before: the old contract does not record ${list} (the list is left out, not empty)`;
}

/** Why a removed entry is only POTENTIALLY_BREAKING when the new contract left its list out. */
export const REMOVED_UNKNOWN_RATIONALE =
  "When the new contract does not record the list at all (a file that leaves it out, such as a tools/list result compared with a full snapshot), the entry may still be there, which nothing can tell: then it is POTENTIALLY_BREAKING, not BREAKING, since a list not captured is unknown, not empty.";

/** The clause a removed entry's message gets when the new contract left its list out. */
export function leftOutNow(list: ListName): string {
  return `, or is no longer captured: the new contract does not record ${list} (the list is left out, not empty)`;
}

function leftOutExample(spec: LifecycleSpec, change: "removed" | "added"): RuleExample {
  const rule = `${spec.kind}.${change}`;
  const which = change === "added" ? "old" : "new";
  const listed = { tools: [], [spec.list]: [spec.sample] };
  return {
    title: `${spec.id} is ${
      change === "added" ? "listed" : "not listed"
    }, and the ${which} contract leaves ${spec.list} out`,
    old: change === "added" ? { tools: [] } : listed,
    new: change === "added" ? listed : { tools: [] },
    findings: [{ rule, path: spec.id, severity: "POTENTIALLY_BREAKING" }],
  };
}

/** `<kind>.removed` and `<kind>.added` for one entity list. */
export function lifecycleRules(spec: LifecycleSpec): Rule[] {
  const { kind, list, noun, sample, id } = spec;
  const make = (change: "removed" | "added") =>
    rule({
      id: `${kind}.${change}`,
      severity: change === "removed" ? "BREAKING" : "NON_BREAKING",
      summary: `A ${noun.toLowerCase()} was ${change}`,
      rationale: change === "removed"
        ? `${spec.removedRationale} ${REMOVED_UNKNOWN_RATIONALE}`
        : ADDED_RATIONALE,
      examples: [{
        title: `${id} is ${change === "removed" ? "gone" : "new"}`,
        old: { [list]: change === "removed" ? [sample] : [] },
        new: { [list]: change === "removed" ? [] : [sample] },
        findings: [{
          rule: `${kind}.${change}`,
          path: id,
          severity: change === "removed" ? "BREAKING" : "NON_BREAKING",
        }],
      }, leftOutExample(spec, change)],
      check({ old, new: next, pairs, report }) {
        const unknown = !recorded(change === "added" ? old : next, list);
        const clause = !unknown ? "" : change === "added" ? leftOut(list) : leftOutNow(list);
        const { removed, added } = pairs[list];
        const renames = change === "removed" && spec.renameHint === true
          ? promptRenames(removed as Located<Prompt>[], added as Located<Prompt>[])
          : new Map<Located<unknown>, PromptRename>();
        const moves = change === "removed" && spec.moveHint === true
          ? resourceMoves(removed as Located<JsonObject>[], added as Located<JsonObject>[])
          : undefined;
        for (const entry of pairs[list][change]) {
          const rename = renames.get(entry as Located<Prompt>);
          const move = moves?.get(entry as Located<JsonObject>);
          const twin = rename?.twin ?? move?.twin;
          report({
            entity: { kind, name: entry.id },
            path: entry.id,
            pointer: at(list, entry.index),
            [change === "removed" ? "old" : "new"]: entry.id,
            message: `${noun} "${entry.id}" was ${change}${clause}${
              rename === undefined
                ? ""
                : `; "${rename.twin.id}" was added with ${
                  rename.by === "style"
                    ? "the same name in another case or separator style"
                    : rename.by === "words"
                    ? "its name's words added, taken off or shortened and a description alike"
                    : `the same arguments${
                      rename.shared ? " and the closest name of the prompts that take them" : ""
                    }`
                }, so it was probably renamed`
            }${
              move === undefined
                ? ""
                : `; "${move.twin.id}" was added with ${JSON.stringify(move.from)} renamed to ${
                  JSON.stringify(move.to)
                } in its URI, as ${move.shared} ${list} were, so it was probably moved`
            }`,
            ...(twin === undefined ? {} : { new: twin.id, hint: `renamed to "${twin.id}"?` }),
            ...(unknown ? { severity: "POTENTIALLY_BREAKING" as const } : {}),
          });
        }
      },
    });
  return [make("removed"), make("added")];
}

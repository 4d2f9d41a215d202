/**
 * The two rules every listed entity has: removed (BREAKING) and added (NON_BREAKING).
 * Tools add a rename hint on top (rules/tools.ts).
 * @module
 */
import type { EntityKind } from "../core/contract.ts";
import type { JsonObject } from "../core/json.ts";
import type { Rule } from "../core/rule.ts";
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
        ? spec.removedRationale
        : "Nothing that worked before is affected.",
      examples: [{
        title: `${id} is ${change === "removed" ? "gone" : "new"}`,
        old: { [list]: change === "removed" ? [sample] : [] },
        new: { [list]: change === "removed" ? [] : [sample] },
        findings: [{
          rule: `${kind}.${change}`,
          path: id,
          severity: change === "removed" ? "BREAKING" : "NON_BREAKING",
        }],
      }],
      check({ pairs, report }) {
        for (const entry of pairs[list][change]) {
          report({
            entity: { kind, name: entry.id },
            path: entry.id,
            pointer: at(list, entry.index),
            [change === "removed" ? "old" : "new"]: entry.id,
            message: `${noun} "${entry.id}" was ${change}`,
          });
        }
      },
    });
  return [make("removed"), make("added")];
}

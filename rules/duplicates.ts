/**
 * Two entries with the same identity in one contract: clients cannot tell them apart.
 * @module
 */
import { ENTITY_LISTS } from "../core/contract.ts";
import type { Rule } from "../core/rule.ts";
import { at, rule, tool } from "./_define.ts";

const twice = <T>(entry: T): T[] => [entry, entry];
const EXAMPLES = {
  tools: twice(tool("search")),
  prompts: twice({ name: "triage" }),
  resources: twice({ uri: "file:///a", name: "a" }),
  resourceTemplates: twice({ uriTemplate: "file:///{p}", name: "a" }),
};

/** `tool.duplicated`, `prompt.duplicated`, `resource.duplicated`, `resourceTemplate.duplicated`. */
export const duplicateRules: Rule[] = ENTITY_LISTS.map((list) => {
  const id = `${list.kind}.duplicated`;
  const entries = EXAMPLES[list.list];
  const first = entries[0] as Record<string, string>;
  const name = first[list.key]!;
  return rule({
    id,
    severity: "BREAKING",
    summary: `Two ${list.list} share one ${list.key} in the new contract`,
    rationale:
      `Clients key ${list.list} by ${list.key}; with two entries of one ${list.key} a client keeps one of them at random or rejects the listing. Reported when the new contract has more entries of a ${list.key} than the old one.`,
    examples: [{
      title: `${name} listed twice`,
      old: { [list.list]: [entries[0]!] },
      new: { [list.list]: entries },
      findings: [{ rule: id, path: name, severity: "BREAKING" }],
    }],
    check({ pairs, report, new: next }) {
      const { old, new: now } = pairs[list.list].duplicates;
      for (const [identity, count] of [...now].sort(([a], [b]) => (a < b ? -1 : 1))) {
        if (count <= (old.get(identity) ?? 1)) continue;
        const index = (next[list.list] as unknown as Record<string, unknown>[])
          .findIndex((e) => String(e[list.key]) === identity);
        report({
          entity: { kind: list.kind, name: identity },
          path: identity,
          pointer: at(list.list, index),
          new: count,
          message: `${count} ${list.list} are named "${identity}"; clients will see only one`,
        });
      }
    },
  });
});

/**
 * Entity fields that no rule models yet are reported as BREAKING, in the spirit of "unmodelled
 * means breaking": a field added by a future specification revision is visible on the day it
 * changes, never silently ignored.
 * @module
 */
import { ENTITY_LISTS } from "../core/contract.ts";
import { jsonEqual, type JsonObject } from "../core/json.ts";
import type { Rule } from "../core/rule.ts";
import { at, rule, tool } from "./_define.ts";

/** Fields that other rules compare, per list. Everything else is unmodelled. */
export const MODELLED_FIELDS: Record<string, readonly string[]> = {
  tools: [
    "name",
    "title",
    "description",
    "inputSchema",
    "outputSchema",
    "annotations",
    "icons",
    "_meta",
  ],
  prompts: ["name", "title", "description", "arguments"],
  resources: ["uri", "name", "title", "description", "mimeType"],
  resourceTemplates: ["uriTemplate", "name", "title", "description", "mimeType"],
};

const SAMPLES: Record<string, JsonObject> = {
  tools: tool("search_issues"),
  prompts: { name: "triage" },
  resources: { uri: "file:///a.log", name: "a" },
  resourceTemplates: { uriTemplate: "file:///{d}.log", name: "d" },
};

/** `tool.field.unmodelled` and its siblings. */
export const fieldRules: Rule[] = ENTITY_LISTS.map((list) => {
  const id = `${list.kind}.field.unmodelled`;
  const modelled = new Set(MODELLED_FIELDS[list.list]);
  const sample = SAMPLES[list.list]!;
  const name = String(sample[list.key]);
  return rule({
    id,
    severity: "BREAKING",
    summary: `A ${list.kind} field that Proxar does not model changed`,
    rationale:
      "Proxar cannot tell whether a change to a field it does not understand is safe, so it reports it at the strictest level rather than letting it pass silently. Override the severity or ignore it for a field you know to be harmless.",
    examples: [{
      title: "a vendor field changed",
      old: { [list.list]: [{ ...sample, "x-vendor": 1 }] },
      new: { [list.list]: [{ ...sample, "x-vendor": 2 }] },
      findings: [{ rule: id, path: `${name}.x-vendor`, severity: "BREAKING" }],
    }],
    check({ pairs, report }) {
      for (const p of pairs[list.list].paired) {
        const a = p.old as unknown as JsonObject;
        const b = p.new as unknown as JsonObject;
        const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
        for (const key of keys) {
          if (modelled.has(key)) continue;
          const before = Object.hasOwn(a, key) ? a[key] : undefined;
          const after = Object.hasOwn(b, key) ? b[key] : undefined;
          if (jsonEqual(before, after)) continue;
          const finding: Parameters<typeof report>[0] = {
            entity: { kind: list.kind, name: p.id },
            path: `${p.id}.${key}`,
            pointer: at(list.list, p.newIndex, key),
            message: `${list.kind} "${p.id}": field "${key}" ${
              before === undefined ? "was added" : after === undefined ? "was removed" : "changed"
            }, and Proxar does not model it`,
          };
          if (before !== undefined) finding.old = before;
          if (after !== undefined) finding.new = after;
          report(finding);
        }
      }
    },
  });
});

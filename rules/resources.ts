/**
 * Rules about resources and resource templates: removed, added, name or MIME type changed.
 * @module
 */
import type { JsonObject } from "../core/json.ts";
import type { Rule } from "../core/rule.ts";
import { at, rule } from "./_define.ts";
import { lifecycleRules } from "./_lifecycle.ts";

const LISTS = [
  {
    kind: "resource",
    list: "resources",
    noun: "Resource",
    key: "uri",
    sample: { uri: "file:///logs/app.log", name: "app-log", mimeType: "text/plain" },
  },
  {
    kind: "resourceTemplate",
    list: "resourceTemplates",
    noun: "Resource template",
    key: "uriTemplate",
    sample: { uriTemplate: "file:///logs/{day}.log", name: "daily-log", mimeType: "text/plain" },
  },
] as const;

function rulesFor(spec: (typeof LISTS)[number]): Rule[] {
  const { kind, list, noun, sample } = spec;
  const id = (sample as Record<string, string>)[spec.key]!;
  const fieldRule = (field: "name" | "mimeType", value: string, why: string) =>
    rule({
      id: `${kind}.${field}.changed`,
      severity: "POTENTIALLY_BREAKING",
      summary: `A ${noun.toLowerCase()}'s ${field} changed`,
      rationale: why,
      examples: [{
        title: `${field} changed`,
        old: { [list]: [sample] },
        new: { [list]: [{ ...sample, [field]: value }] },
        findings: [{
          rule: `${kind}.${field}.changed`,
          path: `${id}.${field}`,
          severity: "POTENTIALLY_BREAKING",
        }],
      }],
      check({ pairs, report }) {
        for (const p of pairs[list].paired) {
          const before = (p.old as JsonObject)[field];
          const after = (p.new as JsonObject)[field];
          if (before === after) continue;
          const finding: Parameters<typeof report>[0] = {
            entity: { kind, name: p.id },
            path: `${p.id}.${field}`,
            pointer: at(list, p.newIndex, field),
            message: `${noun} "${p.id}": ${field} changed from ${JSON.stringify(before)} to ${
              JSON.stringify(after)
            }`,
          };
          if (before !== undefined) finding.old = before;
          if (after !== undefined) finding.new = after;
          report(finding);
        }
      },
    });
  return [
    ...lifecycleRules({
      kind,
      list,
      noun,
      sample,
      id,
      removedRationale:
        "Clients that read it by URI get an error; agents that were told about it fail. When the URIs of two entries or more had the same segment renamed the same way (a folder renamed) and an entry was added under each new URI, with the same MIME type, the message names it as the probable new URI: @assistant-ui/mcp-docs-server 0.2.0 → 0.2.3 moved its pages aui-docs:///(docs)/cli, aui-docs:///(docs)/llm and six more to aui-docs:///(getting-started)/cli, … and each read as removed beside one added, with no hint. Each removed and each added URI must be explained by one such rename only, and one URI alone whose segment changed (db://users/schema removed beside db://orders/schema added) may be another resource, so it is not named. The removal stays BREAKING, since clients read the old URI; the two entries are not compared.",
      moveHint: true,
    }),
    fieldRule(
      "mimeType",
      "application/json",
      "Clients parse the content by its MIME type; a different type can make them misread it.",
    ),
    fieldRule(
      "name",
      "application-log",
      "The name is what clients list and what models see; changing it can change which resource is chosen.",
    ),
  ];
}

/** Resource and resource-template rules. */
export const resourceRules: Rule[] = LISTS.flatMap(rulesFor);

/**
 * Prose rules: descriptions, titles and instructions, graded by the prose classifier.
 * @module
 */
import type { EntityKind } from "../core/contract.ts";
import type { JsonObject } from "../core/json.ts";
import type { Finding, Rule, RuleContext } from "../core/rule.ts";
import { at, rule, tool } from "./_define.ts";

const RATIONALE =
  "Descriptions, titles and instructions steer which tool a model selects and how it calls it. Graded by the prose classifier: DOCUMENTATION when the change cannot move a model's choice (whitespace, case, a typo), POTENTIALLY_BREAKING when it can (a negation, modality or number changed, words reordered, text rewritten, added or removed).";

interface Surface {
  id: string;
  kind: EntityKind;
  noun: string;
  field: "description" | "title";
  /** Yields the compared texts with their path and pointer. */
  each(
    ctx: RuleContext,
  ): {
    name: string;
    path: string;
    pointer: string;
    a: string | undefined;
    b: string | undefined;
  }[];
  example: { old: JsonObject; new: JsonObject; path: string };
}

const text = (v: unknown) => (typeof v === "string" ? v : undefined);

function listSurface(
  kind: "tool" | "prompt" | "resource" | "resourceTemplate",
  list: "tools" | "prompts" | "resources" | "resourceTemplates",
  noun: string,
  field: "description" | "title",
  sample: JsonObject,
  id: string,
): Surface {
  return {
    id: `${kind}.${field}.changed`,
    kind,
    noun,
    field,
    each: ({ pairs }) =>
      pairs[list].paired.map((p) => ({
        name: p.id,
        path: `${p.id}.${field}`,
        pointer: at(list, p.newIndex, field),
        a: text((p.old as JsonObject)[field]),
        b: text((p.new as JsonObject)[field]),
      })),
    example: {
      old: { [list]: [{ ...sample, [field]: "Search issues by text" }] },
      new: {
        [list]: [{ ...sample, [field]: "Search issues by text; never returns closed issues" }],
      },
      path: `${id}.${field}`,
    },
  };
}

const SURFACES: Surface[] = [
  listSurface("tool", "tools", "tool", "description", tool("search_issues"), "search_issues"),
  listSurface("tool", "tools", "tool", "title", tool("search_issues"), "search_issues"),
  listSurface("prompt", "prompts", "prompt", "description", { name: "triage" }, "triage"),
  listSurface("prompt", "prompts", "prompt", "title", { name: "triage" }, "triage"),
  ...(["description", "title"] as const).flatMap((field) => [
    listSurface(
      "resource",
      "resources",
      "resource",
      field,
      { uri: "file:///a.log", name: "a" },
      "file:///a.log",
    ),
    listSurface(
      "resourceTemplate",
      "resourceTemplates",
      "resource template",
      field,
      { uriTemplate: "file:///{d}.log", name: "d" },
      "file:///{d}.log",
    ),
  ]),
  {
    id: "tool.annotations.title.changed",
    kind: "tool",
    noun: "tool annotation",
    field: "title",
    each: ({ pairs }) =>
      pairs.tools.paired.map((p) => ({
        name: p.id,
        path: `${p.id}.annotations.title`,
        pointer: at("tools", p.newIndex, "annotations", "title"),
        a: text((p.old.annotations as JsonObject | undefined)?.title),
        b: text((p.new.annotations as JsonObject | undefined)?.title),
      })),
    example: {
      old: { tools: [tool("search_issues", {}, [], { annotations: { title: "Search issues" } })] },
      new: {
        tools: [
          tool("search_issues", {}, [], { annotations: { title: "Search open issues only" } }),
        ],
      },
      path: "search_issues.annotations.title",
    },
  },
  {
    id: "prompt.argument.description.changed",
    kind: "prompt",
    noun: "prompt argument",
    field: "description",
    each: ({ pairs }) =>
      pairs.prompts.paired.flatMap((p) =>
        (p.new.arguments ?? []).flatMap((arg, index) => {
          const before = (p.old.arguments ?? []).find((a) => a.name === arg.name);
          if (!before) return [];
          return [{
            name: p.id,
            path: `${p.id}.arguments.${arg.name}.description`,
            pointer: at("prompts", p.newIndex, "arguments", index, "description"),
            a: text(before.description),
            b: text(arg.description),
          }];
        })
      ),
    example: {
      old: {
        prompts: [{ name: "triage", arguments: [{ name: "issue", description: "Issue key" }] }],
      },
      new: {
        prompts: [{
          name: "triage",
          arguments: [{ name: "issue", description: "Issue number only" }],
        }],
      },
      path: "triage.arguments.issue.description",
    },
  },
  {
    id: "server.instructions.changed",
    kind: "server",
    noun: "server",
    field: "description",
    each: ({ old, new: next }) => [{
      name: next.server.name,
      path: "server.instructions",
      pointer: "/instructions",
      a: old.instructions,
      b: next.instructions,
    }],
    example: {
      old: {
        server: { name: "issues-mcp", version: "1" },
        tools: [],
        instructions: "Use search before create.",
      },
      new: {
        server: { name: "issues-mcp", version: "1" },
        tools: [],
        instructions: "Use create before search.",
      },
      path: "server.instructions",
    },
  },
];

function proseRule(s: Surface): Rule {
  const what = s.id === "server.instructions.changed"
    ? "The server instructions"
    : `A ${s.noun}'s ${s.field}`;
  return rule({
    id: s.id,
    severity: "POTENTIALLY_BREAKING",
    gradedBy: "prose",
    summary: `${what} changed`,
    rationale: RATIONALE,
    examples: [{
      title: "a warning added",
      old: s.example.old,
      new: s.example.new,
      findings: [{ rule: s.id, path: s.example.path, severity: "POTENTIALLY_BREAKING" }],
    }],
    check(ctx) {
      for (const item of s.each(ctx)) {
        if (item.a === item.b) continue;
        const verdict = ctx.classifyProse(item.a, item.b);
        const finding: Finding = {
          entity: { kind: s.kind, name: item.name },
          path: item.path,
          pointer: item.pointer,
          severity: verdict.severity,
          prose: verdict,
          message: `${item.path} changed (${explain(verdict)})`,
        };
        if (item.a !== undefined) finding.old = item.a;
        if (item.b !== undefined) finding.new = item.b;
        ctx.report(finding);
      }
    },
  });
}

/** A short reason for a prose verdict, for messages. */
export function explain(v: NonNullable<Finding["prose"]>): string {
  switch (v.step) {
    case "equal":
      return "whitespace, case or trailing punctuation only";
    case "emptiness":
      return "text added or removed";
    case "marker":
      return `the marker "${v.marker}" changed`;
    case "order":
      return "the same words in another order";
    case "similarity":
      return `edit similarity ${v.edit}, token overlap ${v.jaccard}`;
  }
}

/** Prose rules. */
export const proseRules: Rule[] = SURFACES.map(proseRule);

/**
 * Rules about a tool's top-level input parameters: removed, added, made required or optional.
 * These are the changes the seeds name first; the full schema walk covers nested ones.
 * @module
 */
import type { Rule } from "../core/rule.ts";
import { at, propertiesOf, quoteList, requiredOf, rule, tool } from "./_define.ts";

const q = { type: "string" };
const limit = { type: "integer" };

/** Top-level input parameter rules. */
export const toolParamRules: Rule[] = [
  rule({
    id: "tool.input.property.removed",
    severity: "BREAKING",
    summary: "An input parameter was removed",
    rationale:
      "Callers still send it: a strict server rejects the call, a lenient one silently ignores the argument, so the agent's intent is lost either way.",
    examples: [{
      title: "limit is gone",
      old: { tools: [tool("search_issues", { query: q, limit }, ["query"])] },
      new: { tools: [tool("search_issues", { query: q }, ["query"])] },
      findings: [{
        rule: "tool.input.property.removed",
        path: "search_issues.inputSchema.properties.limit",
        severity: "BREAKING",
      }],
    }],
    check({ pairs, report }) {
      for (const p of pairs.tools.paired) {
        const before = propertiesOf(p.old.inputSchema);
        const after = propertiesOf(p.new.inputSchema);
        for (const name of Object.keys(before).sort()) {
          if (Object.hasOwn(after, name)) continue;
          report({
            entity: { kind: "tool", name: p.id },
            path: `${p.id}.inputSchema.properties.${name}`,
            pointer: at("tools", p.newIndex, "inputSchema", "properties"),
            old: before[name]!,
            message: `Parameter "${name}" of "${p.id}" was removed`,
          });
        }
      }
    },
  }),
  rule({
    id: "tool.input.property.added",
    severity: "NON_BREAKING",
    summary: "An optional input parameter was added",
    rationale:
      "Existing calls do not send it and stay valid. A parameter that is added as required is reported by tool.input.required.added instead.",
    examples: [{
      title: "optional limit added",
      old: { tools: [tool("search_issues", { query: q }, ["query"])] },
      new: { tools: [tool("search_issues", { query: q, limit }, ["query"])] },
      findings: [{
        rule: "tool.input.property.added",
        path: "search_issues.inputSchema.properties.limit",
        severity: "NON_BREAKING",
      }],
    }],
    check({ pairs, report }) {
      for (const p of pairs.tools.paired) {
        const before = propertiesOf(p.old.inputSchema);
        const after = propertiesOf(p.new.inputSchema);
        const required = requiredOf(p.new.inputSchema);
        for (const name of Object.keys(after).sort()) {
          if (Object.hasOwn(before, name) || required.has(name)) continue;
          report({
            entity: { kind: "tool", name: p.id },
            path: `${p.id}.inputSchema.properties.${name}`,
            pointer: at("tools", p.newIndex, "inputSchema", "properties", name),
            new: after[name]!,
            message: `Optional parameter "${name}" was added to "${p.id}"`,
          });
        }
      }
    },
  }),
  rule({
    id: "tool.input.required.added",
    severity: "BREAKING",
    summary: "An input parameter became required, or a required one was added",
    rationale:
      "Existing calls do not send it, so the server rejects them. This is the change the seed names first: search_issues.inputSchema.required.",
    examples: [{
      title: "repo is now required",
      old: { tools: [tool("search_issues", { query: q, repo: q }, ["query"])] },
      new: { tools: [tool("search_issues", { query: q, repo: q }, ["query", "repo"])] },
      findings: [{
        rule: "tool.input.required.added",
        path: "search_issues.inputSchema.required",
        severity: "BREAKING",
      }],
    }, {
      title: "a new required parameter",
      old: { tools: [tool("search_issues", { query: q }, ["query"])] },
      new: { tools: [tool("search_issues", { query: q, repo: q }, ["query", "repo"])] },
      findings: [{
        rule: "tool.input.required.added",
        path: "search_issues.inputSchema.required",
        severity: "BREAKING",
      }],
    }],
    check({ pairs, report }) {
      for (const p of pairs.tools.paired) {
        const before = requiredOf(p.old.inputSchema);
        const after = requiredOf(p.new.inputSchema);
        const props = propertiesOf(p.old.inputSchema);
        const added = [...after].filter((n) => !before.has(n)).sort();
        if (added.length === 0) continue;
        const fresh = added.filter((n) => !Object.hasOwn(props, n));
        const made = added.filter((n) => Object.hasOwn(props, n));
        const parts = [
          fresh.length > 0 ? `new required parameter ${quoteList(fresh)}` : "",
          made.length > 0
            ? `${quoteList(made)} ${made.length > 1 ? "are" : "is"} now required`
            : "",
        ].filter(Boolean);
        report({
          entity: { kind: "tool", name: p.id },
          path: `${p.id}.inputSchema.required`,
          pointer: at("tools", p.newIndex, "inputSchema", "required"),
          old: [...before].sort(),
          new: [...after].sort(),
          message: `"${p.id}": ${parts.join("; ")}`,
        });
      }
    },
  }),
  rule({
    id: "tool.input.required.removed",
    severity: "NON_BREAKING",
    summary: "A required input parameter became optional",
    rationale:
      "Existing calls send it and stay valid; callers may now omit it. A required parameter that disappears altogether is reported by tool.input.property.removed.",
    examples: [{
      title: "repo is now optional",
      old: { tools: [tool("search_issues", { query: q, repo: q }, ["query", "repo"])] },
      new: { tools: [tool("search_issues", { query: q, repo: q }, ["query"])] },
      findings: [{
        rule: "tool.input.required.removed",
        path: "search_issues.inputSchema.required",
        severity: "NON_BREAKING",
      }],
    }],
    check({ pairs, report }) {
      for (const p of pairs.tools.paired) {
        const before = requiredOf(p.old.inputSchema);
        const after = requiredOf(p.new.inputSchema);
        const props = propertiesOf(p.new.inputSchema);
        const relaxed = [...before].filter((n) => !after.has(n) && Object.hasOwn(props, n)).sort();
        if (relaxed.length === 0) continue;
        report({
          entity: { kind: "tool", name: p.id },
          path: `${p.id}.inputSchema.required`,
          pointer: at("tools", p.newIndex, "inputSchema", "required"),
          old: [...before].sort(),
          new: [...after].sort(),
          message: `"${p.id}": ${quoteList(relaxed)} ${
            relaxed.length > 1 ? "are" : "is"
          } no longer required`,
        });
      }
    },
  }),
];

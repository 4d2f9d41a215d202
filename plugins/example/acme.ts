/**
 * An example organisation plugin: two contract policies and a CSV reporter. Copy it as a start
 * for your own (see docs/plugins.md). It imports types only, so it runs from disk under the
 * proxar binary, Deno and Bun without the Proxar sources beside it.
 * @module
 */
import type { Finding, Plugin, Report } from "../../mod.ts";

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const DESTRUCTIVE_WORDS =
  /\b(delet|remov|destroy|drop|purg|eras|irreversibl|permanent|cannot be undone)/i;

function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const plugin = {
  name: "acme",
  apiVersion: 1,
  rules: [
    {
      meta: {
        id: "acme.tool.name.style",
        severity: "POTENTIALLY_BREAKING",
        summary: "New tool names must be snake_case",
        rationale:
          "Acme's agents and prompt libraries refer to tools by snake_case names; a camelCase or dashed name is easy to call wrongly and breaks our naming-based routing.",
        examples: [{
          title: "a camelCase tool is added",
          old: { tools: [] },
          new: { tools: [{ name: "searchIssues", inputSchema: { type: "object" } }] },
          findings: [
            {
              rule: "acme.tool.name.style",
              path: "searchIssues",
              severity: "POTENTIALLY_BREAKING",
            },
            { rule: "tool.added", path: "searchIssues", severity: "NON_BREAKING" },
          ],
        }],
      },
      check({ pairs, report }) {
        for (const tool of pairs.tools.added) {
          if (SNAKE.test(tool.id)) continue;
          report({
            entity: { kind: "tool", name: tool.id },
            path: tool.id,
            pointer: `/tools/${tool.index}/name`,
            new: tool.id,
            message: `Tool "${tool.id}" is not snake_case`,
            hint: `rename it to "${
              tool.id.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/[-\s]+/g, "_").toLowerCase()
            }"`,
          });
        }
      },
    },
    {
      meta: {
        id: "acme.tool.destructive.undocumented",
        severity: "BREAKING",
        summary: "A tool marked destructive must say so in its description",
        rationale:
          "Models read descriptions, not annotations: a tool with destructiveHint true whose description does not warn that it deletes or changes data irreversibly will be called casually.",
        examples: [{
          title: "destructiveHint set without a warning",
          old: { tools: [] },
          new: {
            tools: [{
              name: "close_issue",
              description: "Close an issue.",
              inputSchema: { type: "object" },
              annotations: { destructiveHint: true },
            }],
          },
          findings: [
            {
              rule: "acme.tool.destructive.undocumented",
              path: "close_issue.description",
              severity: "BREAKING",
            },
            { rule: "tool.added", path: "close_issue", severity: "NON_BREAKING" },
          ],
        }],
      },
      check({ new: next, report }) {
        next.tools.forEach((tool, index) => {
          if (tool.annotations?.destructiveHint !== true) return;
          if (DESTRUCTIVE_WORDS.test(tool.description ?? "")) return;
          const finding: Finding = {
            entity: { kind: "tool", name: tool.name },
            path: `${tool.name}.description`,
            pointer: `/tools/${index}/description`,
            message:
              `"${tool.name}" is marked destructive but its description does not warn about it`,
          };
          if (tool.description !== undefined) finding.new = tool.description;
          report(finding);
        });
      },
    },
  ],
  reporters: [{
    name: "acme-csv",
    summary: "Findings as CSV: severity, rule, entity, path, message, suppressed",
    render(report: Report) {
      const rows = [["severity", "rule", "entity", "path", "message", "suppressed"]];
      for (const c of report.changes) {
        rows.push([
          c.severity,
          c.rule,
          `${c.entity.kind}:${c.entity.name}`,
          c.path,
          c.message,
          c.suppressed?.reason ?? "",
        ]);
      }
      return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
    },
  }],
} satisfies Plugin;

export default plugin;

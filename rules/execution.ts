/**
 * `execution.taskSupport` of a tool (MCP 2025-11-25): whether a client may, must or must not call
 * the tool as a task. Graded by the ways of calling the tool a client keeps or loses.
 * @module
 */
import type { JsonValue } from "../core/json.ts";
import { isObject } from "../core/json.ts";
import type { Rule } from "../core/rule.ts";
import { at, rule, tool } from "./_define.ts";

/** The ways of calling a tool each value allows: a plain call, a task-augmented call, or both. */
const MODES: Record<string, readonly ("plain" | "task")[]> = {
  forbidden: ["plain"],
  optional: ["plain", "task"],
  required: ["task"],
};

/** What a client that relied on each lost way of calling now sees. */
const LOST = {
  plain: "clients without task support, and plain calls, can no longer call it",
  task: "clients that called it as a task now get an error",
} as const;

/** The effective value: absent means "forbidden"; undefined for a value the spec does not know. */
function taskSupport(t: Record<string, unknown>): string | undefined {
  const execution = t.execution as JsonValue | undefined;
  if (execution === undefined) return "forbidden";
  if (!isObject(execution)) return undefined;
  const value = execution.taskSupport;
  if (value === undefined) return "forbidden";
  return typeof value === "string" && Object.hasOwn(MODES, value) ? value : undefined;
}

const withTasks = (value: string) =>
  tool("research", {}, [], { execution: { taskSupport: value } });

function taskRule(narrowed: boolean): Rule {
  const id = `tool.execution.taskSupport.${narrowed ? "narrowed" : "widened"}`;
  return rule({
    id,
    severity: narrowed ? "BREAKING" : "NON_BREAKING",
    summary: narrowed
      ? "A tool's execution.taskSupport no longer allows a way of calling it that worked before"
      : "A tool's execution.taskSupport allows a new way of calling it and keeps the old ones",
    rationale: narrowed
      ? 'taskSupport says how a client may call the tool: "forbidden" (the default when absent) allows only a plain call, "optional" a plain or a task-augmented call, "required" only a task-augmented call. A change that drops a way of calling that worked breaks the clients that used it: forbidden or optional → required breaks every client without task support (they cannot call the tool any more); optional or required → forbidden breaks clients that called it as a task. An absent value and "forbidden" are the same. A value the specification does not define is reported by tool.field.unmodelled.'
      : "forbidden → optional and required → optional keep every way of calling the tool that worked and add one: clients without task support keep calling it plainly, task-aware clients may use tasks.",
    examples: narrowed
      ? [{
        title: "forbidden → required",
        old: { tools: [withTasks("forbidden")] },
        new: { tools: [withTasks("required")] },
        findings: [{ rule: id, path: "research.execution.taskSupport", severity: "BREAKING" }],
      }, {
        title: "absent → required (absent means forbidden)",
        old: { tools: [tool("research")] },
        new: { tools: [withTasks("required")] },
        findings: [{ rule: id, path: "research.execution.taskSupport", severity: "BREAKING" }],
      }, {
        title: "optional → forbidden",
        old: { tools: [withTasks("optional")] },
        new: { tools: [withTasks("forbidden")] },
        findings: [{ rule: id, path: "research.execution.taskSupport", severity: "BREAKING" }],
      }]
      : [{
        title: "forbidden → optional",
        old: { tools: [withTasks("forbidden")] },
        new: { tools: [withTasks("optional")] },
        findings: [{ rule: id, path: "research.execution.taskSupport", severity: "NON_BREAKING" }],
      }],
    check({ pairs, report }) {
      for (const p of pairs.tools.paired) {
        const before = taskSupport(p.old);
        const after = taskSupport(p.new);
        if (before === undefined || after === undefined || before === after) continue;
        const lost = MODES[before]!.filter((m) => !MODES[after]!.includes(m));
        if ((lost.length > 0) !== narrowed) continue;
        report({
          entity: { kind: "tool", name: p.id },
          path: `${p.id}.execution.taskSupport`,
          pointer: at(
            "tools",
            p.newIndex,
            ...(isObject(p.new.execution)
              ? (p.new.execution.taskSupport === undefined
                ? ["execution"]
                : ["execution", "taskSupport"])
              : []),
          ),
          old: before,
          new: after,
          message: `"${p.id}": execution.taskSupport changed from "${before}" to "${after}"${
            lost.length > 0 ? `: ${lost.map((m) => LOST[m]).join("; ")}` : ""
          }`,
        });
      }
    },
  });
}

/** `tool.execution.taskSupport.narrowed` and `.widened`. */
export const executionRules: Rule[] = [taskRule(true), taskRule(false)];

/**
 * What strict MCP clients make of a tool list. The specification's Tool requires `type: "object"`
 * at the root of inputSchema, and of outputSchema when there is one; clients that validate a
 * `tools/list` result against it (the official TypeScript SDK's client, and those built on it)
 * reject the whole list when one tool lacks it, so they see none of the server's tools. Proxar
 * reads such a list (its comparison needs the schemas), so `proxar snapshot` says so.
 * @module
 */
import type { Tool } from "./contract.ts";
import { escapeControl } from "./escape_control.ts";
import { declaresObjectRoot } from "./schema/_root_object.ts";

/** How many tool names a warning names per schema before "and N more". */
const NAMED = 5;
/** The longest tool name a warning prints whole. */
const LONGEST = 60;

/** The tools whose inputSchema, or outputSchema when present, lacks `type: "object"` at its root. */
export interface RootGaps {
  inputSchema: string[];
  outputSchema: string[];
}

/**
 * The names of the tools a strict client rejects the list for, per schema, in list order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rootGaps } from "./strict_clients.ts";
 * const gaps = rootGaps([
 *   { name: "ok", inputSchema: { type: "object" } },
 *   { name: "bare", inputSchema: { $schema: "http://json-schema.org/draft-07/schema#" } },
 *   { name: "out", inputSchema: { type: "object" }, outputSchema: { type: "array" } },
 * ]);
 * assert.deepEqual(gaps, { inputSchema: ["bare"], outputSchema: ["out"] });
 * ```
 */
export function rootGaps(tools: readonly Tool[]): RootGaps {
  const gaps: RootGaps = { inputSchema: [], outputSchema: [] };
  for (const tool of tools) {
    if (!declaresObjectRoot(tool.inputSchema)) gaps.inputSchema.push(tool.name);
    if (tool.outputSchema !== undefined && !declaresObjectRoot(tool.outputSchema)) {
      gaps.outputSchema.push(tool.name);
    }
  }
  return gaps;
}

/**
 * One warning line (without `proxar: warning: ` or a line break) when strict clients reject the
 * list of `tools`, naming at most five tools per schema; undefined when they accept it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { strictClientWarning } from "./strict_clients.ts";
 * assert.equal(strictClientWarning([{ name: "a", inputSchema: { type: "object" } }]), undefined);
 * assert.match(strictClientWarning([{ name: "a", inputSchema: {} }]) ?? "", /^1 tool has no /);
 * ```
 */
export function strictClientWarning(tools: readonly Tool[]): string | undefined {
  const gaps = rootGaps(tools);
  const count = new Set([...gaps.inputSchema, ...gaps.outputSchema]).size;
  if (count === 0) return undefined;
  const where = (["inputSchema", "outputSchema"] as const)
    .filter((key) => gaps[key].length > 0)
    .map((key) => `${key} (${names(gaps[key])})`)
    .join(" or ");
  return `${count} ${
    count === 1 ? "tool has" : "tools have"
  } no type "object" at the root of ${where}: ` +
    `the MCP specification requires it, and clients that validate tools/list against it (the official TypeScript SDK's, and those built on it) reject the whole list, so they see none of this server's ${tools.length} ${
      tools.length === 1 ? "tool" : "tools"
    }`;
}

function names(list: readonly string[]): string {
  const shown = list.slice(0, NAMED).map((name) => {
    const whole = escapeControl(name);
    return whole.length > LONGEST ? `${whole.slice(0, LONGEST - 1)}…` : whole;
  });
  const rest = list.length - shown.length;
  return rest > 0 ? `${shown.join(", ")} and ${rest} more` : shown.join(", ");
}

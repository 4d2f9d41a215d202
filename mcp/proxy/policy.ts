/**
 * The proxy's graded policy (`proxy.policy`): each severity maps to `pass` (forward and alert,
 * the default) or `withhold`, which hides the tools whose changes reach it from the `tools/list`
 * answers the client sees and answers calls to them with an error saying how to accept them.
 * @module
 */
import { Buffer } from "node:buffer";
import type { Change } from "../../core/change.ts";
import type { Report } from "../../core/report.ts";
import type { Severity } from "../../core/severity.ts";
import type { RpcError } from "./relay.ts";

/** What the proxy does with a tool whose changes reach a severity. */
export type PolicyAction = "pass" | "withhold";

/** `proxy.policy`: severities not named pass. */
export type Policy = Partial<Record<Severity, PolicyAction>>;

/** The JSON-RPC error code of a call to a withheld tool. */
export const WITHHELD_CODE = -32003;

/** Whether a policy withholds anything at all. */
export function withholdsAny(policy: Policy): boolean {
  return Object.values(policy).includes("withhold");
}

/**
 * The tools a report makes the policy withhold, each with its strongest change (reports are
 * sorted strongest first). Suppressed changes never withhold.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withheldTools } from "./policy.ts";
 * const change = { rule: "tool.input.required.added", severity: "BREAKING" as const,
 *   entity: { kind: "tool" as const, name: "search" }, path: "search.inputSchema.required",
 *   pointer: "", message: "m" };
 * const report = { changes: [change] } as never;
 * assert.deepEqual([...withheldTools(report, { BREAKING: "withhold" }).keys()], ["search"]);
 * assert.equal(withheldTools(report, {}).size, 0);
 * ```
 */
export function withheldTools(report: Report, policy: Policy): Map<string, Change> {
  const withheld = new Map<string, Change>();
  for (const change of report.changes) {
    if (change.suppressed || change.entity.kind !== "tool") continue;
    if (policy[change.severity] !== "withhold") continue;
    if (!withheld.has(change.entity.name)) withheld.set(change.entity.name, change);
  }
  return withheld;
}

/** How the operator accepts a change: the command to run. */
export function acceptCommand(server: string | undefined): string {
  return server === undefined
    ? "add the server to servers: in proxar.yaml, then run: proxar pin --server NAME"
    : `proxar pin --server ${server}`;
}

/** The error answered to a `tools/call` of a withheld tool. */
export function withheldError(tool: string, change: Change, server: string | undefined): RpcError {
  const accept = acceptCommand(server);
  return {
    code: WITHHELD_CODE,
    message:
      `Tool "${tool}" is withheld by Proxar: ${change.severity} change ${change.rule} at ${change.path}; to accept it, run: ${accept}`,
    data: {
      tool,
      rule: change.rule,
      severity: change.severity,
      path: change.path,
      accept,
    },
  };
}

/**
 * A `tools/list` response without the withheld tools; undefined when nothing is removed (the
 * original bytes then pass unchanged).
 */
export function withoutWithheld(
  line: Buffer,
  withheld: ReadonlyMap<string, Change>,
): Buffer | undefined {
  if (withheld.size === 0) return undefined;
  let message: { result?: { tools?: unknown } };
  try {
    message = JSON.parse(line.toString("utf8"));
  } catch {
    return undefined;
  }
  const tools = message.result?.tools;
  if (!Array.isArray(tools)) return undefined;
  const kept = tools.filter((tool) => !withheld.has((tool as { name?: string })?.name ?? ""));
  if (kept.length === tools.length) return undefined;
  message.result!.tools = kept;
  return Buffer.from(JSON.stringify(message) + "\n");
}

/**
 * `tool.removed` says a tool was probably renamed when one tool was added with its schemas. Two
 * tools removed with equal schemas and one added with them both read "probably renamed to" it
 * (review of 6630221): neither is then said, since at most one was.
 */
import assert from "node:assert/strict";
import { diffContracts } from "../../core/engine.ts";
import type { JsonObject } from "../../core/json.ts";
import { contractFromValue } from "../../core/load_contract.ts";
import { registry } from "../core/schema/_schema_helpers.ts";

const inputSchema = { type: "object", properties: { pid: { type: "string" } }, required: ["pid"] };
const tool = (name: string): JsonObject => ({ name, inputSchema });

function removed(before: JsonObject[], after: JsonObject[]): string[] {
  const contract = (tools: JsonObject[]) =>
    contractFromValue({ server: { name: "s", version: "1" }, tools });
  return diffContracts(contract(before), contract(after), { registry }).changes
    .filter((c) => c.rule === "tool.removed")
    .map((c) => `${c.path}: ${c.hint ?? "no hint"}`);
}

Deno.test("tool.removed hints a rename when one tool was removed and one added with the same schemas", () => {
  assert.deepEqual(removed([tool("KillBash")], [tool("KillShell")]), [
    'KillBash: renamed to "KillShell"?',
  ]);
});

Deno.test("tool.removed hints no rename when two tools removed share the schemas of the one added", () => {
  assert.deepEqual(removed([tool("KillBash"), tool("StopBash")], [tool("KillShell")]), [
    "KillBash: no hint",
    "StopBash: no hint",
  ]);
  // Nor when two were added with the schemas of the one removed.
  assert.deepEqual(removed([tool("KillBash")], [tool("KillShell"), tool("StopShell")]), [
    "KillBash: no hint",
  ]);
});

/**
 * A contract file may leave a list out (a `tools/list` result beside a full snapshot, an older
 * or hand-written contract): "not captured" is not "none". An entry added against an old
 * contract that left its list out, or removed against a new one that does, may have been there
 * all along, so it is POTENTIALLY_BREAKING, not NON_BREAKING or BREAKING. A contract that records
 * capabilities without the one a list belongs to says that list holds nothing.
 */
import assert from "node:assert/strict";
import { diffContracts } from "../../core/engine.ts";
import type { JsonObject } from "../../core/json.ts";
import { contractFromValue } from "../../core/load_contract.ts";
import { registry } from "../core/schema/_schema_helpers.ts";

const server = { name: "s", version: "1" };
const tool = { name: "search", inputSchema: { type: "object" } };
const prompt = { name: "triage" };

function changes(before: JsonObject, after: JsonObject): string[] {
  const contract = (value: JsonObject) => contractFromValue({ server, ...value });
  return diffContracts(contract(before), contract(after), { registry }).changes
    .map((c) => `${c.rule} ${c.path} ${c.severity}`);
}

Deno.test("an entry gone from a list the new contract leaves out is POTENTIALLY_BREAKING", () => {
  assert.deepEqual(changes({ tools: [tool], prompts: [prompt] }, { tools: [tool] }), [
    "prompt.removed triage POTENTIALLY_BREAKING",
  ]);
  assert.deepEqual(changes({ tools: [tool], prompts: [] }, { prompts: [] }), [
    "tool.removed search POTENTIALLY_BREAKING",
  ]);
  // Recorded empty, the same entry is gone: BREAKING.
  assert.deepEqual(changes({ tools: [tool], prompts: [prompt] }, { tools: [tool], prompts: [] }), [
    "prompt.removed triage BREAKING",
  ]);
});

Deno.test("an entry new beside a list the old contract leaves out is POTENTIALLY_BREAKING", () => {
  assert.deepEqual(changes({ tools: [tool] }, { tools: [tool], prompts: [prompt] }), [
    "prompt.added triage POTENTIALLY_BREAKING",
  ]);
  assert.deepEqual(changes({ tools: [tool], prompts: [] }, { tools: [tool], prompts: [prompt] }), [
    "prompt.added triage NON_BREAKING",
  ]);
});

Deno.test("a list left out under capabilities that do not offer it holds nothing, both ways", () => {
  const toolsOnly = { capabilities: { tools: {} }, tools: [tool] };
  const withPrompts = {
    capabilities: { tools: {}, prompts: {} },
    tools: [tool],
    prompts: [prompt],
  };
  // The server stopped offering prompts: the prompt is gone for every client.
  assert.deepEqual(changes(withPrompts, toolsOnly), [
    "server.capability.removed server.capabilities.prompts BREAKING",
    "prompt.removed triage BREAKING",
  ]);
  // It started offering them: nothing was there before.
  assert.deepEqual(changes(toolsOnly, withPrompts), [
    "server.capability.added server.capabilities.prompts NON_BREAKING",
    "prompt.added triage NON_BREAKING",
  ]);
  // The capability stays announced and the list is left out: unknown, as without capabilities.
  const announced = { capabilities: { tools: {}, prompts: {} }, tools: [tool] };
  assert.deepEqual(changes(withPrompts, announced), ["prompt.removed triage POTENTIALLY_BREAKING"]);
  assert.deepEqual(changes(announced, withPrompts), ["prompt.added triage POTENTIALLY_BREAKING"]);
});

/**
 * `prompt.removed` names a prompt added with the same name in another case or separator style as
 * the probable new name: @modelcontextprotocol/server-everything 2025.9.25 → 2026.1.14 renamed
 * simple_prompt to simple-prompt and resource_prompt to resource-prompt, and the report said only
 * "was removed" and "was added".
 */
import assert from "node:assert/strict";
import { diffContracts } from "../../core/engine.ts";
import type { JsonObject } from "../../core/json.ts";
import { contractFromValue } from "../../core/load_contract.ts";
import { registry } from "../core/schema/_schema_helpers.ts";

const prompt = (name: string): JsonObject => ({ name, description: "A prompt" });

function lifecycle(before: string[], after: string[]): string[] {
  const contract = (names: string[]) =>
    contractFromValue({
      server: { name: "s", version: "1" },
      tools: [],
      prompts: names.map(prompt),
    });
  return diffContracts(contract(before), contract(after), { registry }).changes
    .map((c) => `${c.rule} ${c.path} ${c.severity}: ${c.hint ?? "no hint"}`);
}

Deno.test("prompt.removed hints the prompt added with the same name in another style, both ways", () => {
  assert.deepEqual(lifecycle(["simple_prompt"], ["simple-prompt"]), [
    'prompt.removed simple_prompt BREAKING: renamed to "simple-prompt"?',
    "prompt.added simple-prompt NON_BREAKING: no hint",
  ]);
  assert.deepEqual(lifecycle(["simplePrompt"], ["simple_prompt"]), [
    'prompt.removed simplePrompt BREAKING: renamed to "simple_prompt"?',
    "prompt.added simple_prompt NON_BREAKING: no hint",
  ]);
});

Deno.test("prompt.removed hints nothing when the name in another style is not one to one", () => {
  // Two added with the style-free name of the one removed: which one it became cannot be told.
  assert.deepEqual(lifecycle(["simple_prompt"], ["simple-prompt", "simplePrompt"]), [
    "prompt.removed simple_prompt BREAKING: no hint",
    "prompt.added simple-prompt NON_BREAKING: no hint",
    "prompt.added simplePrompt NON_BREAKING: no hint",
  ]);
  assert.deepEqual(lifecycle(["simple_prompt", "simplePrompt"], ["simple-prompt"]), [
    "prompt.removed simplePrompt BREAKING: no hint",
    "prompt.removed simple_prompt BREAKING: no hint",
    "prompt.added simple-prompt NON_BREAKING: no hint",
  ]);
  // Another name entirely is no rename Proxar can see.
  assert.deepEqual(lifecycle(["complex_prompt"], ["args-prompt"]), [
    "prompt.removed complex_prompt BREAKING: no hint",
    "prompt.added args-prompt NON_BREAKING: no hint",
  ]);
});

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

/** The findings of prompts given as [name, arguments] on each side, with their hints. */
function withArguments(before: [string, JsonObject[]][], after: [string, JsonObject[]][]) {
  const contract = (prompts: [string, JsonObject[]][]) =>
    contractFromValue({
      server: { name: "s", version: "1" },
      tools: [],
      prompts: prompts.map(([name, args]) => ({ name, arguments: args })),
    });
  return diffContracts(contract(before), contract(after), { registry }).changes
    .map((c) => `${c.rule} ${c.path} ${c.severity}: ${c.hint ?? "no hint"}`);
}

const product = {
  name: "product",
  description: "The product to search related keywords for",
  required: true,
};
const url = { name: "url", description: "The URL of the page to analyze", required: true };

Deno.test("prompt.removed hints the one prompt added with the same arguments, both ways", () => {
  // dataforseo-mcp-server 2.8.6 → 2.9.11: no word of the names in common, the arguments the same.
  const [old, next] = [
    "create_content_targeting_decision_stage_users",
    "dfs-decision-stage-content",
  ];
  assert.deepEqual(withArguments([[old, [product]]], [[next, [product]]]), [
    `prompt.removed ${old} BREAKING: renamed to "${next}"?`,
    `prompt.added ${next} NON_BREAKING: no hint`,
  ]);
  assert.deepEqual(withArguments([[next, [product]]], [[old, [product]]]), [
    `prompt.removed ${next} BREAKING: renamed to "${old}"?`,
    `prompt.added ${old} NON_BREAKING: no hint`,
  ]);
  // In another order, and required: false read as left out.
  const optional = { name: "tone", description: "The tone" };
  assert.deepEqual(
    withArguments([["a_prompt", [product, { ...optional, required: false }]]], [[
      "other",
      [optional, product],
    ]]),
    [
      'prompt.removed a_prompt BREAKING: renamed to "other"?',
      "prompt.added other NON_BREAKING: no hint",
    ],
  );
});

Deno.test("prompt.removed hints nothing when the arguments differ, are none, or are shared", () => {
  const none = (before: [string, JsonObject[]][], after: [string, JsonObject[]][]) =>
    assert.ok(
      withArguments(before, after).every((f) => f.endsWith("no hint")),
      `${before} → ${after}`,
    );
  // An argument now required, another description, another name: no evidence.
  none([["locate_broken", [{ ...url, required: false }]]], [["dfs-broken-links", [url]]]);
  none([["a_prompt", [product]]], [["b", [{ ...product, description: "The product" }]]]);
  none([["a_prompt", [product]]], [["b", [{ ...product, name: "item" }]]]);
  // Prompts without arguments all look alike.
  none([["a_prompt", []]], [["b", []]]);
  // Two removed and two added take only url, and no name tells which became which.
  none(
    [["check_load_time", [url]], ["detect_meta_tags", [url]]],
    [["dfs-performance-mobile-check", [url]], ["dfs-meta-tags-check", [url]]],
  );
  // Two removed take the arguments of the one added: neither is said to be it.
  none([["check_load_time", [url]], ["detect_meta_tags", [url]]], [["dfs-audit", [url]]]);
});

Deno.test("prompt.removed among prompts sharing arguments hints the closest name", () => {
  assert.deepEqual(
    withArguments([["page_audit", [url]], ["meta_check", [url]]], [["page_audits", [url]], [
      "tags",
      [url],
    ]]),
    [
      "prompt.removed meta_check BREAKING: no hint",
      'prompt.removed page_audit BREAKING: renamed to "page_audits"?',
      "prompt.added page_audits NON_BREAKING: no hint",
      "prompt.added tags NON_BREAKING: no hint",
    ],
  );
});

Deno.test("prompt.removed hints a prompt whose name's words changed when the descriptions are alike, one to one, both ways", () => {
  const contract = (prompts: JsonObject[]) =>
    contractFromValue({ server: { name: "s", version: "1" }, tools: [], prompts });
  const removed = (before: JsonObject[], after: JsonObject[]) =>
    diffContracts(contract(before), contract(after), { registry }).changes
      .filter((c) => c.rule === "prompt.removed")
      .map((c) => `${c.path}: ${c.hint ?? "no hint"}`);
  const description = "Review the code of a pull request for bugs and style.";
  const review = { name: "code_review", description, arguments: [{ name: "pr" }] };
  const next = { name: "review", description, arguments: [{ name: "url" }] };
  assert.deepEqual(removed([review], [next]), ['code_review: renamed to "review"?']);
  assert.deepEqual(removed([next], [review]), ['review: renamed to "code_review"?']);
  const [message] = diffContracts(contract([review]), contract([next]), { registry }).changes
    .filter((c) => c.rule === "prompt.removed").map((c) => c.message);
  assert.match(message!, /its name's words added, taken off or shortened and a description alike/);
  // Another description, two alike added, or a word put in the plural over other arguments: none.
  const other = { ...next, description: "Summarise a document in three sentences." };
  assert.deepEqual(removed([review], [other]), ["code_review: no hint"]);
  assert.deepEqual(removed([review], [next, { ...next, name: "pr_code_review" }]), [
    "code_review: no hint",
  ]);
  const file = { name: "summarize_file", description, arguments: [{ name: "path" }] };
  const files = { name: "summarize_files", description, arguments: [{ name: "glob" }] };
  assert.deepEqual(removed([file], [files]), ["summarize_file: no hint"]);
  assert.deepEqual(removed([file], [{ ...files, arguments: [{ name: "path" }] }]), [
    'summarize_file: renamed to "summarize_files"?',
  ]);
});

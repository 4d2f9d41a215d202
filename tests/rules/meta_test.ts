/**
 * `_meta` graded by its keys: keys only added that Proxar knows offer more are NON_BREAKING, keys
 * it does not know added are POTENTIALLY_BREAKING (undecidable: a client that knows one may act on
 * it), keys removed or changed stay POTENTIALLY_BREAKING, and MCP Apps' ui.visibility that comes
 * to leave out "model" is BREAKING on a tool.
 */
import assert from "node:assert/strict";
import { diffContracts } from "../../core/engine.ts";
import type { JsonObject } from "../../core/json.ts";
import { contractFromValue } from "../../core/load_contract.ts";
import { createRegistry } from "../../core/registry.ts";
import { builtinRules } from "../../rules/mod.ts";

const registry = createRegistry(builtinRules);

function graded(kind: "tool" | "prompt", before?: JsonObject, after?: JsonObject): string[] {
  const entry = (meta?: JsonObject) => ({
    ...(kind === "tool" ? { name: "t", inputSchema: { type: "object" } } : { name: "t" }),
    ...(meta === undefined ? {} : { _meta: meta }),
  });
  const contract = (meta?: JsonObject) =>
    contractFromValue(kind === "tool" ? { tools: [entry(meta)] } : { prompts: [entry(meta)] });
  return diffContracts(contract(before), contract(after), { registry }).changes
    .map((c) => `${c.severity} ${c.message}`);
}

const UI = { ui: { resourceUri: "ui://t/view.html" } };

Deno.test("tool.meta.changed: known keys added are NON_BREAKING; removing them is POTENTIALLY_BREAKING", () => {
  assert.deepEqual(graded("tool", undefined, UI), [
    'NON_BREAKING "t": _meta changed: added "ui"; Proxar knows these keys only offer clients that read them more (a UI, status text, framework tags), and other clients ignore _meta keys they do not know',
  ]);
  assert.deepEqual(
    graded("tool", UI, { ...UI, _fastmcp: { tags: [] } }).map((f) => f.split(" ")[0]),
    [
      "NON_BREAKING",
    ],
  );
  // The other direction: a client that read the key loses it.
  assert.deepEqual(graded("tool", UI, undefined), ['POTENTIALLY_BREAKING "t": _meta changed']);
  assert.deepEqual(graded("tool", UI, { ui: { resourceUri: "ui://t/other.html" } }), [
    'POTENTIALLY_BREAKING "t": _meta changed',
  ]);
});

Deno.test("tool.meta.changed: a key Proxar does not know added is undecidable, so POTENTIALLY_BREAKING, naming it", () => {
  assert.deepEqual(graded("tool", UI, { ...UI, "com.acme/routing": "eu", "x": 1 }), [
    'POTENTIALLY_BREAKING "t": _meta changed: added "com.acme/routing", "x", which Proxar does not know; clients that do not know a _meta key ignore it, but one that reads it may treat the tool differently',
  ]);
  // Beside keys that stay as they were, only the added ones count.
  assert.deepEqual(
    graded("tool", { a: 1 }, { a: 1, b: 2 }).map((f) => f.split(" ")[0]),
    ["POTENTIALLY_BREAKING"],
  );
});

Deno.test("tool.meta.changed: MCP Apps visibility that leaves out the model is BREAKING, and back is not", () => {
  const hidden = { ui: { ...UI.ui, visibility: ["app"] } };
  assert.deepEqual(graded("tool", UI, hidden), [
    'BREAKING "t": _meta changed: its MCP Apps ui.visibility leaves out "model" now, so hosts keep the tool from the model and agents can no longer call it',
  ]);
  assert.deepEqual(graded("tool", undefined, hidden).map((f) => f.split(" ")[0]), ["BREAKING"]);
  // Visible to the model again: ui changed, which clients that read it may act on.
  assert.deepEqual(graded("tool", hidden, UI), ['POTENTIALLY_BREAKING "t": _meta changed']);
  // Visibility that keeps the model is only an offer.
  const both = { ui: { ...UI.ui, visibility: ["model", "app"] } };
  assert.deepEqual(graded("tool", undefined, both).map((f) => f.split(" ")[0]), ["NON_BREAKING"]);
});

Deno.test("prompt.meta.changed: graded by the keys as tools are, without MCP Apps visibility", () => {
  assert.deepEqual(graded("prompt", undefined, { _fastmcp: { tags: ["a"] } }), [
    'NON_BREAKING Prompt "t": "_meta" was added: added "_fastmcp"; Proxar knows these keys only offer clients that read them more (a UI, status text, framework tags), and other clients ignore _meta keys they do not know',
  ]);
  assert.deepEqual(graded("prompt", undefined, { "com.acme/x": 1 }).map((f) => f.split(" ")[0]), [
    "POTENTIALLY_BREAKING",
  ]);
  assert.deepEqual(graded("prompt", { "com.acme/x": 1 }, undefined), [
    'POTENTIALLY_BREAKING Prompt "t": "_meta" was removed',
  ]);
});

Deno.test("tool.meta.changed: an empty _meta added or dropped is NON_BREAKING: it holds no key for any client to read", () => {
  const why = ": it holds no key either way, so no client reads anything different";
  assert.deepEqual(graded("tool", undefined, {}), [`NON_BREAKING "t": _meta changed${why}`]);
  assert.deepEqual(graded("tool", {}, undefined), [`NON_BREAKING "t": _meta changed${why}`]);
  assert.deepEqual(graded("prompt", {}, undefined), [
    `NON_BREAKING Prompt "t": "_meta" was removed${why}`,
  ]);
  // A key beside it still counts as the keys do.
  assert.deepEqual(graded("tool", {}, { "com.acme/x": 1 }).map((f) => f.split(" ")[0]), [
    "POTENTIALLY_BREAKING",
  ]);
  assert.deepEqual(graded("tool", { "com.acme/x": 1 }, {}), [
    'POTENTIALLY_BREAKING "t": _meta changed',
  ]);
});

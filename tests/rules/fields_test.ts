/**
 * `<kind>.field.unmodelled`: a field no rule models that only appears is POTENTIALLY_BREAKING
 * for tools, prompts, resources and resource templates alike (clients that do not know it ignore
 * it; @cyanheads/git-mcp-server added `examples` to its resources); changed or removed, or a
 * modelled field holding a value its rules cannot compare, it stays BREAKING.
 */
import assert from "node:assert/strict";
import { diffContracts } from "../../core/engine.ts";
import type { JsonObject } from "../../core/json.ts";
import { contractFromValue } from "../../core/load_contract.ts";
import { createRegistry } from "../../core/registry.ts";
import { builtinRules } from "../../rules/mod.ts";

const registry = createRegistry(builtinRules);

const ENTITIES: [string, string, JsonObject][] = [
  ["tools", "tool", { name: "t", inputSchema: { type: "object" } }],
  ["prompts", "prompt", { name: "t" }],
  ["resources", "resource", { uri: "file:///t", name: "t" }],
  ["resourceTemplates", "resourceTemplate", { uriTemplate: "file:///{t}", name: "t" }],
];

/** `rule path severity` of each finding when one entity of `list` goes from `a` to `b`. */
function changes(list: string, a: JsonObject, b: JsonObject): string[] {
  const { changes } = diffContracts(
    contractFromValue({ [list]: [a] }),
    contractFromValue({ [list]: [b] }),
    { registry },
  );
  return changes.map((c) => `${c.rule} ${c.path} ${c.severity}`);
}

Deno.test("<kind>.field.unmodelled grades an unknown field only added POTENTIALLY_BREAKING for every kind", () => {
  for (const [list, kind, base] of ENTITIES) {
    const id = String(base.uri ?? base.uriTemplate ?? base.name);
    const rule = `${kind}.field.unmodelled ${id}.examples`;
    const withExamples = { ...base, examples: ["git://working-directory"] };
    assert.deepEqual(changes(list, base, withExamples), [`${rule} POTENTIALLY_BREAKING`], kind);
    // Removed, or changed: clients that read it may now behave differently.
    assert.deepEqual(changes(list, withExamples, base), [`${rule} BREAKING`], kind);
    assert.deepEqual(
      changes(list, withExamples, { ...base, examples: [] }),
      [`${rule} BREAKING`],
      kind,
    );
  }
});

Deno.test("<kind>.field.unmodelled keeps a modelled field with a value it cannot compare BREAKING, added too", () => {
  // size is modelled, but only as a number: "big" is a value no rule compares.
  const base = { uri: "file:///t", name: "t" };
  assert.deepEqual(changes("resources", base, { ...base, size: "big" }), [
    "resource.field.unmodelled file:///t.size BREAKING",
  ]);
  // An unknown key added inside resource annotations is only added too.
  assert.deepEqual(changes("resources", base, { ...base, annotations: { "x-cache": "1h" } }), [
    "resource.field.unmodelled file:///t.annotations.x-cache POTENTIALLY_BREAKING",
  ]);
});

Deno.test("<kind>.field.unmodelled says an unknown field was added and that clients ignore it", () => {
  const base = { uri: "file:///t", name: "t" };
  const { changes: [finding] } = diffContracts(
    contractFromValue({ resources: [base] }),
    contractFromValue({ resources: [{ ...base, examples: ["x"] }] }),
    { registry },
  );
  assert.equal(
    finding?.message,
    'resource "file:///t": field "examples" was added, which Proxar does not model: clients that do not know it ignore it, and what it tells clients that do cannot be graded',
  );
  assert.equal(finding?.pointer, "/resources/0/examples");
});

/** `rule path severity message` of each finding when the server information goes from `a` to `b`. */
function serverChanges(a: JsonObject, b: JsonObject): string[] {
  const contract = (server: JsonObject) => contractFromValue({ server, tools: [] });
  return diffContracts(contract(a), contract(b), { registry }).changes
    .map((c) => `${c.rule} ${c.path} ${c.severity} ${c.message}`);
}

Deno.test("server.field.unmodelled grades an unknown serverInfo field only added POTENTIALLY_BREAKING, as for every entity", () => {
  // next-devtools-mcp 0.2.6 wrote its capabilities into serverInfo as well.
  const base = { name: "s", version: "1.0.0" };
  const odd = { ...base, capabilities: { tools: { listChanged: true } } };
  const path = "server.field.unmodelled server.serverInfo.capabilities";
  assert.deepEqual(serverChanges(base, odd), [
    `${path} POTENTIALLY_BREAKING Server information field "capabilities" was added, which Proxar does not model: clients that do not know it ignore it, and what it tells clients that do cannot be graded`,
  ]);
  // Removed, or changed: serverInfo is informational, so reviewed, not failing the build (codex
  // writes the client's version into user_agent; next-devtools and angular dropped fields they
  // had written there by mistake).
  assert.deepEqual(serverChanges(odd, base), [
    `${path} POTENTIALLY_BREAKING Server information field "capabilities" was removed, and Proxar does not model it`,
  ]);
  assert.deepEqual(serverChanges(odd, { ...base, capabilities: {} }).map((f) => f.split(" ")[2]), [
    "POTENTIALLY_BREAKING",
  ]);
  const agent = (client: string) => ({ ...base, user_agent: `codex_cli_rs/0.110.0 (${client})` });
  assert.deepEqual(
    serverChanges(agent("proxar; 0.1.0"), agent("proxar; 0.2.0")).map((f) => f.split(" ")[2]),
    ["POTENTIALLY_BREAKING"],
  );
  // An unknown field of a tool changed stays BREAKING: clients read some (claude-code's
  // shouldDefer decides whether a tool is loaded).
  const tools = (shouldDefer: boolean) =>
    contractFromValue({ tools: [{ name: "t", inputSchema: { type: "object" }, shouldDefer }] });
  assert.deepEqual(
    diffContracts(tools(false), tools(true), { registry }).changes.map((c) => c.severity),
    ["BREAKING"],
  );
  // A modelled field holding a value its rules cannot compare stays BREAKING, added too.
  assert.deepEqual(serverChanges(base, { ...base, websiteUrl: 1 }).map((f) => f.split(" ")[2]), [
    "BREAKING",
  ]);
});

Deno.test("server.field.unmodelled says a modelled field holds a value it cannot compare, not that it is unmodelled", () => {
  // Review: websiteUrl 5 read "Proxar does not model it", though the specification defines it.
  const base = { name: "s", version: "1.0.0" };
  const good = { ...base, websiteUrl: "https://example.com" };
  const odd = { ...base, websiteUrl: 5 };
  const expected = (change: string) =>
    `server.field.unmodelled server.serverInfo.websiteUrl BREAKING Server information field "websiteUrl" ${change}, and Proxar cannot compare it: a value has a shape the specification does not define`;
  assert.deepEqual(serverChanges(good, odd), [expected("changed")]);
  assert.deepEqual(serverChanges(odd, good), [expected("changed")]);
  assert.deepEqual(serverChanges(odd, base), [expected("was removed")]);
});

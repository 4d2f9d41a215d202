import assert from "node:assert/strict";
import type { Report } from "../../core/report.ts";
import { PassiveSampler } from "../../mcp/sampling/passive.ts";

function sampler(rate: number, perMinute: number, clock: { t: number }) {
  const compared: string[] = [];
  const s = new PassiveSampler({
    rate,
    perMinute,
    server: { name: "s", version: "1" },
    now: () => new Date(clock.t),
    outputSchema: () => Promise.resolve(undefined),
    pinned: () => Promise.resolve(undefined),
    compare: (_old, next) => {
      compared.push(Object.keys(next.contract.responses ?? {}).join());
      return Promise.resolve({ changes: [] } as unknown as Report);
    },
    alert: () => Promise.resolve(),
    log: (text) => assert.fail(text),
  });
  return { s, compared };
}

function event(tool: string) {
  return {
    tool,
    request: () => undefined,
    response: () => ({ result: { content: [{ type: "text", text: "x" }] } }),
    latencyMs: 1,
  };
}

Deno.test("PassiveSampler samples at most per_minute results a minute, all tools together", async () => {
  const clock = { t: 0 };
  const { s, compared } = sampler(1, 2, clock);
  for (const tool of ["a", "b", "a", "b"]) s.onToolResult(event(tool));
  clock.t = 59_999;
  s.onToolResult(event("a"));
  clock.t = 60_000;
  s.onToolResult(event("b"));
  await s.settle();
  assert.equal(s.sampled, 3);
  assert.deepEqual(compared, ["a", "b", "b"]);
  assert.equal(s.shapes().b!.calls, 2);
});

Deno.test("PassiveSampler takes every n-th result for a rate of 1/n, deterministically", async () => {
  const { s } = sampler(1 / 3, 100, { t: 0 });
  for (let i = 0; i < 9; i++) s.onToolResult(event("a"));
  await s.settle();
  assert.equal(s.sampled, 3);
  const none = sampler(0, 100, { t: 0 }).s;
  none.onToolResult(event("a"));
  assert.equal(none.sampled, 0);
});

Deno.test("PassiveSampler ignores JSON-RPC errors and calls without a tool name", async () => {
  const { s } = sampler(1, 100, { t: 0 });
  s.onToolResult({ ...event("a"), response: () => ({ error: { code: -32602, message: "x" } }) });
  s.onToolResult(event(""));
  await s.settle();
  assert.equal(s.sampled, 0);
  assert.deepEqual(s.shapes(), {});
});

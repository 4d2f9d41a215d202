/**
 * `proxar proxy` end to end: the official SDK client through the proxy to real servers from the
 * npm registry behaves exactly as it does directly (the transcripts are compared).
 */
import assert from "node:assert/strict";
import { rmSync, writeFileSync } from "node:fs";
import process from "node:process";
import { CompleteResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { EVERYTHING, quote, tempDir } from "./_live_servers.ts";
import { connectRecording, proxarArgv, type RecordingClient } from "./_proxy_client.ts";

/** The same session against any command: every kind of message the protocol has. */
async function session(c: RecordingClient): Promise<void> {
  const { client } = c;
  // server-everything asks for the roots at start and logs their receipt; wait for both, so
  // the rest of the session does not race with them.
  await c.rootsListed;
  while (!c.transcript.some((r) => JSON.stringify(r.message).includes("Roots updated"))) {
    await new Promise((done) => setTimeout(done, 20));
  }
  await client.listTools();
  await client.callTool({ name: "echo", arguments: { message: "hello through the proxy" } });
  await client.callTool({ name: "get-sum", arguments: { a: 2, b: 3 } });
  await client.listResources();
  await client.readResource({ uri: "demo://resource/static/document/architecture.md" });
  await client.listResourceTemplates();
  await client.listPrompts();
  await client.getPrompt({ name: "args-prompt", arguments: { city: "Berlin", state: "BE" } });
  await client.request({
    method: "completion/complete",
    params: {
      ref: { type: "ref/prompt", name: "completable-prompt" },
      argument: { name: "department", value: "En" },
    },
  }, CompleteResultSchema);
  const progress: unknown[] = [];
  await client.callTool(
    { name: "trigger-long-running-operation", arguments: { duration: 0.2, steps: 3 } },
    undefined,
    { onprogress: (p: unknown) => void progress.push(p) },
  );
  assert.ok(progress.length >= 2, `progress: ${progress.length}`);
  const sampled = await client.callTool({
    name: "trigger-sampling-request",
    arguments: { prompt: "say hi", maxTokens: 5 },
  });
  assert.match(JSON.stringify(sampled), /sampled: /);
  await client.callTool({ name: "no-such-tool", arguments: {} });
}

/** The transcript without what legitimately differs between runs. */
function normalised(c: RecordingClient): string {
  return JSON.stringify(c.transcript, null, 1)
    .replace(/"timestamp": ?"[^"]*"/g, '"timestamp":"T"')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "TIME");
}

Deno.test("proxar proxy relays a whole session with server-everything exactly as direct", async () => {
  const dir = tempDir();
  try {
    const server = ["node", EVERYTHING, "stdio"];
    const direct = await connectRecording(server, { cwd: dir });
    await session(direct);
    await direct.close();
    const proxied = await connectRecording(
      proxarArgv(["proxy", `stdio:${server.map(quote).join(" ")}`]),
      { cwd: dir },
    );
    await session(proxied);
    await proxied.close();
    if (process.env.PROXAR_TRANSCRIPTS) {
      writeFileSync(`${process.env.PROXAR_TRANSCRIPTS}.direct.json`, normalised(direct));
      writeFileSync(`${process.env.PROXAR_TRANSCRIPTS}.proxied.json`, normalised(proxied));
    }
    assert.equal(normalised(proxied), normalised(direct));
    assert.ok(direct.transcript.length > 20, `only ${direct.transcript.length} messages`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

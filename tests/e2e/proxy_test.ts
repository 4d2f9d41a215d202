/**
 * `proxar proxy` end to end: the official SDK client through the proxy to real servers from the
 * npm registry behaves exactly as it does directly (the transcripts are compared).
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer as createNetServer } from "node:net";
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
  while (
    c.roots && !c.transcript.some((r) => JSON.stringify(r.message).includes("Roots updated"))
  ) {
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

/** A process started for a test, with its standard error collected. */
function started(command: string[], env: Record<string, string> = {}) {
  const child = spawn(command[0]!, command.slice(1), {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | string | null>((done) =>
    child.on("close", (code, signal) => done(code ?? signal))
  );
  const waitFor = async (pattern: RegExp): Promise<RegExpExecArray> => {
    for (let i = 0; i < 1200; i++) {
      const match = pattern.exec(stderr);
      if (match) return match;
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error(`timed out waiting for ${pattern}; stderr: ${stderr}`);
  };
  // process.kill, not child.kill: Deno's ChildProcess.kill does not send one plain signal.
  const stop = () => process.kill(child.pid!, "SIGTERM");
  return { child, stderr: () => stderr, exited, waitFor, stop };
}

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const port = (server.address() as AddressInfo).port;
  await new Promise((done) => server.close(done));
  return port;
}

Deno.test("proxar proxy --listen relays server-everything over Streamable HTTP exactly as direct, with /metrics", async () => {
  const port = await freePort();
  const upstream = started(["node", EVERYTHING, "streamableHttp"], { PORT: String(port) });
  const dir = tempDir();
  let proxy: ReturnType<typeof started> | undefined;
  try {
    await upstream.waitFor(/listening on port/);
    // server-everything asks for roots 350 ms after initialized, on the GET stream, and drops
    // the request when that stream is not open yet: a race in the server, so no roots here.
    const direct = await connectRecording(new URL(`http://127.0.0.1:${port}/mcp`), {
      roots: false,
    });
    await session(direct);
    await direct.close();
    proxy = started(proxarArgv([
      "proxy",
      `http://127.0.0.1:${port}/mcp`,
      "--listen",
      "127.0.0.1:0",
    ]));
    const at = (await proxy.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\//))[1];
    const proxied = await connectRecording(new URL(`${at}/mcp`), { roots: false });
    await session(proxied);
    await proxied.close();
    assert.equal(normalised(proxied), normalised(direct));

    const metrics = await (await fetch(`${at}/metrics`)).text();
    const server = `server="http://127.0.0.1:${port}/mcp"`;
    assert.match(
      metrics,
      new RegExp(`proxar_proxy_requests_total\\{${server},method="tools/call"\\} 5\n`),
    );
    // An unknown tool is a tool result with isError, not a JSON-RPC error: no error counted.
    assert.match(metrics, /^# TYPE proxar_proxy_errors_total counter$/m);
    assert.doesNotMatch(metrics, /^proxar_proxy_errors_total/m);
    assert.match(
      metrics,
      new RegExp(
        `proxar_proxy_request_duration_seconds_count\\{${server},method="tools/list"\\} 1\n`,
      ),
    );
    assert.match(
      metrics,
      new RegExp(`proxar_proxy_contract_info\\{${server},hash="sha256:[0-9a-f]{64}"\\} 1\n`),
      proxy.stderr(),
    );
    assert.doesNotMatch(proxy.stderr(), /ALERT/);
    proxy.stop();
    assert.equal(await proxy.exited, 0, proxy.stderr());
  } finally {
    if (proxy && proxy.child.exitCode === null) proxy.stop();
    upstream.stop();
    await upstream.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar proxy --listen answers 502 with a JSON-RPC error when the upstream is gone", async () => {
  const port = await freePort();
  const proxy = started(proxarArgv([
    "proxy",
    `http://127.0.0.1:${port}/mcp`,
    "--listen",
    "127.0.0.1:0",
  ]));
  try {
    const at = (await proxy.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\//))[1];
    const response = await fetch(`${at}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" }),
    });
    assert.equal(response.status, 502);
    assert.deepEqual(await response.json(), {
      jsonrpc: "2.0",
      id: 7,
      error: { code: -32000, message: "The MCP server cannot be reached (reported by Proxar)" },
    });
    assert.match(proxy.stderr(), /proxar: the upstream server cannot be reached: /);
    const metrics = await (await fetch(`${at}/metrics`)).text();
    assert.match(metrics, /^proxar_proxy_errors_total\{server="[^"]+",method="tools\/list"\} 1$/m);
  } finally {
    proxy.stop();
    assert.equal(await proxy.exited, 0);
  }
});

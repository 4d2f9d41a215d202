/**
 * `proxar proxy --listen` in front of a stdio server: the official SDK client over Streamable
 * HTTP through the proxy to server-everything over stdio behaves exactly as the client over stdio
 * directly (the transcripts are compared); each session has a server process of its own, ended
 * when the session is DELETEd, stays idle, or its server crashes (then HTTP 502).
 */
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { everythingServer, quote, tempDir, testServerSpec } from "./_live_servers.ts";
import {
  assertSameTranscript,
  connectRecording,
  proxarArgv,
  session,
  started,
} from "./_proxy_client.ts";
import { alive, INITIALIZE } from "./_proxy_raw.ts";

/** POSTs JSON-RPC to the proxy; returns the status, the session id and the messages answered. */
async function post(
  url: string,
  body: unknown,
  sessionId?: string,
): Promise<{ status: number; session: string | null; messages: Record<string, unknown>[] }> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
      ...(sessionId ? { "mcp-session-id": sessionId } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const messages = response.headers.get("content-type")?.startsWith("text/event-stream")
    ? text.split("\n").filter((l) => l.startsWith("data: ")).map((l) => JSON.parse(l.slice(6)))
    : text === ""
    ? []
    : [JSON.parse(text)].flat();
  return { status: response.status, session: response.headers.get("mcp-session-id"), messages };
}

Deno.test("proxar proxy --listen serves a stdio server-everything to the SDK's HTTP client exactly as stdio direct", async () => {
  const dir = tempDir();
  const server = everythingServer("stdio");
  const proxy = started(proxarArgv([
    "proxy",
    `stdio:${server.map(quote).join(" ")}`,
    "--listen",
    "127.0.0.1:0",
  ]));
  try {
    const direct = await connectRecording(server, { cwd: dir });
    await session(direct);
    await direct.close();
    const at = (await proxy.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\//))[1];
    const proxied = await connectRecording(new URL(`${at}/mcp`));
    await session(proxied);
    await proxied.close();
    assertSameTranscript(direct, proxied);

    const metrics = await (await fetch(`${at}/metrics`)).text();
    assert.match(metrics, /proxar_proxy_requests_total\{server="[^"]+",method="tools\/call"\} 5\n/);
    assert.match(
      metrics,
      /proxar_proxy_contract_info\{server="[^"]+",hash="sha256:[0-9a-f]{64}"\} 1\n/,
    );
    proxy.stop();
    assert.equal(await proxy.exited, 0, proxy.stderr());
  } finally {
    if (proxy.child.exitCode === null) proxy.stop();
    await proxy.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar proxy --listen gives each session its own stdio server and ends it on DELETE, when idle, and on a crash", async () => {
  const proxy = started(proxarArgv([
    "proxy",
    testServerSpec("--print-pid", "--spawn-child", "--big-result", "1"),
    "--listen",
    "127.0.0.1:0",
    // Long enough that the steps below, slow on a loaded machine, never leave a session idle
    // that long by accident (with one second, session a's server was shut down before its call).
    "--idle-timeout",
    "5",
  ]));
  try {
    const at = (await proxy.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\//))[1];
    const url = `${at}/mcp`;
    const pids = () => [...proxy.stderr().matchAll(/^pid (\d+)$/gm)].map((m) => Number(m[1]));
    const children = () =>
      [...proxy.stderr().matchAll(/^child pid (\d+)$/gm)].map((m) => Number(m[1]));
    const open = async () => {
      const before = pids().length;
      const init = await post(url, INITIALIZE);
      assert.equal(init.status, 200);
      assert.equal(
        (init.messages[0]!.result as { protocolVersion: string }).protocolVersion,
        "2025-06-18",
      );
      const id = init.session!;
      assert.equal(
        (await post(url, { jsonrpc: "2.0", method: "notifications/initialized" }, id)).status,
        202,
      );
      await proxy.waitFor(new RegExp(`(^pid \\d+\\n[^]*){${before + 1}}`, "m"));
      await proxy.waitFor(new RegExp(`(^child pid \\d+\\n[^]*){${before + 1}}`, "m"));
      return { id, pid: pids().at(-1)!, child: children().at(-1)! };
    };
    const gone = async (pid: number) => {
      for (let i = 0; i < 400 && alive(pid); i++) await new Promise((t) => setTimeout(t, 50));
      return !alive(pid);
    };

    // Two sessions, two servers; a call in one is answered in that one.
    const a = await open();
    const b = await open();
    assert.notEqual(a.pid, b.pid);
    const echo = await post(url, {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "echo", arguments: { text: "for a" } },
    }, a.id);
    assert.deepEqual(echo.messages.at(-1)!.result, { content: [{ type: "text", text: "for a" }] });

    // DELETE ends the session's server and every process it started; the id is unknown then.
    const deleted = await fetch(url, {
      method: "DELETE",
      headers: { "mcp-session-id": a.id, "mcp-protocol-version": "2025-06-18" },
    });
    assert.equal(deleted.status, 200);
    assert.ok(await gone(a.pid), "the server outlived DELETE");
    assert.ok(await gone(a.child), "the server's child outlived DELETE");
    assert.equal(
      (await post(url, { jsonrpc: "2.0", id: 3, method: "tools/list" }, a.id)).status,
      404,
    );

    // Idle for the limit (five seconds here): the session's server is shut down.
    assert.ok(await gone(b.pid), "an idle session's server was not shut down");
    assert.ok(await gone(b.child));
    assert.match(
      proxy.stderr(),
      /proxar: session [0-9a-f-]+ was idle for 5s; its server is shut down\n/,
    );

    // A crash: the waiting request gets a JSON-RPC error, later ones HTTP 502.
    const c = await open();
    const crash = await post(url, {
      jsonrpc: "2.0",
      id: 4,
      method: "tools/call",
      params: { name: "crash", arguments: {} },
    }, c.id);
    assert.deepEqual(crash.messages.at(-1), {
      jsonrpc: "2.0",
      id: 4,
      error: {
        code: -32000,
        message: "The MCP server exited with code 3 before answering (reported by Proxar)",
      },
    });
    const after = await post(url, { jsonrpc: "2.0", id: 5, method: "tools/list" }, c.id);
    assert.equal(after.status, 502);
    assert.deepEqual(after.messages, [{
      jsonrpc: "2.0",
      id: 5,
      error: { code: -32000, message: "The MCP server exited with code 3 (reported by Proxar)" },
    }]);
    assert.ok(await gone(c.child), "the crashed server's child outlived it");

    // Stopping the proxy ends the servers of the sessions still open.
    const d = await open();
    proxy.stop();
    assert.equal(await proxy.exited, 0, proxy.stderr());
    assert.ok(await gone(d.pid));
    assert.ok(await gone(d.child));
  } finally {
    if (proxy.child.exitCode === null) proxy.stop();
    await proxy.exited;
  }
});

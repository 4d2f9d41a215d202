/**
 * `proxar proxy` end to end: the official SDK client through the proxy to real servers from the
 * npm registry behaves exactly as it does directly (the transcripts are compared).
 */
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { everythingServer, quote, tempDir } from "./_live_servers.ts";
import {
  assertSameTranscript,
  connectRecording,
  normalised,
  proxarArgv,
  session,
  started,
  until,
} from "./_proxy_client.ts";

Deno.test("proxar proxy relays a whole session with server-everything exactly as direct", async () => {
  const dir = tempDir();
  try {
    const server = everythingServer("stdio");
    const direct = await connectRecording(server, { cwd: dir });
    await session(direct);
    await direct.close();
    const proxied = await connectRecording(
      proxarArgv(["proxy", `stdio:${server.map(quote).join(" ")}`]),
      { cwd: dir },
    );
    await session(proxied);
    await proxied.close();
    assertSameTranscript(direct, proxied);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const port = (server.address() as AddressInfo).port;
  await new Promise((done) => server.close(done));
  return port;
}

Deno.test("proxar proxy --listen relays server-everything over Streamable HTTP exactly as direct, with /metrics", async () => {
  const port = await freePort();
  const upstream = started(everythingServer("streamableHttp"), { PORT: String(port) });
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

    const server = `server="http://127.0.0.1:${port}/mcp"`;
    const contractInfo = new RegExp(
      `proxar_proxy_contract_info\\{${server},hash="sha256:[0-9a-f]{64}"\\} 1\n`,
    );
    // The observer hashes the contract after the client has its answer, so on a loaded machine
    // the first scrape can come before it: read until it is there.
    let metrics = "";
    await until("the contract hash in /metrics", async () => {
      metrics = await (await fetch(`${at}/metrics`)).text();
      return contractInfo.test(metrics);
    });
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
    assert.match(metrics, contractInfo, proxy.stderr());
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

/**
 * Passive response sampling behind `proxar proxy`: results passing through are merged per tool
 * and compared with the samples pinned by `proxar sample --pin`; drift raises one alert with the
 * exact findings, and the merged shapes (never values) are written when the session ends; over
 * stdio and over Streamable HTTP (`--listen`).
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, runCli } from "../helpers.ts";
import { configuredServer, tempDir, writeConfig } from "./_live_servers.ts";
import {
  connectRecording,
  proxarArgv,
  type RecordingClient,
  type Started,
  started,
  until,
} from "./_proxy_client.ts";

const FIXTURE = `${ROOT}/tests/fixtures/servers/sampling_server.ts`;
const OBSERVED = ".proxar/samples/fixture/observed.json";

function config(sampling = "", extra: string[] = []): string {
  return `servers:
  fixture:
${configuredServer(FIXTURE, "--variant", "${VARIANT}", ...extra).join("\n")}
samples:
  fixture:
    - tool: list_items
${sampling}`;
}

function alerts(dir: string): { against: string; findings: Record<string, string>[] }[] {
  const path = join(dir, ".proxar", "alerts.jsonl");
  if (!existsSync(path)) return [];
  // Only complete lines: the proxy may be appending one while the test reads.
  return readFileSync(path, "utf8").split("\n").slice(0, -1).map((line) => JSON.parse(line));
}

/** Pins the samples of the fixture's first variant in `dir`. */
async function pinFirstVariant(dir: string): Promise<void> {
  writeConfig(dir, config());
  const pinned = await runCli(["sample", "--server", "fixture", "--pin"], {
    cwd: dir,
    env: { VARIANT: "1" },
  });
  assert.equal(pinned.code, 0, pinned.stderr);
}

/** Calls the second variant's tools through the proxy: the first call's result drifts. */
async function callDriftedTools(c: RecordingClient, dir: string): Promise<void> {
  // No listTools first: the SDK client would reject v2's result against the outputSchema.
  const result = await c.client.callTool({ name: "list_items", arguments: {} });
  assert.equal((result.structuredContent as { items: unknown[] }).items.length, 3);
  await until("the alert", () => alerts(dir).length === 1);
  await c.client.callTool({ name: "list_items", arguments: { filter: "x" } });
  await c.client.callTool({ name: "count_items", arguments: {} });
}

/** The one alert, the proxy's messages and the observed shapes after {@link callDriftedTools}. */
function assertDriftReported(dir: string, stderr: string): void {
  const [entry, ...more] = alerts(dir);
  assert.deepEqual(more, [], "one alert for the same drift");
  assert.equal(entry!.against, "pinned-samples");
  assert.deepEqual(entry!.findings.map((f) => `${f.severity} ${f.rule} ${f.path}`), [
    "BREAKING tool.response.outputSchema.violated list_items.response.structuredContent.items[].status",
    "POTENTIALLY_BREAKING tool.response.order.changed list_items.response.structuredContent.items",
    "POTENTIALLY_BREAKING tool.response.field.removed list_items.response.structuredContent.items[].owner",
    "POTENTIALLY_BREAKING tool.response.nullable list_items.response.structuredContent.items[].summary",
  ]);
  assert.match(stderr, /proxar: ALERT fixture: tool results drifted from the pinned samples/);
  assert.match(
    stderr,
    /proxar: 3 tool results sampled; their shapes are in \.proxar\/samples\/fixture\/observed\.json/,
  );
  const shapes = JSON.parse(readFileSync(join(dir, OBSERVED), "utf8"));
  assert.deepEqual(Object.keys(shapes.responses), ["count_items", "list_items"]);
  assert.equal(shapes.responses.list_items.calls, 2);
  // The server as it names itself, as `proxar sample` writes it (it was "unknown").
  assert.deepEqual(shapes.server, { name: "sampling-fixture", version: "2.0.0" });
}

Deno.test("proxar proxy samples passing results and alerts once on drift from the pinned samples", async () => {
  const dir = tempDir();
  let proxied: RecordingClient | undefined;
  try {
    await pinFirstVariant(dir);
    proxied = await connectRecording(proxarArgv(["proxy", "--server", "fixture"]), {
      cwd: dir,
      env: { VARIANT: "2" },
    });
    await callDriftedTools(proxied, dir);
    assert.equal(await proxied.endInput(), 0, proxied.stderr());
    const observed = join(dir, OBSERVED);
    assert.ok(existsSync(observed), proxied.stderr());
    assertDriftReported(dir, proxied.stderr());
    const text = readFileSync(observed, "utf8");
    for (const value of ["gamma", "archived", "2026-01-02", "second"]) {
      assert.ok(!text.includes(value), `observed.json holds "${value}"`);
    }
    // What the proxy saw is a samples file like any other.
    const check = await runCli(
      ["sample", "--server", "fixture", "--check", "--against", observed, "--format", "json"],
      { cwd: dir, env: { VARIANT: "2" } },
    );
    assert.equal(check.code, 1, check.stderr);
  } finally {
    await proxied?.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar proxy --listen samples the results passing over Streamable HTTP and alerts once on drift", async () => {
  const dir = tempDir();
  let proxy: Started | undefined;
  let proxied: RecordingClient | undefined;
  try {
    await pinFirstVariant(dir);
    proxy = started(
      proxarArgv(["proxy", "--server", "fixture", "--listen", "127.0.0.1:0"]),
      { VARIANT: "2" },
      dir,
    );
    const at = (await proxy.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\//))[1];
    proxied = await connectRecording(new URL(`${at}/mcp`));
    await callDriftedTools(proxied, dir);
    await proxied.close();
    proxy.stop();
    assert.equal(await proxy.exited, 0, proxy.stderr());
    assertDriftReported(dir, proxy.stderr());
  } finally {
    await proxied?.close().catch(() => {});
    if (proxy && proxy.child.exitCode === null) proxy.stop();
    await proxy?.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar proxy samples only the configured share of results, and none with rate 0", async () => {
  const dir = tempDir();
  try {
    for (const [rate, expected] of [["0.5", 2], ["0", 0]] as const) {
      writeConfig(dir, config(`sampling:\n  rate: ${rate}\n`));
      const proxied = await connectRecording(proxarArgv(["proxy", "--server", "fixture"]), {
        cwd: dir,
        env: { VARIANT: "1" },
      });
      for (let i = 0; i < 4; i++) {
        await proxied.client.callTool({ name: "count_items", arguments: {} });
      }
      // The proxy writes what it sampled before it exits: no waiting for the file after that.
      assert.equal(await proxied.endInput(), 0, proxied.stderr());
      const observed = join(dir, OBSERVED);
      if (expected === 0) {
        assert.ok(!existsSync(observed), proxied.stderr());
        continue;
      }
      assert.ok(existsSync(observed), proxied.stderr());
      const shapes = JSON.parse(readFileSync(observed, "utf8"));
      assert.equal(shapes.responses.count_items.calls, expected);
      rmSync(observed);
    }
    assert.deepEqual(alerts(dir), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar proxy writes what it sampled at once when the client leaves before the tool listing arrives", async () => {
  const dir = tempDir();
  try {
    // The server answers the proxy's own tools/list only after 5 s: the results sampled before
    // cannot be checked against an outputSchema, and must not wait for one that cannot come.
    writeConfig(dir, config("", ["--slow-list"]));
    const proxied = await connectRecording(proxarArgv(["proxy", "--server", "fixture"]), {
      cwd: dir,
      env: { VARIANT: "1" },
    });
    for (let i = 0; i < 2; i++) {
      await proxied.client.callTool({ name: "count_items", arguments: {} });
    }
    assert.equal(await proxied.endInput(), 0, proxied.stderr());
    const shapes = JSON.parse(readFileSync(join(dir, OBSERVED), "utf8"));
    assert.equal(shapes.responses.count_items.calls, 2);
    assert.match(
      proxied.stderr(),
      /proxar: 2 sampled results came before the server's tool listing; not checked against an outputSchema/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar proxy writes what it sampled while a server that will not stop is shut down", async () => {
  const dir = tempDir();
  try {
    // The server outlives its input and ignores SIGTERM: the proxy's SIGKILL ends it a second
    // after its SIGTERM, and a client's SIGKILL may end the proxy soon after. On SIGTERM the
    // server notes whether the sampled shapes were on disk by then.
    writeConfig(dir, config("", ["--stubborn"]));
    const proxied = await connectRecording(proxarArgv(["proxy", "--server", "fixture"]), {
      cwd: dir,
      env: { VARIANT: "1" },
    });
    await proxied.client.listTools();
    await proxied.client.callTool({ name: "count_items", arguments: {} });
    assert.equal(await proxied.endInput(), 0, proxied.stderr());
    assert.equal(readFileSync(join(dir, "stubborn.txt"), "utf8"), "observed.json was written");
    const shapes = JSON.parse(readFileSync(join(dir, OBSERVED), "utf8"));
    assert.equal(shapes.responses.count_items.calls, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

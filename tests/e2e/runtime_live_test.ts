/**
 * Live servers from whichever runtime runs the suite (`PROXAR_CMD`: the binary, the npm package
 * under Node, the source under Deno): `proxar snapshot` spawns a real stdio server (the published
 * `server-everything` under Node) and connects to a Streamable HTTP server, and `proxar diff`
 * compares two live stdio servers. The test server runs as the other tests run it
 * (`fixtureServer()`: compiled under `npm test`), a fixture whose runtime is not under test.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findings, runCli } from "../helpers.ts";
import { EVERYTHING, fixtureServer, quote, TEST_SERVER } from "./_live_servers.ts";

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "proxar-live-"));
}

Deno.test("proxar snapshot captures a real stdio server", async () => {
  const dir = tempDir();
  try {
    const result = await runCli(
      ["snapshot", `stdio:node ${EVERYTHING} stdio`, "--out", "contract.json"],
      { cwd: dir },
    );
    assert.equal(result.stderr, "");
    assert.equal(result.code, 0);
    assert.match(
      result.stdout,
      /^Wrote contract\.json: mcp-servers\/everything 2\.0\.0, 13 tools, 4 prompts, 7 resources, 2 resource templates \(sha256:[0-9a-f]{64}\)\n$/,
    );
    const snapshot = JSON.parse(readFileSync(join(dir, "contract.json"), "utf8"));
    assert.equal(snapshot.server.name, "mcp-servers/everything");
    assert.ok(snapshot.tools.some((t: { name: string }) => t.name === "echo"));
    const check = await runCli(
      ["snapshot", `stdio:node ${EVERYTHING} stdio`, "--check", "contract.json"],
      { cwd: dir },
    );
    assert.equal(check.stderr, "");
    assert.equal(check.code, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar diff compares two live stdio servers", async () => {
  const server = (variant: number) =>
    `stdio:${fixtureServer(TEST_SERVER, "--variant", String(variant)).map(quote).join(" ")}`;
  const result = await runCli(["diff", server(1), server(2), "--format", "json"]);
  assert.equal(result.stderr, "");
  assert.equal(result.code, 1);
  assert.deepEqual(findings(result.stdout), [
    "server.version.changed|server.serverInfo.version|DOCUMENTATION",
    "tool.added|close_issue|NON_BREAKING",
    "tool.input.required.added|search_issues.inputSchema.required|BREAKING",
  ]);
});

Deno.test("proxar snapshot connects to a Streamable HTTP server", async () => {
  const [command, ...args] = fixtureServer(TEST_SERVER, "--http", "0");
  const child = spawn(command!, args, {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const dir = tempDir();
  try {
    const url = await new Promise<string>((done, failed) => {
      let out = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        out += chunk;
        const match = /listening (http:\/\/\S+)\n/.exec(out);
        if (match) done(match[1] as string);
      });
      child.on("exit", (code) => failed(new Error(`the test server exited with ${code}`)));
    });
    const result = await runCli(["snapshot", url, "--out", "http.json"], { cwd: dir });
    assert.equal(result.stderr, "");
    assert.equal(result.code, 0);
    assert.match(result.stdout, /^Wrote http\.json: issues-mcp 1\.0\.0, 2 tools, /);
  } finally {
    child.kill();
    await new Promise((done) => child.exitCode === null ? child.on("close", done) : done(null));
    rmSync(dir, { recursive: true, force: true });
  }
});

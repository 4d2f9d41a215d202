/**
 * `proxar proxy` under faults, spoken to as raw JSON-RPC lines: the server crashing mid-request,
 * the client going away, a signal, noise on the server's stdout, a message larger than the SDK's
 * default buffer, and a store that stays whole when the proxy is stopped during a drift.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { readSnapshotText } from "../../mcp/snapshot.ts";
import {
  configuredServer,
  tempDir,
  TEST_SERVER,
  testServerSpec,
  writeConfig,
} from "./_live_servers.ts";
import { alive, historyHas, serverPid, startProxy, toolCall as call } from "./_proxy_raw.ts";

Deno.test("proxar proxy answers every waiting request when the server crashes, then exits 1", async () => {
  const dir = tempDir();
  try {
    const p = startProxy([testServerSpec("--big-result", "10", "--print-pid")], dir);
    await p.initialize();
    p.send(call(2, "hang"));
    p.send(call(3, "crash"));
    const [hung, crashed] = [await p.answer(2), await p.answer(3)];
    for (const answer of [hung, crashed]) {
      assert.deepEqual(answer.error, {
        code: -32000,
        message: "The MCP server exited with code 3 before answering (reported by Proxar)",
      });
    }
    assert.equal(await p.exited, 1);
    assert.match(
      p.stderr(),
      /proxar: The server exited with code 3; 2 waiting requests were answered with an error\n$/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar proxy shuts the server down when the client goes away, and on SIGTERM", async () => {
  const dir = tempDir();
  try {
    for (const end of ["stdin", "SIGTERM"] as const) {
      const p = startProxy([testServerSpec("--print-pid")], dir);
      await p.initialize();
      const pid = await serverPid(p);
      assert.ok(alive(pid));
      if (end === "stdin") p.child.stdin!.end();
      // process.kill, not child.kill: Deno's ChildProcess.kill does not send one plain signal.
      else process.kill(p.child.pid!, "SIGTERM");
      assert.equal(await p.exited, 0, p.stderr());
      assert.equal(alive(pid), false, `the server ${pid} outlived the proxy (${end})`);
      if (end === "SIGTERM") {
        assert.match(p.stderr(), /Stopped by a signal; the server was shut down/);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar proxy logs a malformed server line and keeps relaying", async () => {
  const dir = tempDir();
  try {
    const p = startProxy([testServerSpec("--noise", "--big-result", "10")], dir);
    await p.initialize();
    p.send(call(2, "echo", { text: "still here" }));
    const answer = await p.answer(2);
    assert.deepEqual(answer.result, { content: [{ type: "text", text: "still here" }] });
    assert.ok(p.lines.every((line) => JSON.parse(line).jsonrpc === "2.0"));
    assert.equal(p.lines.length, 2);
    assert.match(
      p.stderr(),
      /proxar: ignored a line from the server that is not JSON-RPC: debug: starting up, not a JSON-RPC line\n/,
    );
    p.child.stdin!.end();
    assert.equal(await p.exited, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar proxy passes a 24 MB result whole (beyond the SDK's default buffer)", async () => {
  const dir = tempDir();
  try {
    const size = 24 * 1024 * 1024;
    const p = startProxy([testServerSpec("--big-result", String(size))], dir);
    await p.initialize();
    p.send(call(2, "echo"));
    const answer = await p.answer(2);
    const text = (answer.result as { content: { text: string }[] }).content[0]!.text;
    assert.equal(text.length, size);
    p.child.stdin!.end();
    assert.equal(await p.exited, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar proxy stopped right after a drift leaves only whole files in the store", async () => {
  const dir = tempDir();
  try {
    writeFileSync(join(dir, "variant.txt"), "1");
    writeConfig(
      dir,
      [
        "servers:",
        "  issues:",
        ...configuredServer(TEST_SERVER, "--variant-file", "variant.txt"),
        "",
      ]
        .join("\n"),
    );
    const p = startProxy(["--server", "issues"], dir);
    await p.initialize();
    await p.until("the first snapshot", () => historyHas(dir, "issues"));
    writeFileSync(join(dir, "variant.txt"), "2");
    await p.until("the change notice", () => p.lines.some((l) => l.includes("list_changed")));
    process.kill(p.child.pid!, "SIGTERM");
    assert.equal(await p.exited, 0);
    const history = join(dir, ".proxar", "history", "issues");
    for (const name of readdirSync(history)) {
      assert.match(name, /^\d{8}T\d{9}Z-[0-9a-f]{12}\.json$/, "a temporary file was left behind");
      readSnapshotText(name, readFileSync(join(history, name), "utf8"));
    }
    let alerts = "";
    try {
      alerts = readFileSync(join(dir, ".proxar", "alerts.jsonl"), "utf8");
    } catch {
      // stopped before the alert: nothing written is whole too
    }
    for (const line of alerts.split("\n").filter((l) => l !== "")) JSON.parse(line);
    assert.ok(alerts === "" || alerts.endsWith("\n"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

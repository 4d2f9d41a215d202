/**
 * `proxar proxy` on the way out names the lists the server announced as changed that it did not
 * read again (tests/e2e/proxy_webhook_test.ts shows the line), and only those: a notice the first
 * reading of the lists covers is read.
 */
import assert from "node:assert/strict";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { filesBelow, tempDir } from "./_live_servers.ts";
import { connectRecording, proxarArgv, until } from "./_proxy_client.ts";

/**
 * A server that announces its tools changed right after its `initialize` answer, before the
 * client's `initialized` and so before the proxy's first reading of the lists.
 */
const EARLY_NOTICE_SERVER = `
import { createInterface } from "node:readline";
const send = (message) => process.stdout.write(JSON.stringify(message) + "\\n");
createInterface({ input: process.stdin }).on("line", (line) => {
  const m = JSON.parse(line);
  if (m.method === "initialize") {
    send({ jsonrpc: "2.0", id: m.id, result: {
      protocolVersion: m.params.protocolVersion,
      capabilities: { tools: { listChanged: true } },
      serverInfo: { name: "early", version: "1.0.0" },
    } });
    send({ jsonrpc: "2.0", method: "notifications/tools/list_changed" });
  } else if (m.method === "tools/list") {
    send({ jsonrpc: "2.0", id: m.id, result: { tools: [{ name: "t", inputSchema: { type: "object" } }] } });
  } else if (m.id !== undefined && m.method !== undefined) {
    send({ jsonrpc: "2.0", id: m.id, error: { code: -32601, message: "Method not found" } });
  }
});
`;

Deno.test("proxar proxy does not call a change notice unread when the first reading of the lists came after it", async () => {
  const dir = tempDir();
  try {
    writeFileSync(join(dir, "server.mjs"), EARLY_NOTICE_SERVER);
    writeFileSync(
      join(dir, "proxar.yaml"),
      [
        "servers:",
        "  early:",
        "    command: node",
        `    args: [${JSON.stringify(join(dir, "server.mjs"))}]`,
        "",
      ]
        .join("\n"),
    );
    const client = await connectRecording(proxarArgv(["proxy", "--server", "early"]), { cwd: dir });
    const history = join(dir, ".proxar", "history", "early");
    await until("the first snapshot", () => existsSync(history) && filesBelow(history).length > 0);
    assert.ok(
      client.transcript.some((r) =>
        r.dir === "recv" && r.message.method === "notifications/tools/list_changed"
      ),
    );
    assert.equal(await client.endInput(), 0);
    // Before, the notice stayed unread although the first reading came after it.
    assert.doesNotMatch(client.stderr(), /did not read/, client.stderr());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * `proxar proxy` reads the protocol revision of an `initialize` it relays as a snapshot reads it
 * only when the agent proposed the revision the pin recorded: a server answers with the revision
 * the client proposed when it speaks it, so an agent that speaks an older revision than Proxar's
 * client says nothing of the pinned one (it read "protocolVersion changed", POTENTIALLY_BREAKING,
 * in every such session against a pin of an unchanged server).
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers.ts";
import { configuredServer, tempDir, TEST_SERVER, writeConfig } from "./_live_servers.ts";
import { INITIALIZE, startProxy } from "./_proxy_raw.ts";

type Alert = { findings: { severity: string; rule: string; message: string }[] };

/**
 * The alerts of a proxy session whose agent proposes `proposed` (`pinned`: the revision the pin
 * recorded), its server's tools drifting, and that revision.
 */
async function session(
  proposed: string,
  serverArgs: string[],
): Promise<{ alerts: Alert[]; pinned: string }> {
  const dir = tempDir();
  const config = (args: string[]) =>
    writeConfig(
      dir,
      ["servers:", "  issues:", ...configuredServer(TEST_SERVER, ...args), ""].join("\n"),
    );
  const alertsPath = join(dir, ".proxar", "alerts.jsonl");
  const alerts = (): Alert[] =>
    existsSync(alertsPath)
      ? readFileSync(alertsPath, "utf8").trim().split("\n").map((line) => JSON.parse(line))
      : [];
  try {
    writeFileSync(join(dir, "variant.txt"), "1");
    config(["--variant-file", "variant.txt"]);
    const pinned = await runCli(["pin", "--server", "issues"], { cwd: dir });
    assert.equal(pinned.code, 0, pinned.stderr);
    const recorded = JSON.parse(
      readFileSync(join(dir, ".proxar", "pinned", "issues.json"), "utf8"),
    ).protocolVersion;
    config(["--variant-file", "variant.txt", ...serverArgs]);
    const p = startProxy(["--server", "issues"], dir);
    try {
      const params = INITIALIZE.params as Record<string, unknown>;
      p.send({
        ...INITIALIZE,
        params: { ...params, protocolVersion: proposed === "pinned" ? recorded : proposed },
      });
      await p.answer(1);
      p.send({ jsonrpc: "2.0", method: "notifications/initialized" });
      // The tools drift too, so that each session ends on an alert whatever it read first.
      writeFileSync(join(dir, "variant.txt"), "2");
      await p.until("the alert of the drift", () => {
        // The proxy may be writing a line of the file right now: read again until it is whole.
        try {
          return alerts().some((a) => a.findings.some((f) => f.rule === "tool.added"));
        } catch {
          return false;
        }
      });
      p.child.stdin!.end();
      assert.equal(await p.exited, 0, p.stderr());
      return { alerts: alerts(), pinned: recorded };
    } finally {
      await p.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The protocol findings of a session's alerts, each once: with a pin every alert compares with
 * the pin, so when the proxy's first reading came before the drift, the drift's alert repeats
 * what the first one said (a whole npm test once read the same finding twice).
 */
const protocolFindings = ({ alerts }: { alerts: Alert[] }) => [
  ...new Set(
    alerts.flatMap((a) => a.findings).filter((f) => f.rule === "server.protocolVersion.changed")
      .map((f) => `${f.severity} ${f.message}`),
  ),
];

Deno.test("proxar proxy reads no protocol change from an agent that proposes an older revision than the pin recorded", async () => {
  const read = await session("2025-06-18", []);
  assert.ok(read.pinned > "2025-06-18", read.pinned);
  assert.deepEqual(protocolFindings(read), []);
});

Deno.test("proxar proxy reads the protocol revision a server answers to the pinned proposal", async () => {
  // The server now answers an older revision to the one Proxar's client proposed for the pin.
  const read = await session("pinned", ["--protocol", "2025-03-26"]);
  assert.ok(read.pinned > "2025-03-26", read.pinned);
  assert.deepEqual(protocolFindings(read), [
    `POTENTIALLY_BREAKING Server protocolVersion changed from "${read.pinned}" to "2025-03-26"`,
  ]);
});

Deno.test("proxar proxy leaves the pinned revision unread when the agent proposed another, whatever the answer", async () => {
  // Answering 2025-03-26 to 2025-06-18 says nothing of whether the server still speaks 2025-11-25.
  assert.deepEqual(protocolFindings(await session("2025-06-18", ["--protocol", "2025-03-26"])), []);
});

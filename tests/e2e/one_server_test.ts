/**
 * Commands that work on one configured server refuse `--server` given twice with two names:
 * `proxar sample --server a --server b` sampled only b and exited 0 (audit 8); `alerts` showed only
 * b's alerts (review).
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../helpers.ts";

const CONFIG = `servers:
  a: { command: "false" }
  b: { command: "false" }
samples:
  a: [{ tool: t, arguments: {} }]
  b: [{ tool: t, arguments: {} }]
`;

Deno.test("commands on one server exit 2 when --server names two, and touch nothing", async () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-one-server-"));
  try {
    writeFileSync(join(dir, "proxar.yaml"), CONFIG);
    for (
      const command of [
        ["sample"],
        ["pin"],
        ["unpin"],
        ["history"],
        ["snapshot"],
        ["diff"],
        ["proxy"],
        ["alerts"],
      ]
    ) {
      const result = await runCli([...command, "--server", "a", "-s", "b"], { cwd: dir });
      assert.equal(result.code, 2, command[0]);
      assert.equal(result.stdout, "", command[0]);
      assert.match(
        result.stderr,
        /argument 'b' is invalid\. This command takes one server, and "a" was given already; run it once per server/,
        command[0],
      );
    }
    assert.deepEqual(readdirSync(dir), ["proxar.yaml"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("the same --server given twice is one server", async () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-one-server-"));
  try {
    writeFileSync(join(dir, "proxar.yaml"), CONFIG);
    const result = await runCli(["history", "--server", "a", "--server", "a"], { cwd: dir });
    assert.doesNotMatch(result.stderr, /takes one server/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

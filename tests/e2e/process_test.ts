/**
 * End-to-end tests that spawn the real process (`npx deno run -A cli.ts ...`), so the entry
 * point, the process exit code and the real standard streams are covered too.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import process from "node:process";
import { ROOT } from "../helpers.ts";

interface Spawned {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runProcess(args: readonly string[]): Promise<Spawned> {
  return new Promise((done, failed) => {
    const child = spawn("npx", ["deno", "run", "-A", "cli.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", failed);
    child.on("close", (code) => done({ code, stdout, stderr }));
  });
}

/** Standard error without the warnings npm itself may print before running deno. */
function ownStderr(stderr: string): string {
  return stderr.split("\n").filter((line) => !line.startsWith("npm ")).join("\n");
}

Deno.test("proxar process exits 1 on a breaking diff", async () => {
  const result = await runProcess([
    "diff",
    "tests/fixtures/diff/base.json",
    "tests/fixtures/diff/removed_tool.json",
    "--format",
    "json",
  ]);
  assert.equal(result.code, 1);
  assert.equal(ownStderr(result.stderr), "");
  const report = JSON.parse(result.stdout) as { changes: { rule: string; path: string }[] };
  assert.deepEqual(
    report.changes.map((c) => `${c.rule}|${c.path}`),
    ["tool.removed|search_issues"],
  );
});

Deno.test("proxar process exits 2 with a one-line message on malformed JSON", async () => {
  const result = await runProcess([
    "diff",
    "tests/fixtures/diff/base.json",
    "tests/fixtures/diff/malformed.json",
  ]);
  assert.equal(result.code, 2);
  assert.equal(result.stdout, "");
  assert.equal(
    ownStderr(result.stderr),
    "proxar: tests/fixtures/diff/malformed.json:5:7: invalid JSON: expected a comma\n",
  );
});

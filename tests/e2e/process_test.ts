/**
 * End-to-end tests that always spawn the real process (`PROXAR_CMD`, else the source under Bun,
 * `SOURCE_COMMAND` in `tests/helpers.ts`), so the entry point, the process exit code and the real
 * standard streams are covered too.
 */
import assert from "node:assert/strict";
import { ROOT, runProcess } from "../helpers.ts";

/** Runs the real process (`PROXAR_CMD`, else the source under Bun) from the repository root. */
const run = (args: readonly string[]) => runProcess(args, { cwd: ROOT });

Deno.test("proxar process exits 1 on a breaking diff", async () => {
  const result = await run([
    "diff",
    "tests/fixtures/diff/base.json",
    "tests/fixtures/diff/removed_tool.json",
    "--format",
    "json",
  ]);
  assert.equal(result.code, 1);
  assert.equal(result.stderr, "");
  const report = JSON.parse(result.stdout) as { changes: { rule: string; path: string }[] };
  assert.deepEqual(
    report.changes.map((c) => `${c.rule}|${c.path}`),
    ["tool.removed|search_issues"],
  );
});

Deno.test("proxar process exits 2 with a one-line message on malformed JSON", async () => {
  const result = await run([
    "diff",
    "tests/fixtures/diff/base.json",
    "tests/fixtures/diff/malformed.json",
  ]);
  assert.equal(result.code, 2);
  assert.equal(result.stdout, "");
  assert.equal(
    result.stderr,
    "proxar: tests/fixtures/diff/malformed.json:5:7: invalid JSON: expected a comma\n",
  );
});

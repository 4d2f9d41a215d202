/**
 * Hostile input from the command line (issue 17): each case must end with a correct result or
 * a clear exit-2 message, never a hang, a crash or a stack trace. No test asserts a duration:
 * the sizes are chosen so that the old, backtracking or quadratic code would run for minutes.
 * @module
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findings, runCli } from "../helpers.ts";

/** Runs `proxar ARGS` in a temporary directory holding `files`. */
async function inDir(files: Record<string, string>, args: string[]) {
  const dir = mkdtempSync(join(tmpdir(), "proxar-hostile-"));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return await runCli(args, { cwd: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const tools = (...names: string[]) =>
  JSON.stringify({ tools: names.map((name) => ({ name, inputSchema: { type: "object" } })) });

Deno.test("proxar diff matches ignore globs against long server names without backtracking", async () => {
  const segments = Array.from({ length: 60 }, (_, i) => `part${i}`).join("_");
  const as = "a".repeat(64);
  const result = await inDir({
    "old.json": tools(segments, as, "old_legacy"),
    "new.json": tools(),
    "proxar.yaml": [
      "ignore:",
      "  - rule: tool.removed",
      "    entity: '*_*_*_*_*_*_*_*_*_*_*_*_legacy'",
      "  - rule: tool.removed",
      `    entity: '${"*a".repeat(12)}!'`,
      "  - rule: tool.removed",
      "    entity: '*_legacy'",
    ].join("\n"),
  }, ["diff", "old.json", "new.json", "--format", "json"]);
  assert.equal(result.stderr, "");
  assert.equal(result.code, 1);
  assert.deepEqual(findings(result.stdout), [
    `tool.removed|${as}|BREAKING`,
    "tool.removed|old_legacy|BREAKING|suppressed",
    `tool.removed|${segments}|BREAKING`,
  ]);
});

Deno.test("proxar diff compares enums of 100,000 values as sets", async () => {
  const values = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
  const schema = (list: unknown[]) => ({
    type: "object",
    properties: { mode: { enum: list }, shape: { enum: list.map((v) => ({ v })) } },
  });
  const contract = (list: unknown[]) =>
    JSON.stringify({ tools: [{ name: "pick", inputSchema: schema(list) }] });
  const result = await inDir({
    "old.json": contract(values),
    "new.json": contract(values.slice(1).reverse()),
  }, ["diff", "old.json", "new.json", "--format", "json", "--no-locations"]);
  assert.equal(result.stderr, "");
  assert.equal(result.code, 1);
  assert.deepEqual(findings(result.stdout), [
    "tool.input.enum.narrowed|pick.inputSchema.properties.mode.enum|BREAKING",
    "tool.input.enum.narrowed|pick.inputSchema.properties.shape.enum|BREAKING",
  ]);
  const report = JSON.parse(result.stdout) as { changes: { message: string }[] };
  assert.match(report.changes[0]?.message ?? "", /removed "v0"\)$/);
});

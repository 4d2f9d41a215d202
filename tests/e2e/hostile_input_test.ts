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

Deno.test("proxar diff refuses a number beyond a double with its place instead of crashing", async () => {
  const result = await inDir({
    "old.json": tools("t"),
    "new.json": '{"tools":[{"name":"t","inputSchema":{"type":"number","maximum":1e400}}]}',
  }, ["diff", "old.json", "new.json"]);
  assert.equal(result.code, 2);
  assert.equal(
    result.stderr,
    "proxar: new.json:1:54: /tools/0/inputSchema/maximum: the number is out of range (beyond ±1.8e308), so it cannot be compared\n",
  );
  assert.equal(result.stdout, "");
});

Deno.test("proxar diff refuses a YAML alias bomb in the config with a clear message", async () => {
  const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
  for (let i = 1; i < 10; i++) {
    const [name, prev] = [String.fromCharCode(97 + i), String.fromCharCode(96 + i)];
    lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(",")}]`);
  }
  const result = await inDir({
    "old.json": tools("t"),
    "proxar.yaml": lines.join("\n") + "\n",
  }, ["diff", "old.json", "old.json"]);
  assert.equal(result.code, 2);
  assert.equal(
    result.stderr,
    "proxar: proxar.yaml: invalid YAML: its aliases expand to too many values (an alias bomb?); write the values out instead\n",
  );
});

Deno.test("proxar diff compares a schema holding an array of 150,000 items", async () => {
  const big = Array.from({ length: 150_000 }, (_, i) => i);
  const contract = (extra: unknown) =>
    JSON.stringify({
      tools: [{ name: "t", inputSchema: { type: "object", default: big, examples: [extra] } }],
    });
  const result = await inDir({ "old.json": contract(1), "new.json": contract(2) }, [
    "diff",
    "old.json",
    "new.json",
    "--format",
    "json",
    "--no-locations",
  ]);
  assert.equal(result.stderr, "");
  assert.ok([0, 1].includes(result.code));
  assert.ok(findings(result.stdout).length > 0);
});

/** Lines that a CI runner or a terminal would act on. */
function actionable(text: string): string[] {
  // deno-lint-ignore no-control-regex
  return text.split("\n").filter((line) => /^\s*::|^\s*##\[|\u001b|\u0007|\u009b|\r/.test(line));
}

Deno.test("proxar diff shows hostile server text on one line, escaped, in the text report", async () => {
  const names = ["a\n::error::PWNED", "b\r\n##[error]x", "c\u001b]0;title\u0007d", "e\u009b31mf"];
  const result = await inDir({ "old.json": tools(...names), "new.json": tools() }, [
    "diff",
    "old.json",
    "new.json",
  ]);
  assert.equal(result.code, 1);
  assert.deepEqual(actionable(result.stdout), []);
  assert.ok(result.stdout.includes("tool a\\n::error::PWNED\n"), result.stdout);
  assert.ok(result.stdout.includes("tool c\\u001b]0;title\\u0007d\n"));
});

Deno.test("proxar prints config keys and error text with control characters escaped", async () => {
  const result = await inDir({
    "old.json": tools("t"),
    "proxar.yaml": '"\\e]0;owned\\a\\n::error::x": 1\n',
  }, ["diff", "old.json", "old.json"]);
  assert.equal(result.code, 2);
  assert.deepEqual(actionable(result.stderr), []);
  assert.match(result.stderr, /unexpected property "\\u001b\]0;owned\\u0007\\n::error::x"/);
});

Deno.test("proxar diff --format sarif percent-encodes # and ? in file URIs", async () => {
  const result = await inDir({ "old#1?.json": tools("t"), "new#1?.json": tools() }, [
    "diff",
    "old#1?.json",
    "new#1?.json",
    "--format",
    "sarif",
  ]);
  assert.equal(result.code, 1);
  const sarif = JSON.parse(result.stdout);
  const uris = sarif.runs[0].results.flatMap((r: { locations?: unknown[] }) =>
    (r.locations ?? []).map((l) =>
      (l as { physicalLocation: { artifactLocation: { uri: string } } }).physicalLocation
        .artifactLocation.uri
    )
  );
  assert.deepEqual(uris, ["new%231%3F.json"]);
});

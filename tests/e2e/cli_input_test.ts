/**
 * Command-line and configuration input a new user types: severities in any letter case, dates
 * that must be real, and standard input used once.
 */
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, runCli } from "../helpers.ts";

const OLD = `${ROOT}/tests/fixtures/diff/base.json`;
const NEW = `${ROOT}/tests/fixtures/diff/removed_tool.json`;

Deno.test("proxar diff --fail-on and --warn-on take severities in any letter case", async () => {
  const never = await runCli(["diff", OLD, NEW, "--fail-on", "Never"]);
  assert.equal(never.stderr, "");
  assert.equal(never.code, 0);
  const breaking = await runCli([
    "diff",
    OLD,
    NEW,
    "--fail-on",
    "breaking",
    "--warn-on",
    "non_breaking",
  ]);
  assert.equal(breaking.stderr, "");
  assert.equal(breaking.code, 1);
  const wrong = await runCli(["diff", OLD, NEW, "--fail-on", "breakin"]);
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /--fail-on <level>.*breakin.*BREAKING, POTENTIALLY_BREAKING/);
});

for (
  const [date, problem] of [
    ["2020-13-45", "there is no month 13"],
    ["2099-02-30", "2099-02 has no day 30"],
    ["2027-04-31", "2027-04 has no day 31"],
  ]
) {
  Deno.test(`proxar diff rejects expires: ${date} with file:line:col`, async () => {
    const dir = await mkdtemp(join(tmpdir(), "proxar-dates-"));
    try {
      await writeFile(
        join(dir, "proxar.yaml"),
        `ignore:\n  - rule: tool.removed\n    reason: later\n    expires: ${date}\n`,
      );
      const result = await runCli(["diff", OLD, NEW], { cwd: dir });
      assert.equal(result.stdout, "");
      assert.equal(
        result.stderr,
        `proxar: proxar.yaml:4:14: ignore.0.expires: "${date}" is not a date: ${problem}\n`,
      );
      assert.equal(result.code, 2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

Deno.test("proxar diff accepts expires: 2028-02-29, a leap day", async () => {
  const dir = await mkdtemp(join(tmpdir(), "proxar-dates-"));
  try {
    await writeFile(
      join(dir, "proxar.yaml"),
      "ignore:\n  - rule: tool.removed\n    reason: later\n    expires: 2028-02-29\n",
    );
    const result = await runCli(["diff", OLD, NEW], {
      cwd: dir,
      env: { PROXAR_TODAY: "2028-02-29" },
    });
    assert.equal(result.stderr, "");
    assert.equal(result.code, 0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar diff rejects a PROXAR_TODAY that is not a real date", async () => {
  for (const today of ["2026-02-30", "tomorrow"]) {
    const result = await runCli(["diff", OLD, NEW], { env: { PROXAR_TODAY: today } });
    assert.equal(result.code, 2);
    assert.match(
      result.stderr,
      new RegExp(`^proxar: PROXAR_TODAY must be a date YYYY-MM-DD, found "${today}": `),
    );
  }
});

Deno.test("proxar diff - - says standard input can be read only once", async () => {
  const result = await runCli(["diff", "-", "-"], { stdin: "[]" });
  assert.equal(
    result.stderr,
    "proxar: Standard input can be read only once: give at most one of OLD and NEW as -\n",
  );
  assert.equal(result.code, 2);
});

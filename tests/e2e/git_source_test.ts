/**
 * End-to-end tests of `git:REF:PATH` sources: PATH relative to the working directory (as
 * `git show REF:./PATH`), "/" for the repository root, old locations that name the file at the
 * ref rather than the working-tree file, and a REF that git would read as an option.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findings, FIXTURES, runCli } from "../helpers.ts";

const fixture = (path: string) => readFileSync(join(FIXTURES, path), "utf8");

/** A repository whose HEAD holds sub/contract.json = base.json; the working tree has it changed. */
function repository(): string {
  const dir = mkdtempSync(join(tmpdir(), "proxar-git-"));
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "pipe" });
  git("init", "-q");
  git("config", "user.name", "Proxar Test");
  git("config", "user.email", "test@proxar.invalid");
  git("config", "commit.gpgsign", "false");
  mkdirSync(join(dir, "sub"));
  // One extra line at the top, so old and new positions differ.
  writeFileSync(join(dir, "sub", "contract.json"), "\n" + fixture("diff/base.json"));
  writeFileSync(join(dir, "other.json"), fixture("diff/base.json"));
  git("add", ".");
  git("commit", "-q", "-m", "Add the contracts");
  writeFileSync(join(dir, "sub", "contract.json"), fixture("diff/param_removed.json"));
  return dir;
}

Deno.test("proxar diff git:REF:PATH reads PATH relative to the working directory, or the root with /", async () => {
  const dir = repository();
  try {
    const cwd = join(dir, "sub");
    for (const old of ["git:HEAD:contract.json", "git:HEAD:/sub/contract.json"]) {
      const result = await runCli(["diff", old, "contract.json", "--format", "json"], { cwd });
      assert.equal(result.stderr, "", old);
      assert.equal(result.code, 1, old);
      assert.deepEqual(findings(result.stdout), [
        "tool.input.property.removed|search_issues.inputSchema.properties.limit|BREAKING",
      ], old);
    }
    const up = await runCli(["diff", "git:HEAD:../other.json", "../other.json"], { cwd });
    assert.equal(up.code, 0, up.stderr);
    assert.match(up.stdout, /^Summary: no changes\.$/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar diff names the old file at its ref in old locations, not the working-tree file", async () => {
  const dir = repository();
  try {
    const cwd = join(dir, "sub");
    const json = await runCli([
      "diff",
      "git:HEAD:contract.json",
      "contract.json",
      "--format",
      "json",
    ], {
      cwd,
    });
    const [change] = JSON.parse(json.stdout).changes;
    assert.deepEqual(change.locations.old.file, "git:HEAD:contract.json");
    assert.equal(change.locations.new.file, "contract.json");
    // The committed file has one more line at the top than the working-tree file; the finding
    // points at the properties object that held the removed one.
    const oldText = execFileSync("git", ["show", "HEAD:./contract.json"], {
      cwd,
      encoding: "utf8",
    });
    const line = oldText.split("\n").findIndex((l) => l.includes('"properties"')) + 1;
    assert.equal(change.locations.old.line, line);

    const sarif = await runCli([
      "diff",
      "git:HEAD:contract.json",
      "contract.json",
      "--format",
      "sarif",
    ], {
      cwd,
    });
    const result = JSON.parse(sarif.stdout).runs[0].results[0];
    assert.equal(result.locations[0].physicalLocation.artifactLocation.uri, "contract.json");
    assert.deepEqual(result.relatedLocations, [{
      id: 1,
      message: {
        text:
          `Previous version: git:HEAD:contract.json, line ${line}, column ${change.locations.old.column}`,
      },
    }]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar diff refuses a git ref that git show would read as an option, and writes nothing", async () => {
  const dir = repository();
  try {
    const target = join(dir, "written");
    const spec = `git:--output=${target}:contract.json`;
    const result = await runCli(["diff", spec, "contract.json"], { cwd: join(dir, "sub") });
    assert.equal(result.code, 2);
    assert.equal(result.stdout, "");
    assert.equal(
      result.stderr,
      `proxar: Cannot read "${spec}": the git ref "--output=${target}" starts with "-"; name a branch, tag or commit\n`,
    );
    assert.equal(existsSync(target), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * The plugin API's types catch a misspelt severity: `deno check` of a plugin that writes
 * "BREAKIN" fails on that value, and the example plugin type-checks. A file of its own, so that
 * this type check (the slowest single test) runs beside the plugin runs instead of after them.
 * The check's output is reused while no file and no package changed (as `npm test` reuses its
 * `deno check --doc`; `scripts/_check_cache.ts`).
 * @module
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { checkInputs, passedBefore, recordPass } from "../../scripts/_check_cache.ts";
import { FIXTURES, ROOT } from "../helpers.ts";

const EXAMPLE = `${ROOT}/plugins/example/acme.ts`;

/** Stands for the temporary directory in a recorded check's output. */
const DIR_MARK = "\0dir\0";

/**
 * The output of the same type check when it ran before on exactly the same files and packages
 * (every file git sees, `node_modules/.package-lock.json`, which names the Deno too) and this
 * test's assertions held, with `dir` for the temporary directory it then ran in; else undefined.
 * The check costs about 5 s of CPU time and gives the same output for the same inputs.
 */
function checkedBefore(inputs: string | undefined, dir: string): string | undefined {
  const recorded = inputs === undefined ? undefined : passedBefore(inputs);
  return recorded === undefined
    ? undefined
    : (JSON.parse(recorded) as string).replaceAll(DIR_MARK, dir);
}

Deno.test("a plugin with a misspelt severity does not type-check", () => {
  // The copy lives outside the repository, so a run killed midway leaves nothing that `deno
  // check` would then trip over; it imports mod.ts by URL, as the fixture does by path.
  const dir = mkdtempSync(join(tmpdir(), "proxar-typo-"));
  try {
    const file = join(dir, "typo_severity.ts");
    const source = readFileSync(`${FIXTURES}/plugins/broken/typo_severity.ts`, "utf8");
    writeFileSync(file, source.replace("../../../../mod.ts", pathToFileURL(`${ROOT}/mod.ts`).href));
    // One type check of both files (a second run of the checker would cost as much again),
    // unless one of exactly the same files and packages ran before (see checkedBefore()).
    const inputs = checkInputs(ROOT, ["plugin_types_test", "check", "typo_severity.ts", EXAMPLE]);
    let errors = checkedBefore(inputs, dir);
    if (errors === undefined) {
      errors = "";
      try {
        execFileSync(
          `${ROOT}/node_modules/.bin/deno`,
          ["check", "--config", `${ROOT}/deno.json`, file, EXAMPLE],
          { cwd: ROOT, stdio: "pipe" },
        );
      } catch (error) {
        errors = String((error as { stderr?: Buffer }).stderr ?? error);
      }
    }
    assert.match(errors, /TS2322|not assignable/);
    assert.match(errors, /BREAKIN/);
    assert.ok(errors.includes(pathToFileURL(file).href), errors);
    assert.ok(
      !errors.includes(pathToFileURL(EXAMPLE).href),
      `the example plugin type-checks: ${errors}`,
    );
    if (inputs !== undefined) recordPass(inputs, JSON.stringify(errors.replaceAll(dir, DIR_MARK)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

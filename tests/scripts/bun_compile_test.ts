/**
 * The compiled binary must load a user's `.ts` or `.js` plugin from disk at run time. This
 * compiles a small probe with the same `bun build --compile` flags as `scripts/build_bin.ts` and
 * has it import fixture plugins that are not part of the bundle.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURES, ROOT } from "../helpers.ts";

Deno.test("bun build --compile makes a binary that imports .ts and .js plugins at run time", () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-bun-probe-"));
  try {
    const probe = join(dir, "probe");
    execFileSync(join(ROOT, "node_modules", ".bin", "bun"), [
      "build",
      "--compile",
      "--bytecode",
      "--format=esm",
      "--no-compile-autoload-dotenv",
      "--no-compile-autoload-bunfig",
      join(FIXTURES, "runtime_import", "probe.ts"),
      "--outfile",
      probe,
    ], { stdio: ["ignore", "pipe", "pipe"] });
    // Run from elsewhere, so nothing resolves relative to the repository.
    const load = (file: string) =>
      execFileSync(probe, [join(FIXTURES, "runtime_import", file)], { cwd: dir, encoding: "utf8" });
    assert.equal(
      load("ts_plugin.ts"),
      '{"name":"acme","apiVersion":1,"ruleIds":["acme.tool.delete.added"]}\n',
    );
    // A plugin typed against the npm package: its type-only imports of "proxar", which does not
    // resolve beside the binary, must vanish.
    const typed = JSON.parse(load("../npm/typed_plugin.ts"));
    assert.deepEqual(
      [typed.name, typed.apiVersion, typed.rules[0].meta.id, typed.reporters[0].name],
      ["acme", 1, "acme.tool.delete.added", "acme-count"],
    );
    assert.equal(
      load("js_plugin.js"),
      '{"name":"acme-js","apiVersion":1,"ruleIds":["acme-js.tool.removed"]}\n',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

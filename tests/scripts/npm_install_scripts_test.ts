/**
 * `npm ci` runs exactly the install scripts the project chose (Deno's and Bun's fetch their
 * native binaries; the SARIF multitool makes itself executable) and warns about none.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers.ts";

Deno.test("package.json allowScripts allows the install scripts Proxar needs and denies the rest", () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  assert.deepEqual(
    [
      pkg.allowScripts.deno,
      pkg.allowScripts.bun,
      pkg.allowScripts["@microsoft/sarif-multitool-linux"],
    ],
    [true, true, true],
  );
  // tldjs (under mcp-proxy) would only refresh its suffix list from the network when asked to.
  assert.equal(pkg.allowScripts.tldjs, false);
});

Deno.test("npm install-scripts ls finds no dependency with an unreviewed install script", () => {
  const result = spawnSync("npm", ["install-scripts", "ls"], { cwd: ROOT, encoding: "utf8" });
  if (/Unknown command|not a valid command/i.test(result.stderr + result.stdout)) {
    // npm before 11.19 runs every install script and has nothing to review.
    return;
  }
  assert.equal(result.stdout, "No packages with unreviewed install scripts.\n", result.stderr);
  assert.equal(result.status, 0);
});

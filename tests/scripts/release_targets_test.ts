/**
 * Every binary `scripts/build_bin.ts` builds is listed in `docs/ci.md` with what it needs, and the
 * README's install block is what `scripts/check_install.ts` runs.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TARGETS } from "../../scripts/build_bin.ts";
import { installCommands } from "../../scripts/check_install.ts";
import { ROOT } from "../helpers.ts";

Deno.test("TARGETS include the musl builds and docs/ci.md lists every target's file", () => {
  const names = TARGETS.map((t) => t.name);
  assert.ok(names.includes("linux-x64-musl") && names.includes("linux-arm64-musl"));
  assert.deepEqual(
    TARGETS.filter((t) => t.platform === "linux").map((t) => `${t.name}:${t.libc}`),
    ["linux-x64:glibc", "linux-arm64:glibc", "linux-x64-musl:musl", "linux-arm64-musl:musl"],
  );
  const doc = readFileSync(join(ROOT, "docs", "ci.md"), "utf8");
  for (const target of TARGETS) {
    const file = `proxar-${target.name}${target.exe}`;
    const row = doc.split("\n").find((line) => line.includes(`| \`${file}\``));
    assert.ok(row, `docs/ci.md has no row for ${file}`);
    if (target.libc) assert.match(row, new RegExp(target.libc), `${file} must name its libc`);
  }
});

Deno.test("installCommands() reads the README's three ways to put proxar on the PATH", () => {
  const commands = installCommands(readFileSync(join(ROOT, "README.md"), "utf8"));
  assert.equal(commands.length, 3);
  assert.match(commands[0] ?? "", /^npm run build:bin .*&& install /);
  assert.match(commands[1] ?? "", /^npm run build:npm && npm install -g /);
  assert.match(commands[2] ?? "", /deno install -g .* cli\.ts$/);
});

/**
 * The plugin API's types catch a misspelt severity. The proof is a type check, so it runs in
 * `npm test`'s `deno check --doc` instead of a second `deno check` of the mod.ts graph here (about
 * 5 s of CPU time on a fresh machine): `tests/fixtures/plugins/typo_severity.ts`, a plugin typed
 * against mod.ts, writes "BREAKIN" under `@ts-expect-error`, which fails that check (TS2578,
 * unused directive) when the types accept the value. These tests keep the fixture in that check
 * and its directive on the one line it is about, so no other error can stand in for it. The
 * example plugin (`plugins/example/acme.ts`) is in the same check, and has to pass it.
 * @module
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { FIXTURES, ROOT } from "../helpers.ts";

const FIXTURE = "tests/fixtures/plugins/typo_severity.ts";

/** Whether `deno.json`'s `exclude` leaves `path` (from the root) out of `deno check --doc`. */
function excluded(path: string): boolean {
  const config = JSON.parse(readFileSync(`${ROOT}/deno.json`, "utf8")) as { exclude?: string[] };
  return (config.exclude ?? []).some((entry) => {
    const prefix = entry.replace(/^\.\//, "").replace(/\/$/, "");
    return path === prefix || path.startsWith(`${prefix}/`);
  });
}

Deno.test("the misspelt-severity plugin and the example plugin are in npm test's type check", () => {
  assert.equal(excluded(FIXTURE), false);
  assert.equal(excluded("plugins/example/acme.ts"), false);
  // The check the type check runs: every file of the project, none named.
  const runner = readFileSync(`${ROOT}/scripts/run_tests.ts`, "utf8");
  assert.match(runner, /const args = \["check", "--doc"\];/);
  // Sanity of the helper: what the config leaves out is seen as left out.
  assert.equal(excluded("tests/fixtures/npm/x.ts"), true);
});

Deno.test("the misspelt-severity plugin expects exactly one type error, on its severity", () => {
  const lines = readFileSync(`${FIXTURES}/plugins/typo_severity.ts`, "utf8").split("\n");
  // A directive starts its comment (TypeScript reads no other); `@ts-nocheck` counts anywhere.
  const directives = lines.flatMap((line, i) =>
    /^\s*(\/\/|\/\*)\s*@ts-/.test(line) || line.includes("@ts-nocheck") ? [i] : []
  );
  assert.equal(directives.length, 1, "one directive");
  assert.match(lines[directives[0]!]!, /^\s*\/\/ @ts-expect-error\b/);
  assert.match(lines[directives[0]! + 1]!, /^\s*severity: "BREAKIN",$/);
  assert.ok(lines.includes('import type { Plugin } from "../../../mod.ts";'));
  assert.ok(lines.includes("} satisfies Plugin;"));
});

/**
 * What the npm package may hold: its manifest, README and licence, the `proxar` bin, and the
 * compiled library (`.js` with its `.d.ts`), never sources, tests, scripts or fixtures.
 * @module
 */

const REQUIRED = [
  "package.json",
  "README.md",
  "LICENSE",
  "bin/proxar.js",
  "mod.js",
  "mod.d.ts",
  "cli.js",
  "cli.d.ts",
];
const ALLOWED =
  /^(package\.json|README\.md|LICENSE(\.md|\.txt)?|bin\/proxar\.js|[\w/-]+\.(js|d\.ts))$/;
const NEVER = /(^|\/)(tests|scripts|examples|node_modules|dist)\/|_test\.|\.test\./;

/**
 * The problems with a package's file list (paths as `npm pack --json` reports them): files a user
 * does not need, and required files that are missing. Empty when the list is right.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packageFileProblems } from "./_npm_files.ts";
 * const ok = ["package.json", "README.md", "LICENSE", "bin/proxar.js", "mod.js", "mod.d.ts"];
 * assert.deepEqual(packageFileProblems([...ok, "cli.js", "cli.d.ts"]), []);
 * assert.deepEqual(packageFileProblems([...ok, "cli.js"]), ["missing cli.d.ts"]);
 * const all = [...ok, "cli.js", "cli.d.ts"];
 * assert.deepEqual(packageFileProblems([...all, "core/engine.ts"]), ["unexpected core/engine.ts"]);
 * ```
 */
export function packageFileProblems(paths: readonly string[]): string[] {
  const problems: string[] = [];
  for (const path of [...paths].sort()) {
    if (!ALLOWED.test(path) || NEVER.test(path)) problems.push(`unexpected ${path}`);
  }
  for (const path of REQUIRED) {
    if (!paths.includes(path)) problems.push(`missing ${path}`);
  }
  return problems;
}

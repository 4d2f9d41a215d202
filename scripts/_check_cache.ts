/**
 * A record of the inputs `deno check` passed on, so `npm test` can skip a check whose inputs
 * have not changed. Deno keeps such a record itself only when it installs the npm packages; with
 * the project's `node_modules` (`"nodeModulesDir": "manual"`) it cannot tell whether they changed
 * and type-checks everything every time (about 6 s of CPU time).
 *
 * The inputs are every file git sees in the checkout (tracked, and untracked but not ignored:
 * what `deno.json` leaves out of the check is ignored by git too, or under `node_modules`), the
 * installed packages as npm recorded them (`node_modules/.package-lock.json`, which also names
 * the Deno that checks), and the check's arguments.
 * @module
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import process from "node:process";

/** Where the records go: shared by every checkout of this machine, since equal inputs check alike. */
const DIR = join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "proxar-dev", "check");

/** The hash of the check's inputs, or undefined where they cannot be listed (no git). */
export function checkInputs(root: string, args: readonly string[]): string | undefined {
  let listed: string;
  try {
    listed = execFileSync("git", ["ls-files", "-z", "-c", "-o", "--exclude-standard"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return undefined;
  }
  const hash = createHash("sha256").update(JSON.stringify(args));
  const files = [...new Set(listed.split("\0").filter((f) => f !== ""))].sort();
  for (const file of [...files, "node_modules/.package-lock.json"]) {
    hash.update(`\0${file}\0`);
    const path = join(root, file);
    // A tracked file deleted from the checkout is listed but has no content.
    hash.update(existsSync(path) ? readFileSync(path) : "\0missing");
  }
  return hash.digest("hex");
}

/**
 * What was recorded when a check of exactly these inputs passed before, or undefined when none
 * did (an empty record, as older runs left, counts as none).
 */
export function passedBefore(inputs: string): string | undefined {
  const path = join(DIR, inputs);
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, "utf8");
  return text === "" ? undefined : text;
}

/** Records that a check of these inputs passed, with `note` (not empty: what it checked). */
export function recordPass(inputs: string, note: string): void {
  mkdirSync(DIR, { recursive: true });
  writeFileSync(join(DIR, inputs), note);
}

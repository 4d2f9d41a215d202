/**
 * `collectBeforeLargeParse()` collects the heap of Bun, the runtime of the release binary, once,
 * before the first text long enough for a long run is parsed, and not for a shorter one.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collectBeforeLargeParse } from "../../cli/heap.ts";
import { LONG_RUN_CHARS } from "../../core/single_pass.ts";
import { ROOT, underBun } from "../helpers.ts";

/**
 * Under Bun: how many of 1,000 objects, garbage by then, each call leaves (a short text, a long
 * one, and a second long one). The objects are held weakly from a job that ended before the call,
 * as JavaScript keeps what a WeakRef made in the current job.
 */
const SCRIPT = `import { collectBeforeLargeParse } from ${
  JSON.stringify(join(ROOT, "cli", "heap.ts"))
};
import { LONG_RUN_CHARS } from ${JSON.stringify(join(ROOT, "core", "single_pass.ts"))};
const weakly = () => Array.from({ length: 1000 }, (_, i) => new WeakRef({ i }));
const left = [];
for (const chars of [LONG_RUN_CHARS - 1, LONG_RUN_CHARS, LONG_RUN_CHARS]) {
  const text = "[" + " ".repeat(chars - 2) + "]";
  const refs = weakly();
  await new Promise((next) => setTimeout(next, 0));
  collectBeforeLargeParse(text);
  left.push(refs.filter((ref) => ref.deref() !== undefined).length);
}
console.log(JSON.stringify(left));
`;

Deno.test("collectBeforeLargeParse() collects Bun's heap once, before the first long text", () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-heap-"));
  try {
    const script = join(dir, "heap.mjs");
    writeFileSync(script, SCRIPT);
    const [command, ...args] = underBun(script);
    const run = spawnSync(command!, args, { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    const [short, first, second] = JSON.parse(run.stdout) as number[];
    // A few may stay, held from the stack, which JavaScriptCore scans conservatively.
    assert.ok(short! > 900, `a short text collected: ${short} of 1000 left`);
    assert.ok(first! < 100, `the first long text collected nothing: ${first} of 1000 left`);
    assert.ok(second! > 900, `a second long text collected again: ${second} of 1000 left`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("collectBeforeLargeParse() does nothing outside Bun", () => {
  collectBeforeLargeParse(" ".repeat(LONG_RUN_CHARS));
});

/**
 * `proxar diff OLD NEW` starts reading both files before its modules load (cli/early_reads.ts):
 * what it reads is what the files hold when the command runs, whatever ran before it.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import process from "node:process";
import {
  dropEarlyReads,
  READ_AT_ONCE_BYTES,
  readFilesEarly,
  takeEarlyRead,
} from "../../cli/early_reads.ts";
import { findings, runCli } from "../helpers.ts";

function withDir(run: (dir: string) => void | Promise<void>): () => Promise<void> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), "proxar-early-"));
    try {
      await run(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

const contract = (...names: string[]) =>
  JSON.stringify({ tools: names.map((name) => ({ name, inputSchema: { type: "object" } })) });

Deno.test(
  "early reads: a file is read once, sources that are no file are not read",
  withDir(async (dir) => {
    writeFileSync(join(dir, "a.json"), contract("a"));
    const others = ["-", "git:HEAD:a.json", "stdio:node x.js", "server:k8s", "https://x.test/mcp"];
    readFilesEarly(["a.json", undefined, ...others], dir);
    const started = takeEarlyRead(resolve(dir, "a.json"));
    assert.ok(started);
    assert.equal(await started, contract("a"));
    assert.equal(takeEarlyRead(resolve(dir, "a.json")), undefined);
    for (const spec of others) assert.equal(takeEarlyRead(resolve(dir, spec)), undefined);
  }),
);

Deno.test(
  "early reads: only regular files, and a read not taken is dropped",
  withDir((dir) => {
    mkdirSync(join(dir, "tools"));
    writeFileSync(join(dir, "dropped.json"), contract("a"));
    const fifo = join(dir, "pipe.json");
    const pipes = process.platform !== "win32";
    // A pipe no one writes to: reading it ahead would block a thread, and keep the process alive.
    if (pipes) execFileSync("mkfifo", [fifo]);
    readFilesEarly(["missing.json", "tools", "pipe.json", "dropped.json"], dir);
    for (const name of ["missing.json", "tools", "pipe.json"]) {
      assert.equal(takeEarlyRead(resolve(dir, name)), undefined, name);
    }
    dropEarlyReads();
    assert.equal(takeEarlyRead(resolve(dir, "dropped.json")), undefined);
  }),
);

/** A contract larger than {@link READ_AT_ONCE_BYTES}: read in the thread pool. */
const large = (name: string) =>
  JSON.stringify({
    tools: [{ name, description: "x".repeat(READ_AT_ONCE_BYTES), inputSchema: {} }],
  });

Deno.test(
  "early reads: large files one after the other, a read that fails keeping none after it from starting",
  withDir(async (dir) => {
    writeFileSync(join(dir, "a.json"), large("a"));
    writeFileSync(join(dir, "b.json"), large("b"));
    readFilesEarly(["a.json", "b.json"], dir);
    // The first read starts once this synchronous code is done: the file is gone by then.
    rmSync(join(dir, "a.json"));
    const [a, b] = ["a.json", "b.json"].map((name) => takeEarlyRead(resolve(dir, name))!);
    await assert.rejects(a!, /ENOENT|no such file/i);
    assert.equal(await b!, large("b"));
  }),
);

Deno.test(
  "early reads: a small file is read at once, without the thread pool",
  withDir(async (dir) => {
    writeFileSync(join(dir, "a.json"), contract("a"));
    writeFileSync(join(dir, "b.json"), large("b"));
    readFilesEarly(["a.json", "b.json"], dir);
    // Read before readFilesEarly returned: gone now, it is still what was read; the large file
    // is read later, as it is then.
    rmSync(join(dir, "a.json"));
    writeFileSync(join(dir, "b.json"), large("c"));
    const [a, b] = ["a.json", "b.json"].map((name) => takeEarlyRead(resolve(dir, name))!);
    assert.equal(await a!, contract("a"));
    assert.equal(await b!, large("c"));
  }),
);

/**
 * A diff stopped by `stop` (exit 2), then `file` rewritten to hold one more tool, then a diff
 * whose finding must be `expected`: what the file holds then, not a read left from the first.
 */
function readsAfterStopped(
  stop: readonly string[],
  file: "old.json" | "new.json",
  expected: string,
): () => Promise<void> {
  return withDir(async (dir) => {
    writeFileSync(join(dir, "old.json"), contract("a"));
    writeFileSync(join(dir, "new.json"), contract("a"));
    const stopped = await runCli(["diff", "old.json", "new.json", ...stop], { cwd: dir });
    assert.equal(stopped.code, 2);
    writeFileSync(join(dir, file), contract("a", "b"));
    const result = await runCli(["diff", "old.json", "new.json", "--format", "json"], {
      cwd: dir,
    });
    assert.equal(result.stderr, "");
    assert.deepEqual(findings(result.stdout), [expected]);
  });
}

Deno.test(
  "proxar diff reads a file as it is when it runs, after a diff that stopped before reading it",
  readsAfterStopped(["--format", "nope"], "new.json", "tool.added|b|NON_BREAKING"),
);

Deno.test(
  "proxar diff reads a file as it is when it runs, after a diff commander stopped",
  // Both files start reading before commander parses the line, which then fails; the first
  // file's read has begun by the time it is rewritten.
  readsAfterStopped(["--no-such-option"], "old.json", "tool.removed|b|BREAKING"),
);

/**
 * Where reports and snapshots are written: a regular file is replaced atomically, but a device,
 * a pipe or a socket is written into and a symbolic link is followed, never replaced; `-` is
 * standard output wherever a file can be named.
 */
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import {
  chmod,
  lstat,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { ROOT, runCli, runProcess } from "../helpers.ts";

const OLD = `${ROOT}/tests/fixtures/diff/base.json`;
const NEW = `${ROOT}/tests/fixtures/diff/removed_tool.json`;
const isRoot = process.getuid?.() === 0;

async function withTemp(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "proxar-out-"));
  try {
    await body(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function reportRules(json: string): string[] {
  return (JSON.parse(json) as { changes: { rule: string }[] }).changes.map((c) => c.rule);
}

Deno.test({
  name: "diff --output writes into a character device instead of replacing it (as root)",
  ignore: !isRoot,
  fn: () =>
    withTemp(async (dir) => {
      // A private copy of /dev/null (same major and minor numbers), so a regression cannot
      // destroy the machine's /dev/null.
      const device = join(dir, "null");
      execFileSync("mknod", [device, "c", "1", "3"]);
      for (const args of [["--output", device], ["--format", `json=${device}`]]) {
        const result = await runCli(["diff", OLD, NEW, ...args], { cwd: dir });
        assert.equal(result.stderr, "");
        assert.equal(result.code, 1);
        const info = await stat(device);
        assert.ok(info.isCharacterDevice(), `${args.join(" ")} replaced the device`);
      }
    }),
});

Deno.test("diff --format json=FIFO writes into the pipe and leaves it a pipe", () =>
  withTemp(async (dir) => {
    const fifo = join(dir, "report.fifo");
    execFileSync("mkfifo", [fifo]);
    // `cat` reads the pipe, so a run that replaced it cannot leave this test waiting forever.
    const reader = spawn("cat", [fifo], { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    reader.stdout.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
    const closed = new Promise((done) => reader.on("close", done));
    const result = await runCli(["diff", OLD, NEW, "--format", `json=${fifo}`], { cwd: dir });
    const stillFifo = (await stat(fifo)).isFIFO();
    if (!stillFifo) reader.kill();
    await closed;
    assert.ok(stillFifo, "the pipe was replaced by a regular file");
    assert.equal(result.stderr, "");
    assert.equal(result.code, 1);
    assert.deepEqual(reportRules(text), ["tool.removed"]);
  }));

Deno.test("diff --output through a symbolic link writes its target and keeps the link and mode", () =>
  withTemp(async (dir) => {
    const target = join(dir, "real.json");
    const link = join(dir, "link.json");
    await writeFile(target, "old");
    await chmod(target, 0o640);
    await symlink("real.json", link);
    const result = await runCli(["diff", OLD, NEW, "--format", "json", "--output", link], {
      cwd: dir,
    });
    assert.equal(result.code, 1);
    assert.ok((await lstat(link)).isSymbolicLink());
    assert.equal(await readlink(link), "real.json");
    assert.deepEqual(reportRules(await readFile(target, "utf8")), ["tool.removed"]);
    assert.equal((await stat(target)).mode & 0o777, 0o640);
  }));

Deno.test("diff --output through a dangling symbolic link creates its target", () =>
  withTemp(async (dir) => {
    await symlink("sub/new.json", join(dir, "link.json"));
    const result = await runCli(["diff", OLD, NEW, "--format", "json=link.json"], { cwd: dir });
    assert.equal(result.code, 1);
    assert.deepEqual(reportRules(await readFile(join(dir, "sub/new.json"), "utf8")), [
      "tool.removed",
    ]);
  }));

Deno.test("proxar process writes through a link to /proc/self/fd/1 into its own standard output", {
  ignore: process.platform !== "linux",
}, () =>
  withTemp(async (dir) => {
    await symlink("/proc/self/fd/1", join(dir, "stdout.json"));
    const result = await runProcess(["diff", OLD, NEW, "--format", "json=stdout.json"], {
      cwd: dir,
    });
    assert.equal(result.stderr, "");
    assert.equal(result.code, 1);
    assert.deepEqual(reportRules(result.stdout), ["tool.removed"]);
    assert.equal(await readlink(join(dir, "stdout.json")), "/proc/self/fd/1");
  }));

Deno.test("diff: - as a file name is standard output", () =>
  withTemp(async (dir) => {
    // In an empty directory, so a regression shows as a file named "-" there.
    const formats = await runCli(
      ["diff", OLD, NEW, "--format", "json=-", "--format", "text=-"],
      { cwd: dir },
    );
    assert.equal(formats.code, 2);
    assert.match(formats.stderr, /Only one format can go to standard output/);
    const output = await runCli(["diff", OLD, NEW, "--format", "json", "--output", "-"], {
      cwd: dir,
    });
    assert.equal(output.code, 1);
    assert.deepEqual(reportRules(output.stdout), ["tool.removed"]);
    const both = await runCli(
      ["diff", OLD, NEW, "--format", "json=-", "--format", "markdown=r.md"],
      { cwd: dir },
    );
    assert.equal(both.code, 1);
    assert.deepEqual(reportRules(both.stdout), ["tool.removed"]);
    assert.deepEqual(await readdirNames(dir), ["r.md"]);
  }));

Deno.test("snapshot --out - prints the snapshot", async () => {
  await withTemp(async (dir) => {
    const result = await runCli(["snapshot", OLD, "--out", "-"], {
      cwd: dir,
      env: { PROXAR_NOW: "2026-01-01T00:00:00Z" },
    });
    assert.equal(result.stderr, "");
    assert.equal(result.code, 0);
    assert.equal((JSON.parse(result.stdout) as { proxar: unknown }).proxar !== undefined, true);
    assert.deepEqual(await readdirNames(dir), []);
  });
});

async function readdirNames(dir: string): Promise<string[]> {
  return (await readdir(dir)).sort();
}

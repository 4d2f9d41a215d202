/**
 * End-to-end tests of the store and pins with a configured live server whose contract changes
 * between runs (`--variant` from `${ISSUES_VARIANT}`): snapshot → pin → change → diff → pin
 * again, `history`, `unpin`, `check` over several servers, `--against` forms, damaged store
 * files, and two real `proxar snapshot` processes writing the same store at once.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import process from "node:process";
import { readSnapshotText } from "../../mcp/snapshot.ts";
import { findings, proxarCommand, runCli, SOURCE_COMMAND } from "../helpers.ts";
import {
  configuredServer,
  filesBelow,
  inProject,
  sharedTestServerUrl,
  TEST_SERVER,
} from "./_live_servers.ts";

/** The test server as a stdio command: every run of proxar starts a server process of its own. */
function serverEntry(name: string, variant: string): string {
  return `  ${name}:\n${configuredServer(TEST_SERVER, "--variant", variant).join("\n")}\n`;
}

/**
 * The test server over HTTP: the file's one shared server, the variant in the URL's query (so
 * `${ISSUES_VARIANT}` is expanded as in a command's arguments); the store and the pins, which
 * these tests are about, do not depend on how the server is reached.
 */
async function httpEntry(name: string, variant: string): Promise<string> {
  const url = await sharedTestServerUrl(`variant=${variant}`);
  return `  ${name}:\n    url: ${JSON.stringify(url)}\n`;
}

async function withProject(
  fn: (dir: string) => Promise<void>,
  config?: string,
): Promise<void> {
  return inProject(config ?? "servers:\n" + await httpEntry("issues-mcp", "${ISSUES_VARIANT}"), fn);
}

function proxar(dir: string, variant: string | undefined, at: string, ...args: string[]) {
  const env: Record<string, string> = { PROXAR_NOW: `2026-03-01T10:00:${at}.000Z` };
  if (variant !== undefined) env.ISSUES_VARIANT = variant;
  return runCli(args, { cwd: dir, env });
}

const V2_FINDINGS = [
  "server.version.changed|server.serverInfo.version|DOCUMENTATION",
  "tool.added|close_issue|NON_BREAKING",
  "tool.input.required.added|search_issues.inputSchema.required|BREAKING",
];

Deno.test("proxar pin and diff --server --against pinned: the seed's workflow end to end", async () => {
  await withProject(async (dir) => {
    const snap = await proxar(dir, "1", "01", "snapshot", "--server", "issues-mcp");
    assert.equal(snap.code, 0);
    const v1 = JSON.parse(snap.stdout).hash as string;
    assert.deepEqual(filesBelow(dir), [
      `.proxar/history/issues-mcp/20260301T100001000Z-${v1.slice(7, 19)}.json`,
      "proxar.yaml",
    ]);

    const pin = await proxar(dir, "1", "02", "pin", "--server", "issues-mcp");
    assert.equal(pin.stderr, "");
    assert.equal(
      pin.stdout,
      `Pinned server "issues-mcp" at ${v1} (issues-mcp 1.0.0, 2 tools, captured 2026-03-01T10:00:02.000Z) in .proxar/pinned/issues-mcp.json\n`,
    );
    assert.equal(filesBelow(dir).length, 3, "an unchanged server adds no history file");

    const same = await proxar(
      dir,
      "1",
      "03",
      "diff",
      "--server",
      "issues-mcp",
      "--against",
      "pinned",
    );
    assert.equal(same.code, 0);
    assert.match(same.stdout, /Summary: no changes\./);

    // The server changes; the seed's command line, verbatim.
    const changed = await proxar(
      dir,
      "2",
      "04",
      "diff",
      "--server",
      "issues-mcp",
      "--against",
      "pinned",
    );
    assert.equal(changed.stderr, "");
    assert.equal(changed.code, 1);
    assert.match(
      changed.stdout,
      /BREAKING {2}tool\.input\.required\.added {2}search_issues\.inputSchema\.required {2}\.proxar\/pinned\/issues-mcp\.json:\d+:\d+\n/,
    );
    const json = await proxar(dir, "2", "05", "diff", "--server", "issues-mcp", "-f", "json");
    assert.equal(json.code, 1);
    assert.deepEqual(findings(json.stdout), V2_FINDINGS);
    const report = JSON.parse(json.stdout);
    assert.equal(report.old.source, ".proxar/pinned/issues-mcp.json");
    assert.equal(report.new.source, "server:issues-mcp");
    const v2 = report.new.hash as string;

    const repin = await proxar(dir, "2", "06", "pin", "--server", "issues-mcp");
    assert.equal(repin.code, 0);
    assert.match(
      repin.stdout,
      new RegExp(`^Pinned server "issues-mcp" at ${v2} \\(issues-mcp 2\\.0\\.0, 3 tools,`),
    );
    const after = await proxar(
      dir,
      "2",
      "07",
      "diff",
      "--server",
      "issues-mcp",
      "--against",
      "pinned",
    );
    assert.equal(after.code, 0);

    // history, pin --hash and unpin need no live server, so no variable either.
    const history = await proxar(dir, undefined, "08", "history", "--server", "issues-mcp");
    assert.equal(
      history.stdout,
      '2 snapshots of server "issues-mcp" in .proxar/history/issues-mcp, newest first:\n' +
        `* 2026-03-01T10:00:04.000Z  sha256:${v2.slice(7, 19)}  pinned\n` +
        `  2026-03-01T10:00:01.000Z  sha256:${v1.slice(7, 19)}\n`,
    );
    const listed = await proxar(
      dir,
      undefined,
      "08",
      "history",
      "--server",
      "issues-mcp",
      "-f",
      "json",
    );
    assert.deepEqual(JSON.parse(listed.stdout), {
      server: "issues-mcp",
      pinned: v2,
      snapshots: [
        {
          time: "2026-03-01T10:00:04.000Z",
          hash: v2,
          file: `.proxar/history/issues-mcp/20260301T100004000Z-${v2.slice(7, 19)}.json`,
          pinned: true,
        },
        {
          time: "2026-03-01T10:00:01.000Z",
          hash: v1,
          file: `.proxar/history/issues-mcp/20260301T100001000Z-${v1.slice(7, 19)}.json`,
          pinned: false,
        },
      ],
    });
    const back = await proxar(
      dir,
      undefined,
      "09",
      "pin",
      "--server",
      "issues-mcp",
      "--hash",
      v1.slice(7, 15),
    );
    assert.equal(back.code, 0);
    assert.equal(
      readSnapshotText("pinned", readFileSync(join(dir, ".proxar/pinned/issues-mcp.json"), "utf8"))
        .hash,
      v1,
    );
    const unpin = await proxar(dir, undefined, "10", "unpin", "--server", "issues-mcp");
    assert.equal(
      unpin.stdout,
      'Unpinned server "issues-mcp" (removed .proxar/pinned/issues-mcp.json)\n',
    );
    const none = await proxar(dir, "2", "11", "diff", "--server", "issues-mcp");
    assert.equal(none.code, 2);
    assert.equal(
      none.stderr,
      'proxar: No snapshot of server "issues-mcp" is pinned (.proxar/pinned/issues-mcp.json does not exist); run: proxar pin --server issues-mcp\n',
    );
  });
});

Deno.test("proxar diff --server compares with --against latest, a hash and a file", async () => {
  await withProject(async (dir) => {
    const first = await proxar(
      dir,
      "1",
      "01",
      "snapshot",
      "--server",
      "issues-mcp",
      "--out",
      "v1.json",
    );
    assert.equal(first.code, 0);
    const v1 = readSnapshotText("v1", readFileSync(join(dir, "v1.json"), "utf8")).hash;
    const latest = await proxar(
      dir,
      "2",
      "02",
      "diff",
      "--server",
      "issues-mcp",
      "--against",
      "latest",
      "-f",
      "json",
    );
    assert.equal(latest.code, 1);
    assert.deepEqual(findings(latest.stdout), V2_FINDINGS);
    // latest is now version 2, recorded by the diff itself.
    const again = await proxar(
      dir,
      "2",
      "03",
      "diff",
      "--server",
      "issues-mcp",
      "--against",
      "latest",
    );
    assert.equal(again.code, 0);
    const byHash = await proxar(
      dir,
      "2",
      "04",
      "diff",
      "--server",
      "issues-mcp",
      "--against",
      v1.slice(7, 19),
      "-f",
      "json",
    );
    assert.deepEqual(findings(byHash.stdout), V2_FINDINGS);
    const byFile = await proxar(
      dir,
      "2",
      "05",
      "diff",
      "--server",
      "issues-mcp",
      "--against",
      "v1.json",
      "-f",
      "json",
    );
    assert.deepEqual(findings(byFile.stdout), V2_FINDINGS);
    assert.equal(JSON.parse(byFile.stdout).old.source, "v1.json");
    const unknown = await proxar(
      dir,
      "2",
      "06",
      "diff",
      "--server",
      "issues-mcp",
      "--against",
      "beef",
    );
    assert.equal(unknown.code, 2);
    assert.match(
      unknown.stderr,
      /^proxar: No snapshot of server "issues-mcp" has a hash starting with "beef"/,
    );
    const both = await proxar(dir, "2", "07", "diff", "a.json", "b.json", "--server", "issues-mcp");
    assert.equal(both.stderr, "proxar: Give either OLD and NEW or --server NAME, not both\n");
  });
});

Deno.test("proxar check writes one combined report for every configured server, each change naming its server", async () => {
  const config = "servers:\n" + await httpEntry("issues-mcp", "${ISSUES_VARIANT}") +
    await httpEntry("stable-mcp", "1");
  await withProject(async (dir) => {
    const unpinned = await proxar(dir, "1", "01", "check");
    assert.equal(unpinned.code, 2);
    assert.match(unpinned.stderr, /^proxar: No snapshot of server "issues-mcp" is pinned/);
    assert.equal((await proxar(dir, "1", "02", "pin", "--server", "issues-mcp")).code, 0);
    assert.equal((await proxar(dir, "1", "03", "pin", "--server", "stable-mcp")).code, 0);
    assert.equal((await proxar(dir, "1", "04", "check")).code, 0);

    const json = await proxar(dir, "2", "05", "check", "-f", "json");
    assert.equal(json.stderr, "");
    assert.equal(json.code, 1);
    assert.deepEqual(findings(json.stdout), V2_FINDINGS);
    const report = JSON.parse(json.stdout);
    assert.deepEqual(report.changes.map((c: { server: string }) => c.server), [
      "issues-mcp",
      "issues-mcp",
      "issues-mcp",
    ]);
    assert.equal(
      report.changes[0].message,
      '[issues-mcp] search_issues.inputSchema: "limit" is now required',
    );
    assert.equal(report.old.source, "pinned snapshots of issues-mcp, stable-mcp");
    assert.deepEqual(report.new.counts, {
      tools: 5,
      prompts: 6,
      resources: 4,
      resourceTemplates: 4,
    });

    const text = await proxar(dir, "2", "06", "check");
    assert.equal(text.code, 1);
    assert.match(
      text.stdout,
      /^proxar pinned snapshots of issues-mcp, stable-mcp → live issues-mcp, stable-mcp\n/,
    );
    assert.match(text.stdout, /search_issues\.inputSchema\.required/);
    const sarif = await proxar(dir, "2", "06", "check", "-f", "sarif");
    assert.equal(sarif.code, 1);
    const results = JSON.parse(sarif.stdout).runs[0].results as { message: { text: string } }[];
    assert.equal(results.length, 3);
    assert.ok(results.every((r) => r.message.text.startsWith("[issues-mcp] ")));
    const one = await proxar(dir, "2", "07", "check", "--server", "stable-mcp");
    assert.equal(one.code, 0);
  }, config);
});

Deno.test("proxar refuses a damaged store file, naming it, and leaves it untouched", async () => {
  await withProject(async (dir) => {
    assert.equal((await proxar(dir, "1", "01", "pin", "--server", "issues-mcp")).code, 0);
    const pinned = join(dir, ".proxar/pinned/issues-mcp.json");
    writeFileSync(pinned, '{"proxar": 1, "server": ');
    const diff = await proxar(dir, "1", "02", "diff", "--server", "issues-mcp");
    assert.equal(diff.code, 2);
    assert.match(
      diff.stderr,
      /^proxar: Damaged store file: \.proxar\/pinned\/issues-mcp\.json:1:\d+: invalid JSON: .* \(Proxar does not replace it: repair or delete it\)\n$/,
    );
    assert.equal(readFileSync(pinned, "utf8"), '{"proxar": 1, "server": ');

    const [history] = filesBelow(dir).filter((f) => f.startsWith(".proxar/history/"));
    const text = readFileSync(join(dir, history!), "utf8");
    const edited = text.replace('"search_issues"', '"search_issue"');
    writeFileSync(join(dir, history!), edited);
    const snap = await proxar(dir, "1", "03", "snapshot", "--server", "issues-mcp");
    assert.equal(snap.code, 2);
    assert.match(
      snap.stderr,
      new RegExp(
        `^proxar: Damaged store file: ${
          history!.replaceAll(".", "\\.")
        }: the recorded hash "sha256:[0-9a-f]{64}" does not match the content`,
      ),
    );
    assert.equal(readFileSync(join(dir, history!), "utf8"), edited);
    assert.equal(filesBelow(dir).filter((f) => f.startsWith(".proxar/history/")).length, 1);
  });
});

interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function proxarProcess(dir: string, variant: string, ...args: string[]): Promise<ProcessResult> {
  return new Promise((done, failed) => {
    const [command, ...prefix] = proxarCommand() ?? SOURCE_COMMAND;
    const child = spawn(command!, [...prefix, ...args], {
      cwd: dir,
      env: { ...process.env, ISSUES_VARIANT: variant, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", failed);
    child.on("close", (code) => done({ code, stdout, stderr }));
  });
}

Deno.test("proxar snapshot processes writing the same store at once leave it consistent", async () => {
  await withProject(async (dir) => {
    const round = async (variant: string, count: number) => {
      const results = await Promise.all(
        Array.from(
          { length: count },
          () => proxarProcess(dir, variant, "snapshot", "--server", "issues-mcp"),
        ),
      );
      for (const r of results) {
        assert.equal(r.code, 0, r.stderr);
        assert.equal(r.stderr, "");
      }
      return new Set(results.map((r) => JSON.parse(r.stdout).hash as string));
    };
    const v1 = await round("1", 3);
    assert.equal(v1.size, 1);
    const v2 = await round("2", 2);
    assert.equal(v2.size, 1);
    const files = filesBelow(dir).filter((f) => f !== "proxar.yaml");
    assert.equal(files.length, 2, `exactly one history file per contract, nothing else: ${files}`);
    const hashes = files.map((f) => readSnapshotText(f, readFileSync(join(dir, f), "utf8")).hash);
    assert.deepEqual(hashes, [...v1, ...v2]);
  });
});

Deno.test("proxar refuses Windows device names as server names, with or without extension", async () => {
  for (const name of ["CON", "nul", "Com1", "lpt9.json", "aux.tar.gz"]) {
    await withProject(async (dir) => {
      const result = await proxar(dir, "1", "01", "pin", "--server", name);
      assert.equal(result.stdout, "");
      assert.equal(
        result.stderr,
        `proxar: proxar.yaml:2:3: servers: the server name "${name}" cannot be used (it names files in the store): "${name}" is a device name on Windows\n`,
      );
      assert.equal(result.code, 2);
      assert.deepEqual(filesBelow(dir), ["proxar.yaml"]);
    }, "servers:\n" + serverEntry(name, "1"));
  }
  await withProject(async (dir) => {
    const result = await proxar(dir, "1", "01", "pin", "--server", "console");
    assert.equal(result.stderr, "");
    assert.equal(result.code, 0);
  }, "servers:\n" + serverEntry("console", "1"));
});

Deno.test("proxar removes temporary files a killed writer left in the store, never a live writer's", async () => {
  await withProject(async (dir) => {
    const first = await proxar(dir, "1", "01", "pin", "--server", "issues-mcp");
    assert.equal(first.code, 0, first.stderr);
    // What kill -9 between writing and renaming leaves, once old, and a writer's file in flight.
    const history = join(dir, ".proxar/history/issues-mcp");
    const pinned = join(dir, ".proxar/pinned");
    const stale = [
      join(history, ".20260301T100000000Z-0123456789ab.json.00112233aabb.tmp"),
      join(pinned, ".issues-mcp.json.44556677ccdd.tmp"),
    ];
    const live = [
      join(history, ".20260301T100000500Z-0123456789ab.json.8899aabbccdd.tmp"),
      join(pinned, ".issues-mcp.json.eeff00112233.tmp"),
    ];
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const path of [...stale, ...live]) writeFileSync(path, '{"partial": ');
    for (const path of stale) utimesSync(path, hourAgo, hourAgo);
    const before = filesBelow(dir);

    const again = await proxar(dir, "2", "02", "pin", "--server", "issues-mcp");
    assert.equal(again.code, 0, again.stderr);
    const after = filesBelow(dir);
    for (const path of stale) assert.ok(!after.includes(relative(dir, path)), path);
    for (const path of live) assert.ok(after.includes(relative(dir, path)), path);
    assert.equal(after.length, before.length - stale.length + 1);
  });
});

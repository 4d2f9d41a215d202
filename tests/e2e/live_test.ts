/**
 * End-to-end tests of `proxar snapshot` and live sources against real MCP servers: the
 * published reference servers from the npm registry (everything over stdio, Streamable HTTP and
 * the older SSE transport; filesystem in two versions) and the SDK-based test server for what
 * they do not cover (pagination, cursor loops, prompts and templates, an older protocol).
 */
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { findings, runCli } from "../helpers.ts";
import {
  everythingServer,
  everythingSpec,
  filesBelow,
  FILESYSTEM_NEW,
  FILESYSTEM_OLD,
  FILESYSTEM_UNTYPED,
  fixtureServer,
  freePort,
  quote,
  referenceSpec,
  removeDir,
  sharedTestServerUrl,
  startServer,
  tempDir,
  TEST_SERVER,
} from "./_live_servers.ts";

const EVERYTHING_TOOLS = [
  "echo",
  "get-annotated-message",
  "get-env",
  "get-resource-links",
  "get-resource-reference",
  "get-structured-content",
  "get-sum",
  "get-tiny-image",
  "gzip-file-as-resource",
  "simulate-research-query",
  "toggle-simulated-logging",
  "toggle-subscriber-updates",
  "trigger-long-running-operation",
];

/** Runs `proxar snapshot SOURCE --out snapshot.json` in a fresh directory; returns the file. */
async function snapshotFile(source: string, ...extra: string[]) {
  const dir = tempDir();
  try {
    const result = await runCli(["snapshot", source, "--out", "snapshot.json", ...extra], {
      cwd: dir,
    });
    assert.equal(result.stderr, "");
    assert.equal(result.code, 0);
    const text = readFileSync(join(dir, "snapshot.json"), "utf8");
    return { text, value: JSON.parse(text), stdout: result.stdout };
  } finally {
    removeDir(dir);
  }
}

let everythingSnapshot: ReturnType<typeof snapshotFile> | undefined;

/** The snapshot of the everything server over stdio, taken once for the tests that read it. */
function everythingOverStdio(): ReturnType<typeof snapshotFile> {
  return everythingSnapshot ??= snapshotFile(everythingSpec());
}

Deno.test("proxar snapshot takes the everything server over stdio: every list, canonical file", async () => {
  const { value, text, stdout } = await everythingOverStdio();
  assert.deepEqual(Object.keys(value), [
    "proxar",
    "server",
    "protocolVersion",
    "capturedAt",
    "hash",
    "instructions",
    "capabilities",
    "tools",
    "prompts",
    "resources",
    "resourceTemplates",
  ]);
  assert.equal(value.proxar, 1);
  assert.deepEqual(value.server, {
    name: "mcp-servers/everything",
    title: "Everything Reference Server",
    version: "2.0.0",
  });
  assert.equal(value.protocolVersion, "2025-11-25");
  assert.match(value.hash, /^sha256:[0-9a-f]{64}$/);
  assert.match(value.instructions, /^# Everything Server – Server Instructions/);
  assert.deepEqual(value.tools.map((t: { name: string }) => t.name), EVERYTHING_TOOLS);
  assert.deepEqual(value.prompts.map((p: { name: string }) => p.name), [
    "args-prompt",
    "completable-prompt",
    "resource-prompt",
    "simple-prompt",
  ]);
  assert.equal(value.resources.length, 7);
  assert.deepEqual(value.resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate), [
    "demo://resource/dynamic/blob/{resourceId}",
    "demo://resource/dynamic/text/{resourceId}",
  ]);
  assert.equal(text, JSON.stringify(value, null, 2) + "\n");
  assert.equal(
    stdout,
    `Wrote snapshot.json: mcp-servers/everything 2.0.0, 13 tools, 4 prompts, 7 resources, 2 resource templates (${value.hash})\n`,
  );
});

Deno.test("proxar snapshot gets the same contract from everything over stdio, Streamable HTTP and SSE", async () => {
  const httpPort = await freePort();
  const [http, ...httpArgs] = everythingServer("streamableHttp");
  const httpServer = await startServer(http!, httpArgs, {
    env: { PORT: String(httpPort) },
    ready: /listening on port (\d+)/,
  });
  const ssePort = await freePort();
  const [sseCommand, ...sseArgs] = everythingServer("sse");
  const sse = await startServer(sseCommand!, sseArgs, {
    env: { PORT: String(ssePort) },
    ready: /running on port (\d+)/,
  });
  try {
    const stdio = await everythingOverStdio();
    const overHttp = await snapshotFile(`http://127.0.0.1:${httpPort}/mcp`);
    assert.equal(overHttp.value.hash, stdio.value.hash);
    assert.deepEqual(overHttp.value.tools, stdio.value.tools);
    // A POST to the SSE endpoint answers 404, so Proxar falls back to the HTTP+SSE transport.
    const overSse = await snapshotFile(`http://127.0.0.1:${ssePort}/sse`);
    assert.equal(overSse.value.hash, stdio.value.hash);
    assert.match(sse.output(), /Client Connected/);
  } finally {
    await httpServer.stop();
    await sse.stop();
  }
});

Deno.test("proxar snapshot warns that strict clients reject server-filesystem 2025.8.21's tool list, and still writes it", async () => {
  const dir = tempDir();
  try {
    const source = referenceSpec(FILESYSTEM_UNTYPED, dir);
    const result = await runCli(["snapshot", source, "--out", "snapshot.json"], { cwd: dir });
    assert.equal(result.code, 0);
    assert.equal(
      result.stderr,
      "proxar: warning: 13 tools have no type \"object\" at the root of inputSchema (create_directory, directory_tree, edit_file, get_file_info, list_directory and 8 more): the MCP specification requires it, and clients that validate tools/list against it (the official TypeScript SDK's, and those built on it) reject the whole list, so they see none of this server's 14 tools\n",
    );
    const tools = JSON.parse(readFileSync(join(dir, "snapshot.json"), "utf8")).tools;
    assert.equal(tools.length, 14);
    // The claim the warning makes, asked of the SDK's own client schema.
    assert.equal(ListToolsResultSchema.safeParse({ tools }).success, false);
    // The one tool that declares it is list_allowed_directories; the same list without the others
    // passes, so the warning is about those 13.
    const typed = tools.filter((t: { inputSchema: { type?: string } }) => t.inputSchema.type);
    assert.deepEqual(typed.map((t: { name: string }) => t.name), ["list_allowed_directories"]);
    assert.equal(ListToolsResultSchema.safeParse({ tools: typed }).success, true);
  } finally {
    removeDir(dir);
  }
});

Deno.test("proxar diff finds the real changes between server-filesystem 2025.12.18 and 2026.8.31", async () => {
  const dir = tempDir();
  try {
    mkdirSync(join(dir, "root"));
    const root = join(dir, "root");
    const result = await runCli([
      "diff",
      referenceSpec(FILESYSTEM_OLD, root),
      referenceSpec(FILESYSTEM_NEW, root),
      "--format",
      "json",
    ], { cwd: dir });
    assert.equal(result.stderr, "");
    assert.equal(result.code, 1);
    const openWorld = [
      "create_directory",
      "directory_tree",
      "edit_file",
      "get_file_info",
      "list_allowed_directories",
      "list_directory",
      "list_directory_with_sizes",
      "move_file",
      "read_file",
      "read_media_file",
      "read_multiple_files",
      "read_text_file",
      "search_files",
      "write_file",
    ].map((tool) =>
      `tool.annotations.safetyStrengthened|${tool}.annotations.openWorldHint|POTENTIALLY_BREAKING`
    );
    const media = "read_media_file.outputSchema.properties.content.items";
    assert.deepEqual(
      findings(result.stdout),
      [
        ...openWorld,
        "tool.annotations.safetyWeakened|move_file.annotations.destructiveHint|POTENTIALLY_BREAKING",
        "tool.description.changed|read_media_file.description|POTENTIALLY_BREAKING",
        // The content item became a union: the old shape is its first branch (with a narrower
        // type enum), the other kinds of content are new branches, which consumers of the old
        // output do not expect. Both differs pair the old shape with that branch, so the keywords
        // that moved into it are not reported again.
        `tool.output.anyOf.widened|${media}.anyOf|BREAKING`,
        `tool.output.enum.narrowed|${media}.anyOf.0.properties.type.enum|NON_BREAKING`,
      ].sort(),
    );
    const report = JSON.parse(result.stdout);
    assert.equal(report.old.server.name, "secure-filesystem-server");
    assert.equal(report.old.counts.tools, 14);
    assert.equal(report.new.counts.tools, 14);
    const destructive = report.changes.find((c: { path: string }) =>
      c.path === "move_file.annotations.destructiveHint"
    );
    assert.equal(destructive.old, false);
    assert.equal(destructive.new, true);
  } finally {
    removeDir(dir);
  }
});

Deno.test("proxar snapshot follows nextCursor through every page of tools, prompts, resources and templates", async () => {
  const paged = await snapshotFile(await sharedTestServerUrl("variant=2&page-size=1"));
  const whole = await snapshotFile(await sharedTestServerUrl("variant=2"));
  assert.equal(paged.value.hash, whole.value.hash);
  assert.deepEqual(paged.value.tools.map((t: { name: string }) => t.name), [
    "close_issue",
    "get_issue",
    "search_issues",
  ]);
  assert.deepEqual(paged.value.prompts.map((p: { name: string }) => p.name), [
    "release_notes",
    "triage",
    "weekly_summary",
  ]);
  assert.deepEqual(paged.value.resources.map((r: { uri: string }) => r.uri), [
    "issues://labels",
    "issues://milestones",
  ]);
  assert.deepEqual(paged.value.resourceTemplates, [
    { mimeType: "application/json", name: "issue", uriTemplate: "issues://issue/{number}" },
    { description: "A user's open issues", name: "user", uriTemplate: "issues://user/{login}" },
  ]);
  assert.deepEqual(paged.value.prompts[1], {
    arguments: [{ description: "Issue number", name: "number", required: true }],
    description: "Triage a new issue.",
    name: "triage",
  });
  assert.equal(paged.value.instructions, "Use search_issues before get_issue.");
  assert.deepEqual(paged.value.capabilities, { prompts: {}, resources: {}, tools: {} });
});

Deno.test("proxar snapshot records no prompts or resources when a server announces them but does not know their lists", async () => {
  // tavily-mcp 0.1.4 to 0.2.10 announce prompts and resources and answer their lists with
  // "Method not found"; Proxar stopped with that error, so those servers could not be snapshot.
  const { value, stdout } = await snapshotFile(await sharedTestServerUrl("unlisted"));
  assert.deepEqual(value.capabilities, { prompts: {}, resources: {}, tools: {} });
  assert.equal(value.tools.length, 2);
  assert.deepEqual([value.prompts, value.resources, value.resourceTemplates], [[], [], []]);
  assert.match(stdout, /, 2 tools, 0 prompts, 0 resources, 0 resource templates \(/);
});

Deno.test("proxar snapshot records the protocol revision an older server negotiates", async () => {
  const { value } = await snapshotFile(await sharedTestServerUrl("protocol=2024-11-05"));
  assert.equal(value.protocolVersion, "2024-11-05");
  const latest = await snapshotFile(await sharedTestServerUrl());
  assert.equal(latest.value.protocolVersion, "2025-11-25");
  assert.notEqual(value.hash, latest.value.hash);
});

Deno.test("proxar snapshot of 10,000 tools over 20 pages keeps every tool", async () => {
  const { value } = await snapshotFile(await sharedTestServerUrl("tools=10000&page-size=500"));
  assert.equal(value.tools.length, 10_002);
  assert.equal(value.tools[0].name, "get_issue");
  assert.equal(value.tools[10_001].name, "tool_10000");
});

Deno.test("proxar snapshot --check exits 0 when the file matches and 1 with the diff when not", async () => {
  const dir = tempDir();
  try {
    const v1 = await sharedTestServerUrl("variant=1");
    const v2 = await sharedTestServerUrl("variant=2");
    assert.equal((await runCli(["snapshot", v1, "--out", "c.json"], { cwd: dir })).code, 0);
    const same = await runCli(["snapshot", v1, "--check", "c.json"], { cwd: dir });
    assert.equal(same.code, 0);
    assert.match(
      same.stdout,
      /^c\.json matches http:\/\/127\.0\.0\.1:\d+\/mcp\?variant=1 \(sha256:[0-9a-f]{64}\)\n$/,
    );
    const stale = await runCli(["snapshot", v2, "--check", "c.json", "-f", "json"], { cwd: dir });
    assert.equal(stale.code, 1);
    assert.match(
      stale.stderr,
      /^proxar: c\.json is out of date: http:\/\/127\.0\.0\.1:\d+\/mcp\?variant=2 now has sha256:/,
    );
    assert.deepEqual(findings(stale.stdout), [
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.added|close_issue|NON_BREAKING",
      "tool.input.required.added|search_issues.inputSchema.required|BREAKING",
    ]);
    assert.deepEqual(filesBelow(dir), ["c.json"]);
  } finally {
    removeDir(dir);
  }
});

Deno.test("proxar snapshot ends the processes a stdio server started along with it", async () => {
  const dir = tempDir();
  const pidFile = join(dir, "child.pid");
  const server = fixtureServer(TEST_SERVER).map(quote).join(" ");
  // A wrapper like npx or a shell script: the server runs beside a helper process it started.
  const script = `sleep 300 & echo $! > ${quote(pidFile)}; ${server}`;
  const spec = `stdio:sh -c ${quote(script)}`;
  let helper: number | undefined;
  try {
    const result = await runCli(["snapshot", spec], { cwd: dir });
    assert.equal(result.stderr, "");
    assert.equal(result.code, 0);
    helper = Number(readFileSync(pidFile, "utf8").trim());
    assert.ok(helper > 0);
    assert.equal(isRunning(helper), false, `the helper process ${helper} outlived the snapshot`);
  } finally {
    if (helper !== undefined && isRunning(helper)) process.kill(helper, "SIGKILL");
    removeDir(dir);
  }
});

/** Whether a process exists and is not a zombie waiting to be reaped. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

/**
 * `proxar proxy` watching drift: a server changes its tools while the proxy runs; the alert
 * names the exact path in all three sinks (standard error, `.proxar/alerts.jsonl`, a loopback
 * webhook), once per pair of hashes; `withhold` hides exactly the affected tool and answers calls
 * to it with the documented error; `proxar pin` during the run clears it.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { runCli } from "../helpers.ts";
import {
  configuredCommand,
  FILESYSTEM_NEW,
  FILESYSTEM_OLD,
  referenceServer,
  referenceSpec,
  sharedTestServerUrl,
  tempDir,
  writeConfig,
  writeIssuesConfig,
} from "./_live_servers.ts";
import {
  connectRecording,
  proxarArgv,
  type RecordingClient,
  until,
  webhookReceiver,
} from "./_proxy_client.ts";

async function toolNames(c: RecordingClient): Promise<string[]> {
  return (await c.client.listTools()).tools.map((t: { name: string }) => t.name).sort();
}

const BREAKING_LINE =
  'BREAKING search_issues.inputSchema.required tool.input.required.added: search_issues.inputSchema: "limit" is now required';

Deno.test("proxar proxy alerts on drift in all three sinks once, withholds, and a pin clears it", async () => {
  const dir = tempDir();
  const hook = await webhookReceiver();
  let proxied: RecordingClient | undefined;
  try {
    const variantFile = join(dir, "variant.txt");
    writeFileSync(variantFile, "1");
    writeIssuesConfig(dir, [
      "proxy:",
      "  policy: { BREAKING: withhold }",
      "alerts:",
      `  webhook: ${hook.url}`,
    ]);
    const pinned = await runCli(["pin", "--server", "issues"], { cwd: dir });
    assert.equal(pinned.code, 0, pinned.stderr);

    proxied = await connectRecording(proxarArgv(["proxy", "--server", "issues"]), { cwd: dir });
    const c = proxied;
    assert.deepEqual(await toolNames(c), ["get_issue", "search_issues"]);

    writeFileSync(variantFile, "2");
    await until("the webhook", () => hook.bodies.length === 1);
    assert.deepEqual(await toolNames(c), ["close_issue", "get_issue"]);
    const call = await c.client.callTool({ name: "search_issues", arguments: { query: "x" } })
      .then(() => undefined, (error: Error & { code?: number; data?: unknown }) => error);
    assert.equal(call?.code, -32003);
    assert.match(
      call!.message,
      /Tool "search_issues" is withheld by Proxar: BREAKING change tool\.input\.required\.added at search_issues\.inputSchema\.required; to accept it, run: proxar pin --server issues/,
    );
    assert.deepEqual(call?.data, {
      tool: "search_issues",
      rule: "tool.input.required.added",
      severity: "BREAKING",
      path: "search_issues.inputSchema.required",
      accept: "proxar pin --server issues",
    });

    // Back to the pinned contract, then the same drift again: no second alert for the pair.
    writeFileSync(variantFile, "1");
    await until("the tool to return", async () => (await toolNames(c)).includes("search_issues"));
    writeFileSync(variantFile, "2");
    await until(
      "the tool to be withheld again",
      async () => !(await toolNames(c)).includes("search_issues"),
    );

    // Accepting the change: pin the server as it is now; the proxy follows without a restart.
    const repinned = await runCli(["pin", "--server", "issues"], { cwd: dir });
    assert.equal(repinned.code, 0, repinned.stderr);
    await until(
      "the pin to clear the withheld tool",
      async () => (await toolNames(c)).includes("search_issues"),
    );
    assert.deepEqual(await toolNames(c), ["close_issue", "get_issue", "search_issues"]);
    await c.close();

    // Sink 1: standard error, one line per finding.
    const stderr = c.stderr();
    assert.equal(stderr.split(BREAKING_LINE).length - 1, 1, stderr);
    assert.match(stderr, /proxar: ALERT issues: the contract changed since the pinned snapshot/);
    assert.match(stderr, /proxar: NON_BREAKING close_issue tool\.added: /);
    // The same drift again raised no alert, but the tool the client lost again is named (it was
    // withheld without a word).
    assert.equal(
      stderr.split(
        "proxar: WITHHELD from the client again: search_issues, for a change alerted before (proxar alerts lists it); to accept the change, run: proxar pin --server issues\n",
      ).length - 1,
      1,
      stderr,
    );
    // Sink 2: the alert log.
    const log = readFileSync(join(dir, ".proxar", "alerts.jsonl"), "utf8").trim().split("\n");
    assert.equal(log.length, 1);
    const entry = JSON.parse(log[0]!);
    assert.deepEqual(
      entry.findings.map((f: { severity: string; rule: string; path: string }) =>
        `${f.severity} ${f.rule} ${f.path}`
      ),
      [
        "BREAKING tool.input.required.added search_issues.inputSchema.required",
        "NON_BREAKING tool.added close_issue",
      ],
    );
    assert.deepEqual(entry.withheld, ["search_issues"]);
    assert.equal(entry.server, "issues");
    assert.equal(entry.against, "pinned");
    assert.deepEqual(entry.counts, {
      BREAKING: 1,
      POTENTIALLY_BREAKING: 0,
      NON_BREAKING: 1,
      DOCUMENTATION: 0,
    });
    // Sink 3: the webhook got the same entry, once.
    assert.deepEqual(hook.bodies.map((b) => JSON.parse(b)), [entry]);

    const listed = await runCli(["alerts", "--server", "issues"], { cwd: dir });
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(
      listed.stdout,
      /^\S+ ALERT issues: the contract changed since the pinned snapshot/,
    );
    assert.ok(listed.stdout.includes(`  ${BREAKING_LINE}\n`), listed.stdout);
    const json = await runCli(["alerts", "--format", "json"], { cwd: dir });
    assert.deepEqual(JSON.parse(json.stdout), [entry]);
  } finally {
    await proxied?.close().catch(() => {});
    hook.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar proxy in front of two server-filesystem releases swapped: one alert, exact paths, only read_media_file withheld", async () => {
  const dir = tempDir();
  const hook = await webhookReceiver();
  const config = (server: string) =>
    writeConfig(
      dir,
      [
        "servers:",
        "  fs:",
        ...configuredCommand(referenceServer(server, dir)),
        "proxy: { policy: { BREAKING: withhold } }",
        `alerts: { webhook: ${JSON.stringify(hook.url)} }`,
        "",
      ].join("\n"),
    );
  const alertLog = join(dir, ".proxar", "alerts.jsonl");
  try {
    config(FILESYSTEM_OLD);
    const pinned = await runCli(["pin", "--server", "fs"], { cwd: dir });
    assert.equal(pinned.code, 0, pinned.stderr);
    const old = await connectRecording(proxarArgv(["proxy", "--server", "fs"]), { cwd: dir });
    const oldTools = await toolNames(old);
    await old.close();
    assert.ok(oldTools.includes("read_media_file"));
    assert.doesNotMatch(old.stderr(), /ALERT/);

    config(FILESYSTEM_NEW);
    for (const run of [1, 2]) {
      const c = await connectRecording(proxarArgv(["proxy", "--server", "fs"]), { cwd: dir });
      assert.deepEqual(await toolNames(c), oldTools.filter((t) => t !== "read_media_file"));
      const listed = await c.client.callTool({ name: "list_allowed_directories", arguments: {} });
      assert.match(JSON.stringify(listed), /Allowed directories/);
      const call = await c.client.callTool({ name: "read_media_file", arguments: { path: "x" } })
        .then(() => undefined, (error: Error & { code?: number }) => error);
      assert.equal(call?.code, -32003);
      await c.close();
      if (run === 1) {
        await until("the webhook", () => hook.bodies.length === 1);
        assert.match(
          c.stderr(),
          /proxar: BREAKING read_media_file\.outputSchema\.properties\.content\.items\.anyOf tool\.output\.anyOf\.widened: /,
        );
      } else {
        // The same pair of hashes in a later session: no second alert anywhere.
        assert.doesNotMatch(c.stderr(), /ALERT/);
      }
    }
    const log = readFileSync(alertLog, "utf8").trim().split("\n");
    assert.equal(log.length, 1);
    const entry = JSON.parse(log[0]!);
    assert.deepEqual(hook.bodies.map((b) => JSON.parse(b)), [entry]);
    assert.deepEqual(entry.withheld, ["read_media_file"]);
    // The alert holds exactly what proxar diff reports for the two releases: the old one as
    // pinned from the live server above (not started a third time), the new one live.
    const diff = await runCli([
      "diff",
      ".proxar/pinned/fs.json",
      referenceSpec(FILESYSTEM_NEW, dir),
      "--format",
      "json",
    ], { cwd: dir });
    const report = JSON.parse(diff.stdout);
    assert.deepEqual(entry.counts, report.summary.counts);
    const key = (f: { severity: string; rule: string; path: string }) =>
      `${f.severity} ${f.rule} ${f.path}`;
    assert.deepEqual(entry.findings.map(key), report.changes.map(key));
    assert.ok(
      entry.findings.map(key).includes(
        "BREAKING tool.output.anyOf.widened read_media_file.outputSchema.properties.content.items.anyOf",
      ),
    );
    assert.deepEqual(
      [
        ...new Set(
          report.changes.filter((c: { severity: string }) => c.severity === "BREAKING")
            .map((c: { entity: { name: string } }) => c.entity.name),
        ),
      ],
      ["read_media_file"],
    );
  } finally {
    hook.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar proxy --listen withholds a tool that broke since the pin, over Streamable HTTP", async () => {
  const dir = tempDir();
  // The file's shared test server, serving each variant at its own URL.
  const v1 = await sharedTestServerUrl("variant=1");
  const v2 = await sharedTestServerUrl("variant=2");
  let proxy: ChildProcess | undefined;
  try {
    const config = (url: string) =>
      writeConfig(
        dir,
        `servers:\n  remote: { url: ${
          JSON.stringify(url)
        } }\nproxy: { policy: { BREAKING: withhold } }\n`,
      );
    config(v1);
    const pinned = await runCli(["pin", "--server", "remote"], { cwd: dir });
    assert.equal(pinned.code, 0, pinned.stderr);
    config(v2);
    const [command, ...args] = proxarArgv([
      "proxy",
      "--server",
      "remote",
      "--listen",
      "127.0.0.1:0",
    ]);
    proxy = spawn(command!, args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    proxy.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    await until("the proxy", () => /listening on (\S+)\//.test(stderr));
    const at = /listening on (\S+)\//.exec(stderr)![1];
    const c = await connectRecording(new URL(`${at}/mcp`), { roots: false });
    assert.deepEqual(await toolNames(c), ["close_issue", "get_issue"]);
    const call = await c.client.callTool({ name: "search_issues", arguments: { query: "x" } })
      .then(() => undefined, (error: Error & { code?: number }) => error);
    assert.equal(call?.code, -32003);
    await c.close();
    await until("the alert", () => stderr.includes("BREAKING search_issues.inputSchema.required"));
    const log = readFileSync(join(dir, ".proxar", "alerts.jsonl"), "utf8").trim().split("\n");
    assert.deepEqual(JSON.parse(log[0]!).withheld, ["search_issues"]);
  } finally {
    if (proxy?.pid) process.kill(proxy.pid, "SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar proxy started again on a drift alerted before withholds the tool and says so, without a second alert", async () => {
  const dir = tempDir();
  try {
    writeFileSync(join(dir, "variant.txt"), "1");
    writeIssuesConfig(dir, ["proxy:", "  policy: { BREAKING: withhold }"]);
    const pinned = await runCli(["pin", "--server", "issues"], { cwd: dir });
    assert.equal(pinned.code, 0, pinned.stderr);
    writeFileSync(join(dir, "variant.txt"), "2");
    const sessions: string[] = [];
    for (let i = 0; i < 2; i++) {
      const c = await connectRecording(proxarArgv(["proxy", "--server", "issues"]), { cwd: dir });
      assert.deepEqual(await toolNames(c), ["close_issue", "get_issue"]);
      assert.equal(await c.endInput(), 0);
      sessions.push(c.stderr());
    }
    assert.match(sessions[0]!, /proxar: ALERT issues/);
    assert.doesNotMatch(sessions[0]!, /WITHHELD from the client again/);
    assert.doesNotMatch(sessions[1]!, /ALERT/);
    assert.match(
      sessions[1]!,
      /^proxar: WITHHELD from the client again: search_issues, for a change alerted before \(proxar alerts lists it\); to accept the change, run: proxar pin --server issues$/m,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

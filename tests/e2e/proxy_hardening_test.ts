/**
 * `proxar proxy` hardened by reusing what snapshots use: secrets replaced in every sink (its own
 * lines, the server's standard error, alerts.jsonl, the webhook), the server's whole process
 * group ended, the observer's reading of the lists bounded by the request and list time limits
 * (one warning, the relay goes on), and a plugin that timed out restarted for the next drift.
 */
import assert from "node:assert/strict";
import { copyFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, runCli } from "../helpers.ts";
import {
  configuredServer,
  tempDir,
  TEST_SERVER,
  testServerSpec,
  writeConfig,
} from "./_live_servers.ts";
import { webhookReceiver } from "./_proxy_client.ts";
import { alive, historyHas, serverPid, startProxy, toolCall as call } from "./_proxy_raw.ts";

const MARKER = "mArKeR-s3cr3t-7f41c2";

/** Proxies a test started, stopped in its finally even when an assertion failed. */
const running: ReturnType<typeof startProxy>[] = [];
function proxy(...args: Parameters<typeof startProxy>): ReturnType<typeof startProxy> {
  const p = startProxy(...args);
  running.push(p);
  return p;
}
async function stopAll(): Promise<void> {
  await Promise.all(running.splice(0).map((p) => p.stop()));
}

function serverConfig(dir: string, args: string[], extra: string[] = []): void {
  writeConfig(
    dir,
    [
      "servers:",
      "  issues:",
      ...configuredServer(TEST_SERVER, ...args),
      '    env: { ISSUES_TOKEN: "${MARKER_TOKEN}" }',
      ...extra,
      "",
    ].join("\n"),
  );
}

Deno.test("proxar proxy keeps a configured secret out of standard error, alerts.jsonl and the webhook", async () => {
  const dir = tempDir();
  const hook = await webhookReceiver();
  try {
    writeFileSync(join(dir, "variant.txt"), "1");
    serverConfig(dir, [
      "--variant-file",
      "variant.txt",
      "--stderr-env",
      "ISSUES_TOKEN",
      "--tool-from-env",
      "ISSUES_TOKEN",
    ], ["alerts:", `  webhook: ${hook.url}`]);
    const p = proxy(["--server", "issues"], dir, { MARKER_TOKEN: MARKER });
    await p.initialize();
    await p.until("the server's line", () => p.stderr().includes("for the tracker"));
    await p.until("the first snapshot", () => historyHas(dir, "issues"));
    writeFileSync(join(dir, "variant.txt"), "2");
    await p.until("the webhook", () => hook.bodies.length === 1);
    p.child.stdin!.end();
    assert.equal(await p.exited, 0, p.stderr());

    const alerts = readFileSync(join(dir, ".proxar", "alerts.jsonl"), "utf8");
    const sinks = { stderr: p.stderr(), alerts, webhook: hook.bodies.join("\n") };
    for (const [sink, text] of Object.entries(sinks)) {
      assert.ok(!text.includes(MARKER), `${sink} shows the secret: ${text}`);
    }
    assert.match(p.stderr(), /debug: using token \*\*\* for the tracker\n/);
    assert.match(
      p.stderr(),
      /proxar: NON_BREAKING token_\*\*\* tool\.added: Tool "token_\*\*\*" was added/,
    );
    const entry = JSON.parse(alerts.trim());
    assert.ok(
      entry.findings.some((f: { path: string }) => f.path === "token_***"),
      alerts,
    );
    assert.deepEqual(JSON.parse(hook.bodies[0]!), entry);
  } finally {
    await stopAll();
    hook.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar proxy ends the processes the server started (its process group)", async () => {
  const dir = tempDir();
  try {
    for (const end of ["stdin", "crash"] as const) {
      const p = proxy(
        [testServerSpec("--print-pid", "--spawn-child", "--big-result", "1")],
        dir,
      );
      await p.initialize();
      const pid = await serverPid(p);
      await p.until("the child's pid", () => /child pid \d+/.test(p.stderr()));
      const child = Number(/child pid (\d+)/.exec(p.stderr())![1]);
      assert.ok(alive(child));
      if (end === "stdin") p.child.stdin!.end();
      else p.send(call(2, "crash"));
      assert.equal(await p.exited, end === "stdin" ? 0 : 1, p.stderr());
      let status = "";
      try {
        status = readFileSync(`/proc/${pid}/status`, "utf8") +
          readFileSync(`/proc/${pid}/cmdline`, "utf8");
      } catch { /* gone */ }
      assert.equal(alive(pid), false, `the server ${pid} outlived the proxy (${end}) ${status}`);
      for (let i = 0; i < 100 && alive(child); i++) await new Promise((t) => setTimeout(t, 50));
      assert.equal(alive(child), false, `the server's child ${child} outlived the proxy (${end})`);
    }
  } finally {
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar proxy warns once when the server's lists never end or never come, and relays on", async () => {
  const dir = tempDir();
  try {
    const cases = [
      {
        args: ["--endless", "--page-delay", "20"],
        flags: ["--list-timeout", "1"],
        warning:
          /proxar: cannot read the server's lists: reading the lists took longer than 1s, the time limit for all pages \(stopped at tools\/list page \d+\); the relay goes on, and the contract is read again on the next list or change notice\n/,
      },
      {
        args: ["--hang-list"],
        flags: ["--timeout", "1"],
        warning:
          /proxar: cannot read the server's lists: tools\/list was not answered within 1s; the relay goes on/,
      },
    ];
    for (const { args, flags, warning } of cases) {
      const p = proxy([testServerSpec(...args, "--big-result", "1"), ...flags], dir);
      await p.initialize();
      await p.until("the warning", () => warning.test(p.stderr()));
      // The client reads the first page itself: Proxar reads the lists again, and fails again.
      p.send({ jsonrpc: "2.0", id: 2, method: "prompts/list" });
      await p.answer(2);
      if (args[0] === "--endless") {
        p.send({ jsonrpc: "2.0", id: 3, method: "tools/list" });
        await p.answer(3);
      }
      p.send(call(4, "echo", { text: "still relayed" }));
      assert.deepEqual((await p.answer(4)).result, {
        content: [{ type: "text", text: "still relayed" }],
      });
      await new Promise((done) => setTimeout(done, 1500));
      assert.equal(p.stderr().split("cannot read the server's lists").length - 1, 1, p.stderr());
      p.child.stdin!.end();
      assert.equal(await p.exited, 0, p.stderr());
    }
  } finally {
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * A proxy of the test server (variant 1, pinned) with the plugin at `plugin` (as written in the
 * configuration) and a `rule_timeout` of 1 s; its rule hangs once, on the next comparison.
 */
async function proxyWithHangingPlugin(dir: string, plugin: string) {
  writeFileSync(join(dir, "variant.txt"), "1");
  serverConfig(dir, ["--variant-file", "variant.txt"], [
    `plugins: [${plugin}]`,
    "rule_timeout: 1",
  ]);
  const pinned = await runCli(["pin", "--server", "issues"], {
    cwd: dir,
    env: { MARKER_TOKEN: MARKER },
  });
  assert.equal(pinned.code, 0, pinned.stderr);
  writeFileSync(join(dir, "hang-once"), "");
  const p = proxy(["--server", "issues"], dir, { MARKER_TOKEN: MARKER });
  await p.initialize();
  return p;
}

/** Sets the test server's variant back to 1 and, once the client was told, to 2 again. */
async function driftAgain(dir: string, p: ReturnType<typeof proxy>): Promise<void> {
  writeFileSync(join(dir, "variant.txt"), "1");
  await p.until(
    "the change back",
    () => p.lines.filter((l) => l.includes("list_changed")).length >= 2,
  );
  await new Promise((done) => setTimeout(done, 500));
  writeFileSync(join(dir, "variant.txt"), "2");
}

Deno.test("proxar proxy restarts a plugin that timed out, so the next drift is graded", async () => {
  const dir = tempDir();
  try {
    const p = await proxyWithHangingPlugin(
      dir,
      JSON.stringify(join(ROOT, "tests/fixtures/plugins/hangs_once.js")),
    );
    writeFileSync(join(dir, "variant.txt"), "2");
    await p.until("the time-out", () => /did not finish within/.test(p.stderr()));
    await driftAgain(dir, p);
    // The drift that timed out is graded by the restarted plugin, with the built-in findings.
    await p.until("the graded alert", () => /graded 3 tools\n/.test(p.stderr()));
    assert.match(
      p.stderr(),
      /proxar: BREAKING search_issues\.inputSchema\.required tool\.input\.required\.added/,
    );
    assert.match(p.stderr(), /proxar: NON_BREAKING server once\.graded: graded 3 tools\n/);
    p.child.stdin!.end();
    assert.equal(await p.exited, 0, p.stderr());
  } finally {
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar proxy keeps serving and alerting when a plugin cannot be restarted: its rule's finding says it did not run", async () => {
  const dir = tempDir();
  try {
    copyFileSync(join(ROOT, "tests/fixtures/plugins/hangs_once.js"), join(dir, "once.js"));
    const p = await proxyWithHangingPlugin(dir, "./once.js");
    // The running worker has the plugin; the one that replaces it after the time-out will not.
    rmSync(join(dir, "once.js"));
    writeFileSync(join(dir, "variant.txt"), "2");
    type Alert = {
      incomplete?: boolean;
      new: { hash: string };
      findings: { severity: string; rule: string; message: string }[];
    };
    const alerts = (): Alert[] => {
      const text = readFileSync(join(dir, ".proxar", "alerts.jsonl"), "utf8");
      return text.trim().split("\n").map((line) => JSON.parse(line));
    };
    const alertWith = (text: string, hash?: string) =>
      alerts().find((a) =>
        (hash === undefined || a.new.hash === hash) &&
        a.findings.some((f) => f.message.includes(text))
      );
    const plugin = 'Plugin "./once.js": rule "once.graded"';
    const timedOut = `${plugin} did not finish within 1000 ms; the change was graded without it`;
    await p.until("the alert with the time-out", () => {
      try {
        return alertWith(timedOut) !== undefined;
      } catch {
        return false;
      }
    });
    // The drift is alerted with the built-in findings; the plugin's rule says it did not run.
    const first = alertWith(timedOut)!;
    const graded = (a: Alert) => a.findings.map((f) => `${f.severity} ${f.rule}`).sort();
    // Once, under load, this alert held only once.graded: the whole file and the proxy's lines
    // are in the message so that the next time says which drift it was.
    assert.deepEqual(
      graded(first).filter((f) => /tool\.|once\./.test(f)),
      [
        "BREAKING tool.input.required.added",
        "NON_BREAKING tool.added",
        "POTENTIALLY_BREAKING once.graded",
      ],
      `alerts.jsonl:\n${JSON.stringify(alerts(), null, 1)}\nstderr:\n${p.stderr()}`,
    );
    assert.equal(first.incomplete, true);
    // The alert's line on standard error may reach this process after its line in the file.
    await p.until(
      "the alert on standard error",
      () => /proxar: POTENTIALLY_BREAKING server once\.graded: /.test(p.stderr()),
    );
    assert.doesNotMatch(p.stderr(), /cannot compare the contracts/);
    // The same change seen again is graded again (its alert was incomplete); the plugin's worker
    // could not come back, which its rule's finding says.
    await driftAgain(dir, p);
    const notLoaded =
      `${plugin} could not run: its worker was restarted after a rule ran past its time limit, and then the plugin did not load: no such file (looked for ${
        join(dir, "once.js")
      }); the change was graded without it`;
    await p.until("the second alert of the change", () => !!alertWith(notLoaded, first.new.hash));
    const again = alertWith(notLoaded, first.new.hash)!;
    assert.deepEqual(graded(again), graded(first));
    assert.equal(again.incomplete, true);
    // The relay still serves the client.
    p.send({ jsonrpc: "2.0", id: 7, method: "tools/list" });
    const listed = await p.answer(7);
    assert.ok(Array.isArray((listed.result as { tools?: unknown })?.tools), JSON.stringify(listed));
    p.child.stdin!.end();
    assert.equal(await p.exited, 0, p.stderr());
  } finally {
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * Fault tests of live sources: each ends with exit code 2, one clear message naming the source
 * (plus the server's last standard error lines where there are some), no secret in it, and no
 * file written, neither `--out` nor anything in the store. Faults of the listing that do not depend
 * on the transport are served by the file's one shared test server over HTTP (`?malformed`); those
 * of a stdio process (its standard error and output, endless fast paging) start their own.
 */
import assert from "node:assert/strict";
import { runCli } from "../helpers.ts";
import {
  configuredServer,
  filesBelow,
  freePort,
  quote,
  removeDir,
  sharedTestServerUrl,
  startHttpTestServer,
  tempDir,
  TEST_SERVER,
  testServerSpec,
  writeConfig,
} from "./_live_servers.ts";

/** Runs `proxar snapshot ARGS --out out.json` in a fresh directory and checks nothing was written. */
async function failedSnapshot(
  args: string[],
  options: { config?: string; env?: Record<string, string> } = {},
): Promise<string> {
  const dir = tempDir();
  try {
    if (options.config !== undefined) writeConfig(dir, options.config);
    const result = await runCli(["snapshot", ...args, "--out", "out.json"], {
      cwd: dir,
      env: options.env ?? {},
    });
    assert.equal(result.stdout, "");
    assert.equal(result.code, 2, result.stderr);
    assert.deepEqual(filesBelow(dir), options.config === undefined ? [] : ["proxar.yaml"]);
    return result.stderr;
  } finally {
    removeDir(dir);
  }
}

Deno.test("proxar snapshot exits 2 when the server command does not exist", async () => {
  assert.equal(
    await failedSnapshot(["stdio:no-such-mcp-server --flag"]),
    'proxar: Cannot snapshot "stdio:no-such-mcp-server --flag": the command "no-such-mcp-server" was not found\n',
  );
});

Deno.test("proxar snapshot exits 2 and quotes standard error when the server exits at once", async () => {
  const spec =
    `stdio:node -e "process.stderr.write('loading config\\nfatal: no config file\\n'); process.exit(3)"`;
  assert.equal(
    await failedSnapshot([spec]),
    `proxar: Cannot snapshot "${spec}": the server closed the connection before answering initialize: it exited with code 3\n` +
      "  The server's standard error ended with:\n" +
      "  | loading config\n" +
      "  | fatal: no config file\n",
  );
});

Deno.test("proxar snapshot names the exit code or signal of a server that ends silently before initialize", async () => {
  // It said only "closed the connection before answering initialize": no code, no signal.
  const quiet = `stdio:node -e "process.exit(0)"`;
  assert.equal(
    await failedSnapshot([quiet]),
    `proxar: Cannot snapshot "${quiet}": the server closed the connection before answering initialize: it exited with code 0\n`,
  );
  const killed =
    `stdio:node -e "process.stderr.write('out of memory\\n'); process.kill(process.pid, 'SIGKILL')"`;
  assert.equal(
    await failedSnapshot([killed]),
    `proxar: Cannot snapshot "${killed}": the server closed the connection before answering initialize: it was ended by signal SIGKILL\n` +
      "  The server's standard error ended with:\n" +
      "  | out of memory\n",
  );
});

Deno.test("proxar snapshot exits 2 when the server hangs past the time limit", async () => {
  const spec = `stdio:node -e "setInterval(() => {}, 1000)"`;
  assert.equal(
    await failedSnapshot([spec, "--connect-timeout", "0.5"]),
    `proxar: Cannot snapshot "${spec}": no answer to initialize within 0.5s\n`,
  );
});

Deno.test("proxar snapshot exits 2 naming what a server printed to stdout that is not JSON", async () => {
  // The server waits, answering nothing, until Proxar closes its input (the test above has one
  // that ignores that too, so Proxar must end it with signals two seconds later).
  const spec = `stdio:node -e "console.log('Server listening on stdio'); process.stdin.resume()"`;
  // Three seconds: node itself took more than one to start and print at load 25 (two cores).
  const stderr = await failedSnapshot([spec, "--connect-timeout", "3"]);
  // The parser's wording differs between V8 (Deno, Node) and JavaScriptCore (the Bun binary).
  assert.match(
    stderr,
    /^proxar: Cannot snapshot ".*": no answer to initialize within 3s; earlier, the server wrote something that is not JSON to standard output: (Unexpected token 'S', "Server lis"\.\.\. is not valid JSON|JSON Parse error: Unexpected identifier "Server")\n$/,
  );
});

Deno.test("proxar snapshot exits 2 when tools/list answers with a malformed result", async () => {
  const spec = await sharedTestServerUrl("malformed");
  assert.equal(
    await failedSnapshot([spec]),
    `proxar: Cannot snapshot "${spec}": tools/list returned a malformed result (page 1): /tools/0/inputSchema: expected an object or a boolean, found a string\n`,
  );
});

Deno.test("proxar snapshot exits 2 when a list request outlasts --timeout", async () => {
  const spec = await sharedTestServerUrl("hang-list");
  assert.equal(
    await failedSnapshot([spec, "--timeout", "0.5", "--connect-timeout", "30"]),
    `proxar: Cannot snapshot "${spec}": no answer to tools/list within 0.5s\n`,
  );
});

Deno.test("proxar snapshot exits 2 when neither Streamable HTTP nor HTTP+SSE answers", async () => {
  const url = (await sharedTestServerUrl()).replace(/\/mcp$/, "/elsewhere");
  assert.equal(
    await failedSnapshot([url]),
    `proxar: Cannot snapshot "${url}": the Streamable HTTP POST was answered with HTTP 405, and the older HTTP+SSE transport failed too: the server answered initialize with HTTP 405\n`,
  );
});

Deno.test("proxar snapshot exits 2 when the server repeats a cursor or never stops paging", async () => {
  const loop = await sharedTestServerUrl("cursor-loop");
  assert.equal(
    await failedSnapshot([loop]),
    `proxar: Cannot snapshot "${loop}": tools/list sent the cursor "again" a second time (page 2); its pagination loops\n`,
  );
  const endless = testServerSpec("--endless");
  assert.equal(
    await failedSnapshot([endless]),
    `proxar: Cannot snapshot "${endless}": tools/list did not end after 1000 pages; the server keeps sending new cursors\n`,
  );
});

Deno.test("proxar snapshot sends configured headers; a wrong token is HTTP 401, exit 2, redacted", async () => {
  const server = await startHttpTestServer("--token", "right-token-42");
  try {
    const url = server.ready[1]!;
    const config =
      `servers:\n  remote:\n    url: ${url}\n    headers:\n      Authorization: "Bearer \${ISSUES_TOKEN}"\n`;
    const stderr = await failedSnapshot(["--server", "remote"], {
      config,
      env: { ISSUES_TOKEN: "wrong-token-17" },
    });
    assert.equal(
      stderr,
      'proxar: Cannot snapshot "server:remote": the server answered initialize with HTTP 401 Unauthorized: check the credentials in the headers\n',
    );
    assert.equal(
      await failedSnapshot([url, "--header", "Authorization: Bearer wrong-token-17"]),
      `proxar: Cannot snapshot "${url}": the server answered initialize with HTTP 401 Unauthorized: check the credentials in the headers\n`,
    );
    const adHoc = await runCli(["snapshot", url, "-H", "Authorization: Bearer right-token-42"]);
    assert.equal(adHoc.code, 0);
    assert.equal(JSON.parse(adHoc.stdout).server.name, "issues-mcp");
    const dir = tempDir();
    try {
      writeConfig(dir, config);
      const ok = await runCli(["snapshot", "--server", "remote", "--out", "out.json"], {
        cwd: dir,
        env: { ISSUES_TOKEN: "right-token-42" },
      });
      assert.equal(ok.stderr, "");
      assert.equal(ok.code, 0);
      assert.match(ok.stdout, /^Wrote out\.json: issues-mcp 1\.0\.0, 2 tools,/);
      assert.equal(
        filesBelow(dir).filter((f) => f.startsWith(".proxar/history/remote/")).length,
        1,
      );
    } finally {
      removeDir(dir);
    }
  } finally {
    await server.stop();
  }
});

Deno.test("proxar snapshot exits 2 when the connection is refused", async () => {
  const port = await freePort();
  assert.equal(
    await failedSnapshot([`http://127.0.0.1:${port}/mcp`]),
    `proxar: Cannot snapshot "http://127.0.0.1:${port}/mcp": connection refused\n`,
  );
});

Deno.test("proxar snapshot exits 2 naming a missing ${VAR} and where it is used", async () => {
  const config =
    `servers:\n  issues-mcp:\n    command: node\n    args: [server.js]\n    env:\n      TOKEN: "\${ISSUES_TOKEN}"\n`;
  assert.equal(
    await failedSnapshot(["--server", "issues-mcp"], { config }),
    'proxar: proxar.yaml: servers.issues-mcp.env.TOKEN: the environment variable "ISSUES_TOKEN" is not set\n',
  );
});

Deno.test("proxar snapshot redacts environment secrets from the server's quoted standard error", async () => {
  const config = `servers:\n  issues-mcp:\n${
    configuredServer(TEST_SERVER, "--fail-with-env", "TOKEN").join("\n")
  }\n    env:\n      TOKEN: "\${ISSUES_TOKEN}"\n`;
  const stderr = await failedSnapshot(["--server", "issues-mcp"], {
    config,
    env: { ISSUES_TOKEN: "tok-very-secret-99" },
  });
  assert.equal(
    stderr,
    'proxar: Cannot snapshot "server:issues-mcp": the server closed the connection before answering initialize: it exited with code 1\n' +
      "  The server's standard error ended with:\n" +
      "  | starting with TOKEN=***\n" +
      "  | fatal: cannot reach the issue tracker\n",
  );
});

Deno.test("proxar snapshot exits 2 when paging outlasts --list-timeout, each page within --timeout", async () => {
  const spec = testServerSpec("--endless", "--page-delay", "200");
  const stderr = await failedSnapshot([
    spec,
    "--timeout",
    "1",
    "--connect-timeout",
    "30",
    "--list-timeout",
    "1.5",
  ]);
  const prefix = `proxar: Cannot snapshot "${spec}": reading the lists took longer than 1.5s, ` +
    "the time limit for all pages (stopped at tools/list page ";
  assert.ok(stderr.startsWith(prefix), stderr);
  assert.match(stderr.slice(prefix.length), /^\d+\)\n$/);
});

Deno.test("proxar snapshot exits 2 at once when a stdio message grows over --max-message-mb", async () => {
  const spec = testServerSpec("--huge-line", "3000000");
  assert.equal(
    await failedSnapshot([spec, "--max-message-mb", "1", "--connect-timeout", "60"]),
    `proxar: Cannot snapshot "${spec}": the server's message during initialize is larger than 1 MB, the limit for one message (max_message_mb)\n`,
  );
});

Deno.test("proxar snapshot reports a JSON-RPC error answer to initialize with its code and message", async () => {
  // Servers that cannot read the request answer with "id": null, which matches no request.
  // Each then waits, reading, until Proxar closes its input.
  for (const [id, code] of [["null", "-32600"], ["m.id", '"E_PROTOCOL"']]) {
    const script =
      `process.stdin.once('data', (d) => { const m = JSON.parse(String(d).split('\\n')[0]); ` +
      `console.log(JSON.stringify({ jsonrpc: '2.0', id: ${id}, error: { code: ${code}, ` +
      `message: 'unsupported protocol revision' } })); })`;
    const spec = `stdio:node -e ${quote(script)}`;
    assert.equal(
      await failedSnapshot([spec, "--connect-timeout", "60"]),
      `proxar: Cannot snapshot "${spec}": the server answered initialize with error ${code}: unsupported protocol revision\n`,
    );
  }
});

Deno.test("proxar snapshot exits 2 when an HTTP answer grows over --max-message-mb", async () => {
  const url = await sharedTestServerUrl("huge-answer=5000000");
  assert.equal(
    await failedSnapshot([url, "--max-message-mb", "1"]),
    `proxar: Cannot snapshot "${url}": the server's HTTP response during initialize is larger than 1 MB, the limit for one message (max_message_mb)\n`,
  );
});

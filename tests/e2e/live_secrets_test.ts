/**
 * Redaction of live sources, from the user's side: snapshots keep the server's contract exactly
 * as sent whatever the configured values, and secrets (header values, `${VAR}` expansions, `env:`
 * entries marked or named as secrets) appear in no byte Proxar writes, in any common encoding.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers.ts";
import {
  configuredServer,
  filesBelow,
  removeDir,
  startHttpTestServer,
  tempDir,
  TEST_SERVER,
  writeConfig,
} from "./_live_servers.ts";

/** A configured stdio test server with `args` and the given `env:` lines. */
function stdioConfig(args: string[], env: string, extra = ""): string {
  return `servers:\n  issues-mcp:\n${configuredServer(TEST_SERVER, ...args).join("\n")}\n` +
    `    env:\n${env}${extra}`;
}

Deno.test("proxar snapshot keeps property names and types equal to configured env values", async () => {
  const dir = tempDir();
  try {
    writeConfig(
      dir,
      stdioConfig(
        ["--settings-tool"],
        "      NODE_ENV: production\n      LOG_LEVEL: debug\n      KIND: string\n" +
          '      MODE: "${DEPLOY_MODE}"\n      ISSUES_TOKEN: "${TOKEN}"\n',
      ),
    );
    const result = await runCli(["snapshot", "--server", "issues-mcp", "--out", "out.json"], {
      cwd: dir,
      env: { DEPLOY_MODE: "production", TOKEN: "boolean" },
    });
    assert.equal(result.stderr, "");
    assert.equal(result.code, 0);
    const snapshot = JSON.parse(readFileSync(join(dir, "out.json"), "utf8"));
    const tools = Object.fromEntries(
      snapshot.tools.map((tool: { name: string }) => [tool.name, tool]),
    );
    assert.deepEqual(tools.configure.inputSchema, {
      properties: {
        debug: { type: "boolean" },
        production: { description: "Settings for production", type: "string" },
      },
      required: ["production", "debug"],
      type: "object",
    });
    assert.deepEqual(tools.search_issues.inputSchema.properties, {
      limit: { type: "integer" },
      query: { type: "string" },
    });
    const history = filesBelow(dir).filter((f) => f.startsWith(".proxar/history/"));
    assert.equal(history.length, 1);
    assert.equal(
      readFileSync(join(dir, history[0]!), "utf8"),
      readFileSync(join(dir, "out.json"), "utf8"),
    );
  } finally {
    removeDir(dir);
  }
});

Deno.test("proxar snapshot redacts secret env values in quoted standard error and leaves others", async () => {
  const dir = tempDir();
  try {
    const names = "NODE_ENV,GITHUB_TOKEN,SESSION_ID,TRACKER,PLAIN,HOST_URL";
    writeConfig(
      dir,
      stdioConfig(
        ["--fail-with-env", names],
        "      NODE_ENV: production\n      GITHUB_TOKEN: ghp-literal-token-1\n" +
          "      SESSION_ID: sess-4f2a9c11\n      TRACKER: tracker-secret-7\n" +
          "      PLAIN: visible-value-1\n" +
          "      HOST_URL: https://bot:url-pass-55@tracker.test/api\n",
        "    secret_env: [TRACKER]\n",
      ),
    );
    const result = await runCli(["snapshot", "--server", "issues-mcp", "--out", "out.json"], {
      cwd: dir,
    });
    assert.equal(result.code, 2);
    assert.equal(
      result.stderr,
      'proxar: Cannot snapshot "server:issues-mcp": the server closed the connection before answering initialize: it exited with code 1\n' +
        "  The server's standard error ended with:\n" +
        "  | starting with NODE_ENV=production\n" +
        "  | starting with GITHUB_TOKEN=***\n" +
        "  | starting with SESSION_ID=***\n" +
        "  | starting with TRACKER=***\n" +
        "  | starting with PLAIN=visible-value-1\n" +
        "  | starting with HOST_URL=https://bot:***@tracker.test/api\n" +
        "  | fatal: cannot reach the issue tracker\n",
    );
    assert.deepEqual(filesBelow(dir), ["proxar.yaml"]);
  } finally {
    removeDir(dir);
  }
});

Deno.test("proxar snapshot exits 2 when secret_env names no env entry", async () => {
  const dir = tempDir();
  try {
    writeConfig(dir, stdioConfig([], "      NODE_ENV: production\n", "    secret_env: [TOKEN]\n"));
    const result = await runCli(["snapshot", "--server", "issues-mcp"], { cwd: dir });
    assert.equal(result.code, 2);
    assert.equal(
      result.stderr,
      'proxar: proxar.yaml:7:18: servers.issues-mcp.secret_env: "TOKEN" is not an entry of env\n',
    );
  } finally {
    removeDir(dir);
  }
});

/** A token with characters that JSON, URLs and base64 each encode differently. */
const SECRET = 'sk_Zq"7\\vKpR/9+tW&x=Yh3mN%41';

/** The forms of the secret to search for, and every 10-character piece of it as is. */
function leakForms(secret: string): string[] {
  const forms = [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)];
  for (let k = 0; k < 3; k++) {
    const bytes = Buffer.concat([Buffer.alloc(k), Buffer.from(secret)]);
    const base64 = bytes.toString("base64");
    // Leave out a character at each end, which also depends on the text around the secret.
    forms.push(base64.slice(Math.ceil((8 * k) / 6) + 1, Math.floor((8 * bytes.length) / 6) - 1));
  }
  for (let i = 0; i + 10 <= secret.length; i++) forms.push(secret.slice(i, i + 10));
  return forms;
}

/** Fails naming the place when any form of {@link SECRET} is in `text`. */
function assertNoSecret(place: string, text: string): void {
  for (const form of leakForms(SECRET)) {
    assert.ok(!text.includes(form), `${place} contains ${JSON.stringify(form)}:\n${text}`);
  }
}

/** Every byte of every file below `dir`, checked. */
function assertNoSecretBelow(dir: string): void {
  for (const file of filesBelow(dir)) {
    assertNoSecret(file, readFileSync(join(dir, file), "latin1"));
    assertNoSecret(file, readFileSync(join(dir, file), "utf8"));
  }
}

Deno.test("proxar keeps every encoding of a header secret out of messages quoting an HTTP error page", async () => {
  const server = await startHttpTestServer("--echo-auth", "500");
  const dir = tempDir();
  try {
    const url = server.ready[1]!;
    writeConfig(
      dir,
      `servers:\n  remote:\n    url: ${url}\n    headers:\n      Authorization: "Bearer \${API_TOKEN}"\n`,
    );
    const env = { API_TOKEN: SECRET };
    const runs = [
      await runCli(["snapshot", "--server", "remote", "--out", "out.json"], { cwd: dir, env }),
      await runCli(["diff", "server:remote", "server:remote"], { cwd: dir, env }),
      await runCli(["snapshot", url, "-H", `Authorization: Bearer ${SECRET}`], { cwd: dir }),
    ];
    for (const [i, run] of runs.entries()) {
      assert.equal(run.code, 2, run.stderr);
      assertNoSecret(`stdout of run ${i}`, run.stdout);
      assertNoSecret(`stderr of run ${i}`, run.stderr);
    }
    const reason = `the server answered initialize with HTTP 500: ${"x".repeat(190)} *** (cros…\n`;
    assert.equal(runs[0]!.stderr, `proxar: Cannot snapshot "server:remote": ${reason}`);
    assert.equal(runs[1]!.stderr, `proxar: Cannot snapshot "server:remote": ${reason}`);
    assert.equal(runs[2]!.stderr, `proxar: Cannot snapshot "${url}": ${reason}`);
    assertNoSecretBelow(dir);
  } finally {
    removeDir(dir);
    await server.stop();
  }
});

Deno.test("proxar keeps every encoding of an env secret out of the quoted standard error", async () => {
  const dir = tempDir();
  try {
    writeConfig(dir, stdioConfig(["--leak-env", "API_TOKEN"], '      API_TOKEN: "${TOKEN}"\n'));
    const result = await runCli(["snapshot", "--server", "issues-mcp", "--out", "out.json"], {
      cwd: dir,
      env: { TOKEN: SECRET },
    });
    assert.equal(result.code, 2);
    assert.equal(result.stdout, "");
    assertNoSecret("stderr", result.stderr);
    assert.equal(
      result.stderr,
      'proxar: Cannot snapshot "server:issues-mcp": the server closed the connection before answering initialize: it exited with code 1\n' +
        "  The server's standard error ended with:\n" +
        `  | ${"y".repeat(290)} *** (cros…\n` +
        `  | ${"x".repeat(190)} *** (crosses the cut)\n` +
        '  | {"error":"invalid_token","token":"***"}\n' +
        "  | redirect: /login?token=***&next=%2F\n" +
        "  | dump: dG9rPX***E7\n",
    );
    assertNoSecretBelow(dir);
  } finally {
    removeDir(dir);
  }
});

Deno.test("proxar writes no secret into snapshots, history, pins or reports of a server that needs one", async () => {
  const server = await startHttpTestServer("--token", SECRET);
  const dir = tempDir();
  try {
    writeConfig(
      dir,
      `servers:\n  remote:\n    url: ${
        server.ready[1]
      }\n    headers:\n      Authorization: "Bearer \${API_TOKEN}"\n`,
    );
    const env = { API_TOKEN: SECRET };
    const runs = [
      await runCli(["snapshot", "--server", "remote", "--out", "out.json"], { cwd: dir, env }),
      await runCli(["pin", "--server", "remote"], { cwd: dir, env }),
      await runCli(["check", "--format", "json=report.json", "--format", "text"], {
        cwd: dir,
        env,
      }),
      await runCli(["history", "--server", "remote"], { cwd: dir, env }),
    ];
    for (const [i, run] of runs.entries()) {
      assert.equal(run.code, 0, run.stderr);
      assertNoSecret(`stdout of run ${i}`, run.stdout);
      assertNoSecret(`stderr of run ${i}`, run.stderr);
    }
    assert.equal(filesBelow(dir).length, 5);
    assertNoSecretBelow(dir);
  } finally {
    removeDir(dir);
    await server.stop();
  }
});

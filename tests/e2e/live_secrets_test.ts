/**
 * Redaction of live sources, from the user's side: snapshots keep the server's contract exactly
 * as sent whatever the configured values, and secrets (header values, `${VAR}` expansions, `env:`
 * entries marked or named as secrets) appear in no byte Proxar writes, in any common encoding.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers.ts";
import {
  DENO,
  filesBelow,
  quote,
  removeDir,
  tempDir,
  TEST_SERVER,
  writeConfig,
} from "./_live_servers.ts";

/** A configured stdio test server with `args` and the given `env:` lines. */
function stdioConfig(args: string[], env: string, extra = ""): string {
  const list = ["run", "-A", TEST_SERVER, ...args].map((a) => JSON.stringify(a)).join(", ");
  return `servers:\n  issues-mcp:\n    command: ${quote(DENO)}\n    args: [${list}]\n` +
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
      'proxar: Cannot snapshot "server:issues-mcp": the server closed the connection before answering initialize\n' +
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

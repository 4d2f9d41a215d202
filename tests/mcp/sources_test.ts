/**
 * Unit tests of resolving live sources: command splitting, `${VAR}` expansion, configured
 * servers, time limits and the secrets collected for redaction.
 */
import assert from "node:assert/strict";
import { expandVariables } from "../../mcp/env_expand.ts";
import { headerSecret, Redactor } from "../../mcp/redact.ts";
import { resolveLiveSource, resolveServer, type SourceSettings } from "../../mcp/sources.ts";
import { splitWords } from "../../mcp/words.ts";

const settings = (overrides: Partial<SourceSettings> = {}): SourceSettings => ({
  servers: {},
  configLabel: "proxar.yaml",
  configDir: "/project",
  cwd: "/project/sub",
  env: {},
  ...overrides,
});

Deno.test("splitWords() groups quoted words and honours backslashes", () => {
  assert.deepEqual(splitWords(`node "dist/my server.js" --name 'a "b"' x\\ y ""`), [
    "node",
    "dist/my server.js",
    "--name",
    'a "b"',
    "x y",
    "",
  ]);
  assert.throws(() => splitWords(`node "open`), {
    message: `Cannot parse the command "node "open": unterminated " quote`,
  });
});

Deno.test("expandVariables() replaces ${VAR}, keeps $${VAR} literal and names a missing one", () => {
  assert.deepEqual(expandVariables("Bearer ${TOKEN} $${LITERAL}", { TOKEN: "t0ken" }, "here"), {
    text: "Bearer t0ken ${LITERAL}",
    substituted: ["t0ken"],
  });
  assert.throws(() => expandVariables("${MISSING}", {}, "proxar.yaml: servers.a.env.X"), {
    message: 'proxar.yaml: servers.a.env.X: the environment variable "MISSING" is not set',
  });
  assert.throws(() => expandVariables("${not-a-name}", {}, "w"), {
    message: 'w: "${not-a-name}" is not a valid variable name',
  });
});

Deno.test("Redactor.text() hides secrets, longest first, and ignores short and common values", () => {
  const redactor = new Redactor(["abcde", "s3cret", "s3cret-and-more", "production", "8080"]);
  assert.equal(
    redactor.text("s3cret-and-more / s3cret / abcde / production:8080"),
    "*** / *** / abcde / production:8080",
  );
  assert.equal(new Redactor(["string", "application/json", "True"]).empty, true);
  assert.equal(headerSecret("Bearer xyz.123"), "xyz.123");
  assert.equal(headerSecret("plain-api-key"), "plain-api-key");
});

Deno.test("resolveLiveSource() splits a stdio: command and runs it in the working directory", () => {
  const source = resolveLiveSource(`stdio:node "a b.js" --flag`, settings());
  assert.deepEqual(source.target, {
    kind: "stdio",
    command: "node",
    args: ["a b.js", "--flag"],
    env: {},
    cwd: "/project/sub",
  });
  assert.equal(source.label, `stdio:node "a b.js" --flag`);
  assert.equal(source.server, undefined);
  assert.deepEqual(source.timeouts, { connectMs: 30_000, requestMs: 30_000, listMs: 300_000 });
  assert.throws(() => resolveLiveSource("stdio:  ", settings()), {
    message: 'Cannot read "stdio:  ": give a command after "stdio:"',
  });
});

Deno.test("resolveLiveSource() hides the password of a URL from its label", () => {
  const source = resolveLiveSource("https://user:pa55word@example.test/mcp", settings());
  assert.equal(source.label, "https://user:***@example.test/mcp");
  assert.equal(source.redactor.text("failed at pa55word"), "failed at ***");
  const query = resolveLiveSource(
    "https://example.test/mcp?api_key=k-51ab90&region=eu-west",
    settings(),
  );
  assert.equal(query.label, "https://example.test/mcp?api_key=***&region=eu-west");
  assert.equal(
    query.target.kind === "http" && query.target.url,
    "https://example.test/mcp?api_key=k-51ab90&region=eu-west",
  );
});

Deno.test("resolveLiveSource() hides a password too short to redact alone with its user name", () => {
  // `pw` alone would garble every word holding it; with its user it is specific enough.
  const http = resolveLiveSource("https://reader:pw@example.test/mcp", settings());
  assert.equal(http.label, "https://***@example.test/mcp");
  assert.equal(
    http.redactor.text("auth reader:pw failed; pw is short"),
    "auth *** failed; pw is short",
  );
  const stdio = resolveLiveSource(
    "stdio:node server.js postgresql://ro:123456@db/shop",
    settings(),
  );
  assert.equal(stdio.label, "stdio:node server.js postgresql://***@db/shop");
  // No user name: the slashes and the at sign make it long enough.
  const bare = resolveLiveSource("stdio:node s.js --db=redis://:pw@cache:6379", settings());
  assert.equal(bare.label, "stdio:node s.js --db=redis:***cache:6379");
  // A password long enough keeps the user name readable, as before.
  const long = resolveLiveSource("https://reader:pa55word@example.test/mcp", settings());
  assert.equal(long.label, "https://reader:***@example.test/mcp");
});

Deno.test("resolveServer() expands variables, resolves cwd and collects every secret", () => {
  const servers = {
    issues: {
      command: "node",
      args: ["server.js", "--org", "${ORG}"],
      env: {
        TOKEN: "${ISSUES_TOKEN}",
        MODE: "fast-mode",
        DB: "pg://u:db-pa55@db/x",
        CUSTOM: "custom-secret",
        NODE_ENV: "staging-eu",
      },
      secret_env: ["CUSTOM"],
      cwd: "srv",
      timeout: 2.5,
    },
    remote: {
      url: "https://mcp.example.test/${PATH_PART}",
      headers: { Authorization: "Bearer ${API_TOKEN}", "X-Team": "platform-team" },
      connect_timeout: 4,
    },
  };
  const env = { ORG: "acme", ISSUES_TOKEN: "tok-issues", PATH_PART: "mcp", API_TOKEN: "tok-api" };
  const issues = resolveServer("issues", settings({ servers, env }));
  assert.deepEqual(issues.target, {
    kind: "stdio",
    command: "node",
    args: ["server.js", "--org", "acme"],
    env: {
      TOKEN: "tok-issues",
      MODE: "fast-mode",
      DB: "pg://u:db-pa55@db/x",
      CUSTOM: "custom-secret",
      NODE_ENV: "staging-eu",
    },
    cwd: "/project/srv",
  });
  assert.equal(issues.label, "server:issues");
  assert.equal(issues.server, "issues");
  assert.deepEqual(issues.timeouts, { connectMs: 2500, requestMs: 2500, listMs: 300_000 });
  assert.equal(
    issues.redactor.text("acme tok-issues fast-mode db-pa55 custom-secret staging-eu"),
    "acme *** fast-mode *** *** staging-eu",
  );

  const remote = resolveServer("remote", settings({ servers, env, timeouts: { requestMs: 900 } }));
  assert.deepEqual(remote.target, {
    kind: "http",
    url: "https://mcp.example.test/mcp",
    headers: { Authorization: "Bearer tok-api", "X-Team": "platform-team" },
  });
  assert.deepEqual(remote.timeouts, { connectMs: 4000, requestMs: 900, listMs: 300_000 });
  assert.equal(
    remote.redactor.text("Authorization: Bearer tok-api; X-Team: platform-team"),
    "Authorization: Bearer ***; X-Team: ***",
  );
  const basic = resolveServer(
    "basic",
    settings({
      servers: {
        basic: { url: "https://x.test/", headers: { Authorization: "Basic Ym90OmItcGFzcy05" } },
      },
    }),
  );
  assert.equal(
    basic.redactor.text("Basic Ym90OmItcGFzcy05 = bot:b-pass-9, b-pass-9"),
    "Basic *** = ***, ***",
  );
});

Deno.test("resolveServer() names the missing variable, an unknown server and a bad entry", () => {
  const servers = { issues: { command: "node", env: { TOKEN: "${ISSUES_TOKEN}" } } };
  assert.throws(() => resolveServer("issues", settings({ servers })), {
    message:
      'proxar.yaml: servers.issues.env.TOKEN: the environment variable "ISSUES_TOKEN" is not set',
  });
  assert.throws(() => resolveServer("isues", settings({ servers })), {
    message: 'Unknown server "isues" (did you mean "issues"?); configured servers: issues',
  });
  assert.throws(() => resolveServer("x", settings({ servers: { x: {} } })), {
    message: 'proxar.yaml: servers.x: give "command" (a stdio server) or "url" (an HTTP server)',
  });
  assert.throws(() => resolveServer("x", settings({ servers: { x: { url: "ftp://h" } } })), {
    message: "proxar.yaml: servers.x: not an http(s) URL",
  });
});

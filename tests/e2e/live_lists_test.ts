/**
 * End-to-end tests of `--lists` and `lists:`: a snapshot that reads only some of a server's lists.
 * The real server is `@modelcontextprotocol/server-postgres` 0.6.2 from the npm registry, pointed
 * at a port where no database listens: it answers `initialize` and `tools/list`, and fails
 * `resources/list` (its resources are the database's tables), as it does in any CI job without
 * the database.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, runCli } from "../helpers.ts";
import {
  configuredCommand,
  everythingServer,
  inProject,
  POSTGRES,
  referenceServer,
  referenceSpec,
} from "./_live_servers.ts";
import { connectRecording, proxarArgv, until } from "./_proxy_client.ts";
/** A database URL where nothing listens (port 1), with a password to keep out of messages. */
const DATABASE = "postgresql://reader:s3cret-pw-41@127.0.0.1:1/shop";
const POSTGRES_SPEC = referenceSpec(POSTGRES, DATABASE);

/** A proxar.yaml configuring server-postgres as `db` for `url`, with `extra` lines of its own. */
function postgresConfig(url: string, ...extra: string[]): string {
  return [
    "servers:",
    "  db:",
    ...configuredCommand(referenceServer(POSTGRES, url)),
    ...extra,
    "",
  ].join("\n");
}

Deno.test("proxar snapshot of a server whose resources/list fails stops, naming --lists and lists:, and writes nothing", async () => {
  await inProject("", async (dir) => {
    const result = await runCli(["snapshot", POSTGRES_SPEC, "--out", "db.json"], { cwd: dir });
    assert.equal(result.code, 2);
    assert.equal(result.stdout, "");
    assert.match(result.stderr, /the server answered resources\/list with error -32603: /);
    assert.match(
      result.stderr,
      /to snapshot this server without its resources, pass --lists tools,prompts,resourceTemplates\n/,
    );
    // The lists already chosen stay chosen in the hint.
    const chosen = await runCli(["snapshot", POSTGRES_SPEC, "--lists", "tools,resources"], {
      cwd: dir,
    });
    assert.equal(chosen.code, 2);
    assert.match(chosen.stderr, /without its resources, pass --lists tools\n/);
    assert.equal(existsSync(join(dir, "db.json")), false);
    // The database URL's password is kept out of the message, which quotes the command.
    assert.match(result.stderr, /postgresql:\/\/reader:\*\*\*@127\.0\.0\.1:1\/shop/);
    assert.doesNotMatch(result.stderr, /s3cret-pw-41/);
  });
});

Deno.test("proxar snapshot --lists tools,prompts records the tools and leaves resources out as not captured", async () => {
  await inProject("", async (dir) => {
    const result = await runCli(
      ["snapshot", POSTGRES_SPEC, "--lists", "tools,prompts", "--out", "db.json"],
      { cwd: dir },
    );
    assert.equal(result.stderr, "");
    assert.equal(result.code, 0);
    assert.match(
      result.stdout,
      /: example-servers\/postgres 0\.1\.0, 1 tools, 0 prompts, resources not captured, resource templates not captured \(sha256:/,
    );
    const file = JSON.parse(readFileSync(join(dir, "db.json"), "utf8"));
    assert.deepEqual(file.tools.map((t: { name: string }) => t.name), ["query"]);
    assert.deepEqual(file.prompts, []);
    assert.equal("resources" in file, false);
    assert.equal("resourceTemplates" in file, false);
  });
});

Deno.test("lists: in proxar.yaml applies to the configured server, and --lists wins over it", async () => {
  const config = [
    "servers:",
    "  everything:",
    ...configuredCommand(everythingServer()),
    "    lists: [tools, resources]",
    "",
  ].join("\n");
  await inProject(config, async (dir) => {
    const configured = await runCli(["snapshot", "--server", "everything"], { cwd: dir });
    assert.equal(configured.code, 0, configured.stderr);
    const value = JSON.parse(configured.stdout);
    assert.equal(value.tools.length, 13);
    assert.equal(value.resources.length, 7);
    assert.equal("prompts" in value, false);
    assert.equal("resourceTemplates" in value, false);

    const flagged = await runCli(["snapshot", "--server", "everything", "--lists", "tools"], {
      cwd: dir,
    });
    assert.equal(flagged.code, 0, flagged.stderr);
    const tools = JSON.parse(flagged.stdout);
    assert.equal(tools.tools.length, 13);
    assert.deepEqual(
      Object.keys(tools).filter((k) => /^(prompts|resources|resourceT)/.test(k)),
      [],
    );
  });
});

Deno.test("a configured server's failed list names lists: in proxar.yaml beside --lists", async () => {
  await inProject(postgresConfig(DATABASE), async (dir) => {
    const result = await runCli(["snapshot", "--server", "db"], { cwd: dir });
    assert.equal(result.code, 2);
    assert.match(
      result.stderr,
      /without its resources, pass --lists tools,prompts,resourceTemplates or set lists: \[tools, prompts, resourceTemplates\] on it in proxar\.yaml\n/,
    );
  });
});

Deno.test("--lists on a diff of two files is an error: a file records the lists it was written with", async () => {
  const result = await runCli([
    "diff",
    "diff/base.json",
    "diff/added_tool.json",
    "--lists",
    "tools",
  ]);
  assert.equal(result.code, 2);
  assert.equal(
    result.stderr,
    "proxar: --lists applies to live servers only (stdio:COMMAND, http(s)://URL, server:NAME): a file records the lists it was written with\n",
  );
});

Deno.test("--lists and lists: reject an unknown list name and a selection without tools", async () => {
  await inProject("", async (dir) => {
    const flag = await runCli(["snapshot", POSTGRES_SPEC, "--lists", "tools,resource"], {
      cwd: dir,
    });
    assert.equal(flag.code, 2);
    assert.equal(
      flag.stderr,
      'proxar: --lists expects names from tools, prompts, resources, resourceTemplates, found "resource" (did you mean "resources"?)\n',
    );
    const noTools = await runCli(["snapshot", POSTGRES_SPEC, "--lists", "prompts"], { cwd: dir });
    assert.equal(noTools.code, 2);
    assert.match(noTools.stderr, /--lists must include tools/);
  });
  await inProject("servers:\n  db:\n    command: node\n    lists: [prompts]\n", async (dir) => {
    const configured = await runCli(["snapshot", "--server", "db"], { cwd: dir });
    assert.equal(configured.code, 2);
    assert.equal(
      configured.stderr,
      "proxar: proxar.yaml:4:12: servers.db.lists: must include tools (a snapshot always reads them), found [prompts]\n",
    );
  });
  await inProject(
    "servers:\n  db:\n    command: node\n    lists: [tools, resource]\n",
    async (dir) => {
      const configured = await runCli(["snapshot", "--server", "db"], { cwd: dir });
      assert.equal(configured.code, 2);
      assert.match(configured.stderr, /^proxar: proxar\.yaml:4:\d+: servers\.db\.lists\.1: /);
    },
  );
});

Deno.test("docs/live-servers.md: the lists: example is a valid configuration", async () => {
  const doc = readFileSync(join(ROOT, "docs", "live-servers.md"), "utf8");
  const section = doc.slice(doc.indexOf("**Reading only some lists.**"));
  const yaml = /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
  assert.match(yaml, /lists: \[tools, prompts\]/);
  await inProject(yaml, async (dir) => {
    // An unknown server name lists the configured ones: the file loaded and validated.
    const result = await runCli(["snapshot", "--server", "nosuch"], { cwd: dir });
    assert.equal(result.code, 2);
    assert.equal(result.stderr, 'proxar: Unknown server "nosuch"; configured servers: db\n');
  });
});

Deno.test("a database URL's password in a configured server's args stays out of messages", async () => {
  // A port that is no number: server-postgres exits at start, and its stack trace on standard
  // error, which the message quotes, echoes the whole URL.
  const url = "postgresql://reader:pw-in-args-77@127.0.0.1:port/shop";
  await inProject(postgresConfig(url), async (dir) => {
    const result = await runCli(["snapshot", "--server", "db"], { cwd: dir });
    assert.equal(result.code, 2);
    assert.match(
      result.stderr,
      /^proxar: Cannot snapshot "server:db": the server closed the connection/,
    );
    assert.match(result.stderr, /postgresql:\/\/reader:\*\*\*@127\.0\.0\.1:port\/shop/);
    assert.doesNotMatch(result.stderr, /pw-in-args-77/);
  });
});

Deno.test("proxar proxy reads only the lists of lists: for its contract, and leaves resources uncaptured whatever the client reads", async () => {
  for (const lists of ["    lists: [tools, prompts]", ""]) {
    await inProject(postgresConfig(DATABASE, lists), async (dir) => {
      const proxied = await connectRecording(proxarArgv(["proxy", "--server", "db"]), {
        cwd: dir,
        roots: false,
      });
      try {
        const tools = await proxied.client.listTools();
        assert.deepEqual(tools.tools.map((t) => t.name), ["query"]);
        // The client's own resources/list fails upstream and is relayed as it is.
        await assert.rejects(() => proxied.client.listResources(), /ECONNREFUSED/);
        const history = join(dir, ".proxar", "history", "db");
        if (lists === "") {
          await until("the warning", () => /cannot read the server's lists/.test(proxied.stderr()));
          assert.match(proxied.stderr(), /--lists tools,prompts,resourceTemplates/);
          assert.equal(existsSync(history), false);
          return;
        }
        // The directory may appear a moment before the snapshot is renamed into it.
        const written = () =>
          existsSync(history) ? readdirSync(history).filter((f) => f.endsWith(".json")) : [];
        await until("a snapshot in the history", () => written().length > 0);
        const [file] = written();
        const snapshot = JSON.parse(readFileSync(join(history, file!), "utf8"));
        assert.deepEqual(snapshot.tools.map((t: { name: string }) => t.name), ["query"]);
        assert.equal("resources" in snapshot, false);
        assert.doesNotMatch(proxied.stderr(), /cannot read the server's lists/);
      } finally {
        await proxied.close();
      }
    });
  }
});

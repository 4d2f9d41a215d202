/**
 * End-to-end tests of `proxar sample`: a fixture server (the SDK's `Server`) whose results drift
 * behind an unchanged listing, side-effect and time-limit guards, that no sampled value reaches
 * the store, configuration errors, and the published everything and filesystem servers.
 */
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { builtinReporters } from "../../reporters/mod.ts";
import { findings, ROOT, runCli } from "../helpers.ts";
import {
  configuredCommand,
  DENO,
  everythingServer,
  filesBelow,
  FILESYSTEM_NEW,
  inProject,
  referenceServer,
  removeDir,
  SAMPLING_SERVER,
  sharedServerUrl,
  tempDir,
  writeConfig,
} from "./_live_servers.ts";

const SARIF_SCHEMA = `${ROOT}/node_modules/@microsoft/sarif-multitool-linux/sarif-2.1.0.json`;
const MARK = "PROXAR_MARKER_7f3a";
const NUMBER = "918273645";

/**
 * The fixture server's entry: the file's one shared sampling server over HTTP, `${VARIANT}`
 * choosing the variant in the URL's query (sampling does not depend on how the server is
 * reached; a stdio command would start a server process for every run). Three lines, as the
 * stdio entry was, so the positions the error messages name stay where they were.
 */
async function fixtureServer(query = ""): Promise<string> {
  const url = await sharedServerUrl(SAMPLING_SERVER, `variant=\${VARIANT}${query}`);
  return `  fixture:\n    # the shared sampling server\n    url: ${JSON.stringify(url)}\n`;
}

const SAMPLES = `samples:
  fixture:
    - tool: list_items
    - tool: list_items
      arguments: { filter: "a" }
    - tool: count_items
`;

function sample(dir: string, variant: string, ...args: string[]) {
  return runCli(["sample", "--server", "fixture", ...args], {
    cwd: dir,
    env: { VARIANT: variant },
  });
}

const V2_FINDINGS = [
  "tool.response.field.removed|list_items.response.structuredContent.items[].owner|POTENTIALLY_BREAKING",
  "tool.response.nullable|list_items.response.structuredContent.items[].summary|POTENTIALLY_BREAKING",
  "tool.response.order.changed|list_items.response.structuredContent.items|POTENTIALLY_BREAKING",
  "tool.response.outputSchema.violated|list_items.response.structuredContent.items[].status|BREAKING",
];

Deno.test("proxar sample records shapes; --check reports exactly v2's drift and nothing for v3", async () => {
  await inProject("servers:\n" + await fixtureServer() + SAMPLES, async (dir) => {
    const recorded = await sample(dir, "1");
    assert.equal(recorded.stderr, "");
    assert.equal(
      recorded.stdout,
      'Sampled server "fixture": 3 of 3 calls answered, 2 tools; wrote .proxar/samples/fixture/latest.json\n',
    );
    assert.equal(recorded.code, 0);
    assert.deepEqual(filesBelow(dir), [".proxar/samples/fixture/latest.json", "proxar.yaml"]);
    const first = readFileSync(join(dir, ".proxar/samples/fixture/latest.json"), "utf8");

    const same = await sample(dir, "1", "--check", "--format", "json");
    assert.equal(same.code, 0);
    assert.deepEqual(findings(same.stdout), []);

    const v3 = await sample(dir, "3", "--check", "--format", "json");
    assert.equal(v3.code, 0, v3.stderr);
    assert.deepEqual(findings(v3.stdout), []);

    const v2 = await sample(dir, "2", "--check", "--format", "json");
    assert.equal(v2.code, 1, v2.stderr);
    assert.deepEqual(findings(v2.stdout), V2_FINDINGS);
    const again = await sample(dir, "2", "--check", "--format", "json");
    assert.equal(again.stdout, v2.stdout, "byte for byte the same report");

    const latest = await sample(dir, "3", "--check", "--against", "latest", "--format", "json");
    assert.equal(latest.code, 0);
    assert.deepEqual(findings(latest.stdout), []);
    const pinnedMissing = await sample(dir, "1", "--check", "--against", "pinned");
    assert.equal(pinnedMissing.code, 2);
    assert.match(pinnedMissing.stderr, /pinned\.json does not exist\); run: proxar sample/);
    for (const bad of [["--against", "latest"], ["--pin", "--check"]]) {
      const usage = await sample(dir, "1", ...bad);
      assert.equal(usage.code, 2, bad.join(" "));
      assert.match(
        usage.stderr,
        /^proxar: (--against needs --check|Give --pin or --check, not both)\n$/,
      );
    }

    const resampled = await sample(dir, "1");
    assert.equal(resampled.code, 0);
    assert.equal(readFileSync(join(dir, ".proxar/samples/fixture/latest.json"), "utf8"), first);
  });
});

Deno.test("proxar sample --check renders v2's drift in every reporter with the diff's exit codes", async () => {
  await inProject("servers:\n" + await fixtureServer() + SAMPLES, async (dir) => {
    assert.equal((await sample(dir, "1", "--pin")).code, 0);
    assert.deepEqual(filesBelow(dir), [
      ".proxar/samples/fixture/latest.json",
      ".proxar/samples/fixture/pinned.json",
      "proxar.yaml",
    ]);
    const formats = builtinReporters.map((r) => r.name);
    const result = await sample(
      dir,
      "2",
      "--check",
      ...formats.flatMap((f) => ["--format", `${f}=out.${f}`]),
    );
    assert.equal(result.code, 1, result.stderr);
    for (const format of formats) {
      const text = readFileSync(join(dir, `out.${format}`), "utf8");
      for (const id of ["tool.response.outputSchema.violated", "tool.response.order.changed"]) {
        assert.ok(text.includes(id), `${format} names ${id}`);
      }
    }
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(SARIF_SCHEMA, "utf8")));
    const log = JSON.parse(readFileSync(join(dir, "out.sarif"), "utf8")) as {
      runs: { results: unknown[] }[];
    };
    assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 3)));
    const results = log.runs[0]!.results as {
      locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
    }[];
    assert.equal(results.length, 4);
    for (const result of results) {
      assert.equal(result.locations.length, 1);
      assert.equal(
        result.locations[0]!.physicalLocation.artifactLocation.uri,
        ".proxar/samples/fixture/pinned.json",
      );
    }
    const warnOnly = await sample(dir, "2", "--check", "--fail-on", "never");
    assert.equal(warnOnly.code, 0);
  });
});

Deno.test("proxar sample --check applies severity_overrides and ignore to response findings", async () => {
  const config = "servers:\n" + await fixtureServer() + SAMPLES + `severity_overrides:
  tool.response.order.changed: BREAKING
ignore:
  - rule: tool.response.outputSchema.violated
    reason: "status archived is rolling out"
`;
  await inProject(config, async (dir) => {
    assert.equal((await sample(dir, "1")).code, 0);
    const result = await sample(dir, "2", "--check", "--format", "json");
    assert.equal(result.code, 1);
    assert.deepEqual(findings(result.stdout), [
      "tool.response.field.removed|list_items.response.structuredContent.items[].owner|POTENTIALLY_BREAKING",
      "tool.response.nullable|list_items.response.structuredContent.items[].summary|POTENTIALLY_BREAKING",
      "tool.response.order.changed|list_items.response.structuredContent.items|BREAKING",
      "tool.response.outputSchema.violated|list_items.response.structuredContent.items[].status|BREAKING|suppressed",
    ]);
  });
});

Deno.test("proxar sample calls a tool without readOnlyHint only when the entry allows side effects", async () => {
  const config = "servers:\n" + await fixtureServer() + `samples:
  fixture:
    - tool: delete_item
      arguments: { id: 1 }
    - tool: gone_tool
`;
  await inProject(config, async (dir) => {
    const refused = await sample(dir, "1");
    assert.equal(refused.code, 0);
    assert.equal(
      refused.stderr,
      'proxar: warning: tool "delete_item": not called: it is not annotated readOnlyHint: true (set allow_side_effects: true on the entry to call it anyway)\n' +
        'proxar: warning: tool "gone_tool": the server does not list it; not called\n',
    );
    const check = await sample(dir, "1", "--check", "--format", "json");
    assert.equal(check.code, 0);
    assert.deepEqual(findings(check.stdout), [
      "tool.response.call.failed|delete_item.response|POTENTIALLY_BREAKING",
      "tool.response.call.failed|gone_tool.response|POTENTIALLY_BREAKING",
    ]);
    writeConfig(dir, config.replace("{ id: 1 }", "{ id: 1 }\n      allow_side_effects: true"));
    const allowed = await sample(dir, "1");
    assert.ok(allowed.stdout.startsWith('Sampled server "fixture": 1 of 2 calls answered'));
  });
});

Deno.test("proxar sample records a call over its time limit as a failure and carries on", async () => {
  const config = "servers:\n" + await fixtureServer("&slow") + `samples:
  fixture:
    - tool: count_items
      timeout: 0.5
    - tool: list_items
`;
  await inProject(config, async (dir) => {
    const result = await sample(dir, "1", "--pin");
    assert.equal(result.code, 0);
    assert.equal(result.stderr, 'proxar: warning: tool "count_items": no answer within 0.5s\n');
    assert.ok(result.stdout.startsWith('Sampled server "fixture": 1 of 2 calls answered, 2 tools'));
    const check = await sample(dir, "1", "--check", "--format", "json");
    assert.deepEqual(findings(check.stdout), [
      "tool.response.call.failed|count_items.response|POTENTIALLY_BREAKING",
    ]);
  });
});

Deno.test("proxar sample writes no string or number of any result to the store", async () => {
  await inProject("servers:\n" + await fixtureServer() + SAMPLES, async (dir) => {
    const result = await sample(dir, "marker", "--pin");
    assert.equal(result.code, 0, result.stderr);
    const check = await sample(dir, "marker", "--check", "--format", "json=report.json");
    assert.equal(check.code, 0);
    const files = filesBelow(dir);
    assert.deepEqual(files, [
      ".proxar/samples/fixture/latest.json",
      ".proxar/samples/fixture/pinned.json",
      "proxar.yaml",
      "report.json",
    ]);
    for (const file of files) {
      const text = readFileSync(join(dir, file), "utf8");
      assert.ok(!text.includes(MARK) && !text.includes(NUMBER), `${file} holds a sampled value`);
      assert.ok(!text.includes("sk_live"), `${file} holds a secret-like key`);
    }
    const stored = readFileSync(join(dir, ".proxar/samples/fixture/latest.json"), "utf8");
    assert.ok(stored.includes('"otherKeys"'), "the secret-like key is counted, not named");
  });
});

Deno.test("proxar sample rejects samples: for an unknown server and bad entries with file:line:col", async () => {
  const config = "servers:\n" + await fixtureServer() +
    "samples:\n  fixtur:\n    - tool: list_items\n";
  await inProject(config, async (dir) => {
    const result = await sample(dir, "1");
    assert.equal(result.code, 2);
    assert.equal(
      result.stderr,
      'proxar: proxar.yaml:6:3: samples: there is no server "fixtur" under servers: (did you mean "fixture"?)\n',
    );
    writeConfig(
      dir,
      "servers:\n" + await fixtureServer() + "samples:\n  fixture:\n    - tools: x\n",
    );
    const bad = await sample(dir, "1");
    assert.equal(bad.code, 2);
    assert.equal(
      bad.stderr,
      'proxar: proxar.yaml:7:7: samples.fixture.0: missing required property "tool"\n',
    );
    writeConfig(dir, "servers:\n" + await fixtureServer());
    const none = await sample(dir, "1");
    assert.equal(none.code, 2);
    assert.match(none.stderr, /No sample calls are configured for server "fixture"/);
    const check = await sample(dir, "1", "--check");
    assert.equal(check.code, 2);
    assert.equal(filesBelow(dir).length, 1, "nothing written");
  });
});

Deno.test("proxar sample --check without recorded samples says how to record them", async () => {
  await inProject("servers:\n" + await fixtureServer() + SAMPLES, async (dir) => {
    const result = await sample(dir, "1", "--check");
    assert.equal(result.code, 2);
    assert.equal(
      result.stderr,
      'proxar: No samples of server "fixture" are recorded (.proxar/samples/fixture/pinned.json or .proxar/samples/fixture/latest.json does not exist); run: proxar sample --server fixture\n',
    );
  });
});

Deno.test("proxar sample records the everything server's read-only tools: content kinds, structured results", async () => {
  const config = `servers:
  everything:
${configuredCommand(everythingServer()).join("\n")}
samples:
  everything:
    - tool: echo
      arguments: { message: "${MARK}" }
    - tool: get-sum
      arguments: { a: 918273645, b: 1 }
    - tool: get-structured-content
      arguments: { location: "Chicago" }
    - tool: get-structured-content
      arguments: { location: "New York" }
    - tool: get-tiny-image
    - tool: get-resource-links
      arguments: { count: 3 }
    - tool: toggle-simulated-logging
`;
  await inProject(config, async (dir) => {
    const run = (...args: string[]) =>
      runCli(["sample", "--server", "everything", ...args], { cwd: dir });
    const result = await run();
    assert.equal(result.code, 0, result.stderr);
    assert.equal(
      result.stderr,
      'proxar: warning: tool "toggle-simulated-logging": not called: it is not annotated readOnlyHint: true (set allow_side_effects: true on the entry to call it anyway)\n',
    );
    const file = JSON.parse(
      readFileSync(join(dir, ".proxar/samples/everything/latest.json"), "utf8"),
    );
    const r = file.responses;
    assert.deepEqual(r.echo.content, ["text"]);
    assert.deepEqual(r["get-tiny-image"].content, ["image", "text"]);
    assert.deepEqual(r["get-resource-links"].content, ["resource_link", "text"]);
    assert.deepEqual(Object.keys(r["get-structured-content"].structured.properties), [
      "conditions",
      "humidity",
      "temperature",
    ]);
    assert.equal(r["get-structured-content"].violations, undefined);
    const text = readFileSync(join(dir, ".proxar/samples/everything/latest.json"), "utf8");
    assert.ok(!text.includes(MARK) && !text.includes(NUMBER));
    const check = await run("--check", "--format", "json");
    assert.equal(check.code, 0);
    assert.deepEqual(findings(check.stdout), [
      "tool.response.call.failed|toggle-simulated-logging.response|POTENTIALLY_BREAKING",
    ]);
  });
});

Deno.test("proxar sample lists a temporary directory with server-filesystem and sees a file appear", async () => {
  const data = tempDir();
  try {
    mkdirSync(join(data, "sub"));
    writeFileSync(join(data, "a.txt"), `${MARK}\n`);
    const config = `servers:
  files:
${configuredCommand(referenceServer(FILESYSTEM_NEW, data)).join("\n")}
samples:
  files:
    - tool: list_directory
      arguments: { path: ${JSON.stringify(data)} }
    - tool: directory_tree
      arguments: { path: ${JSON.stringify(data)} }
    - tool: write_file
      arguments: { path: ${JSON.stringify(join(data, "b.txt"))}, content: "x" }
`;
    await inProject(config, async (dir) => {
      const run = (...args: string[]) =>
        runCli(["sample", "--server", "files", ...args], { cwd: dir });
      const result = await run();
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, /tool "write_file": not called/);
      assert.deepEqual(filesBelow(data), ["a.txt"], "write_file was not called");
      const r = JSON.parse(readFileSync(join(dir, ".proxar/samples/files/latest.json"), "utf8"))
        .responses;
      assert.deepEqual(Object.keys(r.list_directory.structured.properties), ["content"]);
      assert.deepEqual(r.list_directory.structured.properties.content.types, ["string"]);
      const text = readFileSync(join(dir, ".proxar/samples/files/latest.json"), "utf8");
      assert.ok(!text.includes(MARK) && !text.includes(data) && !text.includes("a.txt"));
      writeFileSync(join(data, "c.txt"), "more");
      const check = await run("--check", "--format", "json");
      assert.equal(check.code, 0, check.stderr);
      assert.deepEqual(findings(check.stdout), [
        "tool.response.call.failed|write_file.response|POTENTIALLY_BREAKING",
      ]);
    });
  } finally {
    removeDir(data);
  }
});

Deno.test("docs/sampling.md: its configuration example is valid and its rule table names every response rule", async () => {
  const { parseConfig } = await import("../../core/config_load.ts");
  const { builtinRules } = await import("../../rules/mod.ts");
  const doc = readFileSync(`${ROOT}/docs/sampling.md`, "utf8");
  const [yaml, passive] = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const config = parseConfig(yaml!, "docs/sampling.md");
  assert.deepEqual(parseConfig(passive!, "docs/sampling.md").sampling, { rate: 1, per_minute: 60 });
  assert.deepEqual(config.samples["issues-mcp"]!.map((e) => e.tool), [
    "search_issues",
    "search_issues",
    "close_issue",
  ]);
  const ids = builtinRules.map((r) => r.meta.id).filter((id) => id.startsWith("tool.response."));
  const documented = [...doc.matchAll(/^\| `(tool\.response\.[\w.]+)`\s*\| (\w+)\s*\|/gm)];
  assert.deepEqual(documented.map((m) => m[1]).sort(), ids.sort());
  for (const [, id, severity] of documented) {
    assert.equal(builtinRules.find((r) => r.meta.id === id)!.meta.severity, severity, id);
  }
});

Deno.test("proxar sample reports a server that cannot start as an error naming it, writing nothing", async () => {
  const config = `servers:
  broken:
    command: ${JSON.stringify(DENO)}
    args: ["run", "-A", "/nonexistent/server.ts"]
    connect_timeout: 20
samples:
  broken:
    - tool: anything
`;
  await inProject(config, async (dir) => {
    const result = await runCli(["sample", "--server", "broken"], { cwd: dir });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^proxar: Cannot sample "server:broken": /);
    assert.match(result.stderr, /The server's standard error ended with:\n {2}\| .*nonexistent/);
    assert.ok(!result.stderr.includes("    at "), "no stack trace");
    assert.deepEqual(filesBelow(dir), ["proxar.yaml"]);
  });
});

Deno.test("proxar.yaml sampling: rejects a rate above 1 and a budget below 1 with file:line:col", async () => {
  const { parseConfig } = await import("../../core/config_load.ts");
  assert.throws(
    () => parseConfig("sampling:\n  rate: 2\n", "proxar.yaml"),
    /^UserError: proxar\.yaml:2:9: sampling\.rate: must be <= 1$/,
  );
  assert.throws(
    () => parseConfig("sampling:\n  per_minute: 0\n", "proxar.yaml"),
    /^UserError: proxar\.yaml:2:15: sampling\.per_minute: must be >= 1$/,
  );
  assert.deepEqual(parseConfig("sampling:\n  rate: 0.25\n", "proxar.yaml").sampling, {
    rate: 0.25,
    per_minute: 60,
  });
});

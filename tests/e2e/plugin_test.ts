/**
 * Plugins end to end: the example plugin from config and from --plugin (TypeScript and a .js
 * build), in every format, and one failing plugin per failure mode, each with exit code 2 and
 * the exact message.
 *
 * Every run is a real `proxar` process (`runProcess()`: the compiled build under `npm test`, the
 * `PROXAR_CMD` command in the end-to-end suites), not `main()` in this process: a plugin runs in
 * a worker of its own, and Deno took about 0.15 s of CPU time to start each `node:worker_threads`
 * worker here, more than a whole compiled `proxar diff` with its plugin (the file: 7.4 s of CPU
 * time in-process, 3.2 s as processes). A process also ends a plugin that spins in a JS loop,
 * which Deno's `terminate()` of such a worker does not stop (Node's does): in this process it
 * would spin on for the rest of the test run. `tests/plugins/host_test.ts` hosts plugins in
 * this process, under Deno.
 * @module
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findings, FIXTURES, proxarCommand, ROOT, runProcess } from "../helpers.ts";

const EXAMPLE = `${ROOT}/plugins/example/acme.ts`;
const OLD = "plugins/v0.json";
const NEW = "plugins/v1.json";
const underNode = (proxarCommand() ?? []).some((w) => /(^|\/)node$/.test(w));

const ACME = [
  "acme.tool.destructive.undocumented|wipe_issues.description|BREAKING",
  "acme.tool.name.style|searchIssues|POTENTIALLY_BREAKING",
];

function acmeFindings(stdout: string): string[] {
  return findings(stdout).filter((f) => f.startsWith("acme."));
}

function buildJs(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "proxar-plugin-"));
  const file = join(dir, "acme.js");
  execFileSync(`${ROOT}/node_modules/.bin/bun`, [
    "build",
    EXAMPLE,
    "--outfile",
    file,
    "--format",
    "esm",
  ], {
    stdio: "pipe",
  });
  return { dir, file };
}

Deno.test("proxar diff --plugin runs the example plugin's rules beside the built-in ones", async () => {
  const result = await runProcess(["diff", OLD, NEW, "--plugin", EXAMPLE, "--format", "json"]);
  if (underNode) {
    assert.equal(result.code, 2);
    assert.match(result.stderr, /this runtime cannot import TypeScript/);
    return;
  }
  assert.equal(result.stderr, "");
  assert.equal(result.code, 1);
  assert.deepEqual(acmeFindings(result.stdout), ACME);
  assert.ok(findings(result.stdout).includes("tool.added|searchIssues|NON_BREAKING"));
});

Deno.test("proxar diff loads plugins listed in proxar.yaml, relative to the config file", async () => {
  const { dir, file } = buildJs();
  try {
    writeFileSync(join(dir, "proxar.yaml"), "plugins:\n  - ./acme.js\n");
    const result = await runProcess([
      "diff",
      `${FIXTURES}/${OLD}`,
      `${FIXTURES}/${NEW}`,
      "--config",
      join(dir, "proxar.yaml"),
      "--format",
      "json",
    ]);
    assert.equal(result.stderr, "");
    assert.deepEqual(acmeFindings(result.stdout), ACME);
    assert.ok(readFileSync(file, "utf8").length > 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar diff shows plugin findings in every format and runs the plugin's reporter", async () => {
  const { dir, file } = buildJs();
  try {
    for (const format of ["text", "json", "sarif", "junit", "markdown", "github", "gitlab"]) {
      const result = await runProcess(["diff", OLD, NEW, "--plugin", file, "--format", format]);
      assert.equal(result.code, 1, format);
      for (const id of ["acme.tool.name.style", "acme.tool.destructive.undocumented"]) {
        assert.ok(result.stdout.includes(id), `${format}: ${id}`);
      }
    }
    const csv = await runProcess(["diff", OLD, NEW, "--plugin", file, "--format", "acme-csv"]);
    const lines = csv.stdout.split("\r\n");
    assert.equal(lines[0], "severity,rule,entity,path,message,suppressed");
    assert.ok(
      lines.includes(
        `POTENTIALLY_BREAKING,acme.tool.name.style,tool:searchIssues,searchIssues,"Tool ""searchIssues"" is not snake_case",`,
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar diff applies severity_overrides and ignore to plugin rules", async () => {
  const { dir, file } = buildJs();
  try {
    const config = join(dir, "proxar.yaml");
    writeFileSync(
      config,
      `plugins: [./acme.js]\nseverity_overrides:\n  acme.tool.destructive.undocumented: POTENTIALLY_BREAKING\nignore:\n  - rule: acme.tool.name.style\n    reason: "Legacy names"\n`,
    );
    const result = await runProcess([
      "diff",
      `${FIXTURES}/${OLD}`,
      `${FIXTURES}/${NEW}`,
      "-c",
      config,
      "-f",
      "json",
    ]);
    assert.deepEqual(acmeFindings(result.stdout), [
      "acme.tool.destructive.undocumented|wipe_issues.description|POTENTIALLY_BREAKING",
      "acme.tool.name.style|searchIssues|POTENTIALLY_BREAKING|suppressed",
    ]);
    assert.equal(result.code, 0);
    assert.ok(readFileSync(file, "utf8").includes("acme"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar rules --plugin and proxar explain include plugin rules", async () => {
  const { dir, file } = buildJs();
  try {
    const rules = await runProcess(["rules", "--plugin", file, "--format", "json"]);
    const list = JSON.parse(rules.stdout) as { id: string; plugin?: string }[];
    assert.equal(list.find((r) => r.id === "acme.tool.name.style")?.plugin, file);
    const explain = await runProcess(["explain", "acme.tool.name.style", "--plugin", file]);
    assert.equal(explain.code, 0);
    assert.match(
      explain.stdout,
      /^acme\.tool\.name\.style {2}\(default severity: POTENTIALLY_BREAKING; from plugin /,
    );
    assert.match(explain.stdout, /severity_overrides:\n {4}acme\.tool\.name\.style: NON_BREAKING/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const FAILURES: [string, string[], RegExp][] = [
  [
    "is missing",
    ["--plugin", "plugins/nope.js"],
    /^proxar: Cannot load plugin "plugins\/nope\.js": no such file \(looked for .*\)\n$/,
  ],
  [
    "has a syntax error (naming file, line and column)",
    ["--plugin", "plugins/broken/syntax.ts"],
    underNode
      ? /^proxar: Cannot load plugin "plugins\/broken\/syntax\.ts": the module failed to import: .+\n$/
      : /^proxar: Cannot load plugin "plugins\/broken\/syntax\.ts": plugins\/broken\/syntax\.ts:1:58: syntax error: (Expression expected|Unexpected ;)\n$/,
  ],
  [
    "exports a Proxy that throws when read",
    ["--plugin", "plugins/proxy.js"],
    /^proxar: Cannot load plugin "plugins\/proxy\.js": reading its default export failed: no keys here\n$/,
  ],
  [
    "has the wrong shape",
    ["--plugin", "plugins/wrong_shape.js"],
    /^proxar: Cannot load plugin "plugins\/wrong_shape\.js": unexpected property "rule" \(did you mean "rules"\?\)\n$/,
  ],
  [
    "misspells a severity",
    ["--plugin", "plugins/bad_severity.js"],
    /^proxar: Cannot load plugin "plugins\/bad_severity\.js": rule "sev\.rule": severity must be one of BREAKING, POTENTIALLY_BREAKING, NON_BREAKING, DOCUMENTATION, found "BREAKIN" \(did you mean "BREAKING"\?\)\n$/,
  ],
  [
    "declares another API version",
    ["--plugin", "plugins/api_version.js"],
    /^proxar: Cannot load plugin "plugins\/api_version\.js": apiVersion 2 is not supported; this Proxar implements apiVersion 1\n$/,
  ],
  [
    "collides with a built-in rule",
    ["--plugin", "plugins/collide_builtin.js"],
    /^proxar: Cannot register rule "tool\.removed" from plugin "plugins\/collide_builtin\.js": the id is already taken\n$/,
  ],
  [
    "collides with a built-in reporter",
    ["--plugin", "plugins/collide_reporter.js"],
    /^proxar: Cannot load plugin "plugins\/collide_reporter\.js": a reporter named "sarif" already exists\n$/,
  ],
  [
    "is loaded twice",
    ["--plugin", "plugins/throws.js", "--plugin", "plugins/throws.js"],
    /^proxar: Cannot load plugin "plugins\/throws\.js": the name "boom" is already used by plugin "plugins\/throws\.js"\n$/,
  ],
  [
    "throws inside a rule",
    ["--plugin", "plugins/throws.js"],
    /^proxar: Plugin "plugins\/throws\.js": rule "boom\.always" failed: the policy service is down\n$/,
  ],
  [
    "never settles",
    ["--config", "plugins/hangs.yaml"],
    /^proxar: Plugin "\.\/hangs\.js": rule "slow\.forever" did not finish within 250 ms\n$/,
  ],
  [
    "loops forever in a rule",
    ["--config", "plugins/spins.yaml"],
    /^proxar: Plugin "\.\/spins\.js": rule "spin\.loop" did not finish within 250 ms\n$/,
  ],
  [
    "awaits forever in a rule",
    ["--config", "plugins/microtasks.yaml"],
    /^proxar: Plugin "\.\/microtasks\.js": rule "busy\.await" did not finish within 250 ms\n$/,
  ],
  [
    "loads for longer than plugin_load_timeout",
    ["--config", "plugins/loads_slowly.yaml"],
    /^proxar: Cannot load plugin "\.\/loads_slowly\.js": the plugin did not load within 500 ms; make its module load faster, or raise plugin_load_timeout in proxar\.yaml\n$/,
  ],
  [
    "rejects a promise after its rule returned",
    ["--plugin", "plugins/late_reject.js"],
    /^proxar: Plugin "plugins\/late_reject\.js": rule "late\.reject" failed: unhandled promise rejection: the audit log is gone\n$/,
  ],
  [
    "loops forever in a reporter",
    ["--config", "plugins/reporter_spins.yaml", "--format", "stuck"],
    /^proxar: Plugin "\.\/reporter_spins\.js": reporter "stuck" did not finish within 250 ms\n$/,
  ],
  [
    "pushes into the pairs every rule reads",
    ["--plugin", "plugins/pushes.js"],
    /^proxar: Plugin "plugins\/pushes\.js": rule "aab\.push" failed: .*(read[- ]?only|not extensible|Cannot add|frozen).*\n$/i,
  ],
  [
    "reports a pointer that names nothing",
    ["--plugin", "plugins/bad_pointer.js"],
    /^proxar: Plugin "plugins\/bad_pointer\.js": rule "point\.garbage" reported a malformed finding: pointer "garbage" names nothing in either contract \(expected an RFC 6901 pointer such as "\/tools\/0\/inputSchema"\)\n$/,
  ],
  [
    "reports a pointer with an index that is not one",
    ["--plugin", "plugins/bad_index.js"],
    /^proxar: Plugin "plugins\/bad_index\.js": rule "index\.undefined" reported a malformed finding: pointer "\/tools\/undefined\/annotations" names nothing in either contract .*\n$/,
  ],
  [
    "reports two million findings",
    ["--plugin", "plugins/floods.js"],
    /^proxar: Plugin "plugins\/floods\.js": rule "flood\.all" reported more than 100000 findings; Proxar stops rather than run out of memory\n$/,
  ],
  [
    "reports a malformed finding",
    ["--plugin", "plugins/malformed.js"],
    /^proxar: Plugin "plugins\/malformed\.js": rule "shape\.widget" reported a malformed finding: entity\.kind must be one of "tool", "prompt", "resource", "resourceTemplate", "server"\n$/,
  ],
  [
    "tries to change what other rules see",
    ["--plugin", "plugins/mutates.js"],
    /^proxar: Plugin "plugins\/mutates\.js": rule "sneaky\.drop" failed: .*(read[- ]only|Cannot assign|Cannot delete|non-writable|not writable|frozen).*\n$/i,
  ],
];

// The configs of the plugins that never finish give a rule a quarter of a second
// (`rule_timeout: 0.25`): a spinning plugin costs its limit in CPU time. Loading the plugin has a
// limit of its own (`plugin_load_timeout: 120`), since it took over 200 ms on a machine at load 22.
for (const [what, args, message] of FAILURES) {
  Deno.test(`proxar diff stops with exit 2 when a plugin ${what}`, async () => {
    const result = await runProcess(["diff", OLD, NEW, ...args]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, message);
    assert.equal(result.stdout, "");
  });
}

Deno.test("proxar diff runs built-in rules first and keeps their findings whatever a plugin does", async () => {
  const result = await runProcess(["diff", NEW, OLD, "--plugin", "plugins/hides.js", "-f", "json"]);
  assert.equal(result.stderr, "");
  assert.equal(result.code, 1);
  assert.deepEqual(findings(result.stdout), [
    "tool.removed|searchIssues|BREAKING",
    "tool.removed|wipe_issues|BREAKING",
  ]);
});

Deno.test("proxar diff ends although a plugin rule left a timer running", async () => {
  // A real process: an in-process run cannot show that the process ends.
  const result = await runProcess([
    "diff",
    OLD,
    NEW,
    "--plugin",
    "plugins/interval.js",
    "-f",
    "json",
  ]);
  assert.equal(result.stderr, "");
  assert.equal(result.code, 0);
  assert.ok(findings(result.stdout).includes("tick.left|server|DOCUMENTATION"));
});

Deno.test("proxar diff honours a rule_timeout longer than 2^31 ms instead of firing at once", async () => {
  const result = await runProcess([
    "diff",
    OLD,
    NEW,
    "--config",
    "plugins/long_timeout.yaml",
    "-f",
    "json",
  ]);
  assert.equal(result.stderr, "");
  assert.ok(findings(result.stdout).includes("later.tool.count|server.tools|DOCUMENTATION"));
});

Deno.test("proxar diff awaits asynchronous plugin rules", async () => {
  const result = await runProcess([
    "diff",
    OLD,
    NEW,
    "--plugin",
    "plugins/async_ok.js",
    "-f",
    "json",
  ]);
  assert.equal(result.stderr, "");
  assert.ok(findings(result.stdout).includes("later.tool.count|server.tools|DOCUMENTATION"));
});

/**
 * End-to-end tests of `proxar diff`, `proxar rules` and `proxar --version`, run in-process on the
 * fixture files under `tests/fixtures/`. Findings are compared as exact sets, so an unrelated
 * extra finding fails the test.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtinRules } from "../../rules/mod.ts";
import { SEVERITIES } from "../../core/severity.ts";
import { findings, FIXTURES, proxarCommand, ROOT, runCli } from "../helpers.ts";

const fixture = (path: string) => readFileSync(join(FIXTURES, path), "utf8");

/** Runs `proxar diff diff/OLD diff/NEW --format json ...` and returns code, findings, report. */
async function diffJson(oldFile: string, newFile: string, ...extra: string[]) {
  const result = await runCli([
    "diff",
    `diff/${oldFile}`,
    `diff/${newFile}`,
    "--format",
    "json",
    ...extra,
  ]);
  assert.equal(result.stderr, "");
  return {
    code: result.code,
    findings: findings(result.stdout),
    report: JSON.parse(result.stdout),
    stdout: result.stdout,
  };
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "proxar-test-"));
}

Deno.test("proxar diff reports a removed tool as BREAKING and exits 1", async () => {
  const { code, findings: found, report } = await diffJson("base.json", "removed_tool.json");
  assert.deepEqual(found, ["tool.removed|search_issues|BREAKING"]);
  assert.equal(code, 1);
  assert.deepEqual(report.changes[0].entity, { kind: "tool", name: "search_issues" });
  assert.equal(report.changes[0].old, "search_issues");
  assert.equal(report.changes[0].message, 'Tool "search_issues" was removed');
  assert.deepEqual(report.decision, {
    failOn: "BREAKING",
    warnOn: "POTENTIALLY_BREAKING",
    highest: "BREAKING",
    status: "fail",
    exitCode: 1,
  });
});

Deno.test("proxar diff hints at a rename when a removed tool's schemas reappear", async () => {
  const { code, findings: found, report } = await diffJson("base.json", "renamed_tool.json");
  assert.deepEqual(found, [
    "tool.added|find_issues|NON_BREAKING",
    "tool.removed|search_issues|BREAKING",
  ]);
  assert.equal(code, 1);
  const removed = report.changes.find((c: { rule: string }) => c.rule === "tool.removed");
  assert.equal(removed.hint, 'renamed to "find_issues"?');
  assert.equal(removed.new, "find_issues");
});

Deno.test("proxar diff reports an added tool as NON_BREAKING and exits 0", async () => {
  const { code, findings: found, report } = await diffJson("base.json", "added_tool.json");
  assert.deepEqual(found, ["tool.added|close_issue|NON_BREAKING"]);
  assert.equal(code, 0);
  assert.equal(report.decision.status, "pass");
});

Deno.test({
  name: "proxar diff reports a new required parameter as BREAKING and exits 1",
  fn: async () => {
    const { code, findings: found, report } = await diffJson("base.json", "required_added.json");
    assert.deepEqual(found, [
      "tool.input.required.added|search_issues.inputSchema.required|BREAKING",
    ]);
    assert.equal(code, 1);
    assert.deepEqual(report.changes[0].old, ["query"]);
    assert.deepEqual(report.changes[0].new, ["query", "repo"]);
  },
});

Deno.test("proxar diff reports a removed parameter as BREAKING and exits 1", async () => {
  const { code, findings: found, report } = await diffJson("base.json", "param_removed.json");
  assert.deepEqual(found, [
    "tool.input.property.removed|search_issues.inputSchema.properties.limit|BREAKING",
  ]);
  assert.equal(code, 1);
  assert.deepEqual(report.changes[0].old, {
    description: "Maximum number of results",
    type: "integer",
  });
});

Deno.test("proxar diff reports an optional parameter as NON_BREAKING and exits 0", async () => {
  const { code, findings: found } = await diffJson("base.json", "optional_added.json");
  assert.deepEqual(found, [
    "tool.input.property.added|search_issues.inputSchema.properties.labels|NON_BREAKING",
  ]);
  assert.equal(code, 0);
});

Deno.test("proxar diff reports an unmodelled keyword that comes with an optional parameter as BREAKING", async () => {
  // The engine specification: a keyword Proxar does not model is reported on the day it
  // appears in the schema, a new parameter's included (one named x-… is a vendor extension,
  // an annotation: tests/core/schema/vendor_extension_test.ts).
  const { code, findings: found, report } = await diffJson(
    "base.json",
    "optional_added_unmodelled.json",
  );
  assert.deepEqual(found, [
    "tool.input.keyword.unmodelled|search_issues.inputSchema.properties.labels.uiWidget|BREAKING",
    "tool.input.property.added|search_issues.inputSchema.properties.labels|NON_BREAKING",
  ]);
  assert.equal(code, 1);
  const unmodelled = report.changes.find((c: { rule: string }) =>
    c.rule === "tool.input.keyword.unmodelled"
  );
  // Tools sorted by name, as in a snapshot: search_issues is the second.
  assert.equal(unmodelled.pointer, "/tools/1/inputSchema/properties/labels/uiWidget");
  // Removed again, the parameter is gone: the keyword does not appear.
  const back = await diffJson("optional_added_unmodelled.json", "base.json");
  assert.deepEqual(back.findings, [
    "tool.input.property.removed|search_issues.inputSchema.properties.labels|BREAKING",
  ]);
});

Deno.test("proxar diff reports an unmodelled keyword a new property copies from another property, and one in a not added", async () => {
  // Review: the keyword written beside an unchanged property a did not make the copy at b old,
  // and a not added whole was only not.narrowed. Both directions; removed, nothing appears.
  const dir = mkdtempSync(join(tmpdir(), "proxar-unmodelled-"));
  try {
    const tool = (inputSchema: unknown, outputSchema?: unknown) =>
      JSON.stringify({
        tools: [{
          name: "t",
          inputSchema,
          ...(outputSchema === undefined ? {} : { outputSchema }),
        }],
      });
    const a = { type: "string", "vndFoo": 1 };
    const files: Record<string, string> = {
      one: tool({ type: "object", properties: { a } }),
      two: tool({ type: "object", properties: { a, b: a } }),
      plain: tool({ type: "object" }, { type: "string" }),
      not: tool({ type: "object" }, { type: "string", not: { "vndFoo": 1 } }),
    };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(dir, `${name}.json`), text);
    }
    const run = async (from: string, to: string) => {
      const r = await runCli([
        "diff",
        join(dir, `${from}.json`),
        join(dir, `${to}.json`),
        "--format",
        "json",
      ]);
      assert.equal(r.stderr, "");
      return { code: r.code, found: findings(r.stdout) };
    };
    assert.deepEqual(await run("one", "two"), {
      code: 1,
      found: [
        "tool.input.keyword.unmodelled|t.inputSchema.properties.b.vndFoo|BREAKING",
        "tool.input.property.added|t.inputSchema.properties.b|NON_BREAKING",
      ],
    });
    assert.deepEqual(await run("two", "one"), {
      code: 1,
      found: ["tool.input.property.removed|t.inputSchema.properties.b|BREAKING"],
    });
    assert.deepEqual(await run("plain", "not"), {
      code: 1,
      found: [
        "tool.output.keyword.unmodelled|t.outputSchema.not.vndFoo|BREAKING",
        "tool.output.not.narrowed|t.outputSchema.not|NON_BREAKING",
      ],
    });
    assert.deepEqual(await run("not", "plain"), {
      code: 1,
      found: ["tool.output.not.widened|t.outputSchema.not|BREAKING"],
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar diff grades a string parameter that may now be an array of strings as widened, exit 0", async () => {
  // @azure-devops/mcp 2.2.2 → 2.10.0, repo_search_commits' author: items were compared with the
  // old side's absent items (narrowed from "any", BREAKING) though the old type admits no array.
  const dir = mkdtempSync(join(tmpdir(), "proxar-excluded-type-"));
  try {
    const tool = (author: unknown) =>
      JSON.stringify({
        tools: [{ name: "t", inputSchema: { type: "object", properties: { author } } }],
      });
    writeFileSync(join(dir, "one.json"), tool({ type: "string" }));
    writeFileSync(
      join(dir, "many.json"),
      tool({ type: ["string", "array"], items: { type: "string" } }),
    );
    const run = async (from: string, to: string) => {
      const r = await runCli(
        ["diff", join(dir, `${from}.json`), join(dir, `${to}.json`), "--format", "json"],
      );
      assert.equal(r.stderr, "");
      return { code: r.code, found: findings(r.stdout) };
    };
    assert.deepEqual(await run("one", "many"), {
      code: 0,
      found: ["tool.input.type.widened|t.inputSchema.properties.author.type|NON_BREAKING"],
    });
    assert.deepEqual(await run("many", "one"), {
      code: 1,
      found: ["tool.input.type.narrowed|t.inputSchema.properties.author.type|BREAKING"],
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar diff warns when a description replaces an upper-case value (PUT → PATCH), both ways", async () => {
  // @playwright/mcp's "…PUT request…" → "…PATCH request…" was DOCUMENTATION (edit 0.9).
  const dir = mkdtempSync(join(tmpdir(), "proxar-constant-"));
  try {
    const text = "Returns all network requests since loading the page, with the body of each " +
      "PUT request";
    const tool = (description: string) =>
      JSON.stringify({ tools: [{ name: "t", description, inputSchema: { type: "object" } }] });
    writeFileSync(join(dir, "put.json"), tool(text));
    writeFileSync(join(dir, "patch.json"), tool(text.replace("PUT", "PATCH")));
    for (
      const [from, to, was, now] of [["put", "patch", "PUT", "PATCH"], [
        "patch",
        "put",
        "PATCH",
        "PUT",
      ]]
    ) {
      const r = await runCli(
        ["diff", join(dir, `${from}.json`), join(dir, `${to}.json`), "--format", "json"],
      );
      assert.equal(r.stderr, "");
      assert.equal(r.code, 0);
      assert.deepEqual(findings(r.stdout), [
        "tool.description.changed|t.description|POTENTIALLY_BREAKING",
      ]);
      const [change] = JSON.parse(r.stdout).changes;
      assert.deepEqual(change.prose.constant, { removed: [was], added: [now] });
      assert.match(change.message, new RegExp(`"${was}" became "${now}"`));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar diff warns when a description drops an or-alternative, and not when it adds one", async () => {
  // drawio: "…from CSV data or a URL to CSV data" → "…from CSV data" was DOCUMENTATION.
  const dir = mkdtempSync(join(tmpdir(), "proxar-alternative-"));
  try {
    const text = "Creates a new draw.io diagram and opens it in the editor. Use this to draw " +
      "flowcharts, org charts, network and architecture diagrams from a description, from XML, " +
      "from Mermaid text, from CSV data or a URL to CSV data";
    const tool = (description: string) =>
      JSON.stringify({ tools: [{ name: "t", description, inputSchema: { type: "object" } }] });
    writeFileSync(join(dir, "both.json"), tool(text));
    writeFileSync(join(dir, "csv.json"), tool(text.replace(" or a URL to CSV data", "")));
    const run = async (from: string, to: string) => {
      const r = await runCli(
        ["diff", join(dir, `${from}.json`), join(dir, `${to}.json`), "--format", "json"],
      );
      assert.equal(r.stderr, "");
      const [change] = JSON.parse(r.stdout).changes;
      return { code: r.code, found: findings(r.stdout), step: change.prose.step };
    };
    assert.deepEqual(await run("both", "csv"), {
      code: 0,
      found: ["tool.description.changed|t.description|POTENTIALLY_BREAKING"],
      step: "alternative",
    });
    assert.deepEqual(await run("csv", "both"), {
      code: 0,
      found: ["tool.description.changed|t.description|DOCUMENTATION"],
      step: "similarity",
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar diff shows an absent additionalProperties as absent in the human reports, as null in JSON", async () => {
  // The text report printed "new: null" for additionalProperties false dropped.
  const dir = mkdtempSync(join(tmpdir(), "proxar-absent-"));
  try {
    const tool = (outputSchema: unknown) =>
      JSON.stringify({ tools: [{ name: "t", inputSchema: { type: "object" }, outputSchema }] });
    writeFileSync(join(dir, "closed.json"), tool({ type: "object", additionalProperties: false }));
    writeFileSync(join(dir, "open.json"), tool({ type: "object" }));
    for (
      const [from, to, shown, gone] of [
        ["closed", "open", "old", "new"],
        ["open", "closed", "new", "old"],
      ] as const
    ) {
      const args = ["diff", join(dir, `${from}.json`), join(dir, `${to}.json`)];
      const text = await runCli(args);
      assert.equal(text.stderr, "");
      assert.match(text.stdout, new RegExp(`\\n {4}${shown}: false\\n`));
      assert.match(text.stdout, new RegExp(`\\n {4}${gone}: \\(absent\\)\\n`));
      assert.doesNotMatch(text.stdout, /null/);
      const markdown = await runCli([...args, "--format", "markdown"]);
      assert.doesNotMatch(markdown.stdout, /null/);
      const junit = await runCli([...args, "--format", "junit"]);
      assert.match(junit.stdout, new RegExp(`${gone}: \\(absent\\)`));
      const json = await runCli([...args, "--format", "json"]);
      const [change] = JSON.parse(json.stdout).changes;
      assert.equal(change.path, "t.outputSchema.additionalProperties");
      assert.equal(change[shown], false);
      assert.equal(change[gone], null, "JSON shows absence as null, as for every keyword");
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar diff reports each change of a mixed diff exactly once", async () => {
  const { code, findings: found, report } = await diffJson("base.json", "mixed_changes.json");
  assert.deepEqual(found, [
    "tool.added|close_issue|NON_BREAKING",
    "tool.description.changed|search_issues.description|DOCUMENTATION",
    "tool.input.property.removed|search_issues.inputSchema.properties.limit|BREAKING",
    "tool.input.required.added|search_issues.inputSchema.required|BREAKING",
    "tool.removed|create_issue|BREAKING",
  ]);
  assert.equal(code, 1);
  assert.deepEqual(report.summary.counts, {
    BREAKING: 3,
    POTENTIALLY_BREAKING: 0,
    NON_BREAKING: 1,
    DOCUMENTATION: 1,
  });
  // Sorted by severity, then entity, then path.
  assert.deepEqual(
    report.changes.map((c: { rule: string }) => c.rule),
    [
      "tool.removed",
      "tool.input.property.removed",
      "tool.input.required.added",
      "tool.added",
      "tool.description.changed",
    ],
  );
});

Deno.test("proxar diff finds no change when keys, tool order and whitespace are shuffled", async () => {
  const { code, report } = await diffJson("base.json", "shuffled.json");
  assert.deepEqual(report.changes, []);
  assert.equal(report.summary.total, 0);
  assert.equal(report.old.hash, report.new.hash);
  assert.equal(code, 0);
  const text = await runCli(["diff", "diff/base.json", "diff/shuffled.json"]);
  assert.equal(text.code, 0);
  assert.match(text.stdout, /^Summary: no changes\.$/m);
});

Deno.test("proxar diff writes byte-identical JSON for the same inputs and for shuffled inputs", async () => {
  const first = await diffJson("base.json", "mixed_changes.json");
  const second = await diffJson("base.json", "mixed_changes.json");
  assert.equal(second.stdout, first.stdout);
  // Line numbers differ between differently formatted files, so compare without locations.
  const plain = await diffJson("base.json", "mixed_changes.json", "--no-locations");
  const shuffled = await diffJson("shuffled.json", "mixed_changes.json", "--no-locations");
  assert.notEqual(shuffled.stdout, plain.stdout, "the source labels differ before replacing");
  assert.equal(
    shuffled.stdout.replaceAll('"diff/shuffled.json"', '"diff/base.json"'),
    plain.stdout,
  );
});

Deno.test("proxar diff loads every accepted input form to the same contract as base", async () => {
  const forms = [
    "envelope.json",
    "pages.json",
    "bare_array.json",
    "tools_dir",
    "shuffled.json",
    "snapshot.json",
  ];
  const base = await diffJson("base.json", "base.json");
  for (const form of forms) {
    for (const [oldFile, newFile] of [["base.json", form], [form, "base.json"]] as const) {
      const { code, report } = await diffJson(oldFile, newFile);
      assert.deepEqual(report.changes, [], `${oldFile} → ${newFile}`);
      assert.equal(code, 0, `${oldFile} → ${newFile}`);
      assert.deepEqual(report.new.counts, base.report.new.counts, `${oldFile} → ${newFile}`);
    }
    const { report } = await diffJson("base.json", form);
    if (form === "snapshot.json") {
      assert.deepEqual(report.new.server, { name: "issues-mcp", version: "1.0.0" });
    } else {
      assert.equal(report.new.hash, base.report.new.hash, form);
    }
  }
});

Deno.test("proxar diff reads - from standard input on either side", async () => {
  const asOld = await runCli(["diff", "-", "diff/removed_tool.json", "--format", "json"], {
    stdin: fixture("diff/base.json"),
  });
  assert.equal(asOld.stderr, "");
  assert.equal(asOld.code, 1);
  assert.deepEqual(findings(asOld.stdout), ["tool.removed|search_issues|BREAKING"]);
  assert.equal(JSON.parse(asOld.stdout).old.source, "-");

  const asNew = await runCli(["diff", "diff/base.json", "-", "--format", "json"], {
    stdin: fixture("diff/added_tool.json"),
  });
  assert.equal(asNew.code, 0);
  assert.deepEqual(findings(asNew.stdout), ["tool.added|close_issue|NON_BREAKING"]);
  assert.equal(JSON.parse(asNew.stdout).new.source, "-");
});

Deno.test("proxar diff names <stdin> with line and column for malformed standard input", async () => {
  const result = await runCli(["diff", "-", "diff/base.json"], { stdin: '{\n  "tools": [}\n' });
  assert.equal(result.code, 2);
  assert.equal(result.stderr, "proxar: <stdin>:2:13: invalid JSON: expected a value\n");
});

Deno.test("proxar diff reads git:REF:PATH from the repository of the working directory", async () => {
  const dir = tempDir();
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "pipe" });
    git("init", "-q");
    git("config", "user.name", "Proxar Test");
    git("config", "user.email", "test@proxar.invalid");
    git("config", "commit.gpgsign", "false");
    writeFileSync(join(dir, "contract.json"), fixture("diff/base.json"));
    git("add", "contract.json");
    git("commit", "-q", "-m", "Add the contract");
    writeFileSync(join(dir, "contract.json"), fixture("diff/removed_tool.json"));

    const result = await runCli(
      ["diff", "git:HEAD:contract.json", "contract.json", "--format", "json"],
      { cwd: dir },
    );
    assert.equal(result.stderr, "");
    assert.equal(result.code, 1);
    assert.deepEqual(findings(result.stdout), ["tool.removed|search_issues|BREAKING"]);
    const report = JSON.parse(result.stdout);
    assert.equal(report.old.source, "git:HEAD:contract.json");
    assert.equal(report.new.source, "contract.json");

    const same = await runCli(["diff", "git:HEAD:contract.json", "git:HEAD:contract.json"], {
      cwd: dir,
    });
    assert.equal(same.code, 0);
    assert.match(same.stdout, /^Summary: no changes\.$/m);

    const missing = await runCli(["diff", "git:HEAD:missing.json", "contract.json"], { cwd: dir });
    assert.equal(missing.code, 2);
    assert.match(
      missing.stderr,
      /^proxar: Cannot read "git:HEAD:missing\.json": git show failed: fatal: .*missing\.json.*\n$/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar diff says when every change is suppressed and exits 0", async () => {
  const args = ["diff", "diff/base.json", "diff/removed_tool.json"];
  const config = ["--config", "config/all_suppressed.yaml"];
  const text = await runCli([...args, ...config]);
  assert.equal(text.stderr, "");
  assert.equal(text.code, 0);
  assert.doesNotMatch(text.stdout, /no changes/);
  assert.match(
    text.stdout,
    /^Summary: all 1 changes? (is|are) suppressed by ignore entries \(1× "search_issues moved to the search server"\)\.$/m,
  );
  assert.ok(
    text.stdout.includes(
      "Suppressed (1):\n  BREAKING  tool.removed  search_issues: search_issues moved to the search server (config/all_suppressed.yaml:2:5)\n",
    ),
    text.stdout,
  );
  assert.match(text.stdout, /^Result: PASS \(nothing reaches fail_on BREAKING\)$/m);

  const json = await runCli([...args, ...config, "--format", "json"]);
  assert.equal(json.code, 0);
  assert.deepEqual(findings(json.stdout), ["tool.removed|search_issues|BREAKING|suppressed"]);
  const report = JSON.parse(json.stdout);
  assert.deepEqual(report.changes[0].suppressed, {
    reason: "search_issues moved to the search server",
    by: "config/all_suppressed.yaml:2:5",
  });
  assert.deepEqual(report.summary.suppressed, {
    total: 1,
    reasons: [{ reason: "search_issues moved to the search server", count: 1 }],
  });
  assert.equal(report.summary.total, 1);
  assert.equal(report.decision.highest, null);
});

Deno.test({
  name: "proxar diff words the all-suppressed summary correctly for a single change",
  fn: async () => {
    const text = await runCli([
      "diff",
      "diff/base.json",
      "diff/removed_tool.json",
      "--config",
      "config/all_suppressed.yaml",
    ]);
    assert.equal(text.code, 0);
    assert.doesNotMatch(text.stdout, /all 1 change are/);
  },
});

Deno.test("proxar diff stops honouring an expired ignore entry and lists it", async () => {
  const args = [
    "diff",
    "diff/base.json",
    "diff/removed_tool.json",
    "--config",
    "config/expired.yaml",
  ];
  const env = { PROXAR_TODAY: "2025-06-01" };
  const json = await runCli([...args, "--format", "json"], { env });
  assert.equal(json.stderr, "");
  assert.equal(json.code, 1);
  assert.deepEqual(findings(json.stdout), ["tool.removed|search_issues|BREAKING"]);
  const report = JSON.parse(json.stdout);
  assert.deepEqual(report.summary.expiredIgnores, [{
    rule: "tool.removed",
    expires: "2020-01-01",
    matched: 1,
    entity: "search_issues",
    reason: "Grace period for the search migration",
    where: "config/expired.yaml:3:5",
  }]);
  assert.equal(report.summary.suppressed.total, 0);

  const text = await runCli(args, { env });
  assert.equal(text.code, 1);
  assert.ok(
    text.stdout.includes(
      "Expired ignore entries (1):\n  tool.removed on search_issues expired on 2020-01-01 (config/expired.yaml:3:5): no longer suppresses 1 change\n",
    ),
    text.stdout,
  );
  assert.match(text.stdout, /^Result: FAIL \(BREAKING reaches fail_on BREAKING\)$/m);
});

Deno.test("proxar diff honours an ignore entry up to and including its expiry day", async () => {
  const args = [
    "diff",
    "diff/base.json",
    "diff/removed_tool.json",
    "--config",
    "config/expired.yaml",
  ];
  for (const today of ["2019-12-31", "2020-01-01"]) {
    const json = await runCli([...args, "--format", "json"], { env: { PROXAR_TODAY: today } });
    assert.equal(json.code, 0, today);
    assert.deepEqual(findings(json.stdout), ["tool.removed|search_issues|BREAKING|suppressed"]);
    assert.deepEqual(JSON.parse(json.stdout).summary.expiredIgnores, [], today);
  }
  const dayAfter = await runCli(args, { env: { PROXAR_TODAY: "2020-01-02" } });
  assert.equal(dayAfter.code, 1);
});

Deno.test("proxar diff rejects malformed JSON with file:line:column and no stack trace", async () => {
  const result = await runCli(["diff", "diff/base.json", "diff/malformed.json"]);
  assert.equal(result.code, 2);
  assert.equal(result.stdout, "");
  assert.equal(result.stderr, "proxar: diff/malformed.json:5:7: invalid JSON: expected a comma\n");
  assert.ok(!result.stderr.includes("    at "));
});

Deno.test("proxar diff rejects a tool whose inputSchema is a string, naming the pointer", async () => {
  const result = await runCli(["diff", "diff/wrong_shape.json", "diff/base.json"]);
  assert.equal(result.code, 2);
  assert.equal(result.stdout, "");
  assert.equal(
    result.stderr,
    "proxar: diff/wrong_shape.json:5:7: /tools/0/inputSchema: expected an object or a boolean, found a string\n",
  );
});

Deno.test("proxar diff rejects a missing input file", async () => {
  const result = await runCli(["diff", "diff/base.json", "diff/nope.json"]);
  assert.equal(result.code, 2);
  assert.equal(result.stderr, 'proxar: Cannot read "diff/nope.json": no such file or directory\n');
});

Deno.test("proxar diff rejects an unknown rule id in the config with a suggestion", async () => {
  const result = await runCli([
    "diff",
    "diff/base.json",
    "diff/removed_tool.json",
    "--config",
    "config/unknown_rule.yaml",
  ]);
  assert.equal(result.code, 2);
  assert.equal(result.stdout, "");
  assert.equal(
    result.stderr,
    'proxar: config/unknown_rule.yaml:2:5: unknown rule "tool.remove" (did you mean "tool.removed"?)\n',
  );
});

Deno.test("proxar diff rejects an unknown config key with a suggestion", async () => {
  const result = await runCli([
    "diff",
    "diff/base.json",
    "diff/removed_tool.json",
    "--config",
    "config/unknown_key.yaml",
  ]);
  assert.equal(result.code, 2);
  assert.equal(
    result.stderr,
    'proxar: config/unknown_key.yaml:1:1: unexpected property "fail_onn" (did you mean "fail_on"?)\n',
  );
});

Deno.test("proxar diff rejects a misspelt severity in the config with a suggestion", async () => {
  const result = await runCli([
    "diff",
    "diff/base.json",
    "diff/removed_tool.json",
    "--config",
    "config/bad_severity.yaml",
  ]);
  assert.equal(result.code, 2);
  assert.equal(
    result.stderr,
    'proxar: config/bad_severity.yaml:3:15: severity_overrides.tool.added: expected one of "BREAKING", "POTENTIALLY_BREAKING", "NON_BREAKING", "DOCUMENTATION", found "BREAKNG" (did you mean "BREAKING"?)\n',
  );
});

Deno.test("proxar diff reads proxar.yaml from the working directory, and flags override it", async () => {
  const dir = tempDir();
  try {
    writeFileSync(join(dir, "old.json"), fixture("diff/base.json"));
    writeFileSync(join(dir, "new.json"), fixture("diff/removed_tool.json"));
    writeFileSync(join(dir, "proxar.yaml"), "fail_on: never\n");
    const relaxed = await runCli(["diff", "old.json", "new.json"], { cwd: dir });
    assert.equal(relaxed.code, 0);
    const strict = await runCli(["diff", "old.json", "new.json", "--fail-on", "BREAKING"], {
      cwd: dir,
    });
    assert.equal(strict.code, 1);

    writeFileSync(join(dir, "proxar.yaml"), "fail_on: never\nwarnon: BREAKING\n");
    const bad = await runCli(["diff", "old.json", "new.json"], { cwd: dir });
    assert.equal(bad.code, 2);
    assert.equal(
      bad.stderr,
      'proxar: proxar.yaml:2:1: unexpected property "warnon" (did you mean "warn_on"?)\n',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar diff --fail-on never exits 0 on a breaking change", async () => {
  const { code, findings: found, report } = await diffJson(
    "base.json",
    "removed_tool.json",
    "--fail-on",
    "never",
  );
  assert.deepEqual(found, ["tool.removed|search_issues|BREAKING"]);
  assert.equal(code, 0);
  assert.equal(report.decision.failOn, "never");
  assert.equal(report.decision.status, "warn");
});

Deno.test("proxar diff --fail-on POTENTIALLY_BREAKING fails on a prose change", async () => {
  const warned = await diffJson("base.json", "prose_changed.json");
  assert.deepEqual(warned.findings, [
    "tool.description.changed|search_issues.description|POTENTIALLY_BREAKING",
  ]);
  assert.equal(warned.code, 0);
  assert.equal(warned.report.decision.status, "warn");
  assert.equal(warned.report.changes[0].prose.step, "marker");
  assert.equal(warned.report.changes[0].prose.marker, "only");

  const failed = await diffJson(
    "base.json",
    "prose_changed.json",
    "--fail-on",
    "POTENTIALLY_BREAKING",
  );
  assert.deepEqual(failed.findings, warned.findings);
  assert.equal(failed.code, 1);
  assert.equal(failed.report.decision.status, "fail");
});

Deno.test("proxar diff applies severity_overrides from the config", async () => {
  const { code, findings: found, report } = await diffJson(
    "base.json",
    "added_tool.json",
    "--config",
    "config/override_added.yaml",
  );
  assert.deepEqual(found, ["tool.added|close_issue|BREAKING"]);
  assert.equal(report.changes[0].overriddenFrom, "NON_BREAKING");
  assert.equal(code, 1);
});

Deno.test("proxar diff reports a duplicated tool name as tool.duplicated, not a crash", async () => {
  const { code, findings: found, report } = await diffJson("base.json", "duplicate_tool.json");
  assert.deepEqual(found, ["tool.duplicated|create_issue|BREAKING"]);
  assert.equal(code, 1);
  assert.equal(report.changes[0].new, 2);
  assert.equal(report.new.counts.tools, 3);
});

Deno.test("proxar diff --output writes the report to the file and nothing to stdout", async () => {
  const dir = tempDir();
  try {
    const out = join(dir, "reports", "proxar.json");
    const result = await runCli([
      "diff",
      "diff/base.json",
      "diff/removed_tool.json",
      "--format",
      "json",
      "--output",
      out,
    ]);
    assert.equal(result.code, 1);
    assert.equal(result.stdout, "");
    assert.equal(result.stderr, "");
    assert.deepEqual(findings(readFileSync(out, "utf8")), ["tool.removed|search_issues|BREAKING"]);
    assert.deepEqual(readdirSync(join(dir, "reports")), ["proxar.json"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar diff --output creates no file when the input is invalid", async () => {
  const dir = tempDir();
  try {
    const out = join(dir, "proxar.json");
    const result = await runCli([
      "diff",
      "diff/base.json",
      "diff/malformed.json",
      "--format",
      "json",
      "--output",
      out,
    ]);
    assert.equal(result.code, 2);
    assert.equal(existsSync(out), false);
    assert.deepEqual(readdirSync(dir), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar diff --format json=FILE --format text writes both outputs", async () => {
  const dir = tempDir();
  try {
    const out = join(dir, "report.json");
    const result = await runCli([
      "diff",
      "diff/base.json",
      "diff/removed_tool.json",
      "--format",
      `json=${out}`,
      "--format",
      "text",
    ]);
    assert.equal(result.code, 1);
    assert.equal(result.stderr, "");
    assert.ok(
      result.stdout.startsWith(
        "proxar diff/base.json → diff/removed_tool.json\n",
      ),
      result.stdout,
    );
    assert.match(
      result.stdout,
      /^ {2}BREAKING {2}tool\.removed {2}search_issues {2}diff\/removed_tool\.json:2:3$/m,
    );
    assert.match(result.stdout, /^Summary: 1 change: 1 breaking\.$/m);
    assert.deepEqual(findings(readFileSync(out, "utf8")), ["tool.removed|search_issues|BREAKING"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar diff rejects two formats that both go to standard output", async () => {
  const result = await runCli([
    "diff",
    "diff/base.json",
    "diff/removed_tool.json",
    "--format",
    "json",
    "--format",
    "text",
  ]);
  assert.equal(result.code, 2);
  assert.equal(result.stdout, "");
  assert.equal(
    result.stderr,
    "proxar: Only one format can go to standard output; give the others =FILE\n",
  );
});

Deno.test("proxar diff rejects an unknown --format with a suggestion", async () => {
  const result = await runCli([
    "diff",
    "diff/base.json",
    "diff/removed_tool.json",
    "--format",
    "jsno",
  ]);
  assert.equal(result.code, 2);
  assert.equal(result.stdout, "");
  // The list of formats grows as reporters are added; the start of the message is fixed.
  assert.match(
    result.stderr,
    /^proxar: Unknown format "jsno" \(did you mean "json"\?\); formats: [a-z, ]*\bjson\b[a-z, ]*\n$/,
  );
});

Deno.test({
  name: "proxar diff prints usage errors as one line starting with proxar:",
  fn: async () => {
    for (
      const args of [
        ["diff", "diff/base.json"],
        ["diff", "diff/base.json", "diff/removed_tool.json", "--fail-on", "BOGUS"],
        ["diff", "diff/base.json", "diff/removed_tool.json", "--bogus"],
      ]
    ) {
      const result = await runCli(args);
      assert.equal(result.code, 2, args.join(" "));
      assert.match(result.stderr, /^proxar: [^\n]+\n$/, args.join(" "));
    }
  },
});

Deno.test("proxar rules alone prints what proxar rules --format text does, plugins of proxar.yaml included", async () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-rules-"));
  try {
    for (const config of [undefined, `plugins: [${join(FIXTURES, "plugins", "async_ok.js")}]\n`]) {
      if (config !== undefined) writeFileSync(join(dir, "proxar.yaml"), config);
      const bare = await runCli(["rules"], { cwd: dir });
      const parsed = await runCli(["rules", "--format", "text"], { cwd: dir });
      assert.equal(bare.code, 0);
      assert.deepEqual(bare, parsed);
      assert.equal(bare.stdout.includes("later.tool.count "), config !== undefined);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("proxar rules --format json lists every rule with id, severity and summary", async () => {
  const result = await runCli(["rules", "--format", "json"]);
  assert.equal(result.code, 0);
  assert.equal(result.stderr, "");
  const list = JSON.parse(result.stdout) as { id: string; severity: string; summary: string }[];
  const expected = builtinRules.map((r) => r.meta.id).sort();
  assert.deepEqual(list.map((r) => r.id), expected);
  for (const entry of list) {
    const meta = builtinRules.find((r) => r.meta.id === entry.id)!.meta;
    assert.equal(entry.severity, meta.severity, entry.id);
    assert.equal(entry.summary, meta.summary, entry.id);
    assert.ok((SEVERITIES as readonly string[]).includes(entry.severity), entry.id);
  }
  const removed = list.find((r) => r.id === "tool.removed");
  assert.equal(removed?.severity, "BREAKING");
  assert.equal(removed?.summary, "A tool was removed");
  assert.equal(list.find((r) => r.id === "tool.added")?.severity, "NON_BREAKING");
});

Deno.test("proxar --version prints the version from package.json and the build's commit", async () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
  const result = await runCli(["--version"]);
  assert.equal(result.code, 0);
  assert.equal(result.stderr, "");
  if (!proxarCommand()) {
    assert.equal(result.stdout, `proxar ${pkg.version}\n`); // the source knows no commit
    return;
  }
  // A build (binary, npm package) names the commit it was built from; the source run does not.
  const match = /^proxar (\S+)(?: \(([0-9a-f]{12})(?:-dirty)?\))?\n$/.exec(result.stdout);
  assert.ok(match, `unexpected --version output: ${JSON.stringify(result.stdout)}`);
  assert.equal(match[1], pkg.version);
  if (match[2]) execFileSync("git", ["cat-file", "-e", `${match[2]}^{commit}`], { cwd: ROOT });
});

Deno.test("proxar --help lists the commands and exits 0", async () => {
  const result = await runCli(["--help"]);
  assert.equal(result.code, 0);
  assert.match(result.stdout, /^Usage: proxar /);
  assert.match(result.stdout, /^ {2}diff /m);
  assert.match(result.stdout, /^ {2}rules /m);
});

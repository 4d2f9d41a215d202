/**
 * Tests of the JUnit reporter: validity checked by xmllint (libxml2) and counts read back by an
 * independent parser (junit2json), plus the golden file.
 *
 * Regenerate the golden file after an intended change of the output:
 * `UPDATE_GOLDEN=1 npx deno test -A tests/reporters/junit_test.ts`, then review the diff.
 * @module
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse, type TestCase, type TestSuite, type TestSuites } from "junit2json";
import type { Report } from "../../core/report.ts";
import { junitReporter, renderJunit, xmlText } from "../../reporters/junit.ts";
import { FIXTURES, ROOT, runCli } from "../helpers.ts";
import { context, emptyReport, exampleReport, hostileReport } from "./_reports.ts";
import { bulkReport, reportOfValues } from "./_bulk.ts";

const GOLDEN = `${FIXTURES}/golden/example.junit.xml`;

const HAS_XMLLINT = spawnSync("xmllint", ["--version"]).status === 0;
const XMLLINT_NOTE = HAS_XMLLINT
  ? ""
  : " (SKIPPED: xmllint is not installed here; apt-get install libxml2-utils, as CI does)";

/** Runs `xmllint --noout -` on the text; returns its exit status and messages. */
function xmllint(xml: string): { status: number | null; stderr: string } {
  const run = spawnSync("xmllint", ["--noout", "-"], { input: xml, encoding: "utf8" });
  return { status: run.status, stderr: run.stderr };
}

async function suitesOf(xml: string): Promise<TestSuite[]> {
  const parsed = await parse(xml) as TestSuites;
  assert.ok(parsed && Array.isArray(parsed.testsuite), "a <testsuites> root with suites");
  return parsed.testsuite;
}

function casesOf(suites: TestSuite[]): TestCase[] {
  return suites.flatMap((s) => s.testcase ?? []);
}

function counts(cases: TestCase[]) {
  return {
    tests: cases.length,
    failures: cases.filter((c) => c.failure).length,
    skipped: cases.filter((c) => c.skipped).length,
    errors: cases.filter((c) => c.error).length,
  };
}

const render = (report: Report) => junitReporter.render(report, context());

/**
 * A report whose server text holds every character XML 1.0 forbids, and then some. The engine
 * refuses lone surrogates in contracts (they cannot be hashed), so those are added afterwards.
 */
function forbiddenReport(): Report {
  const nasty = "a\u0000b\u0001c\u0008d\u000be\u000cf\u000eg\u001fh\ufffei\uffffj" +
    " 😀 ]]> <x> & ' \" \t tab\nline \u0085 \u007f end";
  const report = reportOfValues(
    { server: { name: "io.example.mcp", version: "1" }, tools: [{ name: "a.b", inputSchema: {} }] },
    {
      server: { name: "io.example.mcp", version: "1" },
      tools: [{ name: "a.b", description: nasty, inputSchema: {} }, {
        name: `t${nasty}`,
        inputSchema: {},
      }],
    },
    { old: "we'ird & <old>.json", new: 'we"ird & <new>.json' },
  );
  for (const change of report.changes) {
    change.message += " lone \ud800 halves \udc00.";
    change.path += "\udfff";
  }
  return report;
}

Deno.test(`junitReporter output passes xmllint --noout${XMLLINT_NOTE}`, {
  ignore: !HAS_XMLLINT,
}, () => {
  const outputs = {
    empty: render(emptyReport()),
    hostile: render(hostileReport()),
    example: render(exampleReport()),
    forbidden: render(forbiddenReport()),
    bulk: render(bulkReport(15, 12, 15)),
    several: renderJunit([hostileReport(), exampleReport(), forbiddenReport()]),
  };
  for (const [name, xml] of Object.entries(outputs)) {
    const { status, stderr } = xmllint(xml);
    assert.equal(status, 0, `${name}: ${stderr}`);
  }
  // The validator does reject what it should, so a pass above means something.
  assert.notEqual(xmllint(outputs.hostile.replace("&lt;", "<")).status, 0);
  assert.notEqual(xmllint(outputs.hostile.replace("evil-mcp", "evil\u0001mcp")).status, 0);
});

Deno.test("junitReporter counts failures at or above fail_on and skips suppressed changes", async () => {
  const report = hostileReport();
  const cases = casesOf(await suitesOf(render(report)));
  assert.deepEqual(counts(cases), { tests: 9, failures: 3, skipped: 1, errors: 0 });
  const example = casesOf(await suitesOf(render(exampleReport())));
  assert.deepEqual(counts(example), { tests: 15, failures: 6, skipped: 1, errors: 0 });
  const skipped = cases.find((c) => c.skipped)!;
  assert.equal(skipped.name, "tool.description.changed legacy_export.description");
  assert.equal(
    skipped.skipped?.[0]?.message,
    "Suppressed by reporters/hostile.yaml:2:5: Legacy <tools> are | being rewritten",
  );
  const failure = cases.find((c) => c.name === "tool.removed get_issue")!;
  assert.equal(failure.classname, "proxar.evil-mcp.get_issue");
  assert.equal(failure.failure?.[0]?.type, "BREAKING");
  assert.match(failure.failure?.[0]?.inner ?? "", /^BREAKING tool\.removed at get_issue\n/);
  assert.match(
    failure.failure?.[0]?.inner ?? "",
    /\nnew location: tests\/fixtures\/reporters\/hostile_new\.json:7:3\n/,
  );
});

Deno.test("junitReporter writes the count attributes that match the elements", async () => {
  const xml = renderJunit([hostileReport(), exampleReport()]);
  // junit2json types leave out the `skipped` attribute of <testsuites> but parse it.
  const root = await parse(xml) as TestSuites & { skipped?: number };
  assert.deepEqual(
    [root.tests, root.failures, root.errors, root.skipped],
    [24, 9, 0, 2],
  );
  const suites = root.testsuite ?? [];
  assert.deepEqual(
    suites.map((s) => [s.name, s.tests, s.failures, s.errors, s.skipped, s.time]),
    [
      ["evil-mcp (reporters/hostile_new.json)", 9, 3, 0, 1, 0],
      ["issues-mcp (examples/v2/contract.json)", 15, 6, 0, 1, 0],
    ],
  );
  for (const s of suites) {
    assert.deepEqual(counts(s.testcase ?? []).tests, s.tests);
    assert.equal(s.timestamp, undefined, "no clock, no made-up date");
  }
});

Deno.test("junitReporter writes one suite per server of proxar check's combined report", async () => {
  const combined = exampleReport();
  combined.changes = [
    ...hostileReport().changes.map((c) => ({ ...c, server: "z.evil" })),
    ...combined.changes.map((c) => ({ ...c, server: "issues" })),
  ];
  const suites = await suitesOf(render(combined));
  assert.deepEqual(
    suites.map((s) => [s.name, s.tests, s.failures, s.skipped]),
    [["issues", 15, 6, 1], ["z.evil", 9, 3, 1]],
  );
  assert.ok(suites[1]?.testcase?.every((c) => c.classname?.startsWith("proxar.z_evil.")));
});

Deno.test("junitReporter gives every testcase a unique name across all suites", async () => {
  const report = hostileReport();
  report.changes = [...report.changes, ...report.changes.map((c) => ({ ...c }))];
  const xml = renderJunit([report, hostileReport(), bulkReport(15, 12, 15)]);
  const names = casesOf(await suitesOf(xml)).map((c) => c.name);
  assert.equal(new Set(names).size, names.length);
  assert.ok(names.includes("tool.removed get_issue (2)"));
  assert.ok(names.includes("tool.removed get_issue (3)"));
});

Deno.test("junitReporter keeps Jenkins' class split at the last dot right", async () => {
  const cases = casesOf(await suitesOf(render(forbiddenReport())));
  const classnames = cases.map((c) => c.classname ?? "");
  for (const name of classnames) {
    assert.equal(name.split(".").length, 3, name);
    assert.ok(name.startsWith("proxar.io_example_mcp."), name);
  }
  assert.ok(classnames.includes("proxar.io_example_mcp.a_b"));
  const example = casesOf(await suitesOf(render(exampleReport())));
  assert.deepEqual(
    [...new Set(example.map((c) => c.classname))],
    [
      "proxar.issues-mcp.close_issue",
      "proxar.issues-mcp.get_issue",
      "proxar.issues-mcp.search_issues",
      "proxar.issues-mcp.prompt:triage",
      "proxar.issues-mcp.server",
      "proxar.issues-mcp.create_issue",
      "proxar.issues-mcp.legacy_export",
      "proxar.issues-mcp.fetch_issue",
      "proxar.issues-mcp.resource:docs://labels",
    ],
  );
});

Deno.test("junitReporter drops the characters XML 1.0 forbids and keeps the rest", async () => {
  const xml = render(forbiddenReport());
  // deno-lint-ignore no-control-regex
  assert.doesNotMatch(xml, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
  assert.doesNotMatch(
    xml,
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
  );
  assert.ok(!xml.includes("]]>"), "no CDATA end outside escaping");
  assert.ok(xml.includes("😀"), "astral characters survive");
  const cases = casesOf(await suitesOf(xml));
  const added = cases.find((c) => c.name?.startsWith("tool.added"))!;
  assert.equal(added.name?.slice(0, 16), "tool.added tabcd");
  assert.ok(added.name?.includes(" 😀 ]]> <x> & ' \" \t tab\nline"), added.name);
  const file = cases.map((c) => (c as TestCase & { file?: string }).file);
  assert.ok(file.every((f) => f === 'we"ird & <new>.json'), String(file));
});

Deno.test("xmlText escapes markup, drops forbidden characters and caps", () => {
  assert.equal(
    xmlText(`<a href="x">'&'</a>`, 100),
    "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;",
  );
  assert.equal(xmlText("a\u0000\ufffe\ud800b\u001b[31mc", 100), "abc");
  assert.equal(xmlText("x".repeat(50), 30), `${"x".repeat(8)}… (42 more characters)`);
  assert.equal(xmlText("x".repeat(50), 10), `${"x".repeat(9)}…`, "too small for the note");
  // A cap that splits a surrogate pair leaves no lone half behind.
  assert.equal(xmlText("ab😀", 3), "ab…");
});

Deno.test("junitReporter caps huge server text", () => {
  const huge = "x".repeat(1_000_000);
  const report = reportOfValues(
    { tools: [{ name: "t", description: "short", inputSchema: {} }] },
    { tools: [{ name: "t", description: huge, inputSchema: {} }] },
  );
  const xml = render(report);
  assert.ok(xml.length < 20_000, `${xml.length} characters`);
  assert.ok(xml.includes("more characters)"));
});

Deno.test("junitReporter writes a passing summary case when nothing changed", async () => {
  const xml = render(emptyReport());
  const cases = casesOf(await suitesOf(xml));
  assert.deepEqual(counts(cases), { tests: 1, failures: 0, skipped: 0, errors: 0 });
  assert.equal(cases[0]?.name, "no changes");
  // An unnamed server is named after its source, with the dot replaced.
  assert.equal(cases[0]?.classname, "proxar.diff/base_json.contract");
  assert.deepEqual(cases[0]?.["system-out"], ["Summary: no changes."]);
});

Deno.test("junitReporter follows fail_on: nothing fails when it is never", async () => {
  const report = hostileReport();
  report.decision = { ...report.decision, failOn: "never" };
  const cases = casesOf(await suitesOf(render(report)));
  assert.deepEqual(counts(cases), { tests: 9, failures: 0, skipped: 1, errors: 0 });
  const lower = hostileReport();
  lower.decision = { ...lower.decision, failOn: "DOCUMENTATION" };
  assert.deepEqual(counts(casesOf(await suitesOf(render(lower)))), {
    tests: 9,
    failures: 8,
    skipped: 1,
    errors: 0,
  });
});

Deno.test("renderJunit writes a timestamp only when given one and refuses an empty list", async () => {
  const xml = renderJunit([exampleReport()], { timestamp: "2026-01-01T00:00:00" });
  const [suite] = await suitesOf(xml);
  assert.equal(suite?.timestamp, "2026-01-01T00:00:00");
  assert.throws(() => renderJunit([]), /no reports given/);
});

Deno.test("junitReporter matches the golden file for the bundled example", () => {
  const out = render(exampleReport());
  if (Deno.env.get("UPDATE_GOLDEN") === "1") writeFileSync(GOLDEN, out);
  assert.equal(out, readFileSync(GOLDEN, "utf8"));
});

Deno.test("proxar diff --format junit=FILE --format gitlab=FILE --format github writes the golden examples", async () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-ci-formats-"));
  try {
    const { code, stdout, stderr } = await runCli([
      "diff",
      "examples/v1/contract.json",
      "examples/v2/contract.json",
      "--config",
      "examples/proxar.yaml",
      "--format",
      `junit=${dir}/report.xml`,
      "--format",
      `gitlab=${dir}/codequality.json`,
      "--format",
      "github",
    ], { cwd: ROOT, env: { PROXAR_TODAY: "2026-01-01" } });
    assert.equal(stderr, "");
    assert.equal(code, 1);
    assert.equal(stdout, readFileSync(`${FIXTURES}/golden/example.github.txt`, "utf8"));
    assert.equal(readFileSync(`${dir}/report.xml`, "utf8"), readFileSync(GOLDEN, "utf8"));
    assert.equal(
      readFileSync(`${dir}/codequality.json`, "utf8"),
      readFileSync(`${FIXTURES}/golden/example.codequality.json`, "utf8"),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * Tests of the GitLab Code Quality reporter: every output validated with ajv against
 * `tests/fixtures/reporters/codequality.schema.json` (the format as GitLab documents it),
 * fingerprints unique and stable, plus the golden file.
 *
 * Regenerate the golden file after an intended change of the output:
 * `UPDATE_GOLDEN=1 npx deno test -A tests/reporters/gitlab_test.ts`, then review the diff.
 * @module
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { Ajv } from "ajv";
import type { Report } from "../../core/report.ts";
import {
  type CodeQualityIssue,
  codeQualityIssues,
  gitlabReporter,
  renderCodeQuality,
} from "../../reporters/gitlab.ts";
import { FIXTURES } from "../helpers.ts";
import { bulkReport, reportOfValues } from "./_bulk.ts";
import { context, emptyReport, exampleReport, hostileReport } from "./_reports.ts";

const GOLDEN = `${FIXTURES}/golden/example.codequality.json`;

const validate = new Ajv({ allErrors: true, strict: true }).compile(
  JSON.parse(readFileSync(`${FIXTURES}/reporters/codequality.schema.json`, "utf8")),
);

const render = (report: Report) => gitlabReporter.render(report, context());

/** Parses the output after checking it against the schema and the fingerprint rules. */
function checked(text: string): CodeQualityIssue[] {
  assert.notEqual(text.charCodeAt(0), 0xfeff, "no BOM");
  const value = JSON.parse(text);
  assert.ok(validate(value), JSON.stringify(validate.errors, null, 2));
  const issues = value as CodeQualityIssue[];
  const prints = issues.map((i) => i.fingerprint);
  assert.equal(new Set(prints).size, prints.length, "fingerprints are unique");
  for (const p of prints) assert.match(p, /^[0-9a-f]{64}$/);
  return issues;
}

Deno.test("gitlabReporter output follows the Code Quality schema", () => {
  for (const report of [emptyReport(), hostileReport(), exampleReport(), bulkReport(40, 30, 40)]) {
    checked(render(report));
  }
  checked(renderCodeQuality([hostileReport(), exampleReport(), hostileReport()]));
  // The schema rejects what GitLab rejects, so the passes above mean something.
  const [issue] = checked(render(exampleReport()));
  for (
    const broken of [
      { ...issue, severity: "error" },
      { ...issue, location: { path: "a.json", lines: { begin: 0 } } },
      { ...issue, location: { path: "a.json" } },
      { ...issue, fingerprint: undefined },
      { ...issue, check_name: "" },
    ]
  ) {
    assert.equal(validate([broken]), false, JSON.stringify(broken));
  }
});

Deno.test("gitlabReporter writes [] when there are no changes", () => {
  assert.equal(render(emptyReport()), "[]\n");
});

Deno.test("gitlabReporter leaves suppressed changes out and keeps the others in order", () => {
  const report = hostileReport();
  const issues = checked(render(report));
  const active = report.changes.filter((c) => !c.suppressed);
  assert.equal(active.length, report.changes.length - 1);
  assert.deepEqual(
    issues.map((i) => [i.check_name, i.severity, i.location.path, i.location.lines.begin]),
    [
      ["tool.removed", "critical", "tests/fixtures/reporters/hostile_new.json", 7],
      ["tool.input.maximum.narrowed", "critical", "tests/fixtures/reporters/hostile_new.json", 19],
      ["tool.input.required.added", "critical", "tests/fixtures/reporters/hostile_new.json", 22],
      // create_<img src=x> has the schemas (with a property) of the removed get_issue: the pair
      // is compared.
      ["tool.description.changed", "major", "tests/fixtures/reporters/hostile_new.json", 54],
      ["tool.description.changed", "major", "tests/fixtures/reporters/hostile_new.json", 10],
      ["tool.added", "minor", "tests/fixtures/reporters/hostile_new.json", 52],
      ["tool.input.enum.widened", "minor", "tests/fixtures/reporters/hostile_new.json", 43],
      ["server.version.changed", "info", "tests/fixtures/reporters/hostile_new.json", 5],
    ],
  );
  assert.deepEqual(issues.map((i) => i.description), active.map((c) => c.message));
});

Deno.test("gitlabReporter strips control characters and caps descriptions", () => {
  const report = hostileReport();
  report.changes[0]!.message = `bad \u001b[31mred\u001b[0m \u0007 ${"x".repeat(5000)}`;
  const [issue] = checked(render(report));
  assert.equal(issue?.description.slice(0, 10), "bad red  x");
  assert.match(issue?.description ?? "", /… \(4033 more characters\)$/);
  assert.equal(issue?.description.length, 1000, "the note counts toward the cap");
  assert.ok(!render(report).includes("\\u001b"));
});

Deno.test("gitlabReporter falls back to the old location, then to the new source on line 1", () => {
  const report = hostileReport();
  const [first, second] = report.changes;
  delete first!.locations!.new;
  delete second!.locations;
  const [a, b] = checked(render(report));
  assert.deepEqual(a?.location, {
    path: "tests/fixtures/reporters/hostile_old.json",
    lines: { begin: 50 },
  });
  assert.deepEqual(b?.location, { path: "reporters/hostile_new.json", lines: { begin: 1 } });
});

Deno.test("gitlabReporter keeps fingerprints when lines move or entities are added before", () => {
  const tools = (description: string, extra: number) => [
    ...Array.from({ length: extra }, (_, i) => ({ name: `a${i}`, inputSchema: {} })),
    { name: "search", description, inputSchema: { type: "object", required: ["q"] } },
  ];
  const before = checked(render(reportOfValues({ tools: tools("Find", 0) }, {
    tools: tools("Find things. Never delete.", 0),
  })));
  const shifted = checked(render(reportOfValues({ tools: tools("Find", 3) }, {
    tools: tools("Find things. Never delete.", 3),
  })));
  assert.equal(before.length, 1);
  assert.notEqual(before[0]?.location.lines.begin, shifted[0]?.location.lines.begin);
  assert.equal(shifted[0]?.fingerprint, before[0]?.fingerprint);
});

Deno.test("codeQualityIssues makes equal findings unique with a stable counter", () => {
  const report = hostileReport();
  report.changes = [...report.changes, ...report.changes.map((c) => ({ ...c }))];
  const issues = codeQualityIssues([report]);
  assert.equal(issues.length, 16);
  assert.equal(new Set(issues.map((i) => i.fingerprint)).size, 16);
  const once = codeQualityIssues([hostileReport()]);
  assert.deepEqual(issues.slice(0, 8).map((i) => i.fingerprint), once.map((i) => i.fingerprint));
  assert.deepEqual(codeQualityIssues([report]), issues, "deterministic");
});

Deno.test("codeQualityIssues tells servers of proxar check's combined report apart", () => {
  const combined = hostileReport();
  combined.changes = [
    ...combined.changes.map((c) => ({ ...c, server: "a" })),
    ...combined.changes.map((c) => ({ ...c, server: "b" })),
  ];
  const issues = codeQualityIssues([combined]);
  const alone = codeQualityIssues([hostileReport()]);
  assert.equal(new Set(issues.map((i) => i.fingerprint)).size, 16);
  assert.ok(issues.every((i) => !alone.some((x) => x.fingerprint === i.fingerprint)));
});

Deno.test("gitlabReporter matches the golden file for the bundled example", () => {
  const out = render(exampleReport());
  if (Deno.env.get("UPDATE_GOLDEN") === "1") writeFileSync(GOLDEN, out);
  assert.equal(out, readFileSync(GOLDEN, "utf8"));
});

import process from "node:process";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { pointerTokens } from "../../core/json.ts";
import type { Report } from "../../core/report.ts";
import { renderSarif } from "../../reporters/sarif.ts";
import { PROJECT_URL } from "../../reporters/links.ts";
import { ROOT } from "../helpers.ts";
import { context, emptyReport, exampleReport, hostileReport, reportOf } from "./_reports.ts";

const MULTITOOL = `${ROOT}/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool`;
const SCHEMA = `${ROOT}/node_modules/@microsoft/sarif-multitool-linux/sarif-2.1.0.json`;

type SarifResult = {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: {
    physicalLocation: {
      artifactLocation: { uri: string };
      region: { startLine: number; startColumn: number };
    };
  }[];
  partialFingerprints: { primaryLocationLineHash: string };
  suppressions?: { kind: string; justification: string }[];
  relatedLocations?: unknown[];
};
type SarifLog = {
  runs: {
    tool: { driver: { rules: { id: string; name: string; fullDescription: { text: string } }[] } };
    automationDetails: { id: string };
    results: SarifResult[];
  }[];
};

/** A run of a SARIF log as the validator reads it, what namedRulesOnly() reads named. */
type SarifRun = {
  tool: { driver: { rules: unknown[] } };
  results: { ruleIndex: number }[];
};

function sarif(report: Report, omitSuppressed = false): SarifLog {
  return JSON.parse(renderSarif(report, context({ omitSuppressed })));
}

const REPORTS: [string, () => Report][] = [
  ["example", exampleReport],
  ["hostile", hostileReport],
  ["empty", emptyReport],
  ["mixed", () => reportOf("diff/base.json", "diff/mixed_changes.json")],
];

Deno.test("renderSarif() output validates against the SARIF 2.1.0 JSON Schema", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA, "utf8")));
  for (const [name, make] of REPORTS) {
    const log = sarif(make());
    assert.ok(validate(log), `${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  }
});

/**
 * A SARIF run whose rule catalogue holds only the rules its results name (by ruleIndex), in the
 * catalogue's order, each result's ruleIndex renumbered to match; `name` names the run in the
 * failure of a ruleIndex outside the catalogue.
 */
function namedRulesOnly(name: string, run: SarifRun): SarifRun {
  const rules = run.tool.driver.rules;
  const named = [...new Set(run.results.map((r) => r.ruleIndex))].sort((a, b) => a - b);
  for (const index of named) {
    assert.ok(
      Number.isInteger(index) && index >= 0 && index < rules.length,
      `${name}: ruleIndex ${index}`,
    );
  }
  const renumbered = new Map(named.map((index, i) => [index, i]));
  return {
    ...run,
    tool: {
      ...run.tool,
      driver: { ...run.tool.driver, rules: named.map((index) => rules[index]!) },
    },
    results: run.results.map((r) => ({ ...r, ruleIndex: renumbered.get(r.ruleIndex)! })),
  };
}

Deno.test("renderSarif() output passes sarif-multitool validate with GitHub's ingestion rules", () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-sarif-"));
  try {
    // The validator spends about a second on each file it reads (it deserialises the SARIF
    // schema again for every file), so every document goes in as one run of a single log. Each
    // document is one run plus the same header, which the log keeps. Each run holds the same rule
    // catalogue (2.2 MB, about a second of the validator's CPU time each), so the first run keeps
    // it whole and the others keep the rules their results name, in their order, each result's
    // ruleIndex renumbered to match: the validator sees every distinct thing each document holds.
    const docs = REPORTS.map(([name, make]) => {
      // The validator resolves every help URL and waits for DNS to time out where there is no
      // network; a host under `.invalid` (RFC 6761) fails at once and leaves the URL's shape intact.
      const offline = renderSarif(make(), context()).replaceAll(
        `${new URL(PROJECT_URL).origin}/`,
        "https://proxar.invalid/",
      );
      return [name, JSON.parse(offline)] as const;
    });
    const [, first] = docs[0]!;
    const header = { $schema: first.$schema, version: first.version };
    const catalogue = first.runs[0].tool.driver.rules;
    for (const [name, doc] of docs) {
      const { runs, ...rest } = doc;
      assert.deepEqual(rest, header, `${name}: the header every log shares`);
      assert.equal(runs.length, 1, `${name}: one run`);
      assert.deepEqual(runs[0].tool.driver.rules, catalogue, `${name}: the first's rule catalogue`);
    }
    const file = join(dir, "all.sarif");
    const runs = docs.map(([name, doc], i) =>
      i === 0 ? doc.runs[0] : namedRulesOnly(name, doc.runs[0])
    );
    writeFileSync(file, JSON.stringify({ ...header, runs }));
    const out = join(dir, "validation.sarif");
    const log = execFileSync(MULTITOOL, ["validate", "--rule-kind", "Gh;Sarif", "-o", out, file], {
      encoding: "utf8",
      stdio: "pipe",
      // Dynamic PGO instruments code for later recompilation, which a run of seconds never
      // reaches: without it the validator takes about a fifth less CPU time. A 64 MB young
      // generation (about 2 MB by default) and no background collector thread take about
      // another two fifths off (5.3 s → 3.1 s of CPU time for these four runs, 80 MB more memory).
      env: {
        ...process.env,
        DOTNET_CLI_TELEMETRY_OPTOUT: "1",
        DOTNET_TieredPGO: "0",
        DOTNET_GCgen0size: "0x4000000",
        DOTNET_gcConcurrent: "0",
      },
    });
    assert.match(log, /\b1 files scanned\b/);
    const run = JSON.parse(readFileSync(out, "utf8")).runs[0];
    // A result without a level has its rule's default level, and "warning" without one (SARIF
    // 3.27.10): the validator reports a missing region that way.
    type Rule = { defaultConfiguration?: { level?: string } };
    const rules: Rule[] = run.tool.driver.rules ?? [];
    const problems = (run.results as { level?: string; ruleIndex: number }[]).filter((f) => {
      const level = f.level ?? rules[f.ruleIndex]?.defaultConfiguration?.level ?? "warning";
      return level === "error" || level === "warning";
    });
    assert.deepEqual(problems, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("renderSarif() gives each result one physical location on the line of the changed key", () => {
  const report = reportOf("diff/base.json", "diff/mixed_changes.json");
  const file = "tests/fixtures/diff/mixed_changes.json";
  const text = readFileSync(`${ROOT}/${file}`, "utf8");
  const doc = JSON.parse(text) as { tools: Record<string, unknown>[] };
  const results = sarif(report).runs[0]!.results;
  assert.equal(results.length, report.changes.length);
  results.forEach((result, i) => {
    const change = report.changes[i]!;
    assert.equal(result.locations.length, 1);
    const { artifactLocation, region } = result.locations[0]!.physicalLocation;
    assert.equal(artifactLocation.uri, file);
    // The deepest part of the change's pointer that exists in the new file decides the line.
    const index = doc.tools.findIndex((t) => t.name === change.entity.name);
    const tokens = pointerTokens(change.pointer).slice(2);
    let node: unknown = index === -1 ? doc.tools : doc.tools[index];
    let expected = index === -1 ? '"tools"' : "{";
    for (const token of tokens) {
      const next = (node as Record<string, unknown> | undefined)?.[token];
      if (next === undefined) break;
      node = next;
      expected = `"${token}"`;
    }
    const line = text.split("\n")[region.startLine - 1]!;
    assert.ok(
      line.includes(expected),
      `${change.rule}: line ${region.startLine} ${line} lacks ${expected}`,
    );
    assert.equal(line.slice(region.startColumn - 1, region.startColumn), expected[0]);
  });
});

Deno.test("renderSarif() pairs ruleId with ruleIndex and keeps the full rule catalogue", () => {
  const log = sarif(hostileReport());
  const rules = log.runs[0]!.tool.driver.rules;
  assert.equal(rules.length, context().rules.length);
  for (const rule of rules) {
    assert.notEqual(rule.name, rule.id);
    assert.ok(rule.fullDescription.text.length > 0 && rule.fullDescription.text.length <= 1024);
  }
  for (const result of log.runs[0]!.results) {
    assert.equal(rules[result.ruleIndex]!.id, result.ruleId);
    assert.match(result.message.text, /^[^\n]+[.!?]/);
  }
  assert.equal(log.runs[0]!.automationDetails.id, "proxar/evil-mcp/");
});

Deno.test("renderSarif() fingerprints stay the same when lines move", () => {
  const prints = (report: Report) =>
    sarif(report).runs[0]!.results.map((r) => r.partialFingerprints.primaryLocationLineHash).sort();
  const a = prints(reportOf("diff/base.json", "diff/mixed_changes.json"));
  const b = prints(reportOf("diff/shuffled.json", "diff/mixed_changes.json"));
  assert.deepEqual(a, b);
  assert.equal(new Set(a).size, a.length);
  for (const p of a) assert.match(p, /^[0-9a-f]{64}:1$/);
});

Deno.test("renderSarif() marks suppressed changes with a justification, or omits them on request", () => {
  const report = hostileReport();
  const suppressed = report.changes.filter((c) => c.suppressed);
  assert.ok(suppressed.length > 0);
  const all = sarif(report).runs[0]!.results;
  const marked = all.filter((r) => r.suppressions);
  assert.equal(marked.length, suppressed.length);
  assert.deepEqual(marked[0]!.suppressions, [{
    kind: "external",
    status: "accepted",
    justification: "Legacy <tools> are | being rewritten",
  }]);
  const omitted = sarif(report, true).runs[0]!.results;
  assert.equal(omitted.length, all.length - suppressed.length);
  assert.ok(omitted.every((r) => !r.suppressions));
});

Deno.test("renderSarif() keeps a results array when there are no changes", () => {
  const log = sarif(emptyReport());
  assert.deepEqual(log.runs[0]!.results, []);
});

Deno.test("renderSarif() writes the log as JSON.stringify(log, null, 2) would, whatever the rule texts hold", () => {
  const odd = context().rules.map((meta, i) => ({
    ...meta,
    summary: [`"${meta.summary}"`, `${meta.summary}\ud800`, meta.summary][i % 3]!,
    rationale: [
      `say "x" or \\ ${meta.rationale}`,
      `${meta.rationale} \u{1F600} é \u0001\t`,
      `\udc00${meta.rationale}\ud83d`,
      meta.rationale,
    ][i % 4]!,
  }));
  for (const [name, make] of REPORTS) {
    for (const rules of [context().rules, odd, odd.slice(0, 1), []]) {
      const text = renderSarif(make(), { ...context(), rules });
      assert.equal(text, JSON.stringify(JSON.parse(text), null, 2) + "\n", name);
      const parsed = JSON.parse(text) as {
        runs: { tool: { driver: { rules: { help: { text: string; markdown: string } }[] } } }[];
      };
      parsed.runs[0]!.tool.driver.rules.forEach((rule, i) => {
        assert.ok(rule.help.text.startsWith(`${rules[i]!.summary}. ${rules[i]!.rationale}`));
        assert.ok(rule.help.markdown.includes(`\n\n${rules[i]!.rationale}`));
      });
    }
  }
});

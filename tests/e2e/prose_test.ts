/**
 * End-to-end tests of prose surfaces and of the seed's configuration example, run in-process on
 * the fixture files under `tests/fixtures/prose/`. Every surface has a DOCUMENTATION and a
 * POTENTIALLY_BREAKING case; the JSON and text reports must carry both texts and the reason.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { describeStep, describeVerdict, type ProseVerdict } from "../../core/prose.ts";
import { findings, ROOT, runCli } from "../helpers.ts";

interface JsonChange {
  rule: string;
  path: string;
  severity: string;
  message: string;
  old?: unknown;
  new?: unknown;
  prose?: ProseVerdict;
  suppressed?: { reason: string; by: string };
  overriddenFrom?: string;
}

async function diff(oldFile: string, newFile: string, ...extra: string[]) {
  const args = ["diff", `prose/${oldFile}`, `prose/${newFile}`, ...extra];
  const json = await runCli([...args, "--format", "json"]);
  const text = await runCli([...args, "--format", "text"]);
  assert.equal(json.stderr, "");
  assert.equal(text.stderr, "");
  assert.equal(json.code, text.code);
  const validate = new Ajv({ strict: false }).compile(
    JSON.parse(readFileSync(`${ROOT}/schemas/report.schema.json`, "utf8")),
  );
  assert.ok(validate(JSON.parse(json.stdout)), JSON.stringify(validate.errors));
  const report = JSON.parse(json.stdout) as {
    changes: JsonChange[];
    summary: { suppressed: { total: number; reasons: { reason: string; count: number }[] } };
  };
  return { code: json.code, report, json: json.stdout, text: text.stdout };
}

/** `rule|path|severity|step` of every change, sorted. */
function graded(changes: JsonChange[]): string[] {
  return changes.map((c) => `${c.rule}|${c.path}|${c.severity}|${c.prose?.step ?? "-"}`).sort();
}

/** Checks that each prose change carries both texts and its reason in the JSON and text reports. */
function assertExplained(changes: JsonChange[], text: string): void {
  for (const c of changes) {
    assert.ok(c.prose, `${c.path}: prose verdict in the JSON report`);
    assert.equal(c.prose.severity, c.severity, `${c.path}: severity from the classifier`);
    assert.ok(c.message.endsWith(`(${describeVerdict(c.prose)})`), `${c.path}: ${c.message}`);
    if (c.prose.step === "marker") assert.ok(c.prose.marker && c.prose.counts, c.path);
    if (c.prose.step === "similarity") {
      assert.equal(typeof c.prose.edit, "number", c.path);
      assert.equal(typeof c.prose.jaccard, "number", c.path);
    }
    const block = [
      `    ${c.message}`,
      ...(c.old === undefined ? [] : [`    old: ${JSON.stringify(c.old)}`]),
      ...(c.new === undefined ? [] : [`    new: ${JSON.stringify(c.new)}`]),
      `    reason: ${describeStep(c.prose.step)}`,
    ].join("\n");
    assert.ok(text.includes(`${block}\n`), `text report lacks:\n${block}\n\nin:\n${text}`);
  }
}

Deno.test("proxar diff grades every entity prose surface by the classifier, both ways", async () => {
  const { code, report, text } = await diff("surfaces_old.json", "surfaces_new.json");
  assert.equal(code, 0);
  const DOC = "DOCUMENTATION";
  const PB = "POTENTIALLY_BREAKING";
  assert.deepEqual(
    graded(report.changes),
    [
      // search_issues: a typo fixed on every tool surface.
      `tool.description.changed|search_issues.description|${DOC}|similarity`,
      `tool.title.changed|search_issues.title|${DOC}|similarity`,
      `tool.annotations.title.changed|search_issues.annotations.title|${DOC}|similarity`,
      `tool.input.description.changed|search_issues.inputSchema.properties.query.description|${DOC}|similarity`,
      `tool.input.title.changed|search_issues.inputSchema.properties.query.title|${DOC}|similarity`,
      `tool.output.description.changed|search_issues.outputSchema.properties.items.description|${DOC}|similarity`,
      `tool.output.title.changed|search_issues.outputSchema.title|${DOC}|similarity`,
      // delete_issue: every tool surface changed in a way that can move a model.
      `tool.description.changed|delete_issue.description|${PB}|marker`,
      `tool.title.changed|delete_issue.title|${PB}|similarity`,
      `tool.annotations.title.changed|delete_issue.annotations.title|${PB}|emptiness`,
      `tool.input.description.changed|delete_issue.inputSchema.properties.id.description|${PB}|similarity`,
      `tool.input.title.changed|delete_issue.inputSchema.properties.id.title|${PB}|similarity`,
      `tool.output.description.changed|delete_issue.outputSchema.properties.ok.description|${PB}|order`,
      `tool.output.title.changed|delete_issue.outputSchema.title|${PB}|emptiness`,
      `prompt.description.changed|triage.description|${DOC}|similarity`,
      `prompt.title.changed|triage.title|${DOC}|similarity`,
      `prompt.argument.description.changed|triage.arguments.issue.description|${DOC}|similarity`,
      `prompt.argument.title.changed|triage.arguments.issue.title|${DOC}|similarity`,
      `prompt.description.changed|release_notes.description|${PB}|marker`,
      `prompt.title.changed|release_notes.title|${PB}|similarity`,
      `prompt.argument.description.changed|release_notes.arguments.since.description|${PB}|marker`,
      `prompt.argument.title.changed|release_notes.arguments.since.title|${PB}|similarity`,
      `resource.description.changed|file:///logs/app.log.description|${DOC}|similarity`,
      `resource.title.changed|file:///logs/app.log.title|${DOC}|similarity`,
      `resource.description.changed|file:///logs/audit.log.description|${PB}|marker`,
      `resource.title.changed|file:///logs/audit.log.title|${PB}|similarity`,
      `resourceTemplate.description.changed|file:///issues/{key}.md.description|${DOC}|similarity`,
      `resourceTemplate.title.changed|file:///issues/{key}.md.title|${DOC}|similarity`,
      `resourceTemplate.description.changed|file:///boards/{id}.json.description|${PB}|marker`,
      `resourceTemplate.title.changed|file:///boards/{id}.json.title|${PB}|similarity`,
    ].sort(),
  );
  assertExplained(report.changes, text);
  const description = report.changes.find((c) => c.path === "delete_issue.description")!;
  assert.deepEqual(description.prose, {
    severity: PB,
    step: "marker",
    marker: "not",
    counts: { old: 0, new: 1 },
  });
  assert.equal(description.old, "Deletes the given issue");
  assert.equal(description.new, "Deletes the given issue; it cannot be restored");
  assert.equal(description.message, 'delete_issue.description changed (marker "not" 0× → 1×)');
  const removed = report.changes.find((c) => c.path === "delete_issue.annotations.title")!;
  assert.equal(removed.message, "delete_issue.annotations.title removed (one side is empty)");
  assert.equal(removed.new, undefined);
  const input = report.changes.find((c) =>
    c.path === "search_issues.inputSchema.properties.query.title"
  )!;
  assert.equal(
    input.message,
    "search_issues.inputSchema.properties.query.title changed (edit 0.905, overlap 0.6: one reaches 0.9, neither below 0.55)",
  );
  assert.match(
    text,
    /\n {4}search_issues\.title changed \(edit 0\.958, overlap 0\.6: one reaches 0\.9, neither below 0\.55\)\n {4}old: "Search the isue tracker"\n {4}new: "Search the issue tracker"\n {4}reason: prose classifier step 5 of 5: edit similarity and token overlap\n/,
  );
});

Deno.test("proxar diff grades server title, description and instructions by the classifier", async () => {
  const doc = await diff("server_old.json", "server_doc.json");
  assert.equal(doc.code, 0);
  assert.deepEqual(graded(doc.report.changes), [
    "server.description.changed|server.serverInfo.description|DOCUMENTATION|similarity",
    "server.instructions.changed|server.instructions|DOCUMENTATION|similarity",
    "server.title.changed|server.serverInfo.title|DOCUMENTATION|similarity",
  ]);
  assertExplained(doc.report.changes, doc.text);
  const pb = await diff("server_old.json", "server_pb.json");
  assert.equal(pb.code, 0);
  assert.deepEqual(graded(pb.report.changes), [
    "server.description.changed|server.serverInfo.description|POTENTIALLY_BREAKING|similarity",
    "server.instructions.changed|server.instructions|POTENTIALLY_BREAKING|marker",
    "server.title.changed|server.serverInfo.title|POTENTIALLY_BREAKING|marker",
  ]);
  assertExplained(pb.report.changes, pb.text);
  assert.ok(
    pb.text.includes(
      '    server.instructions changed (marker "never" 1× → 0×)\n' +
        '    old: "Use search_issues before create_issue so that duplicates are avoided. Issue keys look like ACME-123. Comments are written in Markdown. Never create an issue without a title. Ask the user when the project is ambiguous."\n' +
        '    new: "Use search_issues before create_issue so that duplicates are avoided. Issue keys look like ACME-123. Comments are written in Markdown. Create an issue without a title. Ask the user when the project is ambiguous."\n' +
        "    reason: prose classifier step 3 of 5: a semantic marker differs\n",
    ),
    pb.text,
  );
});

Deno.test("proxar diff applies the seed's configuration example: overrides and ignore entries", async () => {
  const { code, report, text } = await diff(
    "seed_old.json",
    "seed_new.json",
    "--config",
    "config/seed.yaml",
  );
  assert.equal(code, 1);
  assert.deepEqual(findings(JSON.stringify(report)), [
    "tool.annotations.safetyWeakened|delete_issue.annotations.destructiveHint|BREAKING",
    "tool.description.changed|legacy_export.description|POTENTIALLY_BREAKING|suppressed",
    "tool.description.changed|legacy_import.description|DOCUMENTATION|suppressed",
    "tool.description.changed|search_issues.description|POTENTIALLY_BREAKING",
    "tool.icons.changed|get_issue.icons|DOCUMENTATION|suppressed",
    "tool.output.enum.widened|get_issue.outputSchema.properties.state.enum|POTENTIALLY_BREAKING",
    "tool.title.changed|legacy_import.title|POTENTIALLY_BREAKING",
  ]);
  const by = (path: string) => report.changes.find((c) => c.path === path)!;
  assert.equal(
    by("delete_issue.annotations.destructiveHint").overriddenFrom,
    "POTENTIALLY_BREAKING",
  );
  assert.equal(by("get_issue.outputSchema.properties.state.enum").overriddenFrom, "BREAKING");
  const reason = "Legacy tools are being rewritten; churn is expected.";
  assert.deepEqual(by("legacy_export.description").suppressed, {
    reason,
    by: "config/seed.yaml:7:5",
  });
  assert.deepEqual(by("get_issue.icons").suppressed, {
    reason: "no reason given",
    by: "config/seed.yaml:6:5",
  });
  assert.deepEqual(report.summary.suppressed, {
    total: 3,
    reasons: [{ reason, count: 2 }, { reason: "no reason given", count: 1 }],
  });
  assert.ok(
    text.includes(
      [
        "Suppressed (3):",
        `  POTENTIALLY_BREAKING  tool.description.changed  legacy_export.description: ${reason} (config/seed.yaml:7:5)`,
        "  DOCUMENTATION  tool.icons.changed  get_issue.icons: no reason given (config/seed.yaml:6:5)",
        `  DOCUMENTATION  tool.description.changed  legacy_import.description: ${reason} (config/seed.yaml:7:5)`,
      ].join("\n"),
    ),
    text,
  );
  assert.ok(
    text.includes("Summary: 4 changes: 1 breaking, 3 potentially breaking; 3 suppressed."),
    text,
  );
  assert.ok(
    text.includes(
      "  BREAKING (overridden from POTENTIALLY_BREAKING)  tool.annotations.safetyWeakened  delete_issue.annotations.destructiveHint",
    ),
    text,
  );
});

Deno.test("proxar diff reads numbers written in Han numerals as markers, both ways, and not the words that hold one", async () => {
  // "最多返回十条" → "最多返回五十条" ("at most ten" → "at most fifty") was DOCUMENTATION (edit
  // 0.97); 一些 ("some") and 一起 ("together") hold the numeral 一 and state no number; 一个 ("a",
  // "one") may state one, and errs toward POTENTIALLY_BREAKING. "二十条" → "20条" and "十件" → "10件"
  // were each a number changed (POTENTIALLY_BREAKING): the same number, DOCUMENTATION now.
  for (const [from, to] of [["old", "new"], ["new", "old"]] as const) {
    const { code, report, text } = await diff(`han_numbers_${from}.json`, `han_numbers_${to}.json`);
    assert.equal(code, 0);
    assert.deepEqual(graded(report.changes), [
      "tool.description.changed|count_notes.description|DOCUMENTATION|similarity",
      "tool.description.changed|get_note.description|POTENTIALLY_BREAKING|marker",
      "tool.description.changed|list_notes.description|POTENTIALLY_BREAKING|marker",
      "tool.description.changed|page_notes.description|DOCUMENTATION|similarity",
      "tool.description.changed|search_notes.description|DOCUMENTATION|similarity",
      "tool.description.changed|sync_notes.description|DOCUMENTATION|similarity",
    ]);
    assertExplained(report.changes, text);
    const [gained, lost] = from === "old" ? ["0× → 1×", "1× → 0×"] : ["1× → 0×", "0× → 1×"];
    // Counted by value, 十 (10) comes before 五十 (50).
    assert.ok(text.includes(`list_notes.description changed (marker "十" ${lost})`), text);
    assert.ok(text.includes(`get_note.description changed (marker "一" ${gained})`), text);
    // 二十 → 20 and 十件 → 10件 are one number written two ways: no edit at all once in digits.
    for (const [tool, old, now] of [["count_notes", "二十", "20"], ["page_notes", "十", "10"]]) {
      const message = rewrote(tool!, from, old!, now!).replace("DOCUMENTATION ", "");
      assert.ok(text.includes(message), text);
    }
  }
});

Deno.test("proxar diff reads Korean number words before a counter by value, both ways, and 열 'column' as no number", async () => {
  // 열 개 → 스무 개 ("ten" → "twenty") and 십 개 → 이십 개 were DOCUMENTATION (edit 0.957 and
  // 0.979), 세 개 → 3개 ("three" → "3") was marker 3 0× → 1×.
  const kept = (tool: string, edit: string, overlap: string) =>
    `DOCUMENTATION ${tool}.description changed (edit ${edit}, overlap ${overlap}: one reaches 0.9, neither below 0.55)`;
  for (const [from, to] of [["old", "new"], ["new", "old"]] as const) {
    const lost = from === "old" ? "1× → 0×" : "0× → 1×";
    assert.deepEqual(await messages("hangul_numbers", from, to), [
      kept("describe_table", "0.959", "0.846"),
      rewrote("page_notes", from, "세", "3"),
      `POTENTIALLY_BREAKING list_notes.description changed (marker "열" ${lost})`,
      `POTENTIALLY_BREAKING search_notes.description changed (marker "십" ${lost})`,
    ]);
  }
});

Deno.test("proxar diff counts a changed version or range as a number, both ways, and reads a version with its pre-release label as one", async () => {
  // The seed's markers hold any number, and a version a description states is one: v2.3 → v2.4,
  // Node 18+ → 20+ and RFC 9110 → 9111 stay POTENTIALLY_BREAKING. 1.2.3-beta.1 was read as two
  // numbers (the message named "beta.1"), and v2.3 → version 2.3 was marker 2.3 0× → 1×. A range
  // changed, ^1.2.3 → ~1.2.3 and >=3.10 → >3.10, was DOCUMENTATION (edit 0.989 and 0.987); ^2.0.1
  // → ^ 2.0.1 and >= 20 → ≥20 are one range (edit 0.985 and 0.917 before, now 1). An npm range of
  // two comparators that a caret range writes in one, >=1.2.0 <2.0.0 → ^1.2.0, accepts the same
  // versions: it read marker "<2.0.0" 1× → 0×, POTENTIALLY_BREAKING; >=1.2.0 <1.5.0 does not.
  for (const [from, to] of [["old", "new"], ["new", "old"]] as const) {
    // The lower version is named, as first in order.
    const [v23, rfc, beta, node] = ["v2.3", "9110", "1.2.3-beta.1", "18"];
    const lost = from === "old" ? "1× → 0×" : "0× → 1×";
    const gained = from === "old" ? "0× → 1×" : "1× → 0×";
    assert.deepEqual(await messages("versions", from, to), [
      rewrote("check_node", from, ">= 20", "≥20"),
      "DOCUMENTATION get_issue.description changed (edit 0.944, overlap 0.875: one reaches 0.9, neither below 0.55)",
      rewrote("pin_cli", from, ">=1.2.0 <2.0.0", "^1.2.0"),
      rewrote("pin_plugin", from, "^2.0.1", "^ 2.0.1"),
      `POTENTIALLY_BREAKING check_python.description changed (marker ">3.10" ${gained})`,
      `POTENTIALLY_BREAKING fetch_page.description changed (marker "${rfc}" ${lost})`,
      `POTENTIALLY_BREAKING fetch_release.description changed (marker "1.2.x" ${gained})`,
      `POTENTIALLY_BREAKING install_client.description changed (marker "${beta}" ${lost})`,
      `POTENTIALLY_BREAKING pin_lib.description changed (marker "<1.5.0" ${lost})`,
      `POTENTIALLY_BREAKING pin_sdk.description changed (marker "^1.2.3" ${lost})`,
      `POTENTIALLY_BREAKING run_checks.description changed (marker "${node}" ${lost})`,
      `POTENTIALLY_BREAKING search_issues.description changed (marker "${v23}" ${lost})`,
    ]);
  }
});

Deno.test("proxar diff reads a URL without the quote or ellipsis closing it and with its scheme and host in any case, both ways, and any other change to it as a change", async () => {
  // Before: "…/search…" → "…/search" and "https://Docs.Example.com/…" → "https://docs.example.com/…"
  // read as a URL replaced, POTENTIALLY_BREAKING (the "…" or "’" was kept in the URL, and the host
  // compared as written); the path's case, &amp;, another file and http → https still differ.
  for (const [from, to] of [["old", "new"], ["new", "old"]] as const) {
    const url = (x: string, y: string) => {
      const [o, n] = from === "old" ? [x, y] : [y, x];
      return `the URL \`${o}\` became \`${n}\`, text a model copies verbatim`;
    };
    const site = "https://docs.example.com";
    const changes = await messages("urls", from, to);
    assert.deepEqual(
      changes.filter((c) => c.startsWith("DOCUMENTATION")).map((c) => c.split(" ")[1]),
      [
        "fetch_page.inputSchema.properties.url.description",
        "open_docs.description",
        "open_help.description",
        "open_site.description",
      ],
    );
    assert.deepEqual(changes.filter((c) => !c.startsWith("DOCUMENTATION")), [
      `POTENTIALLY_BREAKING fetch_page.outputSchema.properties.source.description changed (marker "v1" ${
        from === "old" ? "1× → 0×" : "0× → 1×"
      })`,
      `POTENTIALLY_BREAKING open_path.description changed (${
        url(`${site}/Search`, `${site}/search`)
      })`,
      `POTENTIALLY_BREAKING open_plain.description changed (${
        url("http://docs.example.com/search", `${site}/search`)
      })`,
      `POTENTIALLY_BREAKING open_query.description changed (${
        url(`${site}/find?x=1&y=2`, `${site}/find?x=1&amp;y=2`)
      })`,
      `POTENTIALLY_BREAKING read_file.description changed (${
        url("file:///tmp/x.json", "file:///tmp/y.json")
      })`,
    ]);
  }
});

Deno.test("proxar diff reads an operator before a number only against another operator before it, glued or spaced, in input and output descriptions, both ways", async () => {
  // Before: "~5 minutes" → "about 5 minutes", "# -> 204" → "# → 204", "(>1MB)" → "(over 1MB)", a
  // Markdown quote "> 5 items" → "5 items", "age>=18" → "age >= 18", "price<10" → "price <10" and
  // "x^2" → "x ^ 2" read as a marker changed, POTENTIALLY_BREAKING; "age>=18" → "age<18" and
  // "!= 5" → "== 5" or "≠ 5" → "= 5" read as DOCUMENTATION (glued, or not operators). After
  // that, "Python >=3.10" → "Python 3.10" read the same number (a bound dropped, DOCUMENTATION);
  // now it differs, while "3.10 or later" and ">= 0.95" → "0.95 or more" say the bound in words.
  for (const [from, to] of [["old", "new"], ["new", "old"]] as const) {
    const [lost, gained] = from === "old" ? ["1× → 0×", "0× → 1×"] : ["0× → 1×", "1× → 0×"];
    const changes = await messages("operators", from, to);
    assert.deepEqual(
      changes.filter((c) => c.startsWith("DOCUMENTATION")).map((c) => c.split(" ")[1]),
      [
        "filter_adults.description",
        "find_similar.inputSchema.properties.price.description",
        "find_similar.outputSchema.properties.score.description",
        "keep_scored.description",
        "list_pages.description",
        "need_python_later.description",
        "skip_large.description",
        "upload_file.description",
        "wait_export.description",
      ],
    );
    assert.deepEqual(changes.filter((c) => !c.startsWith("DOCUMENTATION")), [
      `POTENTIALLY_BREAKING find_similar.inputSchema.properties.status.description changed (marker "≠ 5" ${lost})`,
      `POTENTIALLY_BREAKING find_similar.outputSchema.properties.age.description changed (marker "<18" ${gained})`,
      `POTENTIALLY_BREAKING flip_filter.description changed (marker "<18" ${gained})`,
      `POTENTIALLY_BREAKING match_status.description changed (marker "!= 5" ${lost})`,
      `POTENTIALLY_BREAKING need_python.description changed (marker "3.10" ${gained})`,
      `POTENTIALLY_BREAKING pin_sdk.description changed (marker "^1.2.3" ${lost})`,
    ]);
  }
});

/**
 * `severity message` of each change from `<fixture>_<from>.json` to `<fixture>_<to>.json`, which
 * exits 0 and explains every prose verdict.
 */
async function messages(fixture: string, from: string, to: string): Promise<string[]> {
  const { code, report, text } = await diff(`${fixture}_${from}.json`, `${fixture}_${to}.json`);
  assert.equal(code, 0);
  assertExplained(report.changes, text);
  return report.changes.map((c) => `${c.severity} ${c.message}`).sort();
}

/**
 * The message of `tool`'s description whose one number `old` (as the old fixture writes it) is
 * written as `now` in the new one, read from `from`'s side.
 */
function rewrote(tool: string, from: "old" | "new", old: string, now: string): string {
  const [x, y] = from === "old" ? [old, now] : [now, old];
  return `DOCUMENTATION ${tool}.description changed (the number "${x}" written as "${y}" (edit 1, overlap 1))`;
}

/** The message of a tool name removed from `tool`'s description. */
const removed = (tool: string, name: string) =>
  `POTENTIALLY_BREAKING ${tool}.description changed (the tool name "${name}" was replaced or removed, a tool a model was told to call)`;

Deno.test("proxar diff matches tool names holding / or . whole in prose, both ways, and names the tool", async () => {
  // search_code was counted inside github/search_code, so github/search_code → search_code read
  // as nothing removed the other way; fs.read_all → fs.read was no name replaced, its "." not a
  // callable word's. Both were DOCUMENTATION (edit 0.932 and 0.953).
  // The tool name still named, a word reworded beside it: left to the other steps.
  const kept = (edit: string) =>
    `DOCUMENTATION linker.description changed (edit ${edit}, overlap 0.933: one reaches 0.9, neither below 0.55)`;
  assert.deepEqual(await messages("tool_paths", "old", "new"), [
    kept("0.964"),
    removed("finder", "github/search_code"),
    'POTENTIALLY_BREAKING reader.description changed (the name "fs.read_all" became the tool name "fs.read", a tool a model is now told to call)',
  ]);
  assert.deepEqual(await messages("tool_paths", "new", "old"), [
    kept("0.964"),
    removed("finder", "search_code"),
    removed("reader", "fs.read"),
  ]);
});

Deno.test("proxar diff keeps a number or a negation written another way DOCUMENTATION, both ways", async () => {
  // 1,000 → 1000, must not → mustn't, and a word beside a number in a Chinese clause
  // (记录 → 数据, "records" → "data") were each a marker changed: the clause "最多返回10条记录" was
  // counted whole as a number. 10条 → 20条 still is one. So was "up to ten" → "up to 10".
  for (const [from, to] of [["old", "new"], ["new", "old"]] as const) {
    const { code, report, text } = await diff(`rewordings_${from}.json`, `rewordings_${to}.json`);
    assert.equal(code, 0);
    assert.deepEqual(graded(report.changes), [
      "tool.description.changed|drop_table.description|DOCUMENTATION|similarity",
      "tool.description.changed|export_rows.description|DOCUMENTATION|similarity",
      "tool.description.changed|list_links.description|DOCUMENTATION|similarity",
      "tool.description.changed|list_notes.description|POTENTIALLY_BREAKING|marker",
      "tool.description.changed|list_records.description|DOCUMENTATION|similarity",
    ]);
    assertExplained(report.changes, text);
    const counts = from === "old" ? "1× → 0×" : "0× → 1×";
    assert.ok(text.includes(`list_notes.description changed (marker "10" ${counts})`), text);
  }
});

Deno.test("proxar diff joins only real compounds of number words, both ways: not across a comma, nor into an adjective compound", async () => {
  // Review of 9e50790: "twenty one-line summaries" → "20 one-line summaries" read as 21 (marker
  // "one" 0× → 1×), "twenty, five per page" → "20, 5 per page" as 25 and "thirty two-letter codes"
  // → "30 two-letter codes" as 32: each was DOCUMENTATION on d5b2cfd and is again. "twenty, five"
  // → "25" was DOCUMENTATION (edit 0.979) and is a number changed; twenty-five → 25 stays
  // DOCUMENTATION and twenty-five → twenty-six a number changed.
  for (const [from, to] of [["old", "new"], ["new", "old"]] as const) {
    const { code, report, text } = await diff(
      `number_words_${from}.json`,
      `number_words_${to}.json`,
    );
    assert.equal(code, 0);
    assert.deepEqual(graded(report.changes), [
      "tool.description.changed|count_items.description|DOCUMENTATION|similarity",
      "tool.description.changed|list_codes.description|DOCUMENTATION|similarity",
      "tool.description.changed|list_lines.description|POTENTIALLY_BREAKING|marker",
      "tool.description.changed|list_pages.description|POTENTIALLY_BREAKING|marker",
      "tool.description.changed|list_rows.description|DOCUMENTATION|similarity",
      "tool.description.changed|list_summaries.description|DOCUMENTATION|similarity",
      "tool.description.changed|page_results.description|DOCUMENTATION|similarity",
      "tool.description.changed|split_pages.description|POTENTIALLY_BREAKING|marker",
    ]);
    assertExplained(report.changes, text);
    const [lost, gone] = from === "old" ? ["1× → 0×", "1× → 0×"] : ["0× → 1×", "0× → 1×"];
    assert.ok(text.includes(`list_lines.description changed (marker "twenty" ${lost})`), text);
    assert.ok(text.includes(`split_pages.description changed (marker "twenty" ${lost})`), text);
    // Named as written, hyphen kept (it read "twenty five", which the text never said).
    assert.ok(text.includes(`list_pages.description changed (marker "twenty-five" ${gone})`), text);
  }
});

Deno.test("proxar diff grades an opposite swapped in as POTENTIALLY_BREAKING, both ways, and a short form or a dropped one DOCUMENTATION", async () => {
  // first → last, ascending → descending (升序 → 降序 too) and include → exclude in long
  // descriptions were DOCUMENTATION (edit 0.97 to 0.98); asc → ascending and "enabled by" → "on by"
  // stay so.
  const kept = (tool: string, edit: string, overlap: string) =>
    `DOCUMENTATION ${tool}.description changed (edit ${edit}, overlap ${overlap}: one reaches 0.9, neither below 0.55)`;
  for (const [from, to] of [["old", "new"], ["new", "old"]] as const) {
    const [gone, came] = from === "old" ? ["1× → 0×", "0× → 1×"] : ["0× → 1×", "1× → 0×"];
    assert.deepEqual(await messages("opposites", from, to), [
      kept("sorted_log", "0.945", "0.882"),
      kept("watch_repo", "0.937", "0.875"),
      `POTENTIALLY_BREAKING list_results.description changed (marker "first" ${gone})`,
      `POTENTIALLY_BREAKING search_projects.description changed (marker "exclude" ${came})`,
      `POTENTIALLY_BREAKING sort_notes.description changed (marker "升序" ${gone})`,
      `POTENTIALLY_BREAKING sort_results.description changed (marker "ascending" ${gone})`,
    ]);
  }
});

Deno.test("proxar diff reads tool names joined by / as each tool, both ways, and a file name as no name a model calls", async () => {
  // Review of 6351225: 'create_issue/update_issue' → 'create_issue, update_issue' read as the name
  // "create_issue/update_issue" replaced by the tool create_issue, and user_config.json →
  // load_config as a name a model calls replaced by a tool.
  const kept =
    "DOCUMENTATION pairer.description changed (edit 0.99, overlap 1: one reaches 0.9, neither below 0.55)";
  assert.deepEqual(await messages("tool_lists", "old", "new"), [
    kept,
    'POTENTIALLY_BREAKING settings.description changed (the sentence "Reads settings from user_config.json at startup." became "Reads settings from load_config at startup.": edit 0.809, overlap 0.556: neither reaches 0.9)',
    removed("writer", "read_file"),
  ]);
  assert.deepEqual(await messages("tool_lists", "new", "old"), [
    kept,
    removed("settings", "load_config"),
    'POTENTIALLY_BREAKING writer.description changed (the sentence "Use write_file for files." became "Use read_file/write_file for files.": edit 0.706, overlap 0.833: neither reaches 0.9)',
  ]);
});

Deno.test("proxar diff grades a range written with a hyphen, an en dash or to as one, both ways, another range or the to dropped POTENTIALLY_BREAKING", async () => {
  // Second review: 2-3 → two to three scored edit 0.789, overlap 0.8 (POTENTIALLY_BREAKING), 1–5
  // → 1 to 5 likewise; 2-3 → 2 3 (no range) was DOCUMENTATION (edit 0.938, overlap 1).
  for (const [from, to] of [["old", "new"], ["new", "old"]] as const) {
    const got = (await messages("number_forms", from, to)).filter((m) =>
      /list_pairs|list_ranges|list_spans|retry_calls/.test(m)
    );
    const gone = from === "old" ? "1× → 0×" : "0× → 1×";
    assert.equal(got.length, 4, got.join("\n"));
    // The numbers named as each side writes them; 1–5 → 1 to 5 rewrites no number.
    const [digits, words] = ['"2" and "3"', '"two" and "three"'];
    const [x, y] = from === "old" ? [digits, words] : [words, digits];
    assert.equal(
      got[0],
      `DOCUMENTATION list_ranges.description changed (the numbers ${x} written as ${y} (edit 1, overlap 1))`,
    );
    assert.equal(
      got[1],
      "DOCUMENTATION retry_calls.description changed (the same numbers written another way (edit 1, overlap 1))",
    );
    assert.match(
      got[2]!,
      /^POTENTIALLY_BREAKING list_pairs\.description changed \(edit 0\.\d+, overlap 0\.\d+: neither reaches 0\.9\)$/,
    );
    assert.equal(
      got[3],
      `POTENTIALLY_BREAKING list_spans.description changed (marker "3" ${gone})`,
    );
  }
});

Deno.test("proxar diff grades a number of three words or more as the number in digits, both ways, another number or an adjective compound POTENTIALLY_BREAKING", async () => {
  // Second review: one hundred and five → 105 read as 100 and 5 (marker "one hundred" 1× → 0×),
  // one thousand two hundred → 1200 as 1000 and 200, twenty-two hundred → 2200 as 22 and 100, one
  // hundred twenty → 120 as 100 and 20; number_forms holds them beside the test below's.
  for (const [from, to] of [["old", "new"], ["new", "old"]] as const) {
    const got = await messages("number_forms", from, to);
    for (
      const [tool, old, now] of [
        ["list_orders", "one hundred and five", "105"],
        ["list_users", "one thousand two hundred", "1200"],
        ["list_files", "twenty-two hundred", "2200"],
        ["list_tags", "one hundred twenty", "120"],
      ]
    ) {
      assert.ok(got.includes(rewrote(tool!, from, old!, now!)), `${tool}: ${got.join("\n")}`);
    }
    for (const tool of ["list_jobs", "list_keys"]) {
      assert.ok(
        got.some((m) => m.startsWith(`POTENTIALLY_BREAKING ${tool}.description changed (marker`)),
        tool,
      );
    }
  }
});

Deno.test("proxar diff grades a hundred (and five), dozens, digits times a multiplier and thousands written with or without separators as the number in digits, both ways, another number POTENTIALLY_BREAKING", async () => {
  // Second review: in these short descriptions "a hundred" → "100", "a dozen" → "12", "two
  // thousand" → "2,000" and "3,000" → "3000" scored edit 0.88 to 0.96 and overlap 0.5 to 0.83 (the
  // a, and 3,000 beside 3000 as words), and two of them were POTENTIALLY_BREAKING. "a hundred and
  // five" → "105", "two dozen" → "24", "22 hundred" → "2200" and "1.5 million" → "1,500,000" were
  // markers (hundred, dozen, hundred, 1.5 1× → 0×), read as two numbers each; → 25 and → 2300
  // stay markers, named whole ("two dozen", "22 hundred"), as "a hundred" → 200 is. "2 dozen" →
  // "24" was marker dozen 1× → 0× after those.
  for (const [from, to] of [["old", "new"], ["new", "old"]] as const) {
    const same = (tool: string, old: string, now: string) => rewrote(tool, from, old, now);
    const [gone, came] = from === "old" ? ["1× → 0×", "0× → 1×"] : ["0× → 1×", "1× → 0×"];
    const marker = (tool: string, m: string, count: string) =>
      `POTENTIALLY_BREAKING ${tool}.description changed (marker "${m}" ${count})`;
    const got = await messages("number_forms", from, to);
    assert.deepEqual(got.filter((m) => !/list_pairs|list_ranges|list_spans|retry_calls/.test(m)), [
      same("list_books", "a hundred", "100"),
      same("list_boxes", "2 dozen", "24"),
      same("list_cells", "22 hundred", "2200"),
      same("list_files", "twenty-two hundred", "2200"),
      same("list_groups", "two dozen", "24"),
      same("list_items", "a dozen", "12"),
      same("list_lines", "a hundred and five", "105"),
      same("list_orders", "one hundred and five", "105"),
      same("list_pages", "two thousand", "2,000"),
      same("list_rows", "a hundred", "100"),
      same("list_tags", "one hundred twenty", "120"),
      same("list_users", "one thousand two hundred", "1200"),
      same("read_text", "3,000", "3000"),
      same("read_tokens", "1.5 million", "1,500,000"),
      marker("list_batches", "two dozen", gone),
      marker("list_codes", "two thousand", gone),
      marker("list_jobs", "one hundred and five", gone),
      marker("list_keys", "one hundred", gone),
      marker("list_notes", "a hundred", gone),
      marker("list_runs", "22 hundred", gone),
      marker("read_bytes", "300", came),
    ]);
  }
});

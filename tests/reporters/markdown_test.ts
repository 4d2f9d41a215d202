/**
 * Markdown reporter tests. Golden file: tests/fixtures/golden/example.md; regenerate with
 * `UPDATE_GOLDEN=1 npx deno test -A tests/reporters/markdown_test.ts`.
 * @module
 */
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import MarkdownIt from "markdown-it";
import { main as markdownlint } from "markdownlint-cli2";
import { MARKDOWN_LIMIT, renderMarkdown } from "../../reporters/markdown.ts";
import { FIXTURES, runCli } from "../helpers.ts";
import { bulkReport } from "./_bulk.ts";
import { emptyReport, exampleReport, hostileReport } from "./_reports.ts";

/**
 * markdownlint-cli2's output for the files, run in this process (its `main()`, as its command
 * line runs it) rather than in a Node process of its own, which cost more than the lint.
 */
async function lint(files: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "proxar-md-"));
  try {
    copyFileSync(
      `${FIXTURES}/markdownlint/.markdownlint-cli2.jsonc`,
      join(dir, ".markdownlint-cli2.jsonc"),
    );
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const lines: string[] = [];
    const log = (line: string) => void lines.push(line);
    const code = await markdownlint({
      directory: dir,
      argv: ["*.md"],
      logMessage: log,
      logError: log,
    });
    const out = lines.join("\n");
    assert.equal(code, 0, `markdownlint-cli2 failed:\n${out}`);
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

Deno.test("renderMarkdown() passes markdownlint-cli2", async () => {
  const out = await lint({
    "example.md": renderMarkdown(exampleReport()),
    "hostile.md": renderMarkdown(hostileReport()),
    "empty.md": renderMarkdown(emptyReport()),
    "capped.md": renderMarkdown(bulkReport(150, 150, 100), 20_000),
  });
  assert.match(out, /Summary: 0 error\(s\)/);
});

Deno.test("renderMarkdown() output renders with no HTML, link or mention from server text", () => {
  const html = new MarkdownIt({ html: true, linkify: true }).render(
    renderMarkdown(hostileReport()),
  );
  const tags = new Set([...html.matchAll(/<\/?([a-z][a-z0-9]*)/g)].map((m) => m[1]));
  const ours = [
    "h2",
    "h3",
    "p",
    "strong",
    "code",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "details",
    "summary",
    "ul",
    "li",
    "pre",
    "blockquote",
  ];
  for (const tag of tags) assert.ok(ours.includes(tag!), `unexpected <${tag}>`);
  assert.ok(!/<a\s/.test(html), "no links");
  const outsideCode = html.replace(/<pre>[\s\S]*?<\/pre>/g, "").replace(
    /<code>[\s\S]*?<\/code>/g,
    "",
  );
  assert.ok(!/@(everyone|here)/.test(outsideCode), "mentions are broken outside code");
  assert.ok(outsideCode.includes("@\u200beveryone"), "the mention is shown, broken");
  assert.ok(!html.includes('javascript:alert(1)">'), "no javascript link");
});

Deno.test("renderMarkdown() starts with the marker and shows verdict, counts, blocks and suppressed reasons", () => {
  const md = renderMarkdown(exampleReport());
  assert.ok(md.startsWith("<!-- proxar -->\n"));
  assert.match(md, /^:x: \*\*Proxar: breaking changes reach `fail_on: BREAKING`\*\*$/m);
  assert.match(md, /^\| Breaking \| 6 \|$/m);
  assert.match(md, /^\| Suppressed \| 1 \|$/m);
  assert.equal(md.match(/<details>/g)?.length, 8);
  assert.match(
    md,
    /### Suppressed \(1\)\n\n- `tool.description.changed` at `legacy_export.description` \(POTENTIALLY_BREAKING\): Legacy tools are being rewritten\\; churn is expected\\./,
  );
  assert.match(
    md,
    /```diff\n {2}- Use search_issues before create_issue to avoid duplicates.\n {2}\+ Use create_issue before search_issues to avoid duplicates.\n {2}```/,
  );
});

Deno.test("renderMarkdown() says no changes for an empty report", () => {
  const md = renderMarkdown(emptyReport());
  assert.match(md, /:white_check_mark: \*\*Proxar: no changes\*\*/);
  assert.ok(!md.includes("<details>"));
});

Deno.test("renderMarkdown() stays under the limit and says what it cut", () => {
  const big = bulkReport(600, 600, 400);
  const md = renderMarkdown(big);
  assert.ok(md.length <= MARKDOWN_LIMIT, `${md.length}`);
  const kept = md.match(/<details>/g)?.length ?? 0;
  const groups = new Set(big.changes.filter((c) => !c.suppressed).map((c) => c.entity.name)).size;
  assert.ok(kept > 0 && kept < groups);
  const note = /> (\d+) changes in (\d+) entities were left out/.exec(md);
  assert.ok(note, "a note says what was cut");
  assert.equal(Number(note[2]), groups - kept);
});

Deno.test("renderMarkdown() matches its golden file", () => {
  const golden = `${FIXTURES}/golden/example.md`;
  const md = renderMarkdown(exampleReport());
  if (Deno.env.get("UPDATE_GOLDEN")) writeFileSync(golden, md);
  assert.equal(md, readFileSync(golden, "utf8"));
});

Deno.test("proxar diff --format markdown also appends to GITHUB_STEP_SUMMARY, unless told not to", async () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-summary-"));
  try {
    const summary = join(dir, "summary.md");
    writeFileSync(summary, "previous step\n");
    const args = ["diff", "diff/base.json", "diff/removed_tool.json", "--format", "markdown"];
    const first = await runCli(args, { env: { GITHUB_STEP_SUMMARY: summary } });
    assert.equal(first.code, 1);
    assert.equal(readFileSync(summary, "utf8"), `previous step\n${first.stdout}`);
    await runCli([...args, "--no-step-summary"], { env: { GITHUB_STEP_SUMMARY: summary } });
    assert.equal(readFileSync(summary, "utf8"), `previous step\n${first.stdout}`);
    await runCli(["diff", "diff/base.json", "diff/removed_tool.json"], {
      env: { GITHUB_STEP_SUMMARY: summary },
    });
    assert.equal(
      readFileSync(summary, "utf8"),
      `previous step\n${first.stdout}`,
      "text format does not append",
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

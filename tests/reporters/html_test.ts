/**
 * HTML reporter tests without a browser: the page's policy and structure, escaping, caps, and
 * the demo that writes it. tests/reporters/html_browser_test.ts opens it in Chromium.
 * @module
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { renderHtml } from "../../reporters/html.ts";
import { wordDiff } from "../../reporters/word_diff.ts";
import { ROOT } from "../helpers.ts";
import { exampleReport, hostileReport } from "./_reports.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

Deno.test("renderHtml() allows exactly its own inline style and script through a strict CSP", () => {
  const page = renderHtml(exampleReport());
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)?.[1];
  assert.ok(csp);
  const style = /<style>([\s\S]*?)<\/style>/.exec(page)![1]!;
  const script = /<script>([\s\S]*?)<\/script>/.exec(page)![1]!;
  assert.equal(
    csp,
    `default-src 'none'; style-src ${sha(style)}; script-src ${
      sha(script)
    }; img-src 'none'; base-uri 'none'; form-action 'none'`,
  );
  assert.ok(page.indexOf("Content-Security-Policy") < page.indexOf("<style>"), "policy first");
  assert.equal(page.match(/<script/g)?.length, 1);
  assert.equal(page.match(/<style/g)?.length, 1);
  assert.ok(!/\b(src|href|style|on\w+)=/i.test(page), "no attribute that loads, styles or runs");
  assert.ok(!/https?:\/\//.test(page), "no URL at all");
});

Deno.test("renderHtml() escapes hostile server text and caps it", () => {
  const report = hostileReport();
  report.changes[0]!.message = `<b>${"x".repeat(5000)}`;
  const page = renderHtml(report);
  const body = page.slice(page.indexOf("<body>"), page.indexOf("<script>"));
  assert.ok(!body.includes("<img") && !body.includes("<script") && !body.includes("<b>"));
  assert.ok(body.includes("&lt;img src=x onerror=alert(1)&gt;"));
  // deno-lint-ignore no-control-regex
  assert.ok(!/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(page), "no control characters");
  assert.ok(page.includes(`&lt;b&gt;${"x".repeat(973)}… (4027 more characters)`));
  assert.equal(renderHtml(hostileReport()), renderHtml(hostileReport()), "deterministic");
});

Deno.test("wordDiff() marks only the words one side lacks, and falls back on huge texts", () => {
  const d = wordDiff("Use search before create.", "Use create before search.");
  assert.equal(d.old.filter((s) => !s.changed).map((s) => s.text).join(""), "Use  before ");
  assert.equal(d.old.map((s) => s.text).join(""), "Use search before create.");
  assert.equal(d.new.map((s) => s.text).join(""), "Use create before search.");
  const big = "w ".repeat(3000);
  const huge = wordDiff(`a ${big}`, `b ${big.replaceAll("w", "v")}`);
  assert.deepEqual(
    huge.old.map((s) => s.changed),
    [true, false],
    "the middle whole, then the shared end",
  );
  assert.deepEqual(wordDiff("", "new text").new, [{ text: "new text", changed: true }]);
});

Deno.test("npm run demo writes the HTML report and says where", () => {
  const pkg = JSON.parse(readFileSync(`${ROOT}/package.json`, "utf8"));
  assert.match(pkg.scripts.demo, /--format text --format html=dist\/demo\/report\.html;/);
  assert.match(pkg.scripts.demo, /echo "HTML report: dist\/demo\/report\.html/);
  const readme = readFileSync(`${ROOT}/README.md`, "utf8");
  assert.ok(
    readme.includes("![The HTML report of the demo, filtered to one tool](docs/html-report.png)"),
  );
  const png = readFileSync(`${ROOT}/docs/html-report.png`);
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
});

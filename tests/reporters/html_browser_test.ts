/// <reference lib="dom" />
/**
 * The HTML report in a real headless Chromium (scripts/_chromium.ts): it renders with no console
 * message, page error, CSP violation or request beyond the file itself; the filters work; and
 * hostile server text stays text. A control page with an injection proves the harness notices.
 * @module
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import type { Report } from "../../core/report.ts";
import { contentSecurityPolicy, renderHtml } from "../../reporters/html.ts";
import { startBrowser } from "../../scripts/_chromium.ts";
import { exampleReport, reportOf } from "./_reports.ts";

function hostileHtmlReport(): Report {
  return reportOf("reporters/html_hostile_old.json", "reporters/html_hostile_new.json");
}

const visible = (page: Page, selector: string) => page.locator(`${selector}:visible`).count();

Deno.test({
  name: "renderHtml() in Chromium: renders cleanly, filters work, hostile text stays inert",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const dir = mkdtempSync(join(tmpdir(), "proxar-html-"));
    const browser = await startBrowser();
    const write = (name: string, text: string) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return pathToFileURL(path).href;
    };
    try {
      const example = exampleReport();
      const exampleUrl = write("example.html", renderHtml(example));

      await t.step(
        "the example renders with no console message, error, violation or request",
        async () => {
          const { page, log } = await browser.open(exampleUrl);
          assert.deepEqual(log.console, []);
          assert.deepEqual(log.errors, []);
          assert.deepEqual(await log.violations(), []);
          assert.deepEqual(log.requests, [exampleUrl]);
          const total = example.changes.length;
          assert.equal(
            await page.locator("#shown").textContent(),
            `${total} of ${total} changes shown`,
          );
          assert.equal(await visible(page, "article.change"), total);
          const prose = page.locator("article.change", {
            hasText: "create_issue.description changed",
          });
          assert.equal(
            await prose.locator(".sbs ins").allTextContents().then((x) => x.join("|")),
            " Never use it for duplicates.",
          );
          assert.equal(await prose.locator(".sbs del").count(), 0);
          const tree = page.locator("article.change", { hasText: 'optional property "assignee"' });
          assert.deepEqual(await tree.locator(".tree li.add").allTextContents(), [
            '+ description: "Login of the assignee"',
            '+ type: "string"',
          ]);
          await page.close();
        },
      );

      await t.step(
        "the severity, entity and suppressed filters show exactly the matching changes",
        async () => {
          const { page, log } = await browser.open(exampleUrl);
          const total = example.changes.length;
          const breaking = example.changes.filter((c) => c.severity === "BREAKING").length;
          await page.locator('input[name=severity][value="BREAKING"]').uncheck();
          assert.equal(await visible(page, 'article[data-severity="BREAKING"]'), 0);
          assert.equal(await visible(page, "article.change"), total - breaking);
          assert.equal(
            await page.locator("#shown").textContent(),
            `${total - breaking} of ${total} changes shown`,
          );
          await page.locator('input[name=severity][value="BREAKING"]').check();

          await page.locator("#entity").selectOption({ label: "tool search_issues" });
          const key = JSON.stringify(["", "tool", "search_issues"]);
          const expected = example.changes.filter((c) => c.entity.name === "search_issues").length;
          assert.equal(await visible(page, "article.change"), expected);
          assert.equal(await visible(page, `article[data-entity='${key}']`), expected);
          assert.equal(await visible(page, "section.entity"), 1);
          await page.locator("#entity").selectOption("");

          await page.locator("#show-suppressed").uncheck();
          assert.equal(await visible(page, 'article[data-suppressed="true"]'), 0);
          assert.equal(await visible(page, "article.change"), total - 1);
          assert.deepEqual(log.errors, []);
          assert.deepEqual(await log.violations(), []);
          await page.close();
        },
      );

      await t.step(
        "hostile server text runs nothing, injects no element and loads nothing",
        async () => {
          const hostile = hostileHtmlReport();
          const url = write("hostile.html", renderHtml(hostile));
          const { page, log } = await browser.open(url);
          const census = await page.evaluate(() => ({
            pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
            title: document.title,
            tags: [...new Set([...document.querySelectorAll("*")].map((e) => e.localName))].sort(),
            handlers: [...document.querySelectorAll("*")].flatMap((e) =>
              [...e.attributes].filter((a) => a.name.startsWith("on")).map((a) => a.name)
            ),
            scripts: document.scripts.length,
            text: document.body.textContent ?? "",
          }));
          assert.equal(census.pwned, null);
          assert.equal(census.scripts, 1);
          assert.deepEqual(census.handlers, []);
          assert.deepEqual(census.tags, [
            "article",
            "body",
            "code",
            "del",
            "div",
            "fieldset",
            "footer",
            "form",
            "h1",
            "h2",
            "head",
            "header",
            "html",
            "input",
            "ins",
            "label",
            "legend",
            "li",
            "main",
            "meta",
            "option",
            "output",
            "p",
            "script",
            "section",
            "select",
            "span",
            "style",
            "table",
            "tbody",
            "td",
            "th",
            "title",
            "tr",
            "ul",
          ]);
          assert.ok(census.text.includes('"><script>window.__pwned=1</script>'), "shown as text");
          assert.ok(census.text.includes("<iframe srcdoc="), "shown as text");
          assert.ok(!census.text.includes("\u202e") && !census.text.includes("\u001b"));
          assert.deepEqual(log.requests, [url]);
          assert.deepEqual(log.errors, []);
          assert.deepEqual(log.console, []);
          assert.deepEqual(await log.violations(), []);
          await page.close();
        },
      );

      await t.step(
        "the harness notices an injection: CSP blocks it and reports a violation",
        async () => {
          const injected =
            `<!doctype html><meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}"><p>x</p><img src=x onerror="window.__pwned=1">`;
          const { page, log } = await browser.open(write("injected.html", injected));
          assert.equal(
            await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null),
            null,
          );
          assert.ok((await log.violations()).length > 0, "a violation is reported");
          await page.close();
          const bare = await browser.open(
            write("bare.html", '<!doctype html><img src=x onerror="window.__pwned=1">'),
          );
          await bare.page.waitForFunction(() =>
            (window as unknown as { __pwned?: number }).__pwned === 1
          );
          await bare.page.close();
        },
      );
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

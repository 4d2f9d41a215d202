/**
 * Changelog reporter tests. Golden file: tests/fixtures/golden/example.changelog.md; regenerate
 * with `UPDATE_GOLDEN=1 npx deno test -A tests/reporters/changelog_test.ts` and review the diff.
 * @module
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import MarkdownIt from "markdown-it";
import type { Change } from "../../core/change.ts";
import { renderChangelog, sectionOf } from "../../reporters/changelog.ts";
import { FIXTURES, runCli } from "../helpers.ts";
import { context, emptyReport, exampleReport, hostileReport } from "./_reports.ts";

const GOLDEN = `${FIXTURES}/golden/example.changelog.md`;
const dated = () => context({ today: "2026-11-30" });

Deno.test("renderChangelog() matches the golden file for the bundled example", () => {
  const out = renderChangelog(exampleReport(), dated());
  if (Deno.env.get("UPDATE_GOLDEN") === "1") writeFileSync(GOLDEN, out);
  assert.equal(out, readFileSync(GOLDEN, "utf8"));
});

Deno.test("renderChangelog() heads the section with the suggested version and lists sections in order", () => {
  const out = renderChangelog(exampleReport(), dated());
  assert.match(out, /^## \[2\.0\.0\] - 2026-11-30$/m);
  const order = [...out.matchAll(/^### (\w+)$/gm)].map((m) => m[1]);
  assert.deepEqual(order, ["Removed", "Changed", "Added"]);
  assert.match(
    out,
    /^- \*\*BREAKING:\*\* Tool \\"get\\_issue\\" was removed.* \(`tool\.removed`\)$/m,
  );
  assert.match(out, /^- Tool \\"fetch\\_issue\\" was added\. \(`tool\.added`\)$/m);
  assert.ok(!/^- .*server\.version\./m.test(out), "version rules are not changelog items");
  assert.match(out, /^server\.version\.bumpInsufficient: /m, "they are in the leading comment");
  assert.equal(renderChangelog(exampleReport(), context()).split("\n")[6], "## [2.0.0]");
});

Deno.test("sectionOf() sorts removals, additions, deprecations and the rest", () => {
  const c = (rule: string, severity: Change["severity"], extra: Partial<Change> = {}) =>
    sectionOf({
      rule,
      severity,
      entity: { kind: "tool", name: "t" },
      path: "t",
      pointer: "",
      message: "m",
      ...extra,
    });
  assert.equal(c("tool.removed", "BREAKING"), "Removed");
  assert.equal(c("prompt.argument.removed", "BREAKING"), "Removed");
  assert.equal(c("tool.added", "NON_BREAKING"), "Added");
  assert.equal(c("tool.input.required.added", "BREAKING"), "Changed");
  assert.equal(c("tool.input.required.removed", "NON_BREAKING"), "Changed");
  assert.equal(
    c("tool.input.deprecated.changed", "POTENTIALLY_BREAKING", { new: true }),
    "Deprecated",
  );
  assert.equal(
    c("tool.input.deprecated.changed", "POTENTIALLY_BREAKING", { new: false }),
    "Changed",
  );
  assert.equal(c("server.version.changed", "DOCUMENTATION"), undefined);
});

Deno.test("renderChangelog() renders hostile server text inert", () => {
  const out = renderChangelog(hostileReport(), dated());
  const html = new MarkdownIt({ html: true, linkify: true }).render(out);
  const tags = new Set([...html.matchAll(/<\/?([a-z][a-z0-9]*)/g)].map((m) => m[1]));
  for (const tag of tags) {
    assert.ok(["h2", "h3", "ul", "li", "p", "strong", "code"].includes(tag!), `<${tag}>`);
  }
  assert.ok(!/<a\s/.test(html), "no links");
  const comment = /^<!--\n([\s\S]*?)\n-->\n/.exec(out);
  assert.ok(comment, "one leading comment");
  assert.ok(!comment[1]!.includes("--") && !/[<>]/.test(comment[1]!), "nothing can close it");
});

Deno.test("renderChangelog() says so when nothing changed", () => {
  const out = renderChangelog(emptyReport(), dated());
  assert.equal(out, "## [Unreleased]\n\nNo changes to the server's contract.\n");
});

Deno.test("proxar diff --format changelog dates the section with PROXAR_TODAY", async () => {
  const r = await runCli(
    ["diff", "release/old.json", "release/removed_patch.json", "--format", "changelog"],
    { env: { PROXAR_TODAY: "2027-01-15" } },
  );
  assert.equal(r.code, 1);
  assert.equal(r.stderr, "");
  assert.match(r.stdout, /\n## \[2\.0\.0\] - 2027-01-15\n\n### Removed\n\n- \*\*BREAKING:\*\* /);
  const calver = await runCli(
    ["diff", "release/old_calver.json", "release/removed_calver.json", "--format", "changelog"],
    { env: { PROXAR_TODAY: "2027-01-15" } },
  );
  assert.match(calver.stdout, /^## \[Unreleased\]$/m);
});

/**
 * Tests of the GitHub Actions reporter: the output is read back the way the Actions runner reads
 * a step's log (commands, unescaping in its order, `stop-commands`), and each annotation must
 * round-trip to the original text; caps are checked on large generated reports; golden file.
 *
 * Regenerate the golden file after an intended change of the output:
 * `UPDATE_GOLDEN=1 npx deno test -A tests/reporters/github_test.ts`, then review the diff.
 * @module
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import type { Change } from "../../core/change.ts";
import type { Report } from "../../core/report.ts";
import { escapeData, escapeProperty, githubReporter } from "../../reporters/github.ts";
import { stripControl } from "../../core/sanitize.ts";
import { renderText } from "../../reporters/text.ts";
import { FIXTURES } from "../helpers.ts";
import { bulkReport, reportOfValues } from "./_bulk.ts";
import { context, emptyReport, exampleReport, hostileReport } from "./_reports.ts";

const GOLDEN = `${FIXTURES}/golden/example.github.txt`;

interface Command {
  command: string;
  properties: Record<string, string>;
  data: string;
}

/** The runner's unescaping, in its order: line breaks first, `%` last. */
function unescapeData(text: string): string {
  return text.replaceAll("%0D", "\r").replaceAll("%0A", "\n").replaceAll("%25", "%");
}

function unescapeProperty(text: string): string {
  return text.replaceAll("%0D", "\r").replaceAll("%0A", "\n").replaceAll("%3A", ":")
    .replaceAll("%2C", ",").replaceAll("%25", "%");
}

/** Parses one log line as the runner does (`::name k=v,k=v::data` after leading blanks). */
function parseCommand(line: string): Command | undefined {
  const text = line.trimStart();
  if (!text.startsWith("::")) return undefined;
  const end = text.indexOf("::", 2);
  if (end === -1) return undefined;
  const info = text.slice(2, end);
  const space = info.indexOf(" ");
  const command = space === -1 ? info : info.slice(0, space);
  const properties: Record<string, string> = {};
  if (space !== -1) {
    for (const pair of info.slice(space + 1).split(",")) {
      const eq = pair.indexOf("=");
      assert.ok(eq > 0, `property without a name in ${JSON.stringify(line)}`);
      properties[pair.slice(0, eq)] = unescapeProperty(pair.slice(eq + 1));
    }
  }
  return { command, properties, data: unescapeData(text.slice(end + 2)) };
}

/** The commands the runner obeys in a whole log, honouring `stop-commands`. */
function obeyed(log: string): Command[] {
  const out: Command[] = [];
  let stopped: string | undefined;
  for (const line of log.split("\n")) {
    if (stopped !== undefined) {
      if (line.trim() === `::${stopped}::`) stopped = undefined;
      continue;
    }
    const command = parseCommand(line);
    if (!command) continue;
    if (command.command === "stop-commands") stopped = command.data;
    else out.push(command);
  }
  assert.equal(stopped, undefined, "commands are resumed at the end");
  return out;
}

const KIND = {
  BREAKING: "error",
  POTENTIALLY_BREAKING: "warning",
  NON_BREAKING: "notice",
  DOCUMENTATION: "notice",
} as const;

/** The annotation a change must decode to. */
function expected(change: Change): Command {
  const where = change.locations?.new ?? change.locations?.old;
  const properties: Record<string, string> = where
    ? { file: stripControl(where.file), line: String(where.line), col: String(where.column) }
    : {};
  properties.title = stripControl(change.rule);
  const text = change.hint ? `${change.message}\nhint: ${change.hint}` : change.message;
  return { command: KIND[change.severity], properties, data: stripControl(text) };
}

const render = (report: Report) => githubReporter.render(report, context());

Deno.test("githubReporter annotations decode to the original texts", () => {
  for (const report of [hostileReport(), exampleReport()]) {
    const commands = obeyed(render(report));
    assert.deepEqual(commands, report.changes.filter((c) => !c.suppressed).map(expected));
  }
});

Deno.test("githubReporter escapes %, CR, LF, : and , in files, titles and messages", () => {
  const report = hostileReport();
  const change = report.changes[0]!;
  change.rule = "plugin:rule,x%25 100%";
  change.message = "::error::pwned\r\n::add-mask::secret\n100% done %0A, a:b";
  change.locations = {
    new: { file: "dir:a,b/100%25 %0A\r\nname.json", line: 3, column: 4 },
  };
  const out = render(report);
  const [first] = obeyed(out);
  assert.deepEqual(first, {
    command: "error",
    properties: {
      file: "dir:a,b/100%25 %0A\nname.json",
      line: "3",
      col: "4",
      title: "plugin:rule,x%25 100%",
    },
    data: `::error::pwned\n::add-mask::secret\n100% done %0A, a:b\nhint: ${change.hint}`,
  });
  const line = out.split("\n")[0]!;
  assert.equal(
    line.slice(0, line.indexOf("::", 2) + 2),
    "::error file=dir%3Aa%2Cb/100%2525 %250A%0Aname.json,line=3,col=4,title=plugin%3Arule%2Cx%2525 100%25::",
  );
});

Deno.test("escapeData and escapeProperty round-trip through the runner's unescaping", () => {
  const samples = ["", "%", "%25", "%0A%0D", "\r\n", "a:b,c", "::error::x", "100%\r\n%3A%2C,:"];
  for (const text of samples) {
    assert.equal(unescapeData(escapeData(text)), text);
    assert.equal(unescapeProperty(escapeProperty(text)), text);
    assert.ok(!/[\r\n]/.test(escapeData(text)));
    assert.ok(!/[\r\n:,]/.test(escapeProperty(text)));
  }
  assert.equal(escapeData("a\rb\nc%"), "a%0Db%0Ac%25");
  assert.equal(escapeProperty("a\rb\nc%:,"), "a%0Db%0Ac%25%3A%2C");
});

Deno.test("githubReporter prints the full text report with workflow commands turned off", () => {
  const report = hostileReport();
  report.changes.find((c) => !c.suppressed && c.severity === "NON_BREAKING")!.message =
    "first line\n::error::injected\n  ::add-mask::secret";
  const out = render(report);
  const commands = obeyed(out);
  assert.ok(commands.every((c) => ["error", "warning", "notice"].includes(c.command)));
  assert.equal(commands.length, 8, "one per unsuppressed change, nothing injected");
  const text = renderText(report, false);
  assert.ok(out.includes(text.trimEnd()), "the text report is there, whole");
  assert.ok(
    out.includes("first line\\n::error::injected\\n  ::add-mask::secret"),
    "the injected text is printed escaped, on its line",
  );
  const lines = out.split("\n");
  const stop = lines.findIndex((l) => l.startsWith("::stop-commands::"));
  assert.equal(stop, 8);
  const token = lines[stop]!.slice("::stop-commands::".length);
  assert.match(token, /^[0-9a-f]{64}$/);
  assert.equal(lines.at(-2), `::${token}::`);
  assert.equal(lines.at(-1), "");
});

Deno.test("githubReporter leaves suppressed changes out of the annotations", () => {
  const report = hostileReport();
  const suppressed = report.changes.find((c) => c.suppressed)!;
  const out = render(report);
  assert.ok(!obeyed(out).some((c) => c.data.startsWith(suppressed.message)));
  assert.ok(
    out.includes(`${suppressed.rule}  ${suppressed.path}: ${suppressed.suppressed!.reason}`),
  );
});

Deno.test("githubReporter caps annotations at 10 of each kind and says how many it left out", () => {
  const report = bulkReport(15, 12, 15);
  assert.deepEqual(report.summary.counts, {
    BREAKING: 15,
    POTENTIALLY_BREAKING: 12,
    NON_BREAKING: 15,
    DOCUMENTATION: 0,
  });
  const out = render(report);
  const commands = obeyed(out);
  const count = (kind: string) => commands.filter((c) => c.command === kind).length;
  assert.deepEqual([count("error"), count("warning"), count("notice")], [10, 10, 10]);
  assert.deepEqual(commands.at(-1), {
    command: "notice",
    properties: { title: "proxar" },
    data:
      "13 annotations left out (5 errors, 2 warnings, 6 notices): GitHub shows 10 of each kind per step. The full report is in the log.",
  });
  const active = report.changes.filter((c) => !c.suppressed);
  assert.deepEqual(commands.slice(0, 10), active.slice(0, 10).map(expected));
  for (const change of report.changes) assert.ok(out.includes(change.path), change.path);
});

Deno.test("githubReporter shows 10 notices when nothing else overflows", () => {
  const commands = obeyed(render(bulkReport(3, 2, 10)));
  assert.deepEqual(commands.map((c) => c.command), [
    ...Array(3).fill("error"),
    ...Array(2).fill("warning"),
    ...Array(10).fill("notice"),
  ]);
  assert.ok(commands.every((c) => c.properties.title !== "proxar"));
});

Deno.test("githubReporter keeps the left-out notice within the 10 notices GitHub shows", () => {
  const commands = obeyed(render(bulkReport(11, 0, 10)));
  assert.equal(commands.filter((c) => c.command === "error").length, 10);
  const notices = commands.filter((c) => c.command === "notice");
  assert.equal(notices.length, 10);
  assert.equal(
    notices.at(-1)?.data,
    "2 annotations left out (1 error, 1 notice): GitHub shows 10 of each kind per step. The full report is in the log.",
  );
});

Deno.test("githubReporter writes annotations without a location when none is known", () => {
  const report = reportOfValues({ tools: [{ name: "a", inputSchema: {} }] }, { tools: [] });
  report.changes.forEach((c) => delete c.locations);
  assert.deepEqual(obeyed(render(report)), [{
    command: "error",
    properties: { title: "tool.removed" },
    data: 'Tool "a" was removed',
  }]);
});

Deno.test("githubReporter prints only the text report when nothing changed", () => {
  const out = render(emptyReport());
  assert.deepEqual(obeyed(out), []);
  assert.ok(out.startsWith("::stop-commands::"));
  assert.ok(out.includes("Summary: no changes."));
});

Deno.test("githubReporter matches the golden file for the bundled example", () => {
  const out = render(exampleReport());
  if (Deno.env.get("UPDATE_GOLDEN") === "1") writeFileSync(GOLDEN, out);
  assert.equal(out, readFileSync(GOLDEN, "utf8"));
});

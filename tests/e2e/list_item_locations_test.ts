/**
 * End-to-end tests of the source locations of findings about an item removed from a list or
 * added to one: a union's branch (an allOf branch of texts, an anyOf branch that accepts nothing,
 * one another covers) and a prompt argument. A removed item's new location was looked up at its
 * old index, which in the new file names the sibling that took it (`allOf [{description: B}, S]
 * → [S]` landed on S, in every report); an added item's old location likewise. Now the other
 * side names the list, and the item's own side names the item, in JSON, text, Markdown, SARIF
 * and JUnit alike.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { FIXTURES, ROOT, runCli } from "../helpers.ts";

const BEFORE = "locations/branches_before.json";
const AFTER = "locations/branches_after.json";

/** Where `text` starts in `file`, on the first line holding it after one holding `after`. */
function at(file: string, text: string, after = ""): { line: number; column: number } {
  const lines = readFileSync(join(FIXTURES, file), "utf8").split("\n");
  const from = lines.findIndex((l) => l.includes(after));
  const line = lines.findIndex((l, i) => i >= from && l.includes(text));
  if (line < 0) throw new Error(`Cannot find ${JSON.stringify(text)} in "${file}"`);
  return { line: line + 1, column: lines[line]!.indexOf(text) + 1 };
}

interface Located {
  rule: string;
  path: string;
  locations: { old?: { file: string; line: number; column: number }; new?: unknown };
}

async function diff(old: string, next: string, format: string): Promise<string> {
  const result = await runCli(["diff", old, next, "--format", format, "--fail-on", "never"]);
  assert.equal(result.stderr, "");
  assert.equal(result.code, 0);
  return result.stdout;
}

const where = (file: string, text: string, after?: string) => ({ file, ...at(file, text, after) });
const P = "search.inputSchema.properties";

/** Each finding of BEFORE → AFTER: its new place (the list) and its old place (the item). */
const REMOVED = [
  [
    `${P}.kind.anyOf.0.description`,
    where(AFTER, '"anyOf"', '"kind"'),
    where(BEFORE, '"description": "Three'),
  ],
  [
    `${P}.label.anyOf.0.description`,
    where(AFTER, '"anyOf"', '"label"'),
    where(BEFORE, '"description": "Never'),
  ],
  [
    `${P}.state.allOf.0.description`,
    where(AFTER, '"allOf"'),
    where(BEFORE, '"description": "Only'),
  ],
  ["triage.arguments.tone", where(AFTER, '"arguments"'), where(BEFORE, '{ "name": "tone"')],
  [
    "triage.arguments.issue.description",
    where(AFTER, '"description": "Which'),
    where(BEFORE, '"description": "The issue'),
  ],
] as const;

Deno.test("proxar diff locates a removed branch or argument at its list in the new file and at itself in the old", async () => {
  const changes: Located[] = JSON.parse(await diff(BEFORE, AFTER, "json")).changes;
  const found = changes.map((c) => [c.path, c.locations.new, c.locations.old]);
  assert.deepEqual(found.sort(), REMOVED.map((r) => [...r]).sort());
});

Deno.test("proxar diff locates an added branch or argument at itself in the new file and at its list in the old", async () => {
  const changes: Located[] = JSON.parse(await diff(AFTER, BEFORE, "json")).changes;
  const found = changes.map((c) => [c.path, c.locations.new, c.locations.old]);
  // Each place of the other direction, the sides swapped.
  const added = REMOVED.map(([path, list, item]) => [path, item, list]);
  assert.deepEqual(found.sort(), added.sort());
});

const shown = (l: { file: string; line: number; column: number }) =>
  `${l.file}:${l.line}:${l.column}`;

Deno.test("proxar diff names a removed branch's list in the text, Markdown and JUnit reports", async () => {
  const text = await diff(BEFORE, AFTER, "text");
  const markdown = await diff(BEFORE, AFTER, "markdown");
  const junit = await diff(BEFORE, AFTER, "junit");
  // The sibling that took the removed item's index is named by no report.
  const siblings = [
    where(AFTER, '{ "type": "string" }', '"state"'),
    where(AFTER, '{ "type": "string" }', '"label"'),
    where(AFTER, '{ "type": "string" }', '"kind"'),
  ];
  for (const [path, list, old] of REMOVED) {
    const line = text.split("\n").find((l) => l.includes(`  ${path}  `));
    assert.ok(line?.endsWith(`  ${shown(list)}`), `${path}: ${line}`);
    assert.ok(markdown.includes(`at \`${path}\` in \`${shown(list)}\``), path);
    const body = junit.slice(junit.indexOf(` at ${path}\n`));
    assert.ok(body.includes(`new location: ${shown(list)}\nold location: ${shown(old)}`), path);
  }
  for (const s of siblings) {
    for (const report of [text, markdown, junit]) assert.ok(!report.includes(shown(s)));
  }
});

Deno.test("proxar diff gives a removed branch's SARIF result its list as location and the branch as previous version", async () => {
  const sarif: { runs: { results: unknown }[] } = JSON.parse(await diff(BEFORE, AFTER, "sarif"));
  const schema = join(ROOT, "node_modules/@microsoft/sarif-multitool-linux/sarif-2.1.0.json");
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(schema, "utf8")));
  assert.ok(validate(sarif), JSON.stringify(validate.errors));
  const region = (l: { file: string; line: number; column: number }) => ({
    artifactLocation: { uri: l.file },
    region: { startLine: l.line, startColumn: l.column },
  });
  const results = sarif.runs[0]!.results as {
    properties: { path: string };
    locations: { physicalLocation: unknown }[];
    relatedLocations: { physicalLocation: unknown }[];
  }[];
  const found = results.map((r) => [
    r.properties.path,
    r.locations[0]!.physicalLocation,
    r.relatedLocations[0]!.physicalLocation,
  ]);
  assert.deepEqual(found.sort(), REMOVED.map(([p, n, o]) => [p, region(n), region(o)]).sort());
});

/**
 * End-to-end tests that a finding shows a property or tuple position absent on one side as
 * absent (null), as the JSON report schema says of every keyword or subschema a side lacks. A
 * property whose schema accepts nothing (`false`, `{"not": {}}`) removed was compared with
 * `true` (what the name may hold now) and reported `new: true`, its added mirror `old: true`,
 * and so was a tuple position that accepts nothing and a name required before with no property.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { ROOT, runCli } from "../helpers.ts";

const BEFORE = "written/forbidden_before.json";
const AFTER = "written/forbidden_after.json";
const validate = new Ajv({ strict: false }).compile(
  JSON.parse(readFileSync(`${ROOT}/schemas/report.schema.json`, "utf8")),
);

interface Found {
  path: string;
  old?: unknown;
  new?: unknown;
}

/** `[path, old, new]` of each change of `proxar diff --format json`, the report validated. */
async function values(old: string, next: string): Promise<unknown[][]> {
  const result = await runCli(["diff", old, next, "--format", "json", "--fail-on", "never"]);
  assert.equal(result.stderr, "");
  assert.equal(result.code, 0);
  const report: { changes: Found[] } = JSON.parse(result.stdout);
  assert.ok(validate(report), JSON.stringify(validate.errors));
  return report.changes.map((c) => [c.path.replace(/^export\./, ""), c.old, c.new]).sort();
}

const IN = "inputSchema.properties";
const OUT = "outputSchema.properties";

Deno.test("proxar diff shows a removed property or position that accepted nothing as absent on the new side", async () => {
  assert.deepEqual(await values(BEFORE, AFTER), [
    [`${IN}.archived`, { not: {} }, null],
    [`${IN}.legacy`, false, null],
    [`${IN}.pair.prefixItems.1`, false, null],
    // Required before with no property: no schema stood for it.
    [`${IN}.token`, null, false],
    [`${OUT}.archived`, { not: {} }, null],
    [`${OUT}.legacy`, false, null],
  ]);
});

Deno.test("proxar diff shows an added property or position that accepts nothing as absent on the old side", async () => {
  assert.deepEqual(await values(AFTER, BEFORE), [
    [`${IN}.archived`, null, { not: {} }],
    [`${IN}.legacy`, null, false],
    [`${IN}.pair.prefixItems.1`, null, false],
    [`${IN}.token`, false, null],
    [`${OUT}.archived`, null, { not: {} }],
    [`${OUT}.legacy`, null, false],
  ]);
  const text = await runCli(["diff", AFTER, BEFORE, "--fail-on", "never"]);
  assert.ok(!text.stdout.includes("old: true"), text.stdout);
  assert.equal(text.stdout.split("old: (absent)").length - 1, 5, text.stdout);
});

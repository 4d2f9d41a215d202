/**
 * End-to-end tests that a finding quotes what the file writes. The differs read a schema that
 * accepts nothing as `false` and merge conjuncts into the schema beside them; a finding whose old
 * or new value held such a read schema quoted it (`old: [{"type":"string"},false]` where the file
 * writes `{"not": {}}`), in a list, in a union's branch, and as a merged schema.
 */
import assert from "node:assert/strict";
import { runCli } from "../helpers.ts";

const BEFORE = "written/nothing_before.json";
const AFTER = "written/nothing_after.json";
const P = "search.inputSchema.properties";

async function diff(format: string, old = BEFORE, next = AFTER): Promise<string> {
  const result = await runCli(["diff", old, next, "--format", format, "--fail-on", "never"]);
  assert.equal(result.stderr, "");
  assert.equal(result.code, 0);
  return result.stdout;
}

const written = {
  list: [{ type: "string" }, { not: {} }],
  branch: { properties: { archived: { not: {} } }, type: "object" },
  merged: { allOf: [{ minimum: 1 }, { not: {} }], type: "integer" },
};

Deno.test("proxar diff quotes a schema that accepts nothing as the file writes it, in lists, branches and conjuncts", async () => {
  const changes = JSON.parse(await diff("json")).changes;
  const found = changes.map((c: { path: string; old?: unknown; new?: unknown }) => [
    c.path,
    c.old,
    c.new,
  ]);
  assert.deepEqual(found, [
    [`${P}.filter.anyOf`, written.branch, undefined],
    [`${P}.limit`, written.merged, { minimum: 2, type: "integer" }],
    [`${P}.state.anyOf`, written.list, [{ type: "string" }, { type: "integer" }]],
  ]);
  const text = await diff("text");
  // The read form's false is quoted nowhere, as a value or in a message.
  assert.ok(!/[,:[]false/.test(text), text);
  assert.ok(text.includes(`old: ${JSON.stringify(written.list)}`));
  assert.ok(text.includes(`accepted nothing (${JSON.stringify(written.merged)}, as false)`));
});

Deno.test("proxar diff quotes an added schema that accepts nothing as the file writes it", async () => {
  const changes = JSON.parse(await diff("json", AFTER, BEFORE)).changes;
  const found = changes.map((c: { path: string; old?: unknown; new?: unknown }) => [
    c.path,
    c.old,
    c.new,
  ]);
  assert.deepEqual(
    found.sort(),
    [
      [`${P}.filter.anyOf`, undefined, written.branch],
      [`${P}.limit`, { minimum: 2, type: "integer" }, written.merged],
      // The branch that accepts nothing, taking the integers' place, is no value finding.
      [`${P}.state.anyOf`, { type: "integer" }, undefined],
    ].sort(),
  );
  const markdown = await diff("markdown", AFTER, BEFORE);
  assert.ok(!/[,:[]false/.test(markdown), markdown);
});

/**
 * End-to-end tests of old-side source locations of findings whose element stood at another
 * place in the old file: a union written anyOf that became a oneOf of the same, pairwise
 * disjoint branches (9882185), branches reordered on the way. The old location was looked up at
 * the new pointer, which names nothing in the old file (oneOf there is anyOf), so it fell back to
 * the property holding the union; now it is the old branch's keyword.
 */
import assert from "node:assert/strict";
import { fixturePosition, runCli } from "../helpers.ts";

const ANY_OF = "locations/anyof_branches.json";
const ONE_OF = "locations/oneof_branches.json";

const position = fixturePosition;

interface Located {
  rule: string;
  pointer: string;
  oldPointer?: string;
  locations: { old: { file: string; line: number; column: number }; new: unknown };
}

async function changes(old: string, next: string, code: number): Promise<Located[]> {
  const result = await runCli(["diff", old, next, "--format", "json"]);
  assert.equal(result.stderr, "");
  assert.equal(result.code, code);
  return JSON.parse(result.stdout).changes;
}

const base = "/tools/0/inputSchema/properties/key";

Deno.test("proxar diff locates a finding in a branch of anyOf that became oneOf at the old branch", async () => {
  const found = await changes(ANY_OF, ONE_OF, 1);
  assert.deepEqual(found.map((c) => [c.rule, c.pointer, c.oldPointer]), [
    ["tool.input.maxLength.narrowed", `${base}/oneOf/0/maxLength`, `${base}/anyOf/1/maxLength`],
    ["tool.input.minimum.narrowed", `${base}/oneOf/1/minimum`, `${base}/anyOf/0/minimum`],
  ]);
  assert.deepEqual(found[0]!.locations.old, {
    file: ANY_OF,
    ...position(ANY_OF, '"maxLength": 10'),
  });
  assert.deepEqual(found[1]!.locations.old, {
    file: ANY_OF,
    ...position(ANY_OF, '"minimum": 0'),
  });
});

Deno.test("proxar diff locates a finding in a branch of oneOf that became anyOf at the old branch", async () => {
  const found = await changes(ONE_OF, ANY_OF, 0);
  assert.deepEqual(found.map((c) => [c.rule, c.pointer, c.oldPointer]), [
    ["tool.input.minimum.widened", `${base}/anyOf/0/minimum`, `${base}/oneOf/1/minimum`],
    ["tool.input.maxLength.widened", `${base}/anyOf/1/maxLength`, `${base}/oneOf/0/maxLength`],
  ]);
  assert.deepEqual(found[0]!.locations.old, {
    file: ONE_OF,
    ...position(ONE_OF, '"minimum": 1'),
  });
  assert.deepEqual(found[1]!.locations.old, {
    file: ONE_OF,
    ...position(ONE_OF, '"maxLength": 5'),
  });
});

Deno.test("proxar diff names the old branch in SARIF's previous-version location", async () => {
  const result = await runCli(["diff", ANY_OF, ONE_OF, "--format", "sarif"]);
  assert.equal(result.code, 1);
  const results = JSON.parse(result.stdout).runs[0].results;
  const old = position(ANY_OF, '"maxLength": 10');
  const first = results.find((r: { ruleId: string }) =>
    r.ruleId === "tool.input.maxLength.narrowed"
  );
  assert.deepEqual(first.relatedLocations, [{
    id: 1,
    physicalLocation: {
      artifactLocation: { uri: ANY_OF },
      region: { startLine: old.line, startColumn: old.column },
    },
    message: { text: "Previous version" },
  }]);
});

Deno.test("proxar diff gives no oldPointer where the element stands at the same place", async () => {
  const result = await runCli([
    "diff",
    "diff/base.json",
    "diff/param_removed.json",
    "--format",
    "json",
  ]);
  for (const change of JSON.parse(result.stdout).changes) {
    assert.equal(change.oldPointer, undefined, change.rule);
  }
});

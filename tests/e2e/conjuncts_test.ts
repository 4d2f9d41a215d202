/**
 * End-to-end: `proxar diff` reads a conjunct written apart (an allOf branch, a `not` of `not`)
 * beside other keywords as those keywords, where one file writes it otherwise. The fixtures
 * under `conjuncts/` write one tool's `code` (minLength 1) and `tags` (name required) four ways:
 * beside the type (merged.json), in an allOf (allof.json), under a not of not (not_not.json), and
 * with minLength 2 in the allOf (moved_tighter.json). The first three read minLength.narrowed and
 * required.added or not.narrowed, BREAKING, between one another; now no finding either way.
 */
import assert from "node:assert/strict";
import { fixturePosition, runCli } from "../helpers.ts";

const at = (name: string) => `conjuncts/${name}.json`;

const position = fixturePosition;

interface Located {
  rule: string;
  path: string;
  severity: string;
  locations: { old?: { file: string; line: number; column: number }; new?: unknown };
}

async function changes(old: string, next: string, code: number): Promise<Located[]> {
  const result = await runCli(["diff", at(old), at(next), "--format", "json"]);
  assert.equal(result.stderr, "");
  assert.equal(result.code, code, result.stdout);
  return JSON.parse(result.stdout).changes;
}

Deno.test("proxar diff finds no change between a conjunct written apart and beside, each way", async () => {
  for (const [a, b] of [["merged", "allof"], ["merged", "not_not"], ["allof", "not_not"]]) {
    assert.deepEqual(await changes(a!, b!, 0), [], `${a} → ${b}`);
    assert.deepEqual(await changes(b!, a!, 0), [], `${b} → ${a}`);
  }
});

Deno.test("proxar diff grades a bound tightened into an allOf where each file writes it", async () => {
  const code = "tag_issue.inputSchema.properties.code";
  const [tighter] = await changes("merged", "moved_tighter", 1);
  assert.deepEqual([tighter!.rule, tighter!.path, tighter!.severity], [
    "tool.input.minLength.narrowed",
    `${code}.allOf.0.minLength`,
    "BREAKING",
  ]);
  assert.deepEqual(tighter!.locations, {
    new: { file: at("moved_tighter"), ...position(at("moved_tighter"), '"minLength": 2') },
    old: { file: at("merged"), ...position(at("merged"), '"minLength": 1') },
  });
  const [looser] = await changes("moved_tighter", "merged", 0);
  assert.deepEqual([looser!.rule, looser!.path, looser!.severity], [
    "tool.input.minLength.widened",
    `${code}.minLength`,
    "NON_BREAKING",
  ]);
});

/**
 * End-to-end: `proxar diff` grades the description of an allOf branch as the prose it is. The
 * fixtures under `allof_prose/` write read_file's `path` with its own description and an allOf
 * branch holding only another one, reworded from before.json to after.json (no finding at all
 * before), and `code` with minLength 1 and a description in an allOf branch beside its own
 * description (before.json), then minLength beside it and the branch gone (after.json), which
 * read minLength.narrowed, BREAKING on input, though ajv accepts the same values.
 */
import assert from "node:assert/strict";
import { fixturePosition, runCli } from "../helpers.ts";

const at = (name: string) => `allof_prose/${name}.json`;

interface Located {
  rule: string;
  path: string;
  severity: string;
  prose?: { step: string };
  locations: { old?: { file: string; line: number; column: number }; new?: unknown };
}

async function changes(old: string, next: string): Promise<Located[]> {
  const result = await runCli(["diff", at(old), at(next), "--format", "json"]);
  assert.equal(result.stderr, "");
  assert.equal(result.code, 0, result.stdout);
  return JSON.parse(result.stdout).changes;
}

Deno.test("proxar diff reports an allOf branch's reworded description, and only the prose that went, each way", async () => {
  const path = "read_file.inputSchema.properties";
  for (const [old, next] of [["before", "after"], ["after", "before"]]) {
    const found = await changes(old!, next!);
    assert.deepEqual(found.map((c) => [c.rule, c.path, c.severity, c.prose?.step]), [
      [
        "tool.input.description.changed",
        `${path}.code.allOf.0.description`,
        "POTENTIALLY_BREAKING",
        "emptiness",
      ],
      [
        "tool.input.description.changed",
        `${path}.path.allOf.0.description`,
        "POTENTIALLY_BREAKING",
        "marker",
      ],
    ]);
  }
  const [, reworded] = await changes("before", "after");
  assert.deepEqual(reworded!.locations, {
    new: {
      file: at("after"),
      ...fixturePosition(at("after"), '"description": "Never pass a path outside'),
    },
    old: {
      file: at("before"),
      ...fixturePosition(at("before"), '"description": "Relative to the workspace."'),
    },
  });
});

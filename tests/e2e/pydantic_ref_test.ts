/**
 * End-to-end: `proxar diff` reads Pydantic v1's `{allOf: [{$ref}], default, description}` as v2's
 * `{$ref, default, description}`. The fixtures under `pydantic_ref/` write convert's `mode` both
 * ways with the same default and description (v1.json, v2.json), which read default.changed and
 * description.changed, POTENTIALLY_BREAKING, each way; and with another default (v2_exact.json),
 * still reported, where each file writes it. The enum's docstring (Mode's description, hidden by
 * the field's beside the $ref) reworded is reported too (v2_docstring*.json).
 */
import assert from "node:assert/strict";
import { findings, fixturePosition, runCli } from "../helpers.ts";

const at = (name: string) => `pydantic_ref/${name}.json`;

/** The JSON report of `proxar diff` from fixture `old` to `next`, which exits 0. */
async function report(old: string, next: string): Promise<string> {
  const result = await runCli(["diff", at(old), at(next), "--format", "json"]);
  assert.equal(result.stderr, "");
  assert.equal(result.code, 0, result.stdout);
  return result.stdout;
}

Deno.test("proxar diff finds no change between Pydantic v1's allOf [$ref] and v2's $ref with the same annotations", async () => {
  assert.deepEqual(findings(await report("v1", "v2")), []);
  assert.deepEqual(findings(await report("v2", "v1")), []);
});

Deno.test("proxar diff reports a default changed across Pydantic v1 → v2 where each file writes it", async () => {
  for (const [old, next] of [["v1", "v2_exact"], ["v2_exact", "v1"]]) {
    const json = await report(old!, next!);
    assert.deepEqual(findings(json), [
      "tool.input.default.changed|convert.inputSchema.properties.mode.default|POTENTIALLY_BREAKING",
    ]);
    const place = (name: string) => ({
      file: at(name),
      ...fixturePosition(at(name), name === "v1" ? '"default": "fast"' : '"default": "exact"'),
    });
    assert.deepEqual(JSON.parse(json).changes[0].locations, {
      old: place(old!),
      new: place(next!),
    });
  }
});

Deno.test("proxar diff reports an enum's docstring reworded beneath a field's description", async () => {
  // v2_docstring.json describes Mode "Exact never drops formatting.", v2_docstring_changed.json
  // "Exact may drop formatting.": it read no finding, the field's own description unchanged.
  const json = await report("v2_docstring", "v2_docstring_changed");
  assert.deepEqual(findings(json), [
    "tool.input.description.changed|convert.inputSchema.properties.mode.description|POTENTIALLY_BREAKING",
  ]);
  const [change] = JSON.parse(json).changes;
  assert.deepEqual(change.locations.new, {
    file: at("v2_docstring_changed"),
    ...fixturePosition(at("v2_docstring_changed"), '"description": "Exact may drop'),
  });
  assert.deepEqual(findings(await report("v2_docstring", "v2_docstring")), []);
});

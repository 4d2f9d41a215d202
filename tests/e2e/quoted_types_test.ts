/**
 * End-to-end tests that a finding quotes a schema's `type` as the file writes it: `"integer"`
 * stays a string and `["string", "null"]` a list, in the values and the messages of every report
 * format. The type rules quoted the set they compare (`["integer"]` to `["number"]`), where the
 * file writes `"integer"` and `"number"`.
 */
import assert from "node:assert/strict";
import { BUILTIN_REPORTER_NAMES } from "../../reporters/names.ts";
import { runCli } from "../helpers.ts";

const BEFORE = "written/types_before.json";
const AFTER = "written/types_after.json";

async function diff(format: string, old: string, next: string): Promise<string> {
  const result = await runCli(["diff", old, next, "--format", format, "--fail-on", "never"]);
  assert.equal(result.stderr, "");
  assert.equal(result.code, 0);
  return result.stdout;
}

/** `[path, old, new]` of each change of the JSON report, sorted. */
async function values(old: string, next: string): Promise<unknown[][]> {
  const { changes } = JSON.parse(await diff("json", old, next));
  return changes.map((c: { path: string; old?: unknown; new?: unknown }) => [
    c.path.replace(/^logs\./, ""),
    c.old,
    c.new,
  ]).sort();
}

/** A report's text with its medium's escapes of punctuation undone (HTML, JSON, Markdown). */
const plain = (text: string) => text.replaceAll("&quot;", '"').replace(/\\([^\w\s])/g, "$1");

Deno.test("proxar diff quotes a type written as a string as a string, and a list as a list", async () => {
  const I = "inputSchema.properties", O = "outputSchema.properties";
  assert.deepEqual(await values(BEFORE, AFTER), [
    [`${I}.lines.type`, "integer", "number"],
    [`${I}.mode.type`, ["boolean"], "string"],
    [`${I}.product.type`, "string", ["string", "null"]],
    [`${O}.count.type`, "integer", "number"],
    [`${O}.next.type`, "string", ["string", "null"]],
  ]);
  assert.deepEqual(await values(AFTER, BEFORE), [
    [`${I}.lines.type`, "number", "integer"],
    [`${I}.mode.type`, "string", ["boolean"]],
    [`${I}.product.type`, ["string", "null"], "string"],
    [`${O}.count.type`, "number", "integer"],
    [`${O}.next.type`, ["string", "null"], "string"],
  ]);
});

Deno.test("proxar diff quotes types as written in the messages of every report format", async () => {
  for (const format of BUILTIN_REPORTER_NAMES) {
    const out = plain(await diff(format, BEFORE, AFTER));
    for (
      const message of [
        'type widened from "integer" to "number"',
        'type widened from "string" to ["string","null"]',
        'type changed from ["boolean"] to "string"',
      ]
    ) assert.ok(out.includes(message), `${format}: ${message}\n${out}`);
    assert.ok(!/\["(integer|number|string)"\]/.test(out), `${format}\n${out}`);
  }
});

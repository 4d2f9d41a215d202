/**
 * What `proxar rules` and `proxar explain` tell users: plain words, no names of Proxar's internal
 * parts, no example values leaking into summaries; and absence is shown the same way whatever the
 * keyword.
 */
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../helpers.ts";

const INTERNAL = /catch-all|differ\b|structured walk|incomparably|variance table|-graded|verdict/i;

Deno.test("proxar rules lists summaries in users' words", async () => {
  const result = await runCli(["rules"]);
  assert.equal(result.code, 0);
  const lines = result.stdout.trimEnd().split("\n");
  assert.ok(lines.length > 200);
  for (const line of lines) {
    assert.doesNotMatch(line, INTERNAL, line);
    // Example values (patterns such as ^x-, numbers) belong in examples, not in summaries.
    assert.doesNotMatch(line, /\^|\$\S*-/, line);
    assert.doesNotMatch(line, /(Input|Output) schema: [A-Z][a-z ]/, line);
  }
  const keyword = lines.find((l) => l.startsWith("tool.input.keyword.changed "));
  assert.match(keyword ?? "", /by the schema change {2}Input schema: a keyword changed/);
  const prose = lines.find((l) => l.startsWith("tool.description.changed "));
  assert.match(prose ?? "", /by the text change {4}A tool's description changed/);
  const pattern = lines.find((l) => l.startsWith("tool.input.patternProperties.widened "));
  assert.match(
    pattern ?? "",
    /Input schema: a patternProperties schema widened \(accepts more values\)$/,
  );
});

Deno.test("proxar explain says how a graded rule's severity is chosen without internal names", async () => {
  for (
    const id of [
      "tool.input.keyword.changed",
      "tool.output.anyOf.changed",
      "tool.description.changed",
    ]
  ) {
    const result = await runCli(["explain", id]);
    assert.equal(result.code, 0);
    const prose = result.stdout.split("\nExample")[0] ?? "";
    assert.doesNotMatch(prose, INTERNAL, `${id}:\n${prose}`);
  }
  const keyword = await runCli(["explain", "tool.input.keyword.changed"]);
  assert.match(keyword.stdout, /accepts more values, fewer, or neither/);
});

Deno.test("proxar diff shows an absent additionalProperties as absent, as for other keywords", async () => {
  const dir = await mkdtemp(join(tmpdir(), "proxar-absent-"));
  try {
    const schema = (top: Record<string, unknown>, v: Record<string, unknown>) =>
      JSON.stringify({
        tools: [{
          name: "t",
          inputSchema: { type: "object", properties: { v: { type: "string", ...v } }, ...top },
        }],
      });
    await writeFile(join(dir, "old.json"), schema({}, {}));
    await writeFile(
      join(dir, "new.json"),
      schema({ additionalProperties: false }, { maxLength: 5 }),
    );
    const result = await runCli(["diff", "old.json", "new.json", "--format", "json"], { cwd: dir });
    assert.equal(result.code, 1);
    const changes = (JSON.parse(result.stdout) as {
      changes: { rule: string; path: string; old?: unknown; new?: unknown }[];
    }).changes.map((c) => [c.rule, c.path, c.old, c.new]);
    assert.deepEqual(changes, [
      [
        "tool.input.additionalProperties.narrowed",
        "t.inputSchema.additionalProperties",
        null,
        false,
      ],
      ["tool.input.maxLength.narrowed", "t.inputSchema.properties.v.maxLength", null, 5],
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/**
 * End-to-end: `proxar diff` grades the prose a model reads where no value is checked. The fixtures
 * under `unreached_prose/` reword rename_file's `name` condition (an `if` without then/else), the
 * description inside `legacy` (a property that accepts no value, `not: {}`) and that of a tuple
 * position `maxItems` leaves unfilled; each gave no finding at all.
 */
import assert from "node:assert/strict";
import { fixturePosition, runCli } from "../helpers.ts";

const at = (name: string) => `unreached_prose/${name}.json`;

Deno.test("proxar diff reports prose reworded where no value is checked, each way, where it is written", async () => {
  const path = "rename_file.inputSchema.properties";
  for (const [old, next] of [["before", "after"], ["after", "before"]]) {
    const result = await runCli(["diff", at(old!), at(next!), "--format", "json"]);
    assert.equal(result.stderr, "");
    assert.equal(result.code, 0, result.stdout);
    const found = JSON.parse(result.stdout).changes;
    assert.deepEqual(
      found.map((c: { rule: string; path: string; severity: string }) => [
        c.rule,
        c.path,
        c.severity,
      ]),
      [
        [
          "tool.input.description.changed",
          `${path}.legacy.properties.path.description`,
          "POTENTIALLY_BREAKING",
        ],
        ["tool.input.description.changed", `${path}.name.if.description`, "POTENTIALLY_BREAKING"],
        [
          "tool.input.description.changed",
          `${path}.tags.items.1.description`,
          "POTENTIALLY_BREAKING",
        ],
      ],
    );
    if (next !== "after") continue;
    const [legacy] = found;
    assert.deepEqual(legacy.locations.new, {
      file: at("after"),
      ...fixturePosition(at("after"), '"description": "Never an absolute path."'),
    });
  }
});

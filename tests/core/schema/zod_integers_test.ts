/**
 * zod's `.int()` through the MCP SDK, zod 3 → zod 4: zod 4 writes minimum -(2^53 - 1) and
 * maximum 2^53 - 1 on every integer, also inside the union it writes for a nullable one
 * (`anyOf [{type: integer, minimum, maximum}, {type: null}]`, where zod-to-json-schema wrote the
 * union without the bounds). On input every such limit is a safeIntegerLimit finding, NON_BREAKING,
 * where the ones inside a union were anyOf.narrowed BREAKING; on output the limits are graded by
 * variance. The one other input change is real: zod 4 no longer closes an input object.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findings as reported, runCli } from "../../helpers.ts";
import { findings, listed, z3, z4 } from "./_zod_sdk.ts";

// deno-lint-ignore no-explicit-any
function shape(z: any) {
  return {
    limit: z.number().int().nullable(),
    page: z.number().int().min(1).optional(),
    count: z.number().int(),
    ids: z.array(z.number().int()),
    id: z.union([z.number().int(), z.string()]),
    // A real maximum: written alike by both, no change.
    size: z.number().int().positive().max(100).nullable(),
  };
}

const zod3 = await listed(z3, shape), zod4 = await listed(z4, shape);

/** The limits zod 4 adds, at each integer of the shape, on `side`, as `rule` and `severity`. */
function limits(side: "input" | "output", change: (aspect: string) => string, severity: string) {
  const at = [
    ["count", ["maximum", "minimum"]],
    ["id.anyOf.0", ["maximum", "minimum"]],
    ["ids.items", ["maximum", "minimum"]],
    ["limit.anyOf.0", ["maximum", "minimum"]],
    ["page", ["maximum"]],
  ] as const;
  // A union whose integer branch gained the limits is named at the branch only.
  return at.flatMap(([name, aspects]) =>
    aspects.map((a) =>
      `tool.${side}.${a}.${change(a)} t.${side}Schema.properties.${name}.${a} ${severity}`
    )
  );
}

Deno.test("zod 3 → zod 4 .int() through the MCP SDK: the limits are NON_BREAKING on input, narrowed on output", () => {
  assert.deepEqual(findings(zod3, zod4), [
    "tool.input.additionalProperties.widened t.inputSchema.additionalProperties NON_BREAKING",
    ...limits("input", () => "safeIntegerLimit", "NON_BREAKING"),
    ...limits("output", () => "narrowed", "NON_BREAKING"),
  ]);
});

Deno.test("zod 4 → zod 3 .int() through the MCP SDK: the limits removed from an output are BREAKING", () => {
  // The server may return integers past 2^53 - 1, which JSON clients read inexactly.
  assert.deepEqual(findings(zod4, zod3), [
    "tool.input.additionalProperties.narrowed t.inputSchema.additionalProperties BREAKING",
    ...limits("output", () => "widened", "BREAKING"),
    ...limits("input", () => "safeIntegerLimit", "NON_BREAKING"),
  ]);
});

Deno.test("proxar diff passes the zod 3 → zod 4 .int() move and fails the way back on its output", async () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-zod-"));
  try {
    writeFileSync(join(dir, "zod3.json"), JSON.stringify(zod3));
    writeFileSync(join(dir, "zod4.json"), JSON.stringify(zod4));
    const run = (a: string, b: string) =>
      runCli(["diff", `${a}.json`, `${b}.json`, "--format", "json"], { cwd: dir });
    const [up, down] = [await run("zod3", "zod4"), await run("zod4", "zod3")];
    const bar = (list: string[]) => list.map((f) => f.replaceAll(" ", "|")).sort();
    assert.deepEqual([up.code, reported(up.stdout)], [0, bar(findings(zod3, zod4))]);
    assert.deepEqual([down.code, reported(down.stdout)], [1, bar(findings(zod4, zod3))]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

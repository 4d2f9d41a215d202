/**
 * A cycle of definitions longer than the walk's depth limit (d0 → d1 → … → d109 → d0, through a
 * property) with a maxLength changed in the middle: the walk met the change, reported it, and
 * gave up at the limit at every place below d99, a string property written alike included, so
 * `schema.changed` BREAKING came twice beside the graded finding, in the widening direction too.
 * Past the limit lie only definitions written alike, then d0, which the walk is comparing: it
 * gives up only where a change may hide.
 */
import assert from "node:assert/strict";
import { classifyProse } from "../../../core/prose.ts";
import { compareSchemaSide } from "../../../core/schema/compare_tool.ts";
import { MAX_WALK_DEPTH } from "../../../core/schema/walk.ts";
import { runCli } from "../../helpers.ts";

/** A root whose `root` property enters a cycle of `n` definitions; d`at`.s written `s`. */
function cycle(n: number, at: number, s: object): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    defs[`d${i}`] = {
      type: "object",
      properties: {
        next: { $ref: `#/$defs/d${(i + 1) % n}` },
        s: i === at ? { type: "string", ...s } : { type: "string" },
      },
    };
  }
  return { type: "object", properties: { root: { $ref: "#/$defs/d0" } }, $defs: defs };
}

/** `rule pointer severity` of one side's findings. */
function graded(side: "input" | "output", old: unknown, next: unknown): string[] {
  return compareSchemaSide(
    old as never,
    next as never,
    { side, basePath: "t", basePointer: "" },
    (a, b) => classifyProse(a, b),
  ).map((d) => `${d.rule} ${d.pointer} ${d.severity}`);
}

const BOUND = "/$defs/d55/properties/s/maxLength";

Deno.test("proxar diff reports a maxLength changed inside a cycle past the depth limit once, graded", async () => {
  assert.ok(110 > MAX_WALK_DEPTH);
  const dir = await Deno.makeTempDir();
  try {
    const tool = (schema: unknown) => ({ tools: [{ name: "t", inputSchema: schema }] });
    await Deno.writeTextFile(`${dir}/old.json`, JSON.stringify(tool(cycle(110, 55, {}))));
    await Deno.writeTextFile(
      `${dir}/new.json`,
      JSON.stringify(tool(cycle(110, 55, { maxLength: 9 }))),
    );
    for (
      const [a, b, rule, severity, code, text] of [
        ["old", "new", "narrowed", "BREAKING", 1, "maxLength tightened from absent to 9"],
        ["new", "old", "widened", "NON_BREAKING", 0, "maxLength relaxed from 9 to absent"],
      ] as const
    ) {
      const run = await runCli(["diff", `${a}.json`, `${b}.json`, "--format", "json"], {
        cwd: dir,
      });
      assert.equal(run.stderr, "");
      assert.equal(run.code, code);
      const { changes } = JSON.parse(run.stdout) as {
        changes: { rule: string; severity: string; pointer: string; message: string }[];
      };
      assert.deepEqual(
        changes.map((c) => [c.rule, c.severity, c.pointer]),
        [[`tool.input.maxLength.${rule}`, severity, `/tools/0/inputSchema${BOUND}`]],
      );
      const path = `t.inputSchema.properties.root${".properties.next".repeat(55)}.properties.s`;
      assert.equal(changes[0]!.message, `${path}: ${text}`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compareSchemaSide() grades a change inside a cycle past the depth limit by the variance alone", () => {
  const [plain, bounded] = [cycle(110, 55, {}), cycle(110, 55, { maxLength: 9 })];
  assert.deepEqual(graded("input", plain, bounded), [
    `tool.input.maxLength.narrowed ${BOUND} BREAKING`,
  ]);
  assert.deepEqual(graded("input", bounded, plain), [
    `tool.input.maxLength.widened ${BOUND} NON_BREAKING`,
  ]);
  assert.deepEqual(graded("output", plain, bounded), [
    `tool.output.maxLength.narrowed ${BOUND} NON_BREAKING`,
  ]);
  assert.deepEqual(graded("output", bounded, plain), [
    `tool.output.maxLength.widened ${BOUND} BREAKING`,
  ]);
});

Deno.test("compareSchemaSide() gives up once where a change lies past the depth limit, saying why", () => {
  // d105 is reached only below the limit: the walk gives up at d99.next, not at d99.s (written
  // alike, no reference), and the catch-all grades the bound it did not reach.
  const deltas = compareSchemaSide(
    cycle(110, 105, {}) as never,
    cycle(110, 105, { maxLength: 9 }) as never,
    { side: "input", basePath: "t", basePointer: "" },
    (a, b) => classifyProse(a, b),
  );
  const gaveUp = deltas.filter((d) => d.rule === "tool.input.schema.changed");
  assert.deepEqual(gaveUp.map((d) => [d.pointer, d.severity]), [
    ["/$defs/d99/properties/next", "BREAKING"],
  ]);
  assert.match(
    gaveUp[0]!.message,
    /\.properties\.next: schemas nest deeper than 100 levels here; Proxar gave up comparing what lies below, which may have changed, so it reads it as changed$/,
  );
  assert.deepEqual(
    deltas.filter((d) => d !== gaveUp[0]).map((d) => `${d.rule} ${d.pointer} ${d.severity}`),
    ["tool.input.keyword.changed /$defs/d105/properties/s/maxLength BREAKING"],
  );
});

Deno.test("compareSchemaSide() grades a change in a cycle short enough to walk by the variance", () => {
  const at = "/$defs/d2/properties/s/maxLength";
  const [plain, bounded] = [cycle(5, 2, {}), cycle(5, 2, { maxLength: 9 })];
  assert.deepEqual(graded("input", bounded, plain), [
    `tool.input.maxLength.widened ${at} NON_BREAKING`,
  ]);
  assert.deepEqual(graded("output", plain, bounded), [
    `tool.output.maxLength.narrowed ${at} NON_BREAKING`,
  ]);
  assert.deepEqual(graded("output", bounded, plain), [
    `tool.output.maxLength.widened ${at} BREAKING`,
  ]);
});

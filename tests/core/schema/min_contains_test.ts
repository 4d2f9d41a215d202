/**
 * minContains left out means 1 beside `contains` (at least one item must match), not 0: removing
 * `minContains: 0` narrows. Found by the validator oracle (validator_oracle_test.ts): the removal
 * was graded widened (BREAKING on output, NON_BREAKING on input, where the spec rejects `[]` now).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { judge } from "./_oracle.ts";
import { fourWays } from "./_schema_helpers.ts";

const v = (schema: JsonValue) => ({ type: "object", properties: { v: schema } });
const contains = { type: "array", contains: { type: "string" } };
const P = "properties.v.minContains";
const none = { input: [], inputReversed: [], output: [], outputReversed: [] };

Deno.test("diff grades minContains 0 removed beside contains as narrowed", () => {
  const zero = v({ ...contains, minContains: 0 }), absent = v(contains);
  assert.deepEqual(fourWays(zero, absent), {
    input: [`tool.input.minContains.narrowed t.inputSchema.${P} BREAKING`],
    inputReversed: [`tool.input.minContains.widened t.inputSchema.${P} NON_BREAKING`],
    output: [`tool.output.minContains.narrowed t.outputSchema.${P} NON_BREAKING`],
    outputReversed: [`tool.output.minContains.widened t.outputSchema.${P} BREAKING`],
  });
  // By the spec (2019-09 on) {"v": []} was accepted and is now rejected. ajv as the MCP SDK runs
  // it (draft-07) ignores minContains and rejects [] on both sides; the oracle judges a schema
  // that uses minContains with ajv's 2020-12 class, which finds that call (BREAKING on input),
  // and no break on output, where the grade is NON_BREAKING.
  const verdicts = judge(zero, absent)!.verdicts;
  assert.deepEqual(verdicts.find((x) => x.side === "input")!.witness, { v: [] });
  assert.equal(verdicts.find((x) => x.side === "output")!.witness, undefined);
});

Deno.test("diff grades minContains 1 removed beside contains, or any removed without it, as no change", () => {
  assert.deepEqual(fourWays(v({ ...contains, minContains: 1 }), v(contains)), none);
  // Without contains, minContains constrains nothing (as ajv reads it).
  const alone = v({ type: "array", minContains: 3 });
  assert.deepEqual(fourWays(alone, v({ type: "array" })), none);
  const verdicts = judge(alone, v({ type: "array" }))!.verdicts;
  assert.ok(verdicts.every((x) => x.witness === undefined));
  // Removing 2 still widens.
  assert.deepEqual(fourWays(v({ ...contains, minContains: 2 }), v(contains)).input, [
    `tool.input.minContains.widened t.inputSchema.${P} NON_BREAKING`,
  ]);
});

Deno.test("diff grades a minContains that is not a number as BREAKING both ways", () => {
  const findings = fourWays(
    v({ ...contains, minContains: 0 }),
    v({ ...contains, minContains: "x" }),
  );
  for (const [way, lines] of Object.entries(findings)) {
    assert.ok(lines.some((l) => l.endsWith(" BREAKING")), `${way}: ${lines}`);
  }
});

Deno.test("diff grades maxContains without contains as no change, and beside contains by its count", () => {
  // Without contains, maxContains constrains nothing (JSON Schema 2020-12): tightened, relaxed,
  // added or removed, no value changes, so no finding on either side (it was maxContains
  // narrowed, BREAKING on input, and widened, BREAKING on output).
  const alone = (max?: number) =>
    v({ type: "array", ...(max === undefined ? {} : { maxContains: max }) });
  assert.deepEqual(fourWays(alone(3), alone(2)), none);
  assert.deepEqual(fourWays(alone(3), alone()), none);
  for (const x of judge(alone(3), alone(2))!.verdicts) assert.equal(x.witness, undefined, x.side);
  // Beside contains on both sides it counts: tightened is narrowed.
  const counted = (max: number) => v({ ...contains, maxContains: max });
  const at = "properties.v.maxContains";
  assert.deepEqual(fourWays(counted(3), counted(2)), {
    input: [`tool.input.maxContains.narrowed t.inputSchema.${at} BREAKING`],
    inputReversed: [`tool.input.maxContains.widened t.inputSchema.${at} NON_BREAKING`],
    output: [`tool.output.maxContains.narrowed t.outputSchema.${at} NON_BREAKING`],
    outputReversed: [`tool.output.maxContains.widened t.outputSchema.${at} BREAKING`],
  });
  // contains removed with it: graded by contains alone.
  assert.deepEqual(fourWays(counted(3), alone(2)).input, [
    "tool.input.contains.widened t.inputSchema.properties.v.contains NON_BREAKING",
  ]);
});

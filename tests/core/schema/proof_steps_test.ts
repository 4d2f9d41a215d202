import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { classifyProse } from "../../../core/prose.ts";
import { compareSchemaSide } from "../../../core/schema/compare_tool.ts";
import { ProofBudget, TOOL_PROOF_STEPS } from "../../../core/schema/proof_budget.ts";

/** `rule path severity` of one side's findings, and the proof steps both differs took. */
function graded(
  side: "input" | "output",
  old: JsonValue,
  next: JsonValue,
  proofs = new ProofBudget(),
): { findings: string[]; steps: number } {
  const deltas = compareSchemaSide(
    old,
    next,
    { side, basePath: "t", basePointer: "", proofs },
    (a, b) => classifyProse(a, b),
  );
  return { findings: deltas.map((d) => `${d.rule} ${d.path} ${d.severity}`), steps: proofs.spent };
}

const pair = JSON.parse(
  await Deno.readTextFile(
    new URL("../../fixtures/proof_steps/self_referencing_union.json", import.meta.url),
  ),
) as { old: JsonValue; new: JsonValue };

Deno.test("compareSchemaSide() asks a question a union's reference back to the root repeats once, not at every level", () => {
  // A pair the property test generated (997 and 265 characters): the old root is an anyOf with a
  // branch {$ref: "#"}. Each proof that reached it asked the same question again one level down,
  // where every branch was tried again, until the depth or the 100,000 steps a question may take
  // ran out: 600,022 steps on input and 400,015 on output (6–9 s), for the same findings.
  const limit = new ProofBudget(10_000);
  const input = graded("input", pair.old, pair.new, limit);
  assert.ok(input.steps < 2_000, `${input.steps} steps`);
  assert.deepEqual(input.findings, [
    "tool.input.anyOf.widened t.anyOf NON_BREAKING",
    "tool.input.anyOf.narrowed t.anyOf BREAKING",
    "tool.input.anyOf.narrowed t.anyOf BREAKING",
    "tool.input.anyOf.narrowed t.anyOf BREAKING",
    "tool.input.anyOf.narrowed t.anyOf BREAKING",
    "tool.input.anyOf.narrowed t.anyOf BREAKING",
    "tool.input.keyword.changed t.$defs.A.const NON_BREAKING",
    "tool.input.keyword.changed t.$defs.A.not BREAKING",
    "tool.input.keyword.changed t.$defs.B.anyOf BREAKING",
  ]);
  const output = graded("output", pair.old, pair.new, new ProofBudget(10_000));
  assert.ok(output.steps < 2_000, `${output.steps} steps`);
  assert.deepEqual(output.findings, [
    "tool.output.anyOf.widened t.anyOf BREAKING",
    "tool.output.anyOf.narrowed t.anyOf NON_BREAKING",
    "tool.output.anyOf.narrowed t.anyOf NON_BREAKING",
    "tool.output.anyOf.narrowed t.anyOf NON_BREAKING",
    "tool.output.anyOf.narrowed t.anyOf NON_BREAKING",
    "tool.output.anyOf.narrowed t.anyOf NON_BREAKING",
    "tool.output.keyword.changed t.$defs.A.const BREAKING",
    "tool.output.keyword.changed t.$defs.A.not NON_BREAKING",
    "tool.output.keyword.changed t.$defs.B.anyOf NON_BREAKING",
  ]);
});

/** `n` definitions, each an anyOf of references to the next three; the first also holds `leaf`. */
function referringDefinitions(n: number, leaf: JsonObject): JsonObject {
  const defs: JsonObject = {};
  for (let i = 0; i < n; i++) {
    const refs: JsonValue[] = [1, 2, 3].map((k) => ({ $ref: `#/$defs/D${(i + k) % n}` }));
    defs[`D${i}`] = { anyOf: i === 0 ? [...refs, leaf] : refs };
  }
  return { $ref: "#/$defs/D0", $defs: defs };
}

Deno.test("compareSchemaSide() stops proving 30 definitions that refer to each other after the steps one schema may take", () => {
  // 30 definitions that each refer to three others (2.6 KB): the proofs follow every path
  // through them and took 201,210 steps (about 2 s) before the budget was one per schema.
  const old = referringDefinitions(30, { type: "string" });
  const next = referringDefinitions(30, { type: "number" });
  const { findings, steps } = graded("input", old, next);
  assert.equal(steps, TOOL_PROOF_STEPS);
  assert.deepEqual(findings, [
    "tool.input.anyOf.widened t.anyOf NON_BREAKING",
    "tool.input.anyOf.narrowed t.anyOf BREAKING",
    "tool.input.keyword.changed t.$defs.D0.anyOf.3.type BREAKING",
  ]);
});

Deno.test("compareSchemaSide() reports a change it has no steps left to prove the same", () => {
  // Proven the same with the steps it needs: nothing to report. With none left, the catch-all
  // compares the lone schema with the union's closest branch, and the types it lost are BREAKING.
  const old = { type: ["string", "null"] };
  const next = { anyOf: [{ type: "string" }, { type: "null" }] };
  assert.deepEqual(graded("input", old, next).findings, []);
  assert.deepEqual(graded("input", old, next, new ProofBudget(0)).findings, [
    "tool.input.keyword.changed t.anyOf.1 NON_BREAKING",
    "tool.input.keyword.changed t.anyOf.0.type BREAKING",
  ]);
});

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
    "tool.input.keyword.changed t.$defs.A.const NON_BREAKING",
    "tool.input.keyword.changed t.$defs.A.not BREAKING",
    "tool.input.keyword.changed t.$defs.B.anyOf BREAKING",
  ]);
  const output = graded("output", pair.old, pair.new, new ProofBudget(10_000));
  assert.ok(output.steps < 2_000, `${output.steps} steps`);
  assert.deepEqual(output.findings, [
    "tool.output.anyOf.widened t.anyOf BREAKING",
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
  // The type swapped in the leaf branch is read as a branch removed and one added, once (the
  // catch-all's keyword.changed at $defs.D0.anyOf.3.type, as strict, named it again).
  assert.deepEqual(findings, [
    "tool.input.anyOf.widened t.anyOf NON_BREAKING",
    "tool.input.anyOf.narrowed t.anyOf BREAKING",
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

/**
 * A chain of `n` definitions of `fields` nullable strings each and a `next` that refers to the
 * following one, the root holding `r_k: anyOf [{$ref: D_k}, null]`; `zod4` writes each nullable
 * string as `type: [string, null]`, zod 3 as `anyOf [string, null]`: the same values.
 */
function nullableChain(n: number, fields: number, zod4: boolean): JsonObject {
  const nullable = zod4
    ? { type: ["string", "null"] }
    : { anyOf: [{ type: "string" }, { type: "null" }] };
  const $defs: JsonObject = {};
  for (let k = 0; k < n; k++) {
    const properties: JsonObject = {};
    for (let i = 0; i < fields; i++) properties[`f${i}`] = nullable;
    if (k + 1 < n) properties.next = { anyOf: [{ $ref: `#/$defs/D${k + 1}` }, { type: "null" }] };
    $defs[`D${k}`] = { type: "object", properties, additionalProperties: false };
  }
  const properties: JsonObject = {};
  for (let k = 0; k < n; k++) {
    properties[`r_${k}`] = { anyOf: [{ $ref: `#/$defs/D${k}` }, { type: "null" }] };
  }
  return { type: "object", properties, $defs };
}

Deno.test("compareSchemaSide() proves a definition reached from many places once: a zod 3 → 4 nullable rewrite of a 20-definition chain is no change", () => {
  // Every place a definition is reached from asked its proof anew, and each proof walks the rest
  // of the chain: 12 definitions ran the budget out and graded 120 changes BREAKING, though the
  // two sides accept the same values (review). A proof that rests on no pair assumed to hold is
  // now kept for the schema. Both directions, both sides.
  for (const n of [12, 20]) {
    const [zod3, zod4] = [nullableChain(n, 10, false), nullableChain(n, 10, true)];
    for (const side of ["input", "output"] as const) {
      for (const [a, b] of [[zod3, zod4], [zod4, zod3]] as const) {
        const { findings, steps } = graded(side, a, b);
        assert.deepEqual(findings, [], `${n} definitions, ${side}`);
        assert.ok(steps < TOOL_PROOF_STEPS / 2, `${n} definitions, ${side}: ${steps} steps`);
      }
    }
  }
});

Deno.test("compareSchemaSide() still finds a change at the end of a long chain of definitions", () => {
  // The kept proofs must not hide a change: the last definition's first field narrowed to string.
  const old = nullableChain(20, 10, false);
  const next = structuredClone(old) as JsonObject;
  const defs = next.$defs as JsonObject;
  const last = defs.D19 as JsonObject;
  (last.properties as JsonObject).f0 = { type: "string" };
  const input = graded("input", old, next).findings;
  assert.ok(input.some((f) => f.endsWith(" BREAKING")), input.join("\n"));
  const output = graded("output", old, next).findings;
  assert.ok(output.length > 0 && output.every((f) => !f.endsWith(" BREAKING")), output.join("\n"));
});

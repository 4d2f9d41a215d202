/**
 * Ground truth for the schema differs: the MCP SDK's validator (ajv 8 + ajv-formats) against
 * generated schema pairs and values aimed at their edges. A value valid under the old input
 * schema and invalid under the new one is a call that worked yesterday and fails today; a value
 * valid under the new output schema and invalid under the old one is a result yesterday's client
 * rejects. Either must be graded BREAKING or POTENTIALLY_BREAKING.
 *
 * Run it long: `ORACLE_RUNS=20000 npx deno test -A tests/core/schema/validator_oracle_test.ts`
 * (random seed, or `ORACLE_SEED=n`). Survey without stopping at the first failure, with the
 * lists to review (POTENTIALLY_BREAKING with a witness, BREAKING without one):
 * `ORACLE_SURVEY=5000 npx deno test -A tests/core/schema/validator_oracle_test.ts`.
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import type { JsonValue } from "../../../core/json.ts";
import { schemaPair } from "./_oracle_schemas.ts";
import { describe, isMissed, judge, type Verdict } from "./_oracle.ts";

const runs = Number(Deno.env.get("ORACLE_RUNS") ?? 0);
const survey = Number(Deno.env.get("ORACLE_SURVEY") ?? 0);
const seedEnv = Deno.env.get("ORACLE_SEED");

Deno.test("judge() flags a missed break: a value the old input accepts and the new rejects", () => {
  // The oracle itself must be able to fail: an input narrowed that a grade hid is caught here.
  const old = { type: "object", properties: { n: { type: "integer", maximum: 10 } } };
  const next = { type: "object", properties: { n: { type: "integer", maximum: 5 } } };
  const result = judge(old, next)!;
  const input = result.verdicts.find((v) => v.side === "input")!;
  assert.ok(input.witness !== undefined);
  assert.equal(input.grade, "BREAKING");
  assert.equal(isMissed({ ...input, grade: "NON_BREAKING" }), true);
  const output = result.verdicts.find((v) => v.side === "output")!;
  assert.equal(output.witness, undefined);
  assert.equal(output.grade, "NON_BREAKING");
});

Deno.test("diff grades every change a real validator sees as a break at least POTENTIALLY_BREAKING", () => {
  // 40 pairs (3,861 values) keep the file near one second of CPU. Seed 5 found the
  // overlapping oneOf branch and the closed output object (one_of_overlap_test.ts,
  // closed_output_property_test.ts) before they were fixed, as did 17 of seeds 1 to 24.
  const numRuns = runs > 0 ? runs : 40;
  const seed = seedEnv !== undefined ? Number(seedEnv) : runs > 0 ? Date.now() : 5;
  fc.assert(
    fc.property(schemaPair, ({ old, new: next }) => {
      const result = judge(old, next);
      if (!result) return;
      for (const v of result.verdicts) {
        if (isMissed(v)) throw new Error(describe(old, next, v));
      }
    }),
    { numRuns, seed },
  );
});

if (survey > 0) {
  Deno.test("validator oracle survey (report, not a test)", () => {
    const seed = seedEnv !== undefined ? Number(seedEnv) : Date.now();
    const pairs = fc.sample(schemaPair, { numRuns: survey, seed });
    let values = 0;
    let skipped = 0;
    const missed: string[] = [];
    const mild = new Map<string, { size: number; text: string; count: number }>();
    const unwitnessed = new Map<string, { size: number; text: string; count: number }>();
    const keep = (
      map: typeof mild,
      key: string,
      old: JsonValue,
      next: JsonValue,
      v: Verdict,
    ) => {
      const text = `${v.side}: old ${JSON.stringify(old)}\n  new ${JSON.stringify(next)}${
        v.witness === undefined ? "" : `\n  witness ${JSON.stringify(v.witness)}`
      }`;
      const prev = map.get(key);
      if (!prev || text.length < prev.size) {
        map.set(key, { size: text.length, text, count: (prev?.count ?? 0) + 1 });
      } else prev.count++;
    };
    for (const { old, new: next } of pairs) {
      const result = judge(old, next);
      if (!result) {
        skipped++;
        continue;
      }
      values += result.values;
      for (const v of result.verdicts) {
        const rules = [
          ...new Set(v.changes.filter((c) => c.severity === v.grade).map((c) => c.rule)),
        ]
          .sort().join(",");
        if (isMissed(v)) missed.push(describe(old, next, v));
        else if (v.witness !== undefined && v.grade === "POTENTIALLY_BREAKING") {
          keep(mild, `${v.side} ${rules}`, old, next, v);
        } else if (v.witness === undefined && v.grade === "BREAKING") {
          // No value valid on one side: likely a schema that accepts nothing, where no witness
          // can exist; listed apart from the ones to check by hand.
          const vacuous = result.valid[0] === 0 || result.valid[1] === 0 ? "(vacuous) " : "";
          keep(unwitnessed, `${vacuous}${v.side} ${rules}`, old, next, v);
        }
      }
    }
    const show = (title: string, map: typeof mild) => {
      const lines = [`${title}: ${map.size} rule sets`];
      for (const [key, { text, count }] of [...map].sort()) {
        lines.push(`- ${key} (${count}×, smallest):\n  ${text}`);
      }
      return lines.join("\n");
    };
    missed.sort((a, b) => a.length - b.length);
    // deno-lint-ignore no-console
    console.log([
      `seed ${seed}: ${pairs.length} pairs (${skipped} ajv could not compile), ${values} values`,
      `missed breaks: ${missed.length}`,
      ...missed.slice(0, 15),
      show("POTENTIALLY_BREAKING with a witness", mild),
      show("BREAKING without a witness", unwitnessed),
    ].join("\n"));
  });
}

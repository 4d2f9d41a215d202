/**
 * Ground truth for the schema differs: the MCP SDK's validator (ajv 8 + ajv-formats; ajv's
 * 2020-12 class with the SDK's options for schemas in that dialect, `_oracle_ajv.ts`) against
 * generated schema pairs and values aimed at their edges. A value valid under the old input
 * schema and invalid under the new one is a call that worked yesterday and fails today; a value
 * valid under the new output schema and invalid under the old one is a result yesterday's client
 * rejects. Either must be graded BREAKING or POTENTIALLY_BREAKING.
 *
 * Per finding, both ways: pure widenings (`_oracle_widen.ts`) must carry no BREAKING finding on
 * input, nor their narrowing back on output; and each witness should lie under a finding that
 * explains it (`_oracle_locate.ts`), which the survey checks.
 *
 * Run it long: `ORACLE_RUNS=20000 npx deno test -A tests/core/schema/validator_oracle_test.ts`
 * (random seed, or `ORACLE_SEED=n`; `--filter widening` for the widenings alone). Survey
 * without stopping at the first failure, with the lists to review (POTENTIALLY_BREAKING with a
 * witness, BREAKING without one, a witness no graded finding lies on, a BREAKING finding no
 * witness lies under):
 * `ORACLE_SURVEY=5000 npx deno test -A tests/core/schema/validator_oracle_test.ts` (pairs in
 * 2020-12 with `ORACLE_PAIRS=2020-12`, with definitions that refer to one another with
 * `ORACLE_PAIRS=chains` or `chains-2020`; the survey also lists pure widenings with a BREAKING
 * finding, of roots with chained definitions for the last two). With `ORACLE_SEARCH=1` each
 * BREAKING verdict without a witness is searched again (`_oracle_search.ts`, about a second
 * each) and listed apart when a witness turns up: a break the values miss, not a grade to doubt.
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import type { JsonValue } from "../../../core/json.ts";
import { schemaPair } from "./_oracle_schemas.ts";
import { describe, isMissed, judge, type Verdict } from "./_oracle.ts";
import { schemaChanges } from "./_schema_helpers.ts";
import { widenedChainPair, widenedPair } from "./_oracle_widen.ts";
import { schemaPair2020 } from "./_oracle_schemas_2020.ts";
import { chainPair, chainPair2020 } from "./_oracle_chains.ts";
import { localises } from "./_oracle_locate.ts";
import { searchWitness } from "./_oracle_search.ts";

const runs = Number(Deno.env.get("ORACLE_RUNS") ?? 0);
const survey = Number(Deno.env.get("ORACLE_SURVEY") ?? 0);
const seedEnv = Deno.env.get("ORACLE_SEED");
const search = Deno.env.get("ORACLE_SEARCH") === "1";

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

Deno.test("judge() locates each witness under the finding that explains it, and no other", () => {
  const old = {
    type: "object",
    properties: { a: { type: "string", maxLength: 5 }, b: { enum: ["x", "y"] } },
  };
  const next = {
    type: "object",
    properties: { a: { type: "string", maxLength: 3 }, b: { enum: ["x"] } },
  };
  const input = judge(old, next)!.verdicts.find((v) => v.side === "input")!;
  assert.deepEqual(input.unlocated, []);
  assert.deepEqual(input.unwitnessed, []);
  const pointers = (value: JsonValue) => {
    const w = input.witnesses.find((x) => JSON.stringify(x.value) === JSON.stringify(value))!;
    return input.changes.filter((c) => localises(c, w.failures, [old, next])).map((c) => c.pointer);
  };
  assert.deepEqual(pointers({ a: "aaaa", b: "x" }), [
    "/tools/0/inputSchema/properties/a/maxLength",
  ]);
  assert.deepEqual(pointers({ a: "", b: "y" }), ["/tools/0/inputSchema/properties/b/enum"]);
});

Deno.test("diff grades every change a real validator sees as a break at least POTENTIALLY_BREAKING", () => {
  // 40 pairs (3,861 values) keep the file near one second of CPU. Seed 5 found the
  // overlapping oneOf branch and the closed output object (one_of_overlap_test.ts,
  // closed_output_property_test.ts) before they were fixed, as did 17 of seeds 1 to 24.
  noMissedBreak(schemaPair, 40, 5, true);
});

/**
 * Runs the oracle on `pairs` (`runs` of them from `seed` unless ORACLE_RUNS says otherwise);
 * with `located`, each witness must also lie under a graded finding: a break missed beside
 * another BREAKING finding fails too.
 */
function noMissedBreak(pairs: typeof schemaPair, runs: number, seed: number, located = false) {
  fc.assert(
    fc.property(pairs, ({ old, new: next }) => {
      const result = judge(old, next);
      if (!result) return;
      for (const v of result.verdicts) {
        if (isMissed(v)) throw new Error(describe(old, next, v));
        if (located && v.unlocated.length > 0) {
          throw new Error(
            `${describe(old, next, { ...v, witness: v.unlocated[0]!.value })}\n` +
              `  (no graded finding lies where it fails: ${
                v.unlocated[0]!.failures.map((f) => f.schemaPath).join(" ")
              })`,
          );
        }
      }
    }),
    options(runs, seed),
  );
}

function options(numRuns: number, seed: number): { numRuns: number; seed: number } {
  if (runs > 0) {
    return { numRuns: runs, seed: seedEnv !== undefined ? Number(seedEnv) : Date.now() };
  }
  return { numRuns, seed: seedEnv !== undefined ? Number(seedEnv) : seed };
}

if (survey > 0) {
  Deno.test("validator oracle survey (report, not a test)", () => {
    const seed = seedEnv !== undefined ? Number(seedEnv) : Date.now();
    const kind = Deno.env.get("ORACLE_PAIRS") ?? "";
    const generator =
      { "2020-12": schemaPair2020, chains: chainPair, "chains-2020": chainPair2020 }[
        kind
      ] ?? schemaPair;
    const widenings = kind.startsWith("chains") ? widenedChainPair : widenedPair;
    const pairs = fc.sample(generator, { numRuns: survey, seed });
    let values = 0;
    let skipped = 0;
    const missed: string[] = [];
    const mild = new Map<string, { size: number; text: string; count: number }>();
    const unwitnessed = new Map<string, { size: number; text: string; count: number }>();
    const searched = new Map<string, { size: number; text: string; count: number }>();
    const unlocated = new Map<string, { size: number; text: string; count: number }>();
    const unlocalised = new Map<string, { size: number; text: string; count: number }>();
    const keep = (
      map: typeof mild,
      key: string,
      old: JsonValue,
      next: JsonValue,
      v: Verdict,
      witness: JsonValue | undefined = v.witness,
    ) => {
      const text = `${v.side}: old ${JSON.stringify(old)}\n  new ${JSON.stringify(next)}${
        witness === undefined ? "" : `\n  witness ${JSON.stringify(witness)}`
      }`;
      const prev = map.get(key);
      if (!prev || text.length < prev.size) {
        map.set(key, { size: text.length, text, count: (prev?.count ?? 0) + 1 });
      } else prev.count++;
    };
    // Pure widenings (and their narrowings back on output) with a BREAKING finding.
    const falseBreaking = new Map<string, { size: number; text: string; count: number }>();
    for (const { narrow, wide } of fc.sample(widenings, { numRuns: survey, seed })) {
      const pairs = [["input", narrow, wide], ["output", wide, narrow]] as const;
      for (const [side, old, next] of pairs) {
        const rules = schemaChanges(side, old, next).filter((c) => c.severity === "BREAKING")
          .map((c) => c.rule);
        if (rules.length === 0) continue;
        const v: Verdict = {
          side,
          grade: "BREAKING",
          changes: [],
          witnesses: [],
          unlocated: [],
          unwitnessed: [],
        };
        keep(falseBreaking, `${side} ${[...new Set(rules)].sort().join(",")}`, old, next, v);
      }
    }
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
          const found = search && vacuous === "" ? searchWitness(old, next, v.side) : undefined;
          if (found !== undefined) keep(searched, `${v.side} ${rules}`, old, next, v, found);
          else keep(unwitnessed, `${vacuous}${v.side} ${rules}`, old, next, v);
        }
        // Per finding: a witness no graded finding lies on, a BREAKING finding no witness
        // lies under (while others do).
        for (const w of v.unlocated.slice(0, 1)) {
          const graded = [
            ...new Set(
              v.changes.filter((c) =>
                c.severity !== "NON_BREAKING" &&
                c.severity !== "DOCUMENTATION"
              ).map((c) => c.rule),
            ),
          ].sort().join(",") || "none";
          const fails = [...new Set(w.failures.map((f) => f.schemaPath))].sort().join(" ");
          keep(unlocated, `${v.side} ${graded} (fails ${fails})`, old, next, v, w.value);
        }
        // Only where the findings are few: among many, eight witnesses cannot cover them all.
        if (v.changes.length <= 3) {
          for (const c of v.unwitnessed) keep(unlocalised, `${v.side} ${c.rule}`, old, next, v);
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
      ...search ? [show("BREAKING with a witness only the search found", searched)] : [],
      show("Witness no graded finding lies on", unlocated),
      show("BREAKING finding no witness lies under (the verdict has witnesses)", unlocalised),
      show("BREAKING on a pure widening (input) or its narrowing back (output)", falseBreaking),
    ].join("\n"));
  });
}

Deno.test("diff grades every 2020-12 change a real validator sees as a break at least POTENTIALLY_BREAKING", () => {
  // prefixItems, contains with minContains and maxContains, dependentRequired, dependentSchemas
  // and unevaluatedProperties, judged by ajv's 2020-12 class (draft-07 ajv ignores them).
  noMissedBreak(schemaPair2020, 10, 1, true);
});

Deno.test("diff grades every change through definitions that refer to one another at least POTENTIALLY_BREAKING", () => {
  // Chains, shared definitions and loops through a property, one edit inside the definitions:
  // a definition changed two references below a union read as unchanged (e63b364) fails this.
  // Witnesses are not located: ajv writes the schema path of a failure inside a definition it
  // reached through a loop from that definition, which no place in the root names.
  noMissedBreak(chainPair, 12, 11);
  noMissedBreak(chainPair2020, 6, 11);
});

Deno.test("diff grades no pure widening BREAKING on input, nor the narrowing back BREAKING on output", () => {
  // Per finding, not per tool: a widening next to nothing else must carry no BREAKING finding
  // (input, and the mirror on output). The oracle checks the generator: no value the narrow
  // schema accepts may fail the wide one. Both directions are also judged for missed breaks.
  noFalseBreaking(widenedPair, 20, 1);
});

Deno.test("diff grades no pure widening of chained definitions BREAKING on input, nor its narrowing back on output", () => {
  noFalseBreaking(widenedChainPair, 6, 1);
});

function noFalseBreaking(pairs: typeof widenedPair, runs: number, seed: number) {
  fc.assert(
    fc.property(pairs, ({ narrow, wide }) => {
      const forward = judge(narrow, wide), back = judge(wide, narrow);
      if (!forward || !back) return;
      const input = forward.verdicts.find((v) => v.side === "input")!;
      assert.equal(input.witness, undefined, `not a widening: ${JSON.stringify(input.witness)}`);
      const output = back.verdicts.find((v) => v.side === "output")!;
      for (const v of [input, output]) {
        const breaking = v.changes.filter((c) => c.severity === "BREAKING");
        if (breaking.length > 0) {
          throw new Error(
            `FALSE BREAKING on ${v.side} (${v.side === "input" ? "widened" : "narrowed"}):\n` +
              `  old: ${JSON.stringify(v === input ? narrow : wide)}\n` +
              `  new: ${JSON.stringify(v === input ? wide : narrow)}\n` +
              `  findings: ${breaking.map((c) => `${c.rule} ${c.path}`).join("; ")}`,
          );
        }
      }
      for (const v of forward.verdicts) if (isMissed(v)) throw new Error(describe(narrow, wide, v));
      for (const v of back.verdicts) if (isMissed(v)) throw new Error(describe(wide, narrow, v));
    }),
    options(runs, seed),
  );
}

Deno.test("searchWitness() finds a break the oracle's values miss, and none where there is none", () => {
  // A bound of an integer branch inside a union inside a oneOf: its edges fall past the caps of
  // the values, which take the branches in turn.
  const root = (maximum: number) => ({
    type: "object",
    properties: { q: { anyOf: [{ $ref: "#/definitions/A" }, { type: "null" }] } },
    required: ["q"],
    definitions: {
      A: {
        oneOf: [
          { type: "number", minimum: 2, exclusiveMaximum: 7, multipleOf: 3 },
          {
            anyOf: [
              { type: "integer", maximum, exclusiveMinimum: 5, multipleOf: 3 },
              { type: ["string", "null"] },
            ],
          },
        ],
      },
    },
  });
  const [old, next] = [root(9), root(8)];
  const input = judge(old, next)!.verdicts.find((v) => v.side === "input")!;
  assert.equal(input.witness, undefined);
  assert.deepEqual(searchWitness(old, next, "input"), { q: 9 });
  assert.equal(searchWitness(old, next, "output"), undefined);
});

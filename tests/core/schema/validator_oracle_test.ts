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
 * finding, of roots with chained definitions for the last two). Each pair is read both ways
 * (as written and reversed, input and output, on the same values), counted per direction, and
 * the pairs whose sides accept the same values but are graded BREAKING one way only are listed
 * apart: a proof that holds one way, or a reading that is not the mirror of the other. With
 * `ORACLE_SEARCH=1` each
 * BREAKING verdict without a witness is searched again (`_oracle_search.ts`, about a second
 * each) and listed apart when a witness turns up: a break the values miss, not a grade to doubt.
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import type { JsonValue } from "../../../core/json.ts";
import { schemaPair } from "./_oracle_schemas.ts";
import { addedElsewhere, describe, directionOf, isMissed, judge, type Verdict } from "./_oracle.ts";
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

Deno.test("judge() with reversed also reads the pair the other way round, on the same values", () => {
  const old = { type: "object", properties: { n: { type: "integer", maximum: 10 } } };
  const next = { type: "object", properties: { n: { type: "integer", maximum: 5 } } };
  const verdicts = judge(old, next, { reversed: true })!.verdicts;
  assert.deepEqual(verdicts.map(directionOf), [
    "input",
    "output",
    "input reversed",
    "output reversed",
  ]);
  const [input, , inputBack, outputBack] = verdicts;
  // Reversed, the narrowing is a widening: no break on input, the lost values new on output.
  assert.equal(inputBack!.witness, undefined);
  assert.equal(inputBack!.grade, "NON_BREAKING");
  assert.deepEqual(outputBack!.witnesses.map((w) => w.value), input!.witnesses.map((w) => w.value));
  assert.equal(outputBack!.grade, "BREAKING");
  assert.equal(judge(old, next)!.verdicts.length, 2);
});

Deno.test("addedElsewhere() sets apart an optional property added whose name the old root declares elsewhere", () => {
  // Reversed, the property removed from b is added to an open object: the convention's
  // NON_BREAKING, though {b: {a: "x"}} is rejected after only, since a elsewhere is a string.
  const inner = (props: JsonValue) => ({ type: "object", properties: props });
  const old = inner({ a: { type: "string" }, b: inner({ a: { type: "integer" } }) });
  const next = inner({ a: { type: "string" }, b: inner({}) });
  const back = judge(old, next, { reversed: true })!.verdicts.find((v) =>
    v.reversed && v.side === "input"
  )!;
  assert.equal(isMissed(back), true);
  assert.equal(addedElsewhere(old, next, back), true);
  // As written, the property removed is BREAKING and no convention is at stake.
  const input = judge(old, next)!.verdicts[0]!;
  assert.equal(input.grade, "BREAKING");
  assert.equal(addedElsewhere(old, next, input), false);
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

const DIRECTIONS = ["input", "output", "input reversed", "output reversed"];

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
    const missedBy = new Map<string, number>();
    type Kept = Map<string, { size: number; text: string; count: number }>;
    const mild: Kept = new Map();
    const convention: Kept = new Map();
    const unwitnessed: Kept = new Map();
    const searched: Kept = new Map();
    const unlocated: Kept = new Map();
    const unlocalised: Kept = new Map();
    const keep = (
      map: Kept,
      key: string,
      old: JsonValue,
      next: JsonValue,
      v: Verdict,
      witness: JsonValue | undefined = v.witness,
    ) => {
      if (v.reversed) [old, next] = [next, old];
      const text = `${directionOf(v)}: old ${JSON.stringify(old)}\n  new ${JSON.stringify(next)}${
        witness === undefined ? "" : `\n  witness ${JSON.stringify(witness)}`
      }`;
      const prev = map.get(key);
      if (!prev || text.length < prev.size) {
        map.set(key, { size: text.length, text, count: (prev?.count ?? 0) + 1 });
      } else prev.count++;
    };
    const verdictOf = (side: "input" | "output", reversed: boolean): Verdict => ({
      side,
      ...reversed ? { reversed } : {},
      grade: "BREAKING",
      changes: [],
      witnesses: [],
      unlocated: [],
      unwitnessed: [],
    });
    // Pure widenings with a BREAKING finding on input, and their narrowings back (the pair
    // reversed) with one on output: the two directions where a widening has no break.
    const falseBreaking: Kept = new Map();
    for (const { narrow, wide } of fc.sample(widenings, { numRuns: survey, seed })) {
      const pairs = [["input", narrow, wide, false], ["output", wide, narrow, true]] as const;
      for (const [side, old, next, reversed] of pairs) {
        const rules = schemaChanges(side, old, next).filter((c) => c.severity === "BREAKING")
          .map((c) => c.rule);
        if (rules.length === 0) continue;
        const v = verdictOf(side, reversed);
        const key = `${directionOf(v)} ${[...new Set(rules)].sort().join(",")}`;
        keep(falseBreaking, key, reversed ? next : old, reversed ? old : next, v);
      }
    }
    // Each pair is judged both ways on the same values: input and output as written, and the
    // pair reversed. A value the new side accepts and the old rejects is an output witness and
    // an input witness of the reversed pair alike, and the side only maps the walk's effects to
    // severities (DESIGN.md section 5: a widening is BREAKING on output as a narrowing is on
    // input), so output follows input reversed, and output reversed follows input, wherever the
    // walk of the reversed pair reads the mirror of the walk as written. That is what this checks,
    // with the conventions that differ by side (a property removed), so all four are judged: the
    // values are shared, the diffs doubled (the survey's CPU about 1.6 times what it was).
    // Where no value tells the two sides apart, a BREAKING verdict lacks a witness whichever way
    // it is read; one graded BREAKING in some directions and not in the others is a proof that
    // holds one way only, or a reading that is not the mirror of the other: listed apart.
    const oneWay: Kept = new Map();
    const oneWayPairs = { mirrored: 0, "not mirrored": 0 };
    for (const { old, new: next } of pairs) {
      const result = judge(old, next, { reversed: true });
      if (!result) {
        skipped++;
        continue;
      }
      values += result.values;
      const rulesOf = (v: Verdict) =>
        [...new Set(v.changes.filter((c) => c.severity === v.grade).map((c) => c.rule))]
          .sort().join(",");
      const vacuous = result.valid[0] === 0 || result.valid[1] === 0 ? "(vacuous) " : "";
      for (const v of result.verdicts) {
        const direction = directionOf(v);
        const rules = rulesOf(v);
        const [from, to] = v.reversed ? [next, old] : [old, next];
        if (isMissed(v) && addedElsewhere(old, next, v)) {
          keep(convention, `${direction} ${v.changes.map((c) => c.rule).join(",")}`, old, next, v);
        } else if (isMissed(v)) {
          missed.push(describe(old, next, v));
          missedBy.set(direction, (missedBy.get(direction) ?? 0) + 1);
        } else if (v.witness !== undefined && v.grade === "POTENTIALLY_BREAKING") {
          keep(mild, `${direction} ${rules}`, old, next, v);
        } else if (v.witness === undefined && v.grade === "BREAKING") {
          // No value valid on one side: likely a schema that accepts nothing, where no witness
          // can exist; listed apart from the ones to check by hand.
          const found = search && vacuous === "" ? searchWitness(from, to, v.side) : undefined;
          if (found !== undefined) keep(searched, `${direction} ${rules}`, old, next, v, found);
          else keep(unwitnessed, `${vacuous}${direction} ${rules}`, old, next, v);
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
          keep(unlocated, `${direction} ${graded} (fails ${fails})`, old, next, v, w.value);
        }
        // Only where the findings are few: among many, eight witnesses cannot cover them all.
        if (v.changes.length <= 3) {
          for (const c of v.unwitnessed) keep(unlocalised, `${direction} ${c.rule}`, old, next, v);
        }
      }
      const breaking = result.verdicts.filter((v) => v.grade === "BREAKING");
      if (
        result.verdicts.every((v) => v.witness === undefined) && breaking.length > 0 &&
        breaking.length < result.verdicts.length
      ) {
        const found = search && vacuous === ""
          ? searchWitness(old, next, "input") ?? searchWitness(old, next, "output")
          : undefined;
        const key = `${vacuous}${
          breaking.map((v) => `${directionOf(v)} ${rulesOf(v)}`).join("; ")
        }`;
        if (found !== undefined) {
          keep(searched, `(equal values) ${key}`, old, next, breaking[0]!, found);
          continue;
        }
        keep(oneWay, key, old, next, breaking[0]!);
        // As the variance has it, input reads as output reversed and output as input reversed:
        // a proof that holds one way only; otherwise the reversed walk reads the pair otherwise.
        const graded = new Set(breaking.map(directionOf));
        const mirrored = graded.has("input") === graded.has("output reversed") &&
          graded.has("output") === graded.has("input reversed");
        oneWayPairs[mirrored ? "mirrored" : "not mirrored"]++;
      }
    }
    const byDirection = (keys: Iterable<string>) => {
      const counts = new Map<string, number>();
      for (const key of keys) {
        const d = /^(\(\w+ ?\w*\) )?(\w+( reversed)?)/.exec(key)![2]!;
        counts.set(d, (counts.get(d) ?? 0) + 1);
      }
      return DIRECTIONS.filter((d) => counts.has(d)).map((d) => `${d} ${counts.get(d)}`)
        .join(", ");
    };
    const show = (title: string, map: Kept) => {
      const lines = [`${title}: ${map.size} rule sets (${byDirection(map.keys())})`];
      for (const [key, { text, count }] of [...map].sort()) {
        lines.push(`- ${key} (${count}×, smallest):\n  ${text}`);
      }
      return lines.join("\n");
    };
    missed.sort((a, b) => a.length - b.length);
    // deno-lint-ignore no-console
    console.log([
      `seed ${seed}: ${pairs.length} pairs (${skipped} ajv could not compile), ${values} values`,
      `missed breaks: ${missed.length} (${
        DIRECTIONS.map((d) => `${d} ${missedBy.get(d) ?? 0}`).join(", ")
      })`,
      ...missed.slice(0, 15),
      show(
        "Missed only through an optional property added, its name declared elsewhere in the old " +
          "root (the convention, addedElsewhere())",
        convention,
      ),
      show("POTENTIALLY_BREAKING with a witness", mild),
      show("BREAKING without a witness", unwitnessed),
      ...search ? [show("BREAKING with a witness only the search found", searched)] : [],
      show("Witness no graded finding lies on", unlocated),
      show("BREAKING finding no witness lies under (the verdict has witnesses)", unlocalised),
      show(
        "BREAKING on a pure widening (input) or its narrowing back (output reversed)",
        falseBreaking,
      ),
      show(
        `Equal values, BREAKING one way (the directions graded BREAKING; ${oneWayPairs.mirrored} ` +
          `pairs mirrored, ${oneWayPairs["not mirrored"]} not; by the first direction)`,
        oneWay,
      ),
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

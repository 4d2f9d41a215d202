/**
 * A union branch kept unchanged is included in the other side's union whatever it holds. The
 * proof took every branch apart first, so a oneOf branch whose own branches overlap
 * (oneOf [[string, null], null] accepts no null) had each part compared alone, [string, null]
 * fit no branch, and integer → number in the other branch read as the union changed: BREAKING
 * both ways. Found by the validator oracle's pure widenings (validator_oracle_test.ts).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { judge } from "./_oracle.ts";
import { fourWays } from "./_schema_helpers.ts";

const v = (schema: JsonValue) => ({ type: "object", properties: { a: schema } });
const overlapping = { oneOf: [{ type: ["string", "null"] }, { type: "null" }] };
const P = "properties.a.anyOf";

/** The findings of integer → number beside `kept`, which stays as it is or becomes `keptNew`. */
function widenedBeside(kept: JsonValue, keptNew: JsonValue = kept) {
  return fourWays(
    v({ anyOf: [kept, { type: "integer" }] }),
    v({ anyOf: [keptNew, { type: "number" }] }),
  );
}

Deno.test("diff grades a union branch widened beside an unchanged oneOf of overlapping branches by variance", () => {
  // The catch-all's keyword.changed at the branch's type, as strict as the walk's finding at the
  // union, named the same change a second time: it goes (it stays when stricter).
  const widened = (side: "input" | "output", anyOf: string) => [
    `tool.${side}.anyOf.${anyOf} t.${side}Schema.${P} ${
      (side === "input") === (anyOf === "widened") ? "NON_BREAKING" : "BREAKING"
    }`,
  ];
  const expected = {
    input: widened("input", "widened"),
    inputReversed: widened("input", "narrowed"),
    output: widened("output", "widened"),
    outputReversed: widened("output", "narrowed"),
  };
  assert.deepEqual(widenedBeside(overlapping), expected);
  // Unchanged, the branch is included even with a keyword Proxar does not model.
  assert.deepEqual(widenedBeside({ ...overlapping, "vndK": 1 }), expected);
  // ajv agrees: nothing the old input accepted is rejected now.
  const verdicts = judge(
    v({ anyOf: [overlapping, { type: "integer" }] }),
    v({ anyOf: [overlapping, { type: "number" }] }),
  )!.verdicts;
  assert.equal(verdicts.find((x) => x.side === "input")!.witness, undefined);
  assert.deepEqual(verdicts.find((x) => x.side === "output")!.witness, { a: 0.5 });
});

/** The union at P read narrowed and widened on `side`: a branch removed and another added. */
function unionNarrowedAndWidened(side: "input" | "output"): string[] {
  return [
    `tool.${side}.anyOf.narrowed t.${side}Schema.${P} ${
      side === "input" ? "BREAKING" : "NON_BREAKING"
    }`,
    `tool.${side}.anyOf.widened t.${side}Schema.${P} ${
      side === "input" ? "NON_BREAKING" : "BREAKING"
    }`,
  ];
}

Deno.test("diff keeps a union changed when the branch beside the widening changes in a way it cannot decide", () => {
  const unmodelled = (side: "input" | "output") => [
    ...unionNarrowedAndWidened(side),
    `tool.${side}.keyword.unmodelled t.${side}Schema.${P}.0.vndK BREAKING`,
  ];
  assert.deepEqual(widenedBeside({ ...overlapping, "vndK": 1 }, { ...overlapping, "vndK": 2 }), {
    input: unmodelled("input"),
    inputReversed: unmodelled("input"),
    output: unmodelled("output"),
    outputReversed: unmodelled("output"),
  });
});

Deno.test("diff grades a oneOf of overlapping branches wrapped in anyOf with null inside an allOf as widened", () => {
  // allOf [X] → allOf [anyOf [X, null]] with X = oneOf [integer, enum [1, "a"]] (1 matches both
  // branches, so X rejects it): the proof took X apart before asking whether the new allOf
  // holds it whole, found that integer alone is in neither X nor null, and graded the allOf
  // changed, BREAKING both ways (validator oracle, widening seed 22).
  const x = { oneOf: [{ type: "integer" }, { enum: [1, "a"] }] };
  const [old, next] = [v({ allOf: [x] }), v({ allOf: [{ anyOf: [x, { type: "null" }] }] })];
  const finding = (side: "input" | "output", effect: string, severity: string) => [
    `tool.${side}.allOf.${effect} t.${side}Schema.properties.a.allOf ${severity}`,
  ];
  assert.deepEqual(fourWays(old, next), {
    input: finding("input", "widened", "NON_BREAKING"),
    inputReversed: finding("input", "narrowed", "BREAKING"),
    output: finding("output", "widened", "BREAKING"),
    outputReversed: finding("output", "narrowed", "NON_BREAKING"),
  });
  // Undecidable: an unmodelled keyword beside X that changes stays BREAKING every way. Unproven,
  // the one branch a side is compared with the other (it read allOf.narrowed beside
  // allOf.widened): the keyword is named where it is written.
  const changed = fourWays(
    v({ allOf: [{ ...x, "vndK": 1 }] }),
    v({ allOf: [{ anyOf: [{ ...x, "vndK": 2 }, { type: "null" }] }] }),
  );
  for (const [way, found] of Object.entries(changed)) {
    const side = way.startsWith("input") ? "input" : "output";
    assert.ok(
      found.includes(
        `tool.${side}.keyword.unmodelled t.${side}Schema.properties.a.allOf.0.vndK BREAKING`,
      ),
      `${way}: ${found.join("\n")}`,
    );
  }
});

Deno.test("diff grades an allOf whose other conjunct is wrapped in anyOf with null beside a kept overlapping oneOf by what it accepts", () => {
  // allOf [X, string] → allOf [X, anyOf [string, null]]: X rejects null, so both accept "a"
  // only. The proof took X apart before setting aside the conjunct both sides share, and graded
  // the allOf changed, BREAKING both ways (validator oracle, widening survey seed 41).
  const x = { oneOf: [{ type: "integer" }, { enum: [1, "a"] }] };
  const wrapped = { anyOf: [{ type: "string" }, { type: "null" }] };
  const [old, next] = [v({ allOf: [x, { type: "string" }] }), v({ allOf: [x, wrapped] })];
  assert.deepEqual(fourWays(old, next), {
    input: [],
    inputReversed: [],
    output: [],
    outputReversed: [],
  });
  for (const verdict of judge(old, next)!.verdicts) assert.equal(verdict.witness, undefined);
  // Undecidable: X changes in a keyword Proxar does not model; the allOf stays changed.
  const changed = fourWays(
    v({ allOf: [{ ...x, "vndK": 1 }, { type: "string" }] }),
    v({ allOf: [{ ...x, "vndK": 2 }, wrapped] }),
  );
  for (const side of ["input", "output"] as const) {
    assert.ok(
      changed[side].includes(
        `tool.${side}.keyword.unmodelled t.${side}Schema.properties.a.allOf.0.vndK BREAKING`,
      ),
      changed[side].join("\n"),
    );
  }
});

Deno.test("diff reports a type swapped in a flat anyOf once, at the union, each way", () => {
  // string → integer beside null: the walk reads string's branch removed and integer's added,
  // the catch-all compared branch 0 with branch 0 and added keyword.changed at its type,
  // BREAKING in every cell, beside findings as strict.
  const [a, b] = [
    v({ anyOf: [{ type: "string" }, { type: "null" }] }),
    v({ anyOf: [{ type: "integer" }, { type: "null" }] }),
  ];
  const both = unionNarrowedAndWidened;
  assert.deepEqual(fourWays(a, b), {
    input: both("input"),
    inputReversed: both("input"),
    output: both("output"),
    outputReversed: both("output"),
  });
  // ajv: each side accepts a value the other rejects, on both sides of the tool.
  const verdicts = judge(a, b)!.verdicts;
  assert.ok(verdicts.every((x) => x.witness !== undefined));
});

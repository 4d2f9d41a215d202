/**
 * A change inside `contains` beside `maxContains` has no direction: an item that now matches may
 * push the count of matching items past maxContains. contains {const: 2} → true beside
 * maxContains 1 was graded enum.widened NON_BREAKING on input, though [{}, 2] had one matching
 * item and now has two (found by the validator oracle in draft 2020-12).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { judge } from "./_oracle.ts";
import { fourWays } from "./_schema_helpers.ts";

const v = (schema: JsonValue) => ({ type: "object", properties: { v: schema } });
const P = "properties.v.contains";

/** Findings of `rule` (aspect.effect) at `at` on every way, with the given severities. */
function everyWay(aspect: string, at: string, grades: [string, string, string, string]) {
  const f = (side: string, effect: string, severity: string) => [
    `tool.${side}.${aspect}.${effect} t.${side}Schema.${P}${at} ${severity}`,
  ];
  return {
    input: f("input", "widened", grades[0]),
    inputReversed: f("input", "narrowed", grades[1]),
    output: f("output", "widened", grades[2]),
    outputReversed: f("output", "narrowed", grades[3]),
  };
}

Deno.test("diff grades a change inside contains beside maxContains BREAKING both ways", () => {
  const counted = (contains: JsonValue) => v({ type: "array", contains, maxContains: 1 });
  const all = ["BREAKING", "BREAKING", "BREAKING", "BREAKING"] as [string, string, string, string];
  assert.deepEqual(
    fourWays(counted({ const: 2 }), counted(true)),
    everyWay("enum", ".const", all),
  );
  const short = { type: "string", maxLength: 3 }, long = { type: "string", maxLength: 5 };
  assert.deepEqual(
    fourWays(counted(short), counted(long)),
    everyWay("maxLength", ".maxLength", all),
  );
  // maxContains on one side only is enough.
  const once = v({ type: "array", contains: short, maxContains: 1 });
  const findings = fourWays(once, v({ type: "array", contains: long })).input;
  assert.ok(
    findings.includes(`tool.input.maxLength.widened t.inputSchema.${P}.maxLength BREAKING`),
  );
  // ajv (2020-12) agrees: [{}, 2] was accepted (one item is 2) and is rejected now (two match).
  const input = judge(counted({ const: 2 }), counted(true))!.verdicts.find((x) =>
    x.side === "input"
  )!;
  assert.ok(input.witness !== undefined);
});

Deno.test("diff keeps the variance grade inside contains without maxContains", () => {
  const open = (contains: JsonValue) => v({ type: "array", contains, minContains: 2 });
  assert.deepEqual(
    fourWays(open({ type: "string", maxLength: 3 }), open({ type: "string", maxLength: 5 })),
    everyWay("maxLength", ".maxLength", ["NON_BREAKING", "BREAKING", "BREAKING", "NON_BREAKING"]),
  );
});

Deno.test("diff grades an unmodelled keyword changed inside contains beside maxContains BREAKING", () => {
  const counted = (k: number) =>
    v({ type: "array", contains: { type: "string", "vndK": k }, maxContains: 1 });
  const findings = fourWays(counted(1), counted(2));
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(findings[side], [
      `tool.${side}.keyword.unmodelled t.${side}Schema.${P}.vndK BREAKING`,
    ]);
  }
});

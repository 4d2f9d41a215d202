/**
 * A property, patternProperties or additionalProperties added to an allOf branch of an object
 * whose unevaluatedProperties constrains (draft 2020-12): the branch now evaluates those names,
 * so the object's unevaluatedProperties no longer applies to them. Both differs compared the
 * branch alone, open to every name, and the subsumption proof flattened the allOf beside the
 * same unevaluatedProperties and called the two schemas equal: the 2020-12 validator oracle
 * survey (ORACLE_SURVEY=1500 ORACLE_SEED=42) found five results a client validating against the
 * old output schema rejects, graded NON_BREAKING or no change.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { judge } from "./_oracle.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays } from "./_schema_helpers.ts";
import { unevaluatedDecided } from "../../../core/schema/_unevaluated_proof.ts";

const D2020 = "https://json-schema.org/draft/2020-12/schema";
const v = (schema: JsonValue) => ({ $schema: D2020, type: "object", properties: { v: schema } });
/** An object whose allOf branch declares `a`, with `branch` added to that branch. */
const fed = (branch: JsonObject = {}, rest: JsonValue = false, beside: JsonObject = {}) =>
  v({
    type: "object",
    allOf: [{ properties: { a: { type: "string" } }, ...branch }],
    properties: { b: { type: "integer" } },
    unevaluatedProperties: rest,
    ...beside,
  });
const P = "t.outputSchema.properties.v.allOf.0";
const I = "t.inputSchema.properties.v.allOf.0";

/** The output verdict of the oracle: the first result the old schema rejects, if any. */
const witness = (old: JsonValue, next: JsonValue) =>
  judge(old, next)!.verdicts.find((x) => x.side === "output")!.witness;

Deno.test("diff grades a property added to an allOf branch beside unevaluatedProperties false as added to a closed object", () => {
  const next = fed({ properties: { a: { type: "string" }, c: { type: "integer" } } });
  assert.deepEqual(fourWays(fed(), next), {
    input: [`tool.input.property.added ${I}.properties.c NON_BREAKING`],
    inputReversed: [`tool.input.property.removed ${I}.properties.c BREAKING`],
    output: [`tool.output.property.added ${P}.properties.c POTENTIALLY_BREAKING`],
    outputReversed: [`tool.output.property.removed ${P}.properties.c BREAKING`],
  });
  assert.deepEqual(witness(fed(), next), { v: { a: "", c: 0 } });
});

Deno.test("diff compares a property added to an allOf branch with the unevaluatedProperties schema it escapes", () => {
  // {const: "x"} held the name before; a boolean now: neither holds the other's values.
  const rest = { const: "x" };
  const next = fed({ properties: { a: { type: "string" }, c: { type: "boolean" } } }, rest);
  const findings = fourWays(fed({}, rest), next);
  assert.ok(findings.output.some((f) => f.startsWith("tool.output.") && f.endsWith(" BREAKING")));
  assert.ok(findings.input.some((f) => f.startsWith("tool.input.") && f.endsWith(" BREAKING")));
  assert.deepEqual(witness(fed({}, rest), next), { v: { a: "", c: true } });
});

Deno.test("diff grades additionalProperties or a pattern added to an allOf branch beside unevaluatedProperties false as widened", () => {
  for (
    const [branch, at] of [
      [{ additionalProperties: true }, "additionalProperties"],
      [{ additionalProperties: { type: "string" } }, "additionalProperties"],
      [{ patternProperties: { "^x": { type: "string" } } }, "patternProperties.^x"],
    ] as const
  ) {
    const findings = fourWays(fed(), fed(branch));
    const rule = at.split(".")[0];
    assert.ok(
      findings.output.includes(`tool.output.${rule}.widened ${P}.${at} BREAKING`),
      `${JSON.stringify(branch)}: ${findings.output}`,
    );
    // Removed, it narrows what the names nothing else evaluates may hold; additionalProperties
    // {type: string} also stops constraining b, which the branch's own comparison reports.
    if (!JSON.stringify(branch).includes('"type"')) {
      assert.ok(
        findings.outputReversed.every((f) => !f.endsWith(" BREAKING")),
        `${JSON.stringify(branch)} removed on output narrows: ${findings.outputReversed}`,
      );
    }
  }
  // ajv (2020-12) agrees: a result with an extra name is valid now, invalid before.
  assert.deepEqual(witness(fed(), fed({ additionalProperties: true })), { v: { a: "", zz: 1 } });
});

Deno.test("diff cannot tell what an allOf branch's new property escaped when an anyOf beside it may evaluate that name", () => {
  // The anyOf evaluates c when c is a string: other values of c fell to unevaluatedProperties.
  const beside = { anyOf: [{ properties: { c: { type: "string" } } }, { required: ["a"] }] };
  const next = fed({ properties: { a: { type: "string" }, c: true } }, false, beside);
  const found = fourWays(fed({}, false, beside), next);
  // What c held before cannot be told name by name, nor what governs it once removed.
  assert.ok(
    found.output.includes(`tool.output.property.changed ${P}.properties.c BREAKING`),
    `${found.output}`,
  );
  assert.ok(
    found.inputReversed.includes(`tool.input.property.changed ${I}.properties.c BREAKING`),
    `${found.inputReversed}`,
  );
  // On input the proof settles the allOf as a whole: declaring c only lets values in.
  assert.ok(found.input.every((f) => !f.endsWith(" BREAKING")), `${found.input}`);
  assert.ok(found.input.includes(`tool.input.allOf.widened ${I.slice(0, -2)} NON_BREAKING`));
});

Deno.test("diff grades a property added to an allOf branch as added to a closed object when an anyOf beside it evaluates other names only", () => {
  // The anyOf evaluates z, never c: c was the object's unevaluatedProperties' (false) before.
  const beside = { anyOf: [{ properties: { z: true } }, { required: ["a"] }] };
  const old = fed({}, false, beside);
  const next = fed({ properties: { a: { type: "string" }, c: true } }, false, beside);
  const found = fourWays(old, next);
  assert.deepEqual(found.input, [`tool.input.property.added ${I}.properties.c NON_BREAKING`]);
  assert.deepEqual(found.output, [
    `tool.output.property.added ${P}.properties.c POTENTIALLY_BREAKING`,
  ]);
  // ajv (2020-12): a result holding c is valid now, invalid before.
  const value = { v: { a: "", c: null } };
  assert.equal(checkOf(old, "2020-12")!.failures(value).length > 0, true);
  assert.deepEqual(checkOf(next, "2020-12")!.failures(value), []);
});

Deno.test("unevaluatedDecided() lets the proof read unevaluatedProperties only where the new side evaluates every name the old one does", () => {
  const old = { allOf: [{ properties: { a: {} } }], unevaluatedProperties: false };
  const wider = { allOf: [{ properties: { a: {}, c: {} } }], unevaluatedProperties: false };
  assert.equal(unevaluatedDecided(old, wider, old, wider), true);
  assert.match(String(unevaluatedDecided(wider, old, wider, old)), /"c" is evaluated on one side/);
  // A union's branch that admits no object evaluates nothing there.
  const wrapped = {
    allOf: [{ anyOf: [{ properties: { a: {} } }, { type: "null" }] }],
    unevaluatedProperties: false,
  };
  assert.equal(unevaluatedDecided(old, wrapped, old, wrapped), true);
  assert.equal(unevaluatedDecided(wrapped, old, wrapped, old), true);
  assert.equal(unevaluatedDecided(old, { type: "object" }, old, {}), true);
});

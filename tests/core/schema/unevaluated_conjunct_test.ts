/**
 * The subsumption proof reads side A's unevaluatedProperties as the rule it sets for the names no
 * keyword of A may evaluate (draft 2020-12). Flattened into conjuncts, the proof saw it only
 * beside B's own, written alike, so it could not show that `{allOf: [{properties: {path}}],
 * unevaluatedProperties: false}` rejects a name `zz`: additionalProperties {type: string} added
 * to the branch (string values of other names let in) was graded type.narrowed, BREAKING on
 * input, by both differs, though it only widens.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { judge } from "./_oracle.ts";
import { fourWays } from "./_schema_helpers.ts";
import { subsumes } from "../../../core/schema/subsume.ts";
import { STRUCTURED_VOCABULARY } from "../../../core/schema/walk.ts";
import { unevaluatedConjunct } from "../../../core/schema/_unevaluated_proof.ts";

const D2020 = "https://json-schema.org/draft/2020-12/schema";
/** An object closed by unevaluatedProperties false, whose allOf branch declares `path`. */
const closed = (branch: JsonObject = {}, beside: JsonObject = {}): JsonObject => ({
  $schema: D2020,
  type: "object",
  properties: { id: { type: "string" } },
  allOf: [{ properties: { path: { type: "string" } }, ...branch }],
  unevaluatedProperties: false,
  ...beside,
});
const typedRest = { additionalProperties: { type: "string" } };
const proves = (a: JsonValue, b: JsonValue) =>
  subsumes(a, b, { known: STRUCTURED_VOCABULARY, rootA: a, rootB: b, old: "a" });

Deno.test("unevaluatedConjunct() holds the names nothing may evaluate to unevaluatedProperties and leaves the others free", () => {
  assert.deepEqual(unevaluatedConjunct(closed(), closed()), {
    properties: { id: true, path: true },
    additionalProperties: false,
  });
  // A name an anyOf branch may evaluate stays free: the conjunct never asserts more than A.
  const union = closed({}, { anyOf: [{ properties: { z: true } }, { type: "object" }] });
  assert.deepEqual(unevaluatedConjunct(union, union), {
    properties: { id: true, path: true, z: true },
    additionalProperties: false,
  });
  assert.deepEqual(
    unevaluatedConjunct(closed({ patternProperties: { "^x": true } }), closed()),
    {
      properties: { id: true, path: true },
      patternProperties: { "^x": true },
      additionalProperties: false,
    },
  );
  // A branch that evaluates every name, or none written: nothing to add.
  assert.equal(unevaluatedConjunct(closed(typedRest), closed()), undefined);
  assert.equal(unevaluatedConjunct({ type: "object" }, {}), undefined);
  assert.equal(unevaluatedConjunct(closed({}, { unevaluatedProperties: true }), {}), undefined);
});

Deno.test("the proof shows an object closed by unevaluatedProperties false within one whose branch lets string values of other names in", () => {
  assert.equal(proves(closed(), closed(typedRest)), true);
  assert.notEqual(proves(closed(typedRest), closed()), true);
  // A name that may be evaluated (an anyOf branch declares it) is not shown rejected.
  const union = closed({}, { anyOf: [{ properties: { z: { type: "integer" } } }, true] });
  assert.notEqual(proves(union, closed(typedRest, { anyOf: union.anyOf! })), true);
});

Deno.test("diff grades additionalProperties {type: string} added to an allOf branch beside unevaluatedProperties false as widened", () => {
  const found = fourWays(closed(), closed(typedRest));
  const at = "t.outputSchema.allOf.0.additionalProperties";
  assert.deepEqual(found, {
    input: ["tool.input.allOf.widened t.inputSchema.allOf NON_BREAKING"],
    inputReversed: [
      "tool.input.additionalProperties.narrowed t.inputSchema.allOf.0.additionalProperties BREAKING",
    ],
    output: [`tool.output.additionalProperties.widened ${at} BREAKING`],
    outputReversed: ["tool.output.allOf.narrowed t.outputSchema.allOf NON_BREAKING"],
  });
  // ajv (2020-12) agrees: a string under a name nothing declares is valid now, invalid before.
  const verdict = judge(closed(), closed(typedRest))!.verdicts.find((x) => x.side === "output")!;
  assert.deepEqual(verdict.witness, { path: "", zz: "x" });
});

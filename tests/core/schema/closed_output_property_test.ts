/**
 * An output property added to an object the old schema closed (additionalProperties false):
 * the old schema promised no other field, so a consumer that validates results against it
 * rejects every result carrying the new one. Found by the validator oracle
 * (validator_oracle_test.ts), where it was graded NON_BREAKING.
 */
import assert from "node:assert/strict";
import { judge } from "./_oracle.ts";
import { fourWays, schemaFindings } from "./_schema_helpers.ts";

const props = { a: { type: "string" } };
const closed = { type: "object", properties: props, additionalProperties: false };
const added = { ...closed, properties: { ...props, extra: { type: "boolean" } } };

Deno.test("diff grades an output property added to a closed object POTENTIALLY_BREAKING", () => {
  const at = "properties.extra";
  assert.deepEqual(fourWays(closed, added), {
    // Input: the new name is accepted where it was rejected, calls keep working.
    input: [`tool.input.property.added t.inputSchema.${at} NON_BREAKING`],
    inputReversed: [`tool.input.property.removed t.inputSchema.${at} BREAKING`],
    output: [`tool.output.property.added t.outputSchema.${at} POTENTIALLY_BREAKING`],
    outputReversed: [`tool.output.property.removed t.outputSchema.${at} BREAKING`],
  });
  // The validator agrees: a result with the new field is rejected by the old schema.
  const output = judge(closed, added)!.verdicts.find((v) => v.side === "output")!;
  assert.deepEqual(output.witness, { a: "", extra: true });
});

Deno.test("diff keeps an output property added to an open object NON_BREAKING", () => {
  const open = { type: "object", properties: props };
  assert.deepEqual(schemaFindings("output", open, { ...open, properties: added.properties }), [
    "tool.output.property.added t.outputSchema.properties.extra NON_BREAKING",
  ]);
  // Closed by a schema that already admitted the value: compared with it, nothing widened.
  const typed = { ...open, additionalProperties: { type: "boolean" } };
  assert.deepEqual(schemaFindings("output", typed, { ...typed, properties: added.properties }), [
    "tool.output.property.added t.outputSchema.properties.extra NON_BREAKING",
  ]);
});

Deno.test("diff grades an output property added where the old rule for the name is undecidable BREAKING", () => {
  // A pattern Proxar cannot match against the name: what the old schema allowed is unknown.
  const old = {
    type: "object",
    patternProperties: { "^(a|b)*\\1$": false },
    additionalProperties: false,
  };
  const next = { ...old, properties: { extra: { type: "boolean" } } };
  assert.ok(
    schemaFindings("output", old, next).includes(
      "tool.output.property.changed t.outputSchema.properties.extra BREAKING",
    ),
  );
});

Deno.test("diff grades an output property added as required to a closed object POTENTIALLY_BREAKING too (fast-check seed 16)", () => {
  // required.added alone said NON_BREAKING on output: every result now carries the field, which
  // the old schema rejects.
  const required = { ...added, required: ["extra"] };
  assert.deepEqual(fourWays(closed, required), {
    input: ["tool.input.required.added t.inputSchema.required BREAKING"],
    inputReversed: [
      "tool.input.property.removed t.inputSchema.properties.extra BREAKING",
    ],
    output: [
      "tool.output.property.added t.outputSchema.properties.extra POTENTIALLY_BREAKING",
      "tool.output.required.added t.outputSchema.required NON_BREAKING",
    ],
    outputReversed: [
      "tool.output.property.removed t.outputSchema.properties.extra BREAKING",
    ],
  });
});

import assert from "node:assert/strict";
import { subsumes } from "../../../core/schema/subsume.ts";
import { STRUCTURED_VOCABULARY } from "../../../core/schema/walk.ts";
import { fourWays } from "./_schema_helpers.ts";

const known = STRUCTURED_VOCABULARY;
const str = { type: "string" }, short = { maxLength: 3 };

Deno.test("subsumes() holds an intersection within each conjunct, not a conjunct within it", () => {
  // allOf [A, B] accepts what both accept: fewer values than A alone.
  assert.equal(subsumes({ allOf: [str, short] }, str, { known }), true);
  assert.equal(subsumes({ allOf: [str, short] }, short, { known }), true);
  assert.equal(
    subsumes(str, { allOf: [str, short] }, { known }),
    "maxLength 3 is not implied by the other schema",
  );
});

Deno.test("diff grades a conjunct dropped from allOf as a widening", () => {
  assert.deepEqual(fourWays({ allOf: [str, short] }, str), {
    input: ["tool.input.allOf.widened t.inputSchema.allOf NON_BREAKING"],
    inputReversed: ["tool.input.allOf.narrowed t.inputSchema.allOf BREAKING"],
    output: ["tool.output.allOf.widened t.outputSchema.allOf BREAKING"],
    outputReversed: ["tool.output.allOf.narrowed t.outputSchema.allOf NON_BREAKING"],
  });
});

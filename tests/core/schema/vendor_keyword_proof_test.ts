/**
 * A keyword of no JSON Schema draft (such as OpenAPI's xml, or "vndK") on the side the proof asks
 * to be within the other: a validator reads it as an annotation, and at most it would constrain
 * that side further, so the proof leaves it aside. `anyOf [string, {type: string, "vndK": 1}]` →
 * `anyOf [string]` accepts exactly the strings on both sides, yet was graded anyOf.narrowed
 * (BREAKING on input): the proof stopped at the unmodelled keyword of the removed branch.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { fourWays } from "./_schema_helpers.ts";
import { judge } from "./_oracle.ts";

const union = (...branches: JsonValue[]) => ({ anyOf: [{ type: "string" }, ...branches] });

Deno.test("diff finds no value lost when a union branch that differs by a keyword of no draft goes", () => {
  const old = union({ type: "string", "vndK": 1 }), next = union();
  const found = fourWays(old, next);
  assert.deepEqual(found.input, []);
  assert.deepEqual(found.output, []);
  // Added back, the extension is new where it stands: unmodelled, BREAKING, and nothing else.
  assert.deepEqual(found.inputReversed, [
    "tool.input.keyword.unmodelled t.inputSchema.anyOf.1.vndK BREAKING",
  ]);
  assert.deepEqual(found.outputReversed, [
    "tool.output.keyword.unmodelled t.outputSchema.anyOf.1.vndK BREAKING",
  ]);
  for (const v of judge(old, next)!.verdicts) assert.equal(v.witness, undefined, v.side);
});

Deno.test("diff keeps the union graded when the removed branch holds a draft keyword the proof does not model", () => {
  // $recursiveRef may interact with the rest of the schema: no proof, the branch removed narrows.
  const found = fourWays(union({ type: "string", $recursiveRef: "#" }), union());
  assert.deepEqual(found.input, ["tool.input.anyOf.narrowed t.inputSchema.anyOf BREAKING"]);
  assert.deepEqual(found.output, ["tool.output.anyOf.narrowed t.outputSchema.anyOf NON_BREAKING"]);
});

Deno.test("diff keeps the union graded when the keyword of no draft stands beside unevaluatedProperties", () => {
  const closed = { type: "object", properties: { a: {} }, unevaluatedProperties: false };
  const found = fourWays(
    { anyOf: [closed, { ...closed, "vndK": 1 }] },
    { anyOf: [closed] },
  );
  assert.deepEqual(found.input, ["tool.input.anyOf.narrowed t.inputSchema.anyOf BREAKING"]);
});

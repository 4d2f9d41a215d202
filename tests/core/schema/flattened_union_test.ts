/**
 * A union of objects flattened into one object (a zod discriminated union rewritten as one
 * object with an enum tag, or closed variants merged): the branches cannot be paired, and the
 * subsumption proof asks each object to name the same properties on both sides, so it failed and
 * the change was `anyOf.changed` BREAKING both ways. With the same property paths on both sides,
 * plain sets decide. Found by the validator oracle (no value the old input accepted is rejected).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { judge } from "./_oracle.ts";
import { fourWays } from "./_schema_helpers.ts";

const v = (schema: JsonValue) => ({ type: "object", properties: { v: schema } });
const closed = (properties: Record<string, JsonValue>, required: string[] = []) => ({
  type: "object",
  properties,
  ...(required.length > 0 ? { required } : {}),
  additionalProperties: false,
});
const P = "properties.v.anyOf";

Deno.test("diff grades closed variants merged into one closed object as a widening", () => {
  const union = v({
    anyOf: [closed({ x: { type: "string" } }), closed({ y: { type: "number" } })],
  });
  const merged = v(closed({ x: { type: "string" }, y: { type: "number" } }));
  assert.deepEqual(fourWays(union, merged), {
    input: [`tool.input.anyOf.widened t.inputSchema.${P} NON_BREAKING`],
    inputReversed: [`tool.input.anyOf.narrowed t.inputSchema.${P} BREAKING`],
    output: [`tool.output.anyOf.widened t.outputSchema.${P} BREAKING`],
    outputReversed: [`tool.output.anyOf.narrowed t.outputSchema.${P} NON_BREAKING`],
  });
  // The validator agrees: {"v": {"x": "a", "y": 1}} is new, and nothing old is rejected.
  const verdicts = judge(union, merged)!.verdicts;
  assert.equal(verdicts.find((x) => x.side === "input")?.witness, undefined);
  assert.deepEqual(verdicts.find((x) => x.side === "output")!.witness, { v: { x: "", y: 0 } });
});

Deno.test("diff grades a discriminated union flattened with an enum tag as a widening", () => {
  const union = v({
    anyOf: [
      closed({ k: { const: "a" }, x: { type: "string" } }, ["k"]),
      closed({ k: { const: "b" }, y: { type: "number" } }, ["k"]),
    ],
  });
  const merged = v(
    closed({ k: { enum: ["a", "b"] }, x: { type: "string" }, y: { type: "number" } }, ["k"]),
  );
  const found = fourWays(union, merged);
  assert.deepEqual(found.input, [`tool.input.anyOf.widened t.inputSchema.${P} NON_BREAKING`]);
  assert.deepEqual(found.output, [`tool.output.anyOf.widened t.outputSchema.${P} BREAKING`]);
});

Deno.test("diff keeps a flattened union changed when a property's type changed too, or a property went", () => {
  const union = v({
    anyOf: [closed({ x: { type: "string" } }), closed({ y: { type: "number" } })],
  });
  // y now takes strings only: some old values are rejected, some new ones accepted.
  const changed = v(closed({ x: { type: "string" }, y: { type: "string" } }));
  const found = fourWays(union, changed);
  assert.ok(found.input.some((f) => f.endsWith(" BREAKING")), found.input.join("\n"));
  assert.ok(found.output.some((f) => f.endsWith(" BREAKING")), found.output.join("\n"));
  // y went: the set proof is not asked (a property removed is graded by its own convention).
  const gone = v(closed({ x: { type: "string" } }));
  assert.ok(fourWays(union, gone).input.some((f) => f.endsWith(" BREAKING")));
});

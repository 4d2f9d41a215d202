/**
 * Branches added (or removed) at one union and graded alike are one finding naming them all:
 * @moovio/sdk 26.2.0 → 26.7.1 turned enums into an anyOf of one const per value beside a string,
 * which read one anyOf.widened per const (32 at one place, 1,462 in the diff). A branch graded
 * otherwise stays apart.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, narrowedFourWays, schemaChanges } from "./_schema_helpers.ts";

const x = (schema: JsonValue) => ({ type: "object", properties: { x: schema } });

/** The samples of x that `a` accepts and `b` does not (ajv, 2020-12). */
function lost(a: JsonValue, b: JsonValue): JsonValue[] {
  const [ca, cb] = [checkOf(a, "2020-12")!, checkOf(b, "2020-12")!];
  const ok = (c: typeof ca, v: JsonValue) => c.failures({ x: v }).length === 0;
  return ["a", 1, -1, 1.5, true, null].filter((v) => ok(ca, v) && !ok(cb, v));
}

Deno.test("branches added to an anyOf alike are one finding, each way", () => {
  const old = x({ anyOf: [{ type: "string" }] });
  const next = x({ anyOf: [{ type: "string" }, { type: "integer" }, { type: "boolean" }] });
  assert.deepEqual(lost(old, next), []);
  assert.deepEqual(lost(next, old), [1, -1, true]);
  // It read two findings each way, one per branch: removed, they are the mirror.
  assert.deepEqual(fourWays(next, old), narrowedFourWays("anyOf", "properties.x.anyOf"));
  const [added] = schemaChanges("input", old, next);
  assert.equal(
    added!.message,
    "t.inputSchema.properties.x: 2 anyOf branches were added: anyOf branch 1, anyOf branch 2",
  );
  assert.deepEqual(added!.new, [{ type: "integer" }, { type: "boolean" }]);
});

Deno.test("a branch graded otherwise than the others added with it stays a finding of its own", () => {
  // integer and number ≥ 0 overlap (1 matches both, which the oneOf rejects); boolean does not.
  const old = x({ oneOf: [{ type: "string" }] });
  const next = x({
    oneOf: [
      { type: "string" },
      { type: "integer" },
      { type: "number", minimum: 0 },
      { type: "boolean" },
    ],
  });
  assert.deepEqual(lost(old, next), []);
  assert.deepEqual(lost(next, old), [-1, 1.5, true]);
  const at = "t.outputSchema.properties.x.oneOf";
  assert.deepEqual(fourWays(old, next).output, [
    `tool.output.oneOf.changed ${at} BREAKING`,
    `tool.output.oneOf.widened ${at} BREAKING`,
  ]);
  // Undecidable on input reversed: the overlapping two removed read changed, BREAKING.
  assert.deepEqual(fourWays(old, next).inputReversed, [
    "tool.input.oneOf.changed t.inputSchema.properties.x.oneOf BREAKING",
    "tool.input.oneOf.narrowed t.inputSchema.properties.x.oneOf BREAKING",
  ]);
});

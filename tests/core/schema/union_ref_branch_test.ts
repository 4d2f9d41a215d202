/**
 * A union branch that refers to a definition, written alike on both sides while the definition
 * changed: the union is compared as a whole, as when the branch is written inline. Review:
 * anyOf [{$ref: B}, {type: null}] with B [string, null] → string was type.narrowed BREAKING on
 * input, while the same change written inline was no change (null still passes through the
 * other branch).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { judge } from "./_oracle.ts";
import { catchAll, fourWays } from "./_schema_helpers.ts";

const withB = (b: JsonValue, other: JsonValue = { type: "null" }) => ({
  type: "object",
  properties: { v: { anyOf: [{ $ref: "#/$defs/B" }, other] } },
  $defs: { B: b },
});
const none = { input: [], inputReversed: [], output: [], outputReversed: [] };

Deno.test("diff finds no change where a referenced branch drops what another branch accepts", () => {
  const old = withB({ type: ["string", "null"] }), next = withB({ type: "string" });
  assert.deepEqual(fourWays(old, next), none);
  // Inline, the same change was already no change.
  const inline = (b: JsonValue) => ({
    type: "object",
    properties: { v: { anyOf: [b, { type: "null" }] } },
  });
  assert.deepEqual(
    fourWays(inline({ type: ["string", "null"] }), inline({ type: "string" })),
    none,
  );
  // The catch-all alone agrees, and so does the validator.
  const deltas = catchAll(old, next, { tool: true });
  assert.deepEqual(deltas, []);
  for (const v of judge(old, next)!.verdicts) assert.equal(v.witness, undefined, v.side);
});

Deno.test("diff grades a referenced branch's change by the union in both directions", () => {
  // null no longer accepted at all: the other branch is a number now. Narrowed.
  const num = { type: "number" };
  const ways = fourWays(withB({ type: ["string", "null"] }, num), withB({ type: "string" }, num));
  assert.deepEqual(ways.input, [
    "tool.input.type.narrowed t.inputSchema.properties.v.anyOf.0.type BREAKING",
  ]);
  assert.deepEqual(ways.output, [
    "tool.output.type.narrowed t.outputSchema.properties.v.anyOf.0.type NON_BREAKING",
  ]);
  assert.deepEqual(ways.outputReversed, [
    "tool.output.type.widened t.outputSchema.properties.v.anyOf.0.type BREAKING",
  ]);
  // A definition used both in such a union and alone: the lone use still narrows.
  const twice = (b: JsonValue) => ({
    ...withB(b),
    properties: {
      v: { anyOf: [{ $ref: "#/$defs/B" }, { type: "null" }] },
      w: { $ref: "#/$defs/B" },
    },
  });
  const lone = fourWays(twice({ type: ["string", "null"] }), twice({ type: "string" }));
  assert.ok(lone.input.some((l) => l.endsWith(" BREAKING")), lone.input.join("\n"));
  assert.ok(lone.output.every((l) => l.endsWith(" NON_BREAKING")), lone.output.join("\n"));
});

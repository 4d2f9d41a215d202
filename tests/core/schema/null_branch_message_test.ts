/**
 * A union branch that admits null alone is named so when it comes or goes: "anyOf branch 1 (null)
 * was added" says the property became nullable, where "anyOf branch 1 was added" did not
 * (@unkey/api 2.0.0 → 2.1.4, keys-update-key's credits and refill; @polar-sh/sdk 0.30.0 →
 * 0.34.17's metadata lost its null branch). Other branches without a tag keep their index alone.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { propertyChanges } from "./_schema_helpers.ts";

/** `rule severity: message` of each finding when property `v` goes from a to b on `side`. */
function found(side: "input" | "output", a: JsonValue, b: JsonValue): string[] {
  return propertyChanges(side, "v", a, b)
    .map((c) => `${c.rule} ${c.severity}: ${c.message}`);
}

const object = { type: "object", properties: { remaining: { type: "integer" } } };

Deno.test("diff names a union branch that admits null alone as null", () => {
  for (const nil of [{ type: "null" }, { const: null, description: "none" }, { enum: [null] }]) {
    const nullable = { anyOf: [object, nil] };
    assert.deepEqual(found("input", { anyOf: [object] }, nullable), [
      "tool.input.anyOf.widened NON_BREAKING: t.inputSchema.properties.v: anyOf branch 1 (null) was added",
    ]);
    assert.deepEqual(found("input", nullable, { anyOf: [object] }), [
      "tool.input.anyOf.narrowed BREAKING: t.inputSchema.properties.v: anyOf branch 1 (null) was removed",
    ]);
    assert.deepEqual(found("output", { anyOf: [object] }, nullable), [
      "tool.output.anyOf.widened BREAKING: t.outputSchema.properties.v: anyOf branch 1 (null) was added",
    ]);
  }
  // A branch that admits more than null keeps its index alone.
  assert.deepEqual(
    found("input", { anyOf: [object] }, { anyOf: [object, { type: ["string", "null"] }] }),
    [
      "tool.input.anyOf.widened NON_BREAKING: t.inputSchema.properties.v: anyOf branch 1 was added",
    ],
  );
});

/**
 * Bounds at the safe-integer limit (±(2^53 − 1)) on integer schemas, as zod's `.int()` writes
 * them: found on @modelcontextprotocol/server-sequential-thinking 2025.7.1 → 2025.12.18, where
 * Proxar graded `maximum: 9007199254740991` added to four integer inputs BREAKING although no
 * interoperable integer (RFC 7493, section 2.2) is rejected by it.
 */
import assert from "node:assert/strict";
import { schemaFindings } from "./_schema_helpers.ts";

const SAFE = Number.MAX_SAFE_INTEGER;
const holder = (n: Record<string, unknown>) => ({
  type: "object",
  properties: { n: { type: "integer", ...n } },
});

Deno.test("diff grades maximum 2^53-1 added to an integer NON_BREAKING on input and on output", () => {
  const a = holder({ minimum: 1 });
  const b = holder({ minimum: 1, maximum: SAFE });
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, a, b), [
      `tool.${side}.maximum.safeIntegerLimit t.${side}Schema.properties.n.maximum NON_BREAKING`,
    ]);
    assert.deepEqual(schemaFindings(side, b, a), [
      `tool.${side}.maximum.safeIntegerLimit t.${side}Schema.properties.n.maximum NON_BREAKING`,
    ]);
  }
});

Deno.test("diff grades minimum -(2^53-1) added to an integer NON_BREAKING on input and on output", () => {
  const a = holder({});
  const b = holder({ minimum: -SAFE, maximum: SAFE });
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, a, b), [
      `tool.${side}.maximum.safeIntegerLimit t.${side}Schema.properties.n.maximum NON_BREAKING`,
      `tool.${side}.minimum.safeIntegerLimit t.${side}Schema.properties.n.minimum NON_BREAKING`,
    ]);
  }
});

Deno.test("diff still grades a real bound replacing the safe-integer limit by its variance", () => {
  const a = holder({ maximum: SAFE });
  const b = holder({ maximum: 100 });
  assert.deepEqual(schemaFindings("input", a, b), [
    "tool.input.maximum.narrowed t.inputSchema.properties.n.maximum BREAKING",
  ]);
  assert.deepEqual(schemaFindings("output", a, b), [
    "tool.output.maximum.narrowed t.outputSchema.properties.n.maximum NON_BREAKING",
  ]);
  assert.deepEqual(schemaFindings("input", b, a), [
    "tool.input.maximum.widened t.inputSchema.properties.n.maximum NON_BREAKING",
  ]);
  assert.deepEqual(schemaFindings("output", b, a), [
    "tool.output.maximum.widened t.outputSchema.properties.n.maximum BREAKING",
  ]);
});

Deno.test("diff keeps the safe-integer limit a real bound where a side is not integer-only", () => {
  // A number above 2^53 - 1, such as 1e20, is an interoperable double: the bound rejects it.
  const num = (n: Record<string, unknown>) => ({
    type: "object",
    properties: { n: { type: "number", ...n } },
  });
  assert.deepEqual(schemaFindings("input", num({}), num({ maximum: SAFE })), [
    "tool.input.maximum.narrowed t.inputSchema.properties.n.maximum BREAKING",
  ]);
  assert.deepEqual(schemaFindings("output", num({ maximum: SAFE }), num({})), [
    "tool.output.maximum.widened t.outputSchema.properties.n.maximum BREAKING",
  ]);
  // Integer before, number after: the type widens, and the new bound applies to numbers.
  assert.deepEqual(schemaFindings("input", holder({}), num({ maximum: SAFE })), [
    "tool.input.maximum.narrowed t.inputSchema.properties.n.maximum BREAKING",
    "tool.input.type.widened t.inputSchema.properties.n.type NON_BREAKING",
  ]);
  // Undecidable for the catch-all differ, which does not follow the $ref to the integer type:
  // it keeps the bound BREAKING, and the stricter verdict wins over the walk's.
  const viaRef = {
    type: "object",
    $defs: { i: { type: "integer" } },
    properties: { n: { $ref: "#/$defs/i", maximum: SAFE } },
  };
  const plain = { ...viaRef, properties: { n: { $ref: "#/$defs/i" } } };
  assert.deepEqual(schemaFindings("output", viaRef, plain), [
    "tool.output.keyword.changed t.outputSchema.properties.n.maximum BREAKING",
    "tool.output.maximum.safeIntegerLimit t.outputSchema.properties.n.maximum NON_BREAKING",
  ]);
});

Deno.test("diff grades an exclusive bound just past the safe-integer limit like the inclusive one", () => {
  const a = holder({});
  const b = holder({ exclusiveMaximum: SAFE + 1 });
  assert.deepEqual(schemaFindings("input", a, b), [
    "tool.input.maximum.safeIntegerLimit t.inputSchema.properties.n.exclusiveMaximum NON_BREAKING",
  ]);
});

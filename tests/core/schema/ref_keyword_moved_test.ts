import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { fourWays, narrowedFourWays } from "./_schema_helpers.ts";

/** Property `a` refers to definition `x`; `beside` stands next to the `$ref`, `inside` in `x`. */
function holder(beside: JsonObject, inside: JsonObject, more: JsonObject = {}): JsonValue {
  return {
    type: "object",
    properties: { a: { $ref: "#/$defs/x", ...beside }, ...more },
    $defs: { x: { type: ["string", "array", "object"], ...inside } },
  };
}

const NONE = { input: [], inputReversed: [], output: [], outputReversed: [] };

Deno.test("diff finds nothing when a keyword moves from beside a $ref into its definition", () => {
  // Since draft 2019-09 the target and the keywords beside the reference apply together: the
  // schema of `a` is the same. The catch-all compared the definition alone (maxLength narrowed,
  // BREAKING on input, "the structured walk reported nothing here") or the place of the
  // reference alone (uniqueItems removed, widened).
  const moved: JsonObject[] = [
    { maxLength: 3 },
    { uniqueItems: true },
    { pattern: "^a" },
    { not: { const: "a" } },
    { contains: { const: 1 } },
    { dependentRequired: { a: ["b"] } },
  ];
  for (const keyword of moved) {
    assert.deepEqual(fourWays(holder(keyword, {}), holder({}, keyword)), NONE);
  }
});

Deno.test("diff reports a bound moved into a definition that another place uses as well", () => {
  // `b` refers to x without the bound: it now has one, graded at b as the structured walk does.
  const b = { b: { $ref: "#/$defs/x" } };
  const found = fourWays(holder({ maxLength: 3 }, {}, b), holder({}, { maxLength: 3 }, b));
  assert.deepEqual(found, narrowedFourWays("maxLength", "properties.b.maxLength"));
});

Deno.test("diff reports an unmodelled keyword moved into a definition in both places", () => {
  // Undecidable: no proof speaks for a keyword Proxar does not model, so both changes stay
  // BREAKING in every direction.
  const vendor = { "vndVendor": 1 };
  const found = fourWays(holder(vendor, {}), holder({}, vendor));
  for (const [direction, lines] of Object.entries(found)) {
    const side = direction.startsWith("input") ? "input" : "output";
    assert.deepEqual(lines, [
      `tool.${side}.keyword.unmodelled t.${side}Schema.$defs.x.vndVendor BREAKING`,
      `tool.${side}.keyword.unmodelled t.${side}Schema.properties.a.vndVendor BREAKING`,
    ], direction);
  }
});

Deno.test("diff keeps reporting a keyword moved beside a draft-07 $ref", () => {
  // Draft-07 ignores the keywords beside a $ref, but the validator of the MCP SDK (Ajv 8)
  // applies them: the catch-all still reports the bound removed beside the reference.
  const draft7 = (s: JsonValue) => ({
    ...(s as JsonObject),
    $schema: "http://json-schema.org/draft-07/schema#",
  });
  const found = fourWays(draft7(holder({ maxLength: 3 }, {})), draft7(holder({}, {})));
  // The catch-all's own finding, widened or narrowed by variance (keyword.changed once merged).
  const line = (side: string, severity: string) =>
    `tool.${side}.keyword.changed t.${side}Schema.properties.a.maxLength ${severity}`;
  assert.deepEqual(found, {
    input: [line("input", "NON_BREAKING")],
    inputReversed: [line("input", "BREAKING")],
    output: [line("output", "BREAKING")],
    outputReversed: [line("output", "NON_BREAKING")],
  });
});

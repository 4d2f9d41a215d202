/**
 * A description a `$ref` chain hides is still prose a model reads: Pydantic v2 writes a field as
 * `{$ref: "#/$defs/Mode", description: "How to convert."}` and the enum's docstring as Mode's
 * description. The walk read the chain as one schema whose description is the field's, so the
 * docstring reworded ("Exact never drops formatting." → "Exact may drop formatting.") gave no
 * finding at all. It is now graded by the prose classifier where the file writes it; a text that
 * only moved between the field and its definition is no change.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { classifyProse } from "../../../core/prose.ts";
import { fourWays, NOTHING_FOUR_WAYS, schemaChanges } from "./_schema_helpers.ts";

/** A root whose property `x` is `field`, with definition Mode described by `docstring`. */
function root(field: JsonValue, docstring?: string): JsonValue {
  return {
    type: "object",
    properties: { x: field },
    $defs: {
      Mode: {
        type: "string",
        enum: ["fast", "exact"],
        ...docstring === undefined ? {} : { description: docstring },
      },
    },
  };
}
const v2 = { $ref: "#/$defs/Mode", description: "How to convert." };
const v1 = { allOf: [{ $ref: "#/$defs/Mode" }], description: "How to convert." };

/** {@link fourWays} of one description.changed at `properties.x.PATH`, at `severity`. */
function everyWay(severity: string, path = "description") {
  const at = (side: string) =>
    `tool.${side}.description.changed t.${side}Schema.properties.x.${path} ${severity}`;
  return {
    input: [at("input")],
    inputReversed: [at("input")],
    output: [at("output")],
    outputReversed: [at("output")],
  };
}

Deno.test("a definition's description hidden by the one beside its $ref is compared as prose", () => {
  const [before, after] = ["Exact never drops formatting.", "Exact may drop formatting."];
  const severity = classifyProse(before, after).severity;
  assert.equal(severity, "POTENTIALLY_BREAKING");
  // Pydantic v1's allOf [$ref] on both sides is compared branch with branch, its $ref alone in
  // the branch: the docstring was reported there already.
  for (const [field, path] of [[v2, "description"], [v1, "allOf.0.description"]] as const) {
    // It read no finding in any direction (v2).
    assert.deepEqual(fourWays(root(field, before), root(field, after)), everyWay(severity, path));
    assert.deepEqual(
      fourWays(root(field), root(field, after)),
      everyWay("POTENTIALLY_BREAKING", path),
    );
    const [found] = schemaChanges("input", root(field, before), root(field, after));
    assert.equal(found!.pointer, "/tools/0/inputSchema/$defs/Mode/description");
    assert.deepEqual([found!.old, found!.new], [before, after]);
  }
  // From v1 to v2, the docstring reworded too: one finding, at the definition.
  assert.deepEqual(fourWays(root(v1, before), root(v2, after)), everyWay(severity));
  // Graded by the classifier: a change that cannot move a model is documentation.
  assert.equal(classifyProse("Conversion modes.", "Conversion modes").severity, "DOCUMENTATION");
  assert.deepEqual(
    fourWays(root(v2, "Conversion modes."), root(v2, "Conversion modes")),
    everyWay("DOCUMENTATION"),
  );
});

Deno.test("a description that only moved between a field and its definition is no change", () => {
  const moved = root({ $ref: "#/$defs/Mode" }, "How to convert.");
  assert.deepEqual(fourWays(root(v2), moved), NOTHING_FOUR_WAYS);
  assert.deepEqual(fourWays(root(v2, "Modes."), root(v2, "Modes.")), NOTHING_FOUR_WAYS);
});

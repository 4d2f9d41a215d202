/**
 * Definitions that no reference reaches: found on @notionhq/notion-mcp-server 2.0.0 → 2.5.2, which
 * copies every definition of the Notion API into each of its tools, so that one change to a
 * shared definition failed tools such as API-delete-a-block (which references none) as BREAKING.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { schemaFindings } from "./_schema_helpers.ts";

const SIDES = ["input", "output"] as const;
/** The grade of a narrowing by variance: what a compared definition still gets. */
const narrowed = { input: "BREAKING", output: "NON_BREAKING" } as const;

/** An object schema with `props` and one definition `d`. */
function holder(props: JsonObject, d: JsonValue, extra: JsonObject = {}): JsonObject {
  return { type: "object", properties: props, $defs: { d }, ...extra };
}

const id = { id: { type: "string" } };
const wide = { type: ["string", "integer"] };
const narrow = { type: "string" };

Deno.test("diff grades a change of a definition nothing references DOCUMENTATION on input and output, widened or narrowed", () => {
  for (const side of SIDES) {
    for (const [a, b] of [[wide, narrow], [narrow, wide]]) {
      assert.deepEqual(schemaFindings(side, holder(id, a!), holder(id, b!)), [
        `tool.${side}.unusedDefinition.changed t.${side}Schema.$defs.d DOCUMENTATION`,
      ]);
    }
  }
});

Deno.test("diff grades a referenced definition where it is used, by variance", () => {
  const used = { id: { $ref: "#/$defs/d" } };
  assert.deepEqual(schemaFindings("input", holder(used, wide), holder(used, narrow)), [
    "tool.input.type.narrowed t.inputSchema.properties.id.type BREAKING",
  ]);
  assert.deepEqual(schemaFindings("output", holder(used, wide), holder(used, narrow)), [
    "tool.output.type.narrowed t.outputSchema.properties.id.type NON_BREAKING",
  ]);
  assert.deepEqual(schemaFindings("output", holder(used, narrow), holder(used, wide)), [
    "tool.output.type.widened t.outputSchema.properties.id.type BREAKING",
  ]);
});

Deno.test("diff follows references through definitions: reached from a reached one counts, from an unused one not", () => {
  const chain = (props: JsonObject, t: JsonValue): JsonObject => ({
    type: "object",
    properties: props,
    $defs: { a: { $ref: "#/$defs/b" }, b: t },
  });
  assert.deepEqual(
    schemaFindings(
      "input",
      chain({ id: { $ref: "#/$defs/a" } }, wide),
      chain({ id: { $ref: "#/$defs/a" } }, narrow),
    ),
    ["tool.input.type.narrowed t.inputSchema.properties.id.type BREAKING"],
  );
  assert.deepEqual(schemaFindings("input", chain(id, wide), chain(id, narrow)), [
    "tool.input.unusedDefinition.changed t.inputSchema.$defs.b DOCUMENTATION",
  ]);
});

Deno.test("diff grades a definition referenced on one side only where it was used, not as a definition", () => {
  // The old schema uses the definition; the new one no longer does, and its d checks no value:
  // the place that used it is compared with what the new side writes there (one_side_definition_test.ts).
  const old = holder({ id: { $ref: "#/$defs/d" } }, wide);
  const next = holder(id, narrow);
  for (const side of SIDES) {
    assert.deepEqual(schemaFindings(side, old, next), [
      `tool.${side}.type.narrowed t.${side}Schema.properties.id.type ${narrowed[side]}`,
    ]);
  }
});

Deno.test("diff counts every definition as reached when a reference cannot be followed as a pointer", () => {
  // Undecidable here: an anchor, a remote reference, a reference inside an unmodelled keyword,
  // a nested $id. The change stays graded by variance, as before.
  const cases: [JsonObject, JsonValue, JsonValue][] = [
    [{ id: { $ref: "#d" } }, { $anchor: "d", ...wide }, { $anchor: "d", ...narrow }],
    [{ id: { $ref: "other.json#/$defs/d" } }, wide, narrow],
    [{ id: { type: "string", "x-schema": { $ref: "#/$defs/d" } } }, wide, narrow],
    [{ id: { $id: "urn:x", $ref: "#/$defs/e", $defs: { e: { type: "string" } } } }, wide, narrow],
  ];
  for (const [props, a, b] of cases) {
    for (const side of SIDES) {
      const found = schemaFindings(side, holder(props, a), holder(props, b));
      assert.ok(
        found.includes(
          `tool.${side}.keyword.changed t.${side}Schema.$defs.d.type ${narrowed[side]}`,
        ),
        `${JSON.stringify(props)}: ${found.join(", ")}`,
      );
    }
  }
});

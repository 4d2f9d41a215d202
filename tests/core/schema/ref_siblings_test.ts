/**
 * Keywords beside a `$ref` (draft 2019-09 and later): the target and the siblings both apply, so
 * the walk compares their conjunction, and reports a keyword where it is written.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { classifyProse } from "../../../core/prose.ts";
import { walkSchemas } from "../../../core/schema/walk.ts";
import { schemaFindings } from "./_schema_helpers.ts";

const SAFE = 9007199254740991;
const D7 = "http://json-schema.org/draft-07/schema#";

/** Property `n` refers to definition `i` with `beside` next to the $ref. */
function node(beside: JsonObject, i: JsonValue = { type: "integer", maximum: 10 }): JsonObject {
  return {
    type: "object",
    $defs: { i },
    properties: { n: { $ref: "#/$defs/i", ...beside } },
  };
}

/** `rule pointer severity` of the walk's findings. */
function walk(side: "input" | "output", a: JsonValue, b: JsonValue): string[] {
  return walkSchemas(a, b, {
    side,
    basePath: "t",
    basePointer: "",
    classifyProse,
  }).map((d) => `${d.rule} ${d.pointer} ${d.severity}`);
}

Deno.test("walkSchemas() takes the tighter of a bound beside a $ref and the target's", () => {
  // The target's maximum 10 applies before and after: the safe-integer limit beside it adds nothing.
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(walk(side, node({}), node({ maximum: SAFE })), [], side);
    assert.deepEqual(walk(side, node({ maximum: SAFE }), node({})), [], side);
    assert.deepEqual(walk(side, node({ maximum: 20 }), node({ maximum: 30 })), [], side);
  }
  // Below the target's bound, the sibling is the bound: reported where it is written.
  assert.deepEqual(walk("output", node({ maximum: 5 }), node({})), [
    "tool.output.maximum.widened /properties/n/maximum BREAKING",
  ]);
  assert.deepEqual(walk("input", node({ maximum: 5 }), node({})), [
    "tool.input.maximum.widened /properties/n/maximum NON_BREAKING",
  ]);
  assert.deepEqual(
    walk("input", node({}, { type: "string" }), node({ maxLength: 3 }, { type: "string" })),
    [
      "tool.input.maxLength.narrowed /properties/n/maxLength BREAKING",
    ],
  );
});

Deno.test("walkSchemas() reports a change of the target under a $ref with siblings at the target", () => {
  const a = node({ maximum: 5 }, { type: "integer", maximum: 10 });
  // The target loosened but the sibling still holds: nothing changes.
  assert.deepEqual(walk("output", a, node({ maximum: 5 }, { type: "integer", maximum: 20 })), []);
  // The target tightened below the sibling: the target's keyword changed.
  assert.deepEqual(walk("input", a, node({ maximum: 5 }, { type: "integer", maximum: 3 })), [
    "tool.input.maximum.narrowed /$defs/i/maximum BREAKING",
  ]);
});

Deno.test("walkSchemas() intersects types, values and required beside a $ref", () => {
  const i = { type: "integer", enum: [1, 2, 3] };
  for (const side of ["input", "output"] as const) {
    // Both already apply: restating a wider type or a superset of values changes nothing.
    assert.deepEqual(walk(side, node({}, i), node({ type: ["integer", "string"] }, i)), [], side);
    assert.deepEqual(walk(side, node({}, i), node({ enum: [1, 2, 3, 4] }, i)), [], side);
  }
  assert.deepEqual(walk("input", node({}, i), node({ enum: [1, 2] }, i)), [
    "tool.input.enum.narrowed /properties/n/enum BREAKING",
  ]);
  const obj = { type: "object", required: ["a"] };
  assert.deepEqual(walk("output", node({ required: ["a", "b"] }, obj), node({}, obj)), [
    "tool.output.required.removed /properties/n/required BREAKING",
  ]);
});

Deno.test("walkSchemas() compares the parts of a $ref with siblings it cannot combine", () => {
  // Two patterns cannot be one: each part is compared with its counterpart, where it is written.
  const i = { type: "string", pattern: "^a" };
  assert.deepEqual(
    walk("input", node({ pattern: "b$" }, i), node({ pattern: "b$", maxLength: 3 }, i)),
    ["tool.input.maxLength.narrowed /properties/n/maxLength BREAKING"],
  );
  assert.deepEqual(
    walk("output", node({ pattern: "b$", maxLength: 3 }, i), node({ pattern: "b$" }, i)),
    ["tool.output.maxLength.widened /properties/n/maxLength BREAKING"],
  );
  assert.deepEqual(walk("output", node({ pattern: "b$" }, i), node({ pattern: "b$" }, i)), []);
  // properties beside a target whose additionalProperties reads them: not one object either.
  const closed = { type: "object", additionalProperties: false };
  assert.deepEqual(
    walk(
      "input",
      node({ properties: { x: { type: "string" } } }, closed),
      node({ properties: { x: { type: "integer" } } }, closed),
    ),
    ["tool.input.type.changed /properties/n/properties/x/type BREAKING"],
  );
});

Deno.test("walkSchemas() compares a bound beside a $ref it cannot resolve as written", () => {
  // Undecidable: the target may hold any constraint. The sibling is compared where it stands.
  const a = { properties: { n: { $ref: "#/$defs/missing", maximum: 5 } } };
  const b = { properties: { n: { $ref: "#/$defs/missing", maximum: 3 } } };
  assert.deepEqual(walk("input", a, b), [
    "tool.input.maximum.narrowed /properties/n/maximum BREAKING",
  ]);
  assert.deepEqual(walk("output", b, a), [
    "tool.output.maximum.widened /properties/n/maximum BREAKING",
  ]);
});

Deno.test("walkSchemas() ignores assertions beside a $ref in draft-07 and keeps its annotations", () => {
  const d7 = (s: JsonObject) => ({ $schema: D7, ...s });
  const i = { type: "string" };
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(walk(side, d7(node({}, i)), d7(node({ maxLength: 3 }, i))), [], side);
  }
  const [description] = walk(
    "output",
    d7(node({ description: "the name" }, i)),
    d7(node({ description: "never the name" }, i)),
  );
  assert.equal(
    description,
    "tool.output.description.changed /properties/n/description POTENTIALLY_BREAKING",
  );
});

Deno.test("diff merges the walk's finding beside a $ref with the catch-all differ's", () => {
  const i = { type: "integer" };
  assert.deepEqual(schemaFindings("output", node({ maximum: 5 }, i), node({}, i)), [
    "tool.output.maximum.widened t.outputSchema.properties.n.maximum BREAKING",
  ]);
  assert.deepEqual(schemaFindings("input", node({}, i), node({ minimum: 1 }, i)), [
    "tool.input.minimum.narrowed t.inputSchema.properties.n.minimum BREAKING",
  ]);
});

Deno.test("diff grades no change when a bound beside a $ref is looser than the target's", () => {
  // Both differs take the tighter bound: the target's maximum 10 and maxLength 3 hold throughout.
  const s = { type: "string", maxLength: 3 };
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, node({ maximum: SAFE }), node({})), [], side);
    assert.deepEqual(schemaFindings(side, node({}), node({ maximum: SAFE })), [], side);
    assert.deepEqual(schemaFindings(side, node({ maxLength: 10 }, s), node({}, s)), [], side);
  }
  // Tighter than the target's, the sibling is the bound, whichever differ reads it.
  assert.deepEqual(schemaFindings("output", node({ maxLength: 2 }, s), node({}, s)), [
    "tool.output.maxLength.widened t.outputSchema.properties.n.maxLength BREAKING",
  ]);
});

Deno.test("diff grades no change when a $ref's siblings restate what its target allows", () => {
  const i = { type: "integer", enum: [1, 2, 3] };
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, node({}, i), node({ type: "integer" }, i)), [], side);
    assert.deepEqual(schemaFindings(side, node({}, i), node({ enum: [1, 2, 3, 4] }, i)), [], side);
    assert.deepEqual(
      schemaFindings(side, node({ type: ["integer", "string"] }, i), node({}, i)),
      [],
    );
  }
  // Fewer values than the target allows: a real narrowing, reported once.
  assert.deepEqual(schemaFindings("input", node({}, i), node({ enum: [1, 2] }, i)), [
    "tool.input.enum.narrowed t.inputSchema.properties.n.enum BREAKING",
  ]);
});

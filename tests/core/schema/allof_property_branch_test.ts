/**
 * An allOf branch added that only declares optional properties of an open object accepts what
 * the same properties added to `properties` accept, so it is graded as they are:
 * tool.*.property.added (NON_BREAKING on both sides), where it was tool.input.allOf.narrowed
 * (BREAKING). A branch that also requires, or constrains anything else, keeps its grade.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { diffContracts } from "../../../core/engine.ts";
import { contractFromValue } from "../../../core/load_contract.ts";
import { catchAll, registry, schemaFindings } from "./_schema_helpers.ts";

const base = { type: "object", properties: { q: { type: "string" } } };
const x = { type: "integer" };
const withBranch = { ...base, allOf: [{ properties: { x } }] };
const inProperties = { ...base, properties: { ...base.properties, x } };

Deno.test("diff grades an allOf branch of optional properties added as the properties added, on input and output", () => {
  for (const side of ["input", "output"] as const) {
    const at = `t.${side}Schema`;
    assert.deepEqual(schemaFindings(side, base, inProperties), [
      `tool.${side}.property.added ${at}.properties.x NON_BREAKING`,
    ]);
    assert.deepEqual(schemaFindings(side, base, withBranch), [
      `tool.${side}.property.added ${at}.allOf.0.properties.x NON_BREAKING`,
    ]);
  }
});

Deno.test("diff keeps the grade of an allOf branch of optional properties removed", () => {
  // Removed, the property is gone (BREAKING) as from properties; the allOf beside it keeps its
  // variance grade.
  assert.deepEqual(schemaFindings("input", withBranch, base), [
    "tool.input.allOf.widened t.inputSchema.allOf NON_BREAKING",
    "tool.input.property.removed t.inputSchema.allOf.0.properties.x BREAKING",
  ]);
  assert.deepEqual(schemaFindings("output", withBranch, base), [
    "tool.output.allOf.widened t.outputSchema.allOf BREAKING",
    "tool.output.property.removed t.outputSchema.allOf.0.properties.x BREAKING",
  ]);
});

Deno.test("diff grades a branch of optional properties added beside other allOf branches as the properties added", () => {
  const a = { ...base, allOf: [{ properties: { y: {} } }] };
  const b = {
    ...base,
    allOf: [{ properties: { y: {} } }, {
      type: "object",
      description: "More",
      properties: { x, z: { type: "string" } },
    }],
  };
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, a, b), [
      `tool.${side}.property.added t.${side}Schema.allOf.1.properties.x NON_BREAKING`,
      `tool.${side}.property.added t.${side}Schema.allOf.1.properties.z NON_BREAKING`,
    ]);
  }
});

Deno.test("diff keeps allOf.narrowed for a branch that requires, constrains or meets a closed object", () => {
  const narrowed = ["tool.input.allOf.narrowed t.inputSchema.allOf BREAKING"];
  const added = (branch: JsonValue, holder: Record<string, JsonValue> = {}) =>
    schemaFindings("input", { ...base, ...holder }, { ...base, ...holder, allOf: [branch] });
  assert.deepEqual(added({ properties: { x }, required: ["x"] }), narrowed);
  assert.deepEqual(added({ properties: { x }, minProperties: 1 }), narrowed);
  // A property the object already declares: the branch constrains it further.
  assert.deepEqual(added({ properties: { q: { minLength: 1 } } }), narrowed);
  // A closed object still rejects "x": the branch adds no parameter.
  assert.deepEqual(added({ properties: { x } }, { additionalProperties: false }), narrowed);
  // Required by the object: a required property added, as in properties.
  assert.deepEqual(
    schemaFindings("input", base, { ...base, required: ["x"], allOf: [{ properties: { x } }] }),
    [...narrowed, "tool.input.required.added t.inputSchema.required BREAKING"],
  );
});

Deno.test("diff keeps allOf.narrowed when Proxar cannot tell which names the object declared", () => {
  // The undecidable case: a remote $ref may declare "x" already.
  const holder = { $ref: "https://x.example/s.json" };
  assert.deepEqual(
    schemaFindings("input", { ...base, ...holder }, {
      ...base,
      ...holder,
      allOf: [{ properties: { x } }],
    }),
    ["tool.input.allOf.narrowed t.inputSchema.allOf BREAKING"],
  );
});

Deno.test("diff grades a branch of optional properties added under not as a property added there", () => {
  const a = { ...base, not: { type: "object" } };
  const b = { ...base, not: { type: "object", allOf: [{ properties: { x } }] } };
  const c = { ...base, not: { type: "object", properties: { x } } };
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, a, c), [
      `tool.${side}.property.added t.${side}Schema.not.properties.x BREAKING`,
    ]);
    assert.deepEqual(schemaFindings(side, a, b), [
      `tool.${side}.property.added t.${side}Schema.not.allOf.0.properties.x BREAKING`,
    ]);
  }
});

Deno.test("diff points a property added in an allOf branch at the branch's property", () => {
  const wrap = (s: JsonValue) => contractFromValue({ tools: [{ name: "t", inputSchema: s }] });
  const { changes } = diffContracts(wrap(base), wrap(withBranch), { registry });
  assert.equal(changes.length, 1);
  assert.equal(changes[0]!.pointer, "/tools/0/inputSchema/allOf/0/properties/x");
  assert.equal(
    changes[0]!.message,
    't.inputSchema: optional property "x" was added (declared in allOf branch 0)',
  );
  assert.deepEqual(changes[0]!.new, x);
});

Deno.test("catchAllDiff() grades an allOf branch of optional properties added as the properties added", () => {
  const diff = (side: "input" | "output", a: JsonValue, b: JsonValue) =>
    catchAll(a, b, { side }).map((d) => `${d.rule} ${d.path} ${d.severity}`);
  assert.deepEqual(diff("input", base, withBranch), [
    "tool.input.keyword.widened t.allOf.0.properties.x NON_BREAKING",
  ]);
  assert.deepEqual(diff("output", base, withBranch), [
    "tool.output.keyword.narrowed t.allOf.0.properties.x NON_BREAKING",
  ]);
  assert.deepEqual(diff("input", base, inProperties), [
    "tool.input.keyword.widened t.properties.x NON_BREAKING",
  ]);
});

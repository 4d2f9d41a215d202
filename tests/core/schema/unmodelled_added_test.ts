/**
 * An unmodelled keyword inside a subschema that only the new side has (a property, an anyOf
 * branch, a pattern property, an allOf branch of properties added): the engine specification
 * reports a keyword it does not model as BREAKING "on the day it appears in your schema", and
 * the property's own finding says nothing of it, so the catch-all differ reports it at its
 * pointer (tool.*.keyword.unmodelled), as it already did in an items or additionalProperties
 * schema added. Keywords the engine models (contentEncoding, dependentSchemas, not …) are
 * graded with the property added.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { diffContracts } from "../../../core/engine.ts";
import { contractFromValue } from "../../../core/load_contract.ts";
import { registry, schemaFindings } from "./_schema_helpers.ts";

const base = { type: "object", properties: { q: { type: "string" } } };
const added = (n: JsonValue, extra: Record<string, JsonValue> = {}) => ({
  ...base,
  ...extra,
  properties: { ...base.properties, n },
});
const unmodelled = (side: string, at: string) =>
  `tool.${side}.keyword.unmodelled t.${side}Schema.${at} BREAKING`;

Deno.test("diff reports an unmodelled keyword in a property added, on input and output", () => {
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, base, added({ type: "string", "vndFoo": 1 })), [
      unmodelled(side, "properties.n.vndFoo"),
      `tool.${side}.property.added t.${side}Schema.properties.n NON_BREAKING`,
    ]);
    // Nested anywhere below the new property, and whatever its value holds.
    const nested = {
      type: "object",
      properties: { m: { type: "array", items: { "vndBar": { type: "integer" } } } },
    };
    assert.deepEqual(schemaFindings(side, base, added(nested)), [
      unmodelled(side, "properties.n.properties.m.items.vndBar"),
      `tool.${side}.property.added t.${side}Schema.properties.n NON_BREAKING`,
    ]);
  }
});

Deno.test("diff grades modelled keywords of a property added with the property alone", () => {
  for (
    const n of [
      { type: "string", contentEncoding: "base64" },
      { type: "object", dependentSchemas: { a: { required: ["b"] } } },
      { type: "string", not: { enum: [""] } },
    ]
  ) {
    for (const side of ["input", "output"] as const) {
      assert.deepEqual(schemaFindings(side, base, added(n)), [
        `tool.${side}.property.added t.${side}Schema.properties.n NON_BREAKING`,
      ], JSON.stringify(n));
    }
  }
});

Deno.test("diff keeps the grade of a property removed with an unmodelled keyword: it did not appear", () => {
  assert.deepEqual(schemaFindings("input", added({ "vndFoo": 1 }), base), [
    "tool.input.property.removed t.inputSchema.properties.n BREAKING",
  ]);
  assert.deepEqual(schemaFindings("output", added({ "vndFoo": 1 }), base), [
    "tool.output.property.removed t.outputSchema.properties.n BREAKING",
  ]);
});

Deno.test("diff reports an unmodelled keyword in an anyOf branch, a pattern property or an allOf branch added", () => {
  const x = { type: "string", "vndFoo": 1 };
  assert.deepEqual(
    schemaFindings("input", { anyOf: [{ type: "integer" }] }, { anyOf: [{ type: "integer" }, x] }),
    [
      "tool.input.anyOf.widened t.inputSchema.anyOf NON_BREAKING",
      unmodelled("input", "anyOf.1.vndFoo"),
    ],
  );
  assert.deepEqual(
    schemaFindings("input", { type: "object" }, { type: "object", patternProperties: { "^a": x } }),
    [
      unmodelled("input", "patternProperties.^a.vndFoo"),
      "tool.input.patternProperties.narrowed t.inputSchema.patternProperties BREAKING",
    ],
  );
  assert.deepEqual(schemaFindings("output", base, { ...base, allOf: [{ properties: { n: x } }] }), [
    unmodelled("output", "allOf.0.properties.n.vndFoo"),
    "tool.output.property.added t.outputSchema.allOf.0.properties.n NON_BREAKING",
  ]);
});

Deno.test("diff reports an unmodelled keyword in a definition only a property added reaches", () => {
  const ref = { $ref: "#/$defs/d" };
  const d = { type: "string", "vndFoo": 1 };
  assert.deepEqual(schemaFindings("input", base, added(ref, { $defs: { d } })), [
    unmodelled("input", "$defs.d.vndFoo"),
    "tool.input.property.added t.inputSchema.properties.n NON_BREAKING",
  ]);
  // A definition that was there before, as it is: its keyword did not appear now.
  assert.deepEqual(
    schemaFindings("input", { ...base, $defs: { d } }, added(ref, { $defs: { d } })),
    ["tool.input.property.added t.inputSchema.properties.n NON_BREAKING"],
  );
});

Deno.test("diff reports an unmodelled keyword in a property added where the old schema of the name is unknown", () => {
  // The undecidable case: a pattern Proxar cannot match against the name.
  const holder = { type: "object", patternProperties: { "^(a+)\\1$": { type: "string" } } };
  const next = { ...holder, properties: { aa: { type: "integer", "vndFoo": 1 } } };
  assert.deepEqual(schemaFindings("input", holder, next), [
    unmodelled("input", "properties.aa.vndFoo"),
    "tool.input.property.changed t.inputSchema.properties.aa BREAKING",
  ]);
});

Deno.test("diff points an unmodelled keyword in a property added at the keyword", () => {
  const wrap = (s: JsonValue) => contractFromValue({ tools: [{ name: "t", inputSchema: s }] });
  const { changes } = diffContracts(wrap(base), wrap(added({ "vndFoo": { a: 1 } })), { registry });
  const found = changes.find((c) => c.rule === "tool.input.keyword.unmodelled")!;
  assert.equal(found.pointer, "/tools/0/inputSchema/properties/n/vndFoo");
  assert.deepEqual(found.new, { a: 1 });
  assert.equal(found.old, undefined);
  assert.equal(
    found.message,
    'Unmodelled keyword "vndFoo" added at "t.inputSchema.properties.n.vndFoo": a keyword the engine does not model is BREAKING',
  );
});

Deno.test("diff reports an unmodelled keyword a property added repeats from another place of the old schema", () => {
  // "vndFoo": 1 beside a, not where b now stands: it appeared at b (review). Another value is
  // reported as well.
  const old = { type: "object", properties: { a: { type: "string", "vndFoo": 1 } } };
  const next = { ...old, properties: { ...old.properties, b: { type: "string", "vndFoo": 1 } } };
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, old, next), [
      unmodelled(side, "properties.b.vndFoo"),
      `tool.${side}.property.added t.${side}Schema.properties.b NON_BREAKING`,
    ]);
  }
  const other = { ...old, properties: { ...old.properties, b: { type: "string", "vndFoo": 2 } } };
  assert.deepEqual(schemaFindings("input", old, other), [
    unmodelled("input", "properties.b.vndFoo"),
    "tool.input.property.added t.inputSchema.properties.b NON_BREAKING",
  ]);
  // Removed from b: nothing appeared.
  assert.deepEqual(schemaFindings("input", next, old), [
    "tool.input.property.removed t.inputSchema.properties.b BREAKING",
  ]);
});

Deno.test("diff does not report the unmodelled keyword of the former schema now a union branch, or of a definition moved", () => {
  const former = {
    type: "object",
    "vndFoo": 1,
    properties: { q: { type: "string", "vndBar": 2 } },
  };
  const branch = { ...former, properties: { ...former.properties, n: { type: "integer" } } };
  for (const side of ["input", "output"] as const) {
    // The branches are read in place of the former schema: none reports its keywords.
    const findings = schemaFindings(side, former, { anyOf: [branch, { type: "null" }] });
    assert.deepEqual(findings.filter((f) => f.includes("anyOf.0")), [
      `tool.${side}.property.added t.${side}Schema.anyOf.0.properties.n NON_BREAKING`,
    ]);
  }
  // A definition moved under another name, as it was.
  const d = { type: "string", "vndFoo": 1 };
  const old = { ...base, $defs: { d } };
  const next = {
    ...base,
    properties: { ...base.properties, n: { $ref: "#/$defs/e" } },
    $defs: { e: d },
  };
  assert.deepEqual(schemaFindings("input", old, next), [
    "tool.input.property.added t.inputSchema.properties.n NON_BREAKING",
  ]);
});

Deno.test("diff reports an unmodelled keyword in a not added whole, on input and output", () => {
  const old = { type: "string" };
  const next = { type: "string", not: { "vndFoo": 1 } };
  for (const side of ["input", "output"] as const) {
    const findings = schemaFindings(side, old, next);
    assert.ok(findings.includes(unmodelled(side, "not.vndFoo")), findings.join("\n"));
    // Removed whole: nothing appeared.
    const back = schemaFindings(side, next, old);
    assert.ok(!back.some((f) => f.includes("keyword.unmodelled")), back.join("\n"));
  }
});

Deno.test("an unmodelled keyword in a definition both sides hold unchanged is not new where a union is cut to its reference (fast-check seed -341505175)", () => {
  const a = { anyOf: [{ anyOf: [{ if: false, else: { "vndVendor": 0, description: "Limit" } }] }] };
  const holder = (v: JsonValue) => ({
    type: "object",
    properties: { v },
    $defs: { A: a, B: { anyOf: [{ "vndVendor": 0 }, { $ref: "#/$defs/A" }] } },
  });
  const body = { $ref: "#/$defs/A" };
  const wrapped = holder({ anyOf: [body, { enum: ["a"] }] });
  assert.deepEqual(schemaFindings("output", wrapped, holder(body)), [
    "tool.output.anyOf.narrowed t.outputSchema.properties.v.anyOf NON_BREAKING",
  ]);
  assert.deepEqual(schemaFindings("input", holder(body), wrapped), [
    "tool.input.anyOf.widened t.inputSchema.properties.v.anyOf NON_BREAKING",
  ]);
});

/**
 * A property declared for a name the old schema already declared in a conditional place
 * (dependentSchemas, draft-07 dependencies, then, an anyOf branch): callers know the name and may
 * send it, with any value where that declaration does not apply, so its new schema is compared
 * with what the name could hold before. It was graded as an optional parameter offered
 * (property.added NON_BREAKING), which let {a: 1, b: "x"} → rejected pass on input.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { diffContracts } from "../../../core/engine.ts";
import { contractFromValue } from "../../../core/load_contract.ts";
import { catchAll, fourWays, registry } from "./_schema_helpers.ts";
import { judge } from "./_oracle.ts";

const b = { type: "integer" };
const branch = { properties: { b: { type: "string" } } };

const places: [string, JsonValue][] = [
  ["dependentSchemas", { dependentSchemas: { a: branch } }],
  ["dependencies", { dependencies: { a: branch } }],
  ["then", { if: { required: ["a"] }, then: branch }],
  ["an anyOf branch", { anyOf: [branch, { required: ["c"] }] }],
];

for (const [where, conditional] of places) {
  Deno.test(`a property declared for a name ${where} declared before is graded by what its schema admits`, () => {
    const old = { type: "object", ...(conditional as object) };
    const ways = fourWays(old, { ...old, properties: { b } });
    assert.deepEqual(ways.input, [
      "tool.input.type.narrowed t.inputSchema.properties.b.type BREAKING",
    ]);
    assert.deepEqual(ways.output, [
      "tool.output.type.narrowed t.outputSchema.properties.b.type NON_BREAKING",
    ]);
    // Undeclared again while the conditional declaration stays: removed, and its values widen.
    assert.deepEqual(ways.inputReversed, [
      "tool.input.property.removed t.inputSchema.properties.b BREAKING",
      "tool.input.type.widened t.inputSchema.properties.b.type NON_BREAKING",
    ]);
    assert.deepEqual(ways.outputReversed, [
      "tool.output.property.removed t.outputSchema.properties.b BREAKING",
      "tool.output.type.widened t.outputSchema.properties.b.type BREAKING",
    ]);
  });
}

Deno.test("the catch-all differ alone grades a property a dependentSchemas entry declared before", () => {
  const old = { type: "object", dependentSchemas: { a: branch } };
  const deltas = catchAll(old, { ...old, properties: { b } }, { tool: true });
  assert.deepEqual(deltas.map((d) => `${d.rule} ${d.path} ${d.severity}`), [
    "tool.input.keyword.narrowed t.inputSchema.properties.b.type BREAKING",
  ]);
});

Deno.test("a new allOf branch declaring a name a dependentSchemas entry declared is not an optional property offered", () => {
  const old = { type: "object", dependentSchemas: { a: branch } };
  const ways = fourWays(old, { ...old, allOf: [{ properties: { b } }] });
  // The branch beside the type is read as its keywords (_merged_conjuncts.ts): b's type graded
  // where it is written, as in properties (it read allOf.narrowed, with the same grades).
  assert.deepEqual(ways.input, [
    "tool.input.type.narrowed t.inputSchema.allOf.0.properties.b.type BREAKING",
  ]);
  assert.deepEqual(ways.output, [
    "tool.output.type.narrowed t.outputSchema.allOf.0.properties.b.type NON_BREAKING",
  ]);
  // A name declared nowhere before keeps the property.added grade.
  const open = fourWays(old, { ...old, allOf: [{ properties: { x: b } }] });
  assert.deepEqual(open.input, [
    "tool.input.property.added t.inputSchema.allOf.0.properties.x NON_BREAKING",
  ]);
});

Deno.test("a property added beside a dependentSchemas entry Proxar cannot follow is undecidable: BREAKING both sides", () => {
  const old = { type: "object", dependentSchemas: { a: { $ref: "other.json" } } };
  const ways = fourWays(old, { ...old, properties: { b } });
  assert.deepEqual(ways.input, [
    "tool.input.property.changed t.inputSchema.properties.b BREAKING",
  ]);
  assert.deepEqual(ways.output, [
    "tool.output.property.changed t.outputSchema.properties.b BREAKING",
  ]);
  // Removed beside it: the mirror, so input a→b and output b→a agree (fast-check seed 209893902).
  assert.deepEqual(ways.inputReversed, [
    "tool.input.property.changed t.inputSchema.properties.b BREAKING",
    "tool.input.property.removed t.inputSchema.properties.b BREAKING",
  ]);
  assert.deepEqual(ways.outputReversed, [
    "tool.output.property.changed t.outputSchema.properties.b BREAKING",
    "tool.output.property.removed t.outputSchema.properties.b BREAKING",
  ]);
  // A name no conditional place declared is still an optional property offered.
  const plain = fourWays({ type: "object", dependentSchemas: { a: branch } }, {
    type: "object",
    dependentSchemas: { a: branch },
    properties: { x: b },
  });
  assert.deepEqual(plain.input, [
    "tool.input.property.added t.inputSchema.properties.x NON_BREAKING",
  ]);
});

Deno.test("diff obeys the variance law for a property beside a reference it cannot follow (fast-check seed 209893902)", () => {
  const a = { type: "object", properties: { a: { minimum: 0, exclusiveMaximum: 6 } } };
  const b = { else: { if: { else: { $ref: "#/$defs/A" } } } };
  const effects = (lines: string[]) =>
    [
      ...new Set(
        lines.filter((l) => /^tool\.\w+\.\w+\.(widened|narrowed|changed) /.test(l)).map((l) =>
          l.split(" ").at(-1)
        ),
      ),
    ].sort();
  const ways = fourWays(a, b);
  assert.deepEqual(effects(ways.input), effects(ways.outputReversed));
  assert.deepEqual(effects(ways.output), effects(ways.inputReversed));
  // The root's type object → absent is unseen: MCP sends objects only (core/schema/_root_object.ts).
  assert.deepEqual(effects(ways.input), ["BREAKING"]);
});

Deno.test("diff says where a property graded against its former conditional declaration was declared", () => {
  const old = { type: "object", dependentSchemas: { a: branch } };
  const wrap = (s: JsonValue) => contractFromValue({ tools: [{ name: "t", inputSchema: s }] });
  const { changes } = diffContracts(wrap(old), wrap({ ...old, properties: { b } }), { registry });
  assert.deepEqual(changes.map((c) => c.message), [
    't.inputSchema.properties.b: type narrowed from "any" to "integer" ("b" was declared before only at dependentSchemas.a.properties.b, which does not apply to every object)',
  ]);
});

/** A closed object holding one property. */
const closedOne = (name: string, schema: JsonValue, extra: object = {}) => ({
  properties: { [name]: schema },
  additionalProperties: false,
  ...extra,
});
const xor = {
  type: "object",
  anyOf: [closedOne("x", { type: "string" }), closedOne("y", { type: "number" })],
};
const flat = { type: "object", properties: { x: { type: "string" }, y: { type: "number" } } };

Deno.test("diff compares a union of closed objects flattened into one object with what each branch admitted", () => {
  // "x" held a string or nothing before (the other branch is closed to it), as it does now: the
  // union only widened (an object with both names is new), no type narrowed "from any".
  assert.deepEqual(fourWays(xor, flat), {
    input: ["tool.input.anyOf.widened t.inputSchema.anyOf NON_BREAKING"],
    inputReversed: [
      "tool.input.anyOf.narrowed t.inputSchema.anyOf BREAKING",
      "tool.input.property.removed t.inputSchema.properties.x BREAKING",
      "tool.input.property.removed t.inputSchema.properties.y BREAKING",
    ],
    output: ["tool.output.anyOf.widened t.outputSchema.anyOf BREAKING"],
    outputReversed: [
      "tool.output.anyOf.narrowed t.outputSchema.anyOf NON_BREAKING",
      "tool.output.property.removed t.outputSchema.properties.x BREAKING",
      "tool.output.property.removed t.outputSchema.properties.y BREAKING",
    ],
  });
  // The validator agrees: no call valid before is rejected now; a result with both is new.
  const verdicts = judge(xor, flat)!.verdicts;
  assert.equal(verdicts.find((v) => v.side === "input")!.witness, undefined);
  assert.ok(verdicts.find((v) => v.side === "output")!.witness !== undefined);
  // The catch-all alone agrees.
  const deltas = catchAll(xor, flat, { tool: true });
  assert.deepEqual(deltas.map((d) => `${d.rule} ${d.path} ${d.severity}`), [
    "tool.input.keyword.widened t.inputSchema.anyOf NON_BREAKING",
  ]);
});

Deno.test("diff grades a flattened property by the branch that admitted it, in both directions", () => {
  // "x" held any string before and holds "a" only now: narrowed from the branch's string, with
  // the old location at that branch's declaration.
  const narrowed = { ...flat, properties: { ...flat.properties, x: { const: "a" } } };
  const wrap = (s: JsonValue) => contractFromValue({ tools: [{ name: "t", inputSchema: s }] });
  const { changes } = diffContracts(wrap(xor), wrap(narrowed), { registry });
  const x = changes.find((c) => c.path.startsWith("t.inputSchema.properties.x"))!;
  assert.equal(x.severity, "BREAKING");
  assert.ok(x.oldPointer?.startsWith("/tools/0/inputSchema/anyOf/0/properties/x/"), x.oldPointer);
  assert.match(x.message, /"x" could hold before only what anyOf\.0\.properties\.x admits/);
  // A discriminator each closed branch pins to one constant, flattened to their enum: the same
  // values, no finding for it.
  const tagged = {
    type: "object",
    anyOf: [
      closedOne("x", { type: "string" }, {
        properties: { k: { const: "a" }, x: { type: "string" } },
      }),
      closedOne("y", { type: "number" }, {
        properties: { k: { const: "b" }, y: { type: "number" } },
      }),
    ],
  };
  const merged = { ...flat, properties: { ...flat.properties, k: { enum: ["a", "b"] } } };
  assert.deepEqual(fourWays(tagged, merged).input, [
    "tool.input.anyOf.widened t.inputSchema.anyOf NON_BREAKING",
  ]);
});

Deno.test("diff keeps a flattened property narrowed from any where a branch was open to its name", () => {
  // The second branch does not close the object: {x: 0} matched it, and is now rejected.
  const open = {
    type: "object",
    anyOf: [closedOne("x", { type: "string" }), { properties: { y: { type: "number" } } }],
  };
  const ways = fourWays(open, flat);
  assert.ok(
    ways.input.includes("tool.input.type.narrowed t.inputSchema.properties.x.type BREAKING"),
  );
  assert.ok(judge(open, flat)!.verdicts.find((v) => v.side === "input")!.witness !== undefined);
});

/**
 * A property declared for a name the old schema already required (with any value): every caller
 * sent it, so its new schema constrains what they send. It was graded as an optional parameter
 * offered (property.added NON_BREAKING) in `properties` and in a new allOf branch alike.
 */
import assert from "node:assert/strict";
import { fourWays } from "./_schema_helpers.ts";

const x = { type: "integer" };

Deno.test("a property declared for a name required before is graded by what its schema admits", () => {
  const ways = fourWays({ type: "object", required: ["x"] }, {
    type: "object",
    required: ["x"],
    properties: { x },
  });
  assert.deepEqual(ways.input, [
    "tool.input.type.narrowed t.inputSchema.properties.x.type BREAKING",
  ]);
  assert.deepEqual(ways.output, [
    "tool.output.type.narrowed t.outputSchema.properties.x.type NON_BREAKING",
  ]);
  // Dropping the declaration is still property.removed (the model loses its description), and
  // the values the name may hold widen.
  assert.deepEqual(ways.inputReversed, [
    "tool.input.property.removed t.inputSchema.properties.x BREAKING",
    "tool.input.type.widened t.inputSchema.properties.x.type NON_BREAKING",
  ]);
});

Deno.test("a new allOf branch declaring a name an allOf branch required before is not an optional property offered", () => {
  const a = { type: "object", allOf: [{ required: ["x"] }] };
  const b = { type: "object", allOf: [{ required: ["x"] }, { properties: { x } }] };
  const ways = fourWays(a, b);
  // The branches beside the type are read as its keywords (_merged_conjuncts.ts): x's type is
  // graded where it is written, as in properties above (it read allOf.narrowed, BREAKING too).
  assert.deepEqual(ways.input, [
    "tool.input.type.narrowed t.inputSchema.allOf.1.properties.x.type BREAKING",
  ]);
  assert.ok(ways.output.every((f) => !f.endsWith(" BREAKING")), ways.output.join("\n"));
  // A name required nowhere keeps the property.added grade.
  const open = fourWays({ type: "object", allOf: [{ required: ["y"] }] }, {
    type: "object",
    allOf: [{ required: ["y"] }, { properties: { x } }],
  });
  assert.deepEqual(open.input, [
    "tool.input.property.added t.inputSchema.allOf.1.properties.x NON_BREAKING",
  ]);
});

Deno.test("a property declared for a name required only in the new schema stays required.added", () => {
  const ways = fourWays({ type: "object" }, { type: "object", required: ["x"], properties: { x } });
  assert.ok(ways.input.some((f) => f.startsWith("tool.input.required.added")), ways.input.join());
  assert.ok(!ways.input.some((f) => f.includes("type.narrowed")), ways.input.join());
});

Deno.test("a property undeclared while its name stays required widens what it holds: the mirror, so the variance law holds (fast-check seed 342011929)", () => {
  const a = { type: "object", required: ["__proto__"] };
  const b = {
    type: "object",
    properties: { "__proto__": { type: "string", maxLength: 0, pattern: "^[a-z(" } },
  };
  const severities = (lines: string[]) =>
    [
      ...new Set(
        lines.filter((l) => /\.(widened|narrowed|changed) /.test(l)).map((l) =>
          l.split(" ").at(-1)
        ),
      ),
    ]
      .sort();
  const ways = fourWays(a, b);
  assert.deepEqual(severities(ways.input), severities(ways.outputReversed));
  assert.deepEqual(severities(ways.output), severities(ways.inputReversed));
  // Still required, no longer declared: its values widen (BREAKING on output).
  const x = { type: "object", required: ["x"], properties: { x: { type: "integer" } } };
  const y = { type: "object", required: ["x"] };
  assert.deepEqual(fourWays(x, y).output, [
    "tool.output.property.removed t.outputSchema.properties.x BREAKING",
    "tool.output.type.widened t.outputSchema.properties.x.type BREAKING",
  ]);
});

Deno.test("a name every branch of the old union required, moved to required, is no finding", () => {
  // A discriminated union flattened into one object: "k" was required of every object before.
  const branch = (k: string, extra: string) => ({
    properties: { k: { const: k }, [extra]: { type: "string" } },
    required: ["k"],
    additionalProperties: false,
  });
  const tagged = { type: "object", anyOf: [branch("a", "x"), branch("b", "y")] };
  const flat = {
    type: "object",
    properties: { k: { enum: ["a", "b"] }, x: { type: "string" }, y: { type: "string" } },
    required: ["k"],
  };
  const ways = fourWays(tagged, flat);
  assert.deepEqual(ways.input, ["tool.input.anyOf.widened t.inputSchema.anyOf NON_BREAKING"]);
  assert.deepEqual(ways.output, ["tool.output.anyOf.widened t.outputSchema.anyOf BREAKING"]);
  // One branch that does not require it: a new requirement (BREAKING on input).
  const loose = { type: "object", anyOf: [{ required: ["k"] }, { required: ["j"] }] };
  assert.ok(
    fourWays(loose, { type: "object", required: ["k"] }).input.includes(
      "tool.input.required.added t.inputSchema.required BREAKING",
    ),
  );
});

/**
 * `$schema` changes between the modern drafts: found on @playwright/mcp 0.0.50 → 0.0.64 (22 tools
 * from draft-07 to 2020-12), @modelcontextprotocol/server-memory 2025.9.25 → 2026.1.26 (9 tools
 * from no `$schema` to draft-07) and others, each graded POTENTIALLY_BREAKING although the schemas
 * used no keyword that the drafts read differently.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { schemaFindings } from "./_schema_helpers.ts";

const D7 = "http://json-schema.org/draft-07/schema#";
const D2020 = "https://json-schema.org/draft/2020-12/schema";
const SIDES = ["input", "output"] as const;

function schema(dialect: string | undefined, props: JsonObject): JsonObject {
  const s: JsonObject = { type: "object", properties: props, required: ["q"] };
  if (dialect !== undefined) s.$schema = dialect;
  return s;
}

const plain = {
  q: { type: "string", minLength: 1, enum: ["format", "items"] },
  n: { type: "integer", maximum: 10 },
  // A property named like a sensitive keyword is not that keyword (chrome-devtools-mcp has one).
  format: { type: "string", default: "$ref" },
};

Deno.test("diff grades a dialect change between modern drafts DOCUMENTATION when no keyword reads differently", () => {
  for (const side of SIDES) {
    for (const [a, b] of [[D7, D2020], [D2020, D7], [undefined, D7], [D7, undefined]]) {
      assert.deepEqual(schemaFindings(side, schema(a, plain), schema(b, plain)), [
        `tool.${side}.dialect.inert t.${side}Schema.$schema DOCUMENTATION`,
      ]);
    }
  }
});

Deno.test("diff keeps a dialect change POTENTIALLY_BREAKING when a keyword reads differently", () => {
  const sensitive: JsonValue[] = [
    { type: "array", items: [{ type: "string" }] },
    { type: "number", exclusiveMinimum: true, minimum: 0 },
    { $ref: "#/properties/q", description: "a q", maxLength: 3 },
    { type: "object", dependentRequired: { a: ["b"] } },
    { type: "object", unevaluatedProperties: false },
  ];
  for (const side of SIDES) {
    for (const p of sensitive) {
      const props = { ...plain, p };
      // Draft-07 ignores the keywords beside a $ref, 2020-12 applies them: the maxLength now
      // narrows what p accepts.
      const beside = Object.hasOwn(p as object, "$ref")
        ? [
          `tool.${side}.maxLength.narrowed t.${side}Schema.properties.p.maxLength ${
            side === "input" ? "BREAKING" : "NON_BREAKING"
          }`,
        ]
        : [];
      assert.deepEqual(schemaFindings(side, schema(D7, props), schema(D2020, props)), [
        `tool.${side}.dialect.changed t.${side}Schema.$schema POTENTIALLY_BREAKING`,
        ...beside,
      ], JSON.stringify(p));
    }
  }
});

Deno.test("diff keeps a dialect change from or to an older or unknown draft POTENTIALLY_BREAKING", () => {
  for (const other of ["http://json-schema.org/draft-04/schema#", "urn:acme:schema"]) {
    assert.deepEqual(schemaFindings("input", schema(D7, plain), schema(other, plain)), [
      "tool.input.dialect.changed t.inputSchema.$schema POTENTIALLY_BREAKING",
    ]);
  }
});

const D2019 = "https://json-schema.org/draft/2019-09/schema";
const email = { ...plain, e: { type: "string", format: "email" } };

Deno.test("diff grades a move from draft-07 where format is the only keyword read differently as widened: NON_BREAKING on input, POTENTIALLY_BREAKING on output", () => {
  // resend-mcp 2.6.1 → 2.19.0 (zod 3 → zod 4): 13 dialect.changed for format: email alone.
  // Draft-07 lets a validator assert format; 2019-09 and 2020-12 (or none) make it an annotation.
  const expected = { input: "NON_BREAKING", output: "POTENTIALLY_BREAKING" };
  for (const side of SIDES) {
    for (const to of [D2020, D2019, undefined]) {
      assert.deepEqual(schemaFindings(side, schema(D7, email), schema(to, email)), [
        `tool.${side}.dialect.widened t.${side}Schema.$schema ${expected[side]}`,
      ], `${side} → ${to}`);
    }
    // On one side only, still format alone: the format added is graded as ajv reads it.
    assert.deepEqual(schemaFindings(side, schema(D7, plain), schema(D2020, email)), [
      `tool.${side}.dialect.widened t.${side}Schema.$schema ${expected[side]}`,
      `tool.${side}.property.added t.${side}Schema.properties.e NON_BREAKING`,
    ], side);
  }
});

Deno.test("diff grades a move to draft-07 where format is the only keyword read differently as narrowed: POTENTIALLY_BREAKING on input, NON_BREAKING on output", () => {
  const expected = { input: "POTENTIALLY_BREAKING", output: "NON_BREAKING" };
  for (const side of SIDES) {
    for (const from of [D2020, D2019, undefined]) {
      assert.deepEqual(schemaFindings(side, schema(from, email), schema(D7, email)), [
        `tool.${side}.dialect.narrowed t.${side}Schema.$schema ${expected[side]}`,
      ], `${from} → ${side}`);
    }
  }
});

Deno.test("diff grades a move between drafts that both read format as an annotation DOCUMENTATION", () => {
  for (const side of SIDES) {
    for (const [a, b] of [[D2019, D2020], [D2020, undefined], [undefined, D2019]]) {
      assert.deepEqual(schemaFindings(side, schema(a, email), schema(b, email)), [
        `tool.${side}.dialect.inert t.${side}Schema.$schema DOCUMENTATION`,
      ], `${a} → ${b}`);
    }
  }
});

Deno.test("diff keeps a dialect change POTENTIALLY_BREAKING when format is beside another keyword read differently", () => {
  // No direction can be told: array-form items may narrow or widen what the other draft reads.
  const both = { ...email, t: { type: "array", items: [{ type: "string" }] } };
  for (const side of SIDES) {
    for (const [a, b] of [[D7, D2020], [D2020, D7]]) {
      assert.deepEqual(schemaFindings(side, schema(a, both), schema(b, both)), [
        `tool.${side}.dialect.changed t.${side}Schema.$schema POTENTIALLY_BREAKING`,
      ], `${a} → ${b}`);
    }
    // From a draft that is not among the modern ones, format alone keeps the grade too.
    assert.deepEqual(
      schemaFindings(
        side,
        schema("http://json-schema.org/draft-04/schema#", email),
        schema(D2020, email),
      ),
      [`tool.${side}.dialect.changed t.${side}Schema.$schema POTENTIALLY_BREAKING`],
    );
  }
});

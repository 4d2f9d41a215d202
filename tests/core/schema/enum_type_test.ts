/**
 * Listed values (`enum`, `const`) fix the types a schema accepts: `{enum: ["a", "b"]}` and
 * `{type: "string", enum: ["a", "b"]}` accept the same two strings. Generators differ in whether
 * they write the `type` beside a literal or an enum (pydantic's Literal gained it between 2.x
 * releases), and Proxar graded adding it as the type narrowed from every type to strings,
 * BREAKING on input (removing it, BREAKING on output). Both differs now compare the types the
 * listed values can have.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { schemaFindings } from "./_schema_helpers.ts";

const v = (schema: JsonValue): JsonValue => ({ type: "object", properties: { v: schema } });

Deno.test("diff reports nothing when a type is written beside an enum or const whose values it admits, or dropped", () => {
  const pairs: [JsonValue, JsonValue][] = [
    [{ enum: ["asc", "desc"] }, { type: "string", enum: ["asc", "desc"] }],
    [{ const: "json" }, { type: "string", const: "json" }],
    [{ type: "number", enum: [1, 2] }, { type: "integer", enum: [1, 2] }],
    // null was never accepted: the type did not list it.
    [{ type: ["string", "null"], enum: ["a"] }, { type: "string", enum: ["a"] }],
  ];
  for (const side of ["input", "output"] as const) {
    for (const [a, b] of pairs) {
      assert.deepEqual(schemaFindings(side, v(a), v(b)), [], JSON.stringify([a, b]));
      assert.deepEqual(schemaFindings(side, v(b), v(a)), [], JSON.stringify([b, a]));
    }
  }
});

Deno.test("diff grades a type change that excludes a listed value by its variance", () => {
  // null is in the enum, and the new type no longer admits it.
  const a = v({ type: ["string", "null"], enum: ["a", null] });
  const b = v({ type: "string", enum: ["a", null] });
  const path = (side: string) => `t.${side}Schema.properties.v.type`;
  assert.deepEqual(schemaFindings("input", a, b), [
    `tool.input.type.narrowed ${path("input")} BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", a, b), [
    `tool.output.type.narrowed ${path("output")} NON_BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", b, a), [
    `tool.output.type.widened ${path("output")} BREAKING`,
  ]);
  // An enum dropped for its values' type: every string is accepted now, a widening.
  assert.deepEqual(schemaFindings("input", v({ enum: ["a", "b"] }), v({ type: "string" })), [
    "tool.input.enum.widened t.inputSchema.properties.v.enum NON_BREAKING",
  ]);
});

Deno.test("diff keeps BREAKING on both sides when listed values bring a type and drop others", () => {
  // Strings other than "a" are rejected, and 1 is new: neither contains the other.
  for (const side of ["input", "output"] as const) {
    const found = schemaFindings(side, v({ type: "string" }), v({ enum: ["a", 1] }));
    assert.ok(found.some((f) => f.endsWith(" BREAKING")), `${side}: ${found.join(", ")}`);
  }
});

Deno.test("diff reports only the enum when values are listed beside an unchanged type or a $ref", () => {
  // 65739d9 compared the types the values can have even when the declared types were the same,
  // and reported a type.narrowed "from [integer] to [integer]" at a .nullable no side holds.
  const viaRef = (beside: Record<string, JsonValue>): JsonValue => ({
    type: "object",
    $defs: { i: { type: "integer" } },
    properties: { v: { $ref: "#/$defs/i", ...beside } },
  });
  const cases: [JsonValue, JsonValue][] = [
    [viaRef({}), viaRef({ enum: [1.5] })],
    [viaRef({}), viaRef({ enum: [1, 2] })],
    [v({ type: "number" }), v({ type: "number", enum: [1, 2] })],
    [v({ type: ["integer", "null"] }), v({ type: ["null", "integer"], enum: [1] })],
  ];
  const at = (side: string) => `t.${side}Schema.properties.v.enum`;
  for (const [a, b] of cases) {
    const both = JSON.stringify([a, b]);
    assert.deepEqual(schemaFindings("input", a, b), [
      `tool.input.enum.narrowed ${at("input")} BREAKING`,
    ], both);
    assert.deepEqual(schemaFindings("input", b, a), [
      `tool.input.enum.widened ${at("input")} NON_BREAKING`,
    ], both);
    assert.deepEqual(schemaFindings("output", a, b), [
      `tool.output.enum.narrowed ${at("output")} NON_BREAKING`,
    ], both);
    assert.deepEqual(schemaFindings("output", b, a), [
      `tool.output.enum.widened ${at("output")} BREAKING`,
    ], both);
  }
  // A declared type that changes beside the values is still a type change.
  assert.deepEqual(
    schemaFindings("input", v({ type: ["integer", "string"] }), v({ type: "integer", enum: [1] })),
    [
      "tool.input.enum.narrowed t.inputSchema.properties.v.enum BREAKING",
      "tool.input.type.narrowed t.inputSchema.properties.v.type BREAKING",
    ],
  );
});

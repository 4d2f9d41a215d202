/**
 * A type list and a union of one branch per type accept the same values, and so do an enum and
 * a union of one const per value: zod 3 (zod-to-json-schema) writes a nullable string
 * `{type: ["string", "null"]}` and a union of literals as an enum, zod 4 writes
 * `{anyOf: [{type: "string"}, {type: "null"}]}` and one const per branch. The subsumption proof
 * could show the union within the list but not the list within the union, so a move between
 * them was graded a narrowing or a change: BREAKING on input for zod 3 → zod 4, on output for
 * the reverse (@sentry/mcp-server 0.37.0 → 0.39.0 moved `sort` from the union to the list). A
 * union check now splits the values by type, or one by one when they are few, and finds a branch
 * for each.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { schemaFindings } from "./_schema_helpers.ts";

const v = (schema: JsonValue): JsonValue => ({ type: "object", properties: { v: schema } });
const list = v({ type: ["string", "null"], maxLength: 5 });
const union = v({ anyOf: [{ type: "string", maxLength: 5 }, { type: "null" }] });

Deno.test("diff reports nothing when a type list becomes a union of one branch per type, or back, on input and on output", () => {
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, list, union), []);
    assert.deepEqual(schemaFindings(side, union, list), []);
    const oneOf = v({ oneOf: [{ type: "string", maxLength: 5 }, { type: "null" }] });
    assert.deepEqual(schemaFindings(side, list, oneOf), []);
  }
});

Deno.test("diff grades a union by type that accepts more than the type list by its variance", () => {
  const ints = v({ type: ["string", "integer"] });
  const numbers = v({ anyOf: [{ type: "string" }, { type: "number" }] });
  const path = (side: string) => `t.${side}Schema.properties.v.anyOf`;
  assert.deepEqual(schemaFindings("input", ints, numbers), [
    `tool.input.anyOf.widened ${path("input")} NON_BREAKING`,
  ]);
  // On output the walk also pairs the lifted list with the string branch (a narrowing, kept
  // beside the stricter verdict of the whole).
  assert.deepEqual(
    schemaFindings("output", ints, numbers).filter((f) => f.endsWith(" BREAKING")),
    [`tool.output.anyOf.widened ${path("output")} BREAKING`],
  );
  assert.deepEqual(schemaFindings("output", numbers, ints), [
    `tool.output.anyOf.narrowed ${path("output")} NON_BREAKING`,
  ]);
});

Deno.test("diff keeps a union by type that accepts less, or overlaps in a oneOf, BREAKING on input", () => {
  const bounded = v({ anyOf: [{ type: "string", maxLength: 3 }, { type: "null" }] });
  const breaking = (side: "input" | "output", a: JsonValue, b: JsonValue) =>
    schemaFindings(side, a, b).filter((f) => f.endsWith(" BREAKING"));
  assert.notDeepEqual(breaking("input", list, bounded), []);
  assert.deepEqual(breaking("output", list, bounded), []);
  // Strings match both branches of this oneOf, so only null is accepted.
  const overlapping = v({ oneOf: [{ type: "string" }, { type: ["string", "null"] }] });
  assert.notDeepEqual(breaking("input", v({ type: ["string", "null"] }), overlapping), []);
});

Deno.test("diff keeps BREAKING on both sides when a branch cannot be compared", () => {
  // A backreference cannot be compared as a language, and integers were added: neither schema
  // is proven within the other.
  const undecided = v({
    anyOf: [{ type: "string", pattern: "(a)\\1" }, { type: "null" }, { type: "integer" }],
  });
  for (const side of ["input", "output"] as const) {
    const found = schemaFindings(side, v({ type: ["string", "null"] }), undecided);
    assert.ok(found.some((f) => f.endsWith(" BREAKING")), `${side}: ${found.join(", ")}`);
  }
});

Deno.test("diff reports nothing when an enum becomes a union of one const per value, or back, on input and on output", () => {
  // zod 3 writes z.union([z.literal("a"), z.literal("b")]) as an enum, zod 4 as consts.
  const enumerated = v({ type: "string", enum: ["asc", "desc"] });
  const consts = v({
    anyOf: [{ type: "string", const: "asc" }, { type: "string", const: "desc" }],
  });
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, enumerated, consts), []);
    assert.deepEqual(schemaFindings(side, consts, enumerated), []);
  }
  // A value without a branch is a real narrowing: BREAKING on input, NON_BREAKING on output.
  const three = v({ type: "string", enum: ["asc", "desc", "none"] });
  const path = (side: string) => `t.${side}Schema.properties.v.anyOf`;
  assert.deepEqual(schemaFindings("input", three, consts), [
    `tool.input.anyOf.narrowed ${path("input")} BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", three, consts), [
    `tool.output.anyOf.narrowed ${path("output")} NON_BREAKING`,
  ]);
});

Deno.test("diff reports nothing when a nullable enum becomes a union of the enum and null, or back", () => {
  // zod 3 writes z.enum([…]).nullable() as one enum holding null, zod 4 as anyOf [enum, null].
  // The proof that {type: "null"} allows only null, which the enum holds, was missing.
  const listed = v({ type: ["string", "null"], enum: ["asc", "desc", null] });
  const split = v({ anyOf: [{ type: "string", enum: ["asc", "desc"] }, { type: "null" }] });
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, listed, split), []);
    assert.deepEqual(schemaFindings(side, split, listed), []);
  }
  // Null dropped from the enum: the union's null branch is new, a widening.
  const noNull = v({ type: ["string", "null"], enum: ["asc", "desc"] });
  assert.deepEqual(schemaFindings("input", noNull, split), [
    "tool.input.anyOf.widened t.inputSchema.properties.v.anyOf NON_BREAKING",
  ]);
  assert.ok(
    schemaFindings("output", noNull, split).includes(
      "tool.output.anyOf.widened t.outputSchema.properties.v.anyOf BREAKING",
    ),
  );
});

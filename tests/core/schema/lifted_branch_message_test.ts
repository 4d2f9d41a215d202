/**
 * A union that became a type list, or the reverse, is compared as one union (the type list read
 * as one branch per type, `_union_lift.ts`). The branch that came or went was named as a branch
 * of the side that has no union: creem 1.9.0 → 1.13.0 customers-update external_id (anyOf
 * [closed empty object, null] → type [string, null]) said "anyOf branch 0 was added" where the
 * new side holds no anyOf. The messages now say what each side's schema says.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { walkSchemas } from "../../../core/schema/walk.ts";
import { classifyProse } from "../../../core/prose.ts";

const v = (schema: JsonValue) => ({ type: "object", properties: { v: schema } });
const union = v({
  anyOf: [{ type: "object", properties: {}, additionalProperties: false }, { type: "null" }],
});
const list = v({ type: ["string", "null"] });

const messages = (side: "input" | "output", a: JsonValue, b: JsonValue) =>
  walkSchemas(a, b, { side, basePath: "t", basePointer: "", classifyProse })
    .map((d) => `${d.rule} ${d.severity}: ${d.message}`);

Deno.test("the walk names the type added to a type list that replaced an anyOf, and the anyOf branch removed", () => {
  assert.deepEqual(messages("input", union, list), [
    'tool.input.anyOf.widened NON_BREAKING: t.properties.v: the anyOf became the type list ["string","null"]: type "string" was added',
    "tool.input.anyOf.narrowed BREAKING: t.properties.v: anyOf branch 0 was removed",
  ]);
  assert.deepEqual(messages("output", union, list), [
    'tool.output.anyOf.widened BREAKING: t.properties.v: the anyOf became the type list ["string","null"]: type "string" was added',
    "tool.output.anyOf.narrowed NON_BREAKING: t.properties.v: anyOf branch 0 was removed",
  ]);
});

Deno.test("the walk names the type removed from a type list that became an anyOf, and the anyOf branch added", () => {
  assert.deepEqual(messages("input", list, union), [
    "tool.input.anyOf.widened NON_BREAKING: t.properties.v: anyOf branch 0 was added",
    'tool.input.anyOf.narrowed BREAKING: t.properties.v: the type list ["string","null"] became an anyOf: type "string" was removed',
  ]);
  assert.deepEqual(messages("output", list, union), [
    "tool.output.anyOf.widened BREAKING: t.properties.v: anyOf branch 0 was added",
    'tool.output.anyOf.narrowed NON_BREAKING: t.properties.v: the type list ["string","null"] became an anyOf: type "string" was removed',
  ]);
});

Deno.test("the walk names a lone schema that replaced a union and is none of its branches", () => {
  const anyOf = v({ anyOf: [{ type: "string" }, { type: "integer" }] });
  const lone = v({ type: "boolean" });
  assert.deepEqual(messages("input", anyOf, lone), [
    'tool.input.anyOf.widened NON_BREAKING: t.properties.v: the anyOf became one schema, {"type":"boolean"}, paired with none of its branches: it was added',
    "tool.input.anyOf.narrowed BREAKING: t.properties.v: 2 anyOf branches were removed: anyOf branch 0, anyOf branch 1",
  ]);
  assert.deepEqual(messages("output", lone, anyOf), [
    "tool.output.anyOf.widened BREAKING: t.properties.v: 2 anyOf branches were added: anyOf branch 0, anyOf branch 1",
    'tool.output.anyOf.narrowed NON_BREAKING: t.properties.v: the schema {"type":"boolean"} became an anyOf, paired with none of its branches: it was removed',
  ]);
});

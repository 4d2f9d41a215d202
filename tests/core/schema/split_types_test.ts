/**
 * A list of types against a union of one type per branch (zod 3's `{type: [string, null]}` and
 * zod 4's `anyOf [{type: string}, {type: null}]`): the structured walk compares each type with
 * its branch, so a real change is reported at the keyword that changed, not as the type list
 * narrowed to the null branch beside an integer branch "added".
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { splitTypes } from "../../../core/schema/_split_types.ts";
import { fourWays, schemaFindings } from "./_schema_helpers.ts";

const v = (schema: JsonValue): JsonValue => ({ type: "object", properties: { v: schema } });
const union = (...branches: JsonValue[]) => v({ anyOf: branches });
const at = (side: string, rest: string) => `t.${side}Schema.properties.v.anyOf${rest}`;

Deno.test("diff compares a type list with the union branch of each type", () => {
  const a = v({ type: ["string", "null"], maxLength: 10 });
  const b = union({ type: "string", maxLength: 5 }, { type: "null" });
  // The catch-all's verdict on the union as a whole went with it: the walk names the branch.
  const both = (side: string, effect: string, severity: string) => [
    `tool.${side}.maxLength.${effect} ${at(side, ".0.maxLength")} ${severity}`,
  ];
  assert.deepEqual(fourWays(a, b), {
    input: both("input", "narrowed", "BREAKING"),
    inputReversed: both("input", "widened", "NON_BREAKING"),
    output: both("output", "narrowed", "NON_BREAKING"),
    outputReversed: both("output", "widened", "BREAKING"),
  });
});

Deno.test("diff compares a nullable enum's values with the union branch of their type", () => {
  // zod 3 writes null into the enum; zod 4 writes it as its own branch. "b" really went.
  const a = v({ type: ["string", "null"], enum: ["a", "b", null] });
  const b = union({ type: "string", enum: ["a"] }, { type: "null" });
  assert.deepEqual(schemaFindings("input", a, b), [
    `tool.input.enum.narrowed ${at("input", ".0.enum")} BREAKING`,
  ]);
  // The same values written both ways: no change.
  const same = union({ type: "string", enum: ["a", "b"] }, { type: "null" });
  assert.deepEqual(schemaFindings("input", a, same), []);
  assert.deepEqual(schemaFindings("output", same, a), []);
});

Deno.test("diff reports a type of a list replaced by another branch as removed and added", () => {
  const a = v({ type: ["string", "null"] });
  const b = union({ type: "string" }, { type: "integer" });
  const found = schemaFindings("input", a, b);
  assert.ok(found.includes(`tool.input.anyOf.narrowed ${at("input", "")} BREAKING`), found.join());
  assert.ok(
    found.includes(`tool.input.anyOf.widened ${at("input", "")} NON_BREAKING`),
    found.join(),
  );
});

Deno.test("splitTypes() splits by type only what belongs to one type", () => {
  assert.deepEqual(
    splitTypes({ type: ["string", "integer", "null"], maxLength: 3, minimum: 1, enum: ["a", 2] }),
    [{ type: "string", maxLength: 3, enum: ["a"] }, { type: "integer", minimum: 1, enum: [2] }],
  );
  assert.deepEqual(splitTypes({ type: ["boolean", "null"], enum: [true, false, null] }), [
    { type: "boolean" },
    { type: "null" },
  ]);
  // Overlapping types, one type, or a keyword of no one type: not split.
  assert.equal(splitTypes({ type: ["integer", "number"] }), undefined);
  assert.equal(splitTypes({ type: ["string"] }), undefined);
  assert.equal(splitTypes({ type: ["string", "null"], not: { const: "" } }), undefined);
});

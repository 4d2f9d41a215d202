/**
 * additionalProperties written on one side only beside unevaluatedProperties: a name no
 * property declares is governed by additionalProperties when it is written (even `true`), else
 * by unevaluatedProperties. Both differs read an absent additionalProperties as `true`, so
 * {type: boolean} added beside unevaluatedProperties false was type.narrowed (BREAKING on input,
 * NON_BREAKING on output) though it lets boolean extras in, and `true` added was no change at
 * all (validator oracle in draft 2020-12: the result {"v": {"zz": true}} breaks yesterday's
 * client).
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { judge } from "./_oracle.ts";
import { fourWays } from "./_schema_helpers.ts";

const D2020 = "https://json-schema.org/draft/2020-12/schema";
const v = (schema: JsonValue) => ({ $schema: D2020, type: "object", properties: { v: schema } });
const closed = (extra: JsonObject = {}) =>
  v({ type: "object", properties: { a: true }, unevaluatedProperties: false, ...extra });
const P = "properties.v.additionalProperties";

function widened(): Record<string, string[]> {
  const f = (side: string, effect: string, severity: string) => [
    `tool.${side}.additionalProperties.${effect} t.${side}Schema.${P} ${severity}`,
  ];
  return {
    input: f("input", "widened", "NON_BREAKING"),
    inputReversed: f("input", "narrowed", "BREAKING"),
    output: f("output", "widened", "BREAKING"),
    outputReversed: f("output", "narrowed", "NON_BREAKING"),
  };
}

Deno.test("diff grades additionalProperties added beside unevaluatedProperties false as the names it lets in", () => {
  const typed = closed({ additionalProperties: { type: "boolean" } });
  assert.deepEqual(fourWays(closed(), typed), widened());
  assert.deepEqual(fourWays(closed(), closed({ additionalProperties: true })), widened());
  // ajv (2020-12) agrees: nothing the old input accepted is rejected, and a boolean extra is
  // a result the old schema rejects.
  const [input, output] = judge(closed(), typed)!.verdicts;
  assert.equal(input!.witness, undefined);
  assert.deepEqual(output!.witness, { v: { a: "a", zz: true } });
});

Deno.test("diff grades additionalProperties added beside unevaluatedProperties that an allOf feeds as changed", () => {
  const fed = (extra: JsonObject = {}) =>
    v({
      type: "object",
      allOf: [{ properties: { b: true } }],
      properties: { a: true },
      unevaluatedProperties: false,
      ...extra,
    });
  const findings = fourWays(fed(), fed({ additionalProperties: { type: "boolean" } }));
  for (const [way, list] of Object.entries(findings)) {
    const side = way.startsWith("input") ? "input" : "output";
    assert.ok(list.some((x) => x.endsWith(" BREAKING") && x.includes(`t.${side}Schema.${P}`)), way);
  }
});

Deno.test("diff keeps additionalProperties compared as written where unevaluatedProperties constrains nothing", () => {
  const open = (extra: JsonObject = {}) => v({ type: "object", properties: { a: true }, ...extra });
  const findings = fourWays(open(), open({ additionalProperties: { type: "boolean" } }));
  assert.deepEqual(findings.input, [
    `tool.input.type.narrowed t.inputSchema.${P}.type BREAKING`,
  ]);
});

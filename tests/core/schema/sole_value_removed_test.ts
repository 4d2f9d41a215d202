/**
 * A required input property whose schema accepts one value alone (an empty closed object, a
 * const, an enum of one), removed from an object now open to its name: every call sent that one
 * value, which the new schema still accepts, so the server loses nothing by ignoring it.
 * @moovio/sdk 25.7.0 → 26.2.0 dropped `request: {type: object, properties: {}, additionalProperties:
 * false}` (required) from ping-ping and six other tools that take no argument, which read
 * property.removed BREAKING ("callers that send it are rejected or silently ignored") and, from
 * the catch-all, keyword.changed BREAKING.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { soleValue } from "../../../core/schema/_sole_value.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { catchAll, fourWays, schemaFindings } from "./_schema_helpers.ts";

const EMPTY = { type: "object", properties: {}, additionalProperties: false };
const old = (r: JsonValue, more: Record<string, JsonValue> = {}) => ({
  type: "object",
  properties: { request: r },
  required: ["request"],
  ...more,
});
const OPEN = { type: "object", properties: {} };
const I = "t.inputSchema";
const O = "t.outputSchema";

Deno.test("diff grades a required input property that accepted {} alone, removed from an open object, NON_BREAKING", () => {
  assert.deepEqual(fourWays(old(EMPTY), OPEN), {
    input: [`tool.input.property.removed ${I}.properties.request NON_BREAKING`],
    // The other way, calls without it are rejected: a new required property.
    inputReversed: [`tool.input.required.added ${I}.required BREAKING`],
    // Results lose a field consumers read.
    output: [`tool.output.property.removed ${O}.properties.request BREAKING`],
    outputReversed: [`tool.output.required.added ${O}.required NON_BREAKING`],
  });
  // ajv agrees: the one call the old schema took is still valid, and more are.
  const [before, after] = [checkOf(old(EMPTY), "draft-07")!, checkOf(OPEN, "draft-07")!];
  assert.equal(before.failures({ request: {} }).length, 0);
  assert.equal(after.failures({ request: {} }).length, 0);
  assert.equal(before.failures({}).length > 0, true);
  // The catch-all differ leaves the removal to the walk (it said keyword.changed, BREAKING) and
  // sees the name leave required.
  assert.deepEqual(catchAll(old(EMPTY), OPEN).map((d) => `${d.rule} ${d.path} ${d.severity}`), [
    "tool.input.keyword.widened t.required NON_BREAKING",
  ]);
});

Deno.test("diff grades a removed required const, one-value enum or {} behind a $ref the same, with a message saying why", () => {
  const $defs = { Empty: EMPTY };
  for (
    const [r, more] of [
      [{ const: "v1", description: "the version" }, {}],
      [{ enum: [3], type: "integer" }, {}],
      [{ $ref: "#/$defs/Empty" }, { $defs }],
    ] as [JsonValue, Record<string, JsonValue>][]
  ) {
    assert.deepEqual(schemaFindings("input", old(r, more), { ...OPEN, ...more }), [
      `tool.input.property.removed ${I}.properties.request NON_BREAKING`,
    ], JSON.stringify(r));
  }
});

Deno.test("diff keeps a removed property BREAKING when it was optional, held more than one value, or the object closed to it", () => {
  const removed = `tool.input.property.removed ${I}.properties.request BREAKING`;
  // Optional: whether a call sent it was the caller's choice, which the server now ignores.
  const optional = { type: "object", properties: { request: EMPTY } };
  assert.deepEqual(schemaFindings("input", optional, OPEN), [removed]);
  // Two values: which one the caller chose is lost.
  assert.deepEqual(schemaFindings("input", old({ enum: ["a", "b"] }), OPEN), [removed]);
  // The object closed to the name: calls that send it are rejected.
  assert.ok(
    schemaFindings("input", old(EMPTY), { ...OPEN, additionalProperties: false }).includes(removed),
  );
  // Under not the effect is inverted: the walk keeps the convention.
  assert.deepEqual(schemaFindings("input", { not: old(EMPTY) }, { not: OPEN }), [
    `tool.input.property.removed ${I}.not.properties.request BREAKING`,
  ]);
});

Deno.test("diff keeps a removed required property BREAKING when Proxar cannot tell the one value it held", () => {
  // A remote reference: what it accepts is unknown.
  const remote = old({ $ref: "https://example.com/empty.json" });
  assert.deepEqual(schemaFindings("input", remote, OPEN), [
    `tool.input.property.removed ${I}.properties.request BREAKING`,
  ]);
  // additionalProperties false without type object accepts every string and number too.
  assert.equal(soleValue({ additionalProperties: false }, {}), undefined);
  assert.equal(
    soleValue({ type: "object", additionalProperties: false, minProperties: 1 }, {}),
    undefined,
  );
  assert.equal(soleValue({ const: "a", type: "integer" }, {}), undefined);
});

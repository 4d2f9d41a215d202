/**
 * A property taken out of an object's `properties` while every branch of a union beside it
 * still declares it the same (`{properties: {a: string, b: integer}, anyOf: [{properties: {a:
 * string}}, …]}`, a removed from the top): both differs reported property.removed BREAKING by
 * name, though the old schema accepts the same values without it. The subsumption proof on the
 * old schema with and without the property decides (`_inert_removal.ts`); where it cannot, the
 * removal stays BREAKING.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { judge } from "./_oracle.ts";
import { fourWays, NOTHING_FOUR_WAYS } from "./_schema_helpers.ts";

const a = { type: "string", maxLength: 5 };
const branches = (extra: JsonObject = {}) => [
  { properties: { a, ...extra } },
  { properties: { a }, required: ["b"] },
];
const object = (props: JsonObject, anyOf: JsonValue[] = branches()) => ({
  type: "object",
  properties: props,
  anyOf,
});
const before = object({ a, b: { type: "integer" } });
const wider = { type: "string", maxLength: 9 };
const after = object({ b: { type: "integer" } });

Deno.test("diff reports no property removed when every union branch beside it declares it the same", () => {
  assert.deepEqual(fourWays(before, after), NOTHING_FOUR_WAYS);
  // ajv agrees: no value tells the two apart, on either side.
  for (const v of judge(before, after)!.verdicts) assert.equal(v.witness, undefined, v.side);
});

/** a removed from the top beside the union `anyOf` is property.removed BREAKING on both sides. */
function assertRemoved(anyOf: JsonValue[]): void {
  const findings = fourWays(
    object({ a, b: { type: "integer" } }, anyOf),
    object({ b: { type: "integer" } }, anyOf),
  );
  for (const side of ["input", "output"] as const) {
    const removed = `tool.${side}.property.removed t.${side}Schema.properties.a BREAKING`;
    assert.ok(findings[side].includes(removed), `${side}: ${findings[side]}`);
  }
}

Deno.test("diff still reports a property removed that only some union branches declare", () => {
  const half = [{ properties: { a } }, { required: ["b"] }];
  assertRemoved(half);
});

Deno.test("diff keeps a property removed BREAKING when the proof cannot read a branch that declares it", () => {
  // An unmodelled keyword in a branch: Proxar cannot prove the values the same.
  const opaque = branches({ b: { type: "integer" } }).map((x, i) =>
    i === 0 ? { ...x, frobnicate: 1 } : x
  );
  assertRemoved(opaque);
});

Deno.test("diff reports a property removed when the union that declared it went too (declared nowhere in the new schema)", () => {
  // The old schema declares a twice (top and every branch); the new one neither: the name may
  // now hold anything. Proving only the old schema with and without a passed it as no change
  // (review of 4bb1876): property.removed went missing on both sides.
  const findings = fourWays(before, { type: "object", properties: { b: { type: "integer" } } });
  for (const side of ["input", "output"] as const) {
    const removed = `tool.${side}.property.removed t.${side}Schema.properties.a BREAKING`;
    assert.ok(findings[side].includes(removed), `${side}: ${findings[side]}`);
  }
  // Put back, it is an added property: NON_BREAKING on input; on output an optional property
  // added to an open object is NON_BREAKING too.
  for (const side of ["inputReversed", "outputReversed"] as const) {
    const kind = side === "inputReversed" ? "input" : "output";
    const added = `tool.${kind}.property.added t.${kind}Schema.properties.a NON_BREAKING`;
    assert.ok(findings[side].includes(added), `${side}: ${findings[side]}`);
  }
});

Deno.test("diff grades a property taken from the top by how the union beside it now declares it", () => {
  // Review of 5b41955: the union declaring a more loosely (maxLength 5 → 9, a widening) read as a
  // property removed, BREAKING on input, because the new schema with the old declaration put back
  // is not the same. It still declares a in every branch: the branches' comparison grades it.
  const findings = fourWays(
    before,
    object({ b: { type: "integer" } }, branches().map((x) => ({ ...x, properties: { a: wider } }))),
  );
  const at = (side: "input" | "output", i: number) =>
    `tool.${side}.maxLength.widened t.${side}Schema.anyOf.${i}.properties.a.maxLength`;
  assert.deepEqual(findings.input, [
    `${at("input", 0)} NON_BREAKING`,
    `${at("input", 1)} NON_BREAKING`,
  ]);
  assert.deepEqual(findings.output, [`${at("output", 0)} BREAKING`, `${at("output", 1)} BREAKING`]);
  for (const side of ["inputReversed", "outputReversed"] as const) {
    assert.ok(
      findings[side].length > 0 && findings[side].every((f) => f.includes(".maxLength.narrowed ")),
      `${side}: ${findings[side]}`,
    );
  }
});

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

Deno.test("diff reports a property removed when the union beside it changed what it declares for the name", () => {
  const findings = fourWays(
    before,
    object(
      { b: { type: "integer" } },
      branches().map((x) => ({
        ...x,
        properties: { a: { type: "string", maxLength: 9 } },
      })),
    ),
  );
  for (const side of ["input", "output"] as const) {
    assert.ok(
      findings[side].some((f) =>
        f.startsWith(`tool.${side}.property.removed t.${side}Schema.properties.a `)
      ),
      `${side}: ${findings[side]}`,
    );
  }
});

/**
 * A keyword no draft defines, changed inside a place both sides write a schema that accepts no
 * value ({allOf: [false, {vndVendor: 0}]} → vndVendor 1), read no finding: both differs read the
 * place as `false` (_nothing_as_false.ts) and the notes compared apart are annotations and vendor
 * extensions only, though at a schema's root, which stays as written, it read keyword.unmodelled.
 * The place accepts nothing either way (ajv, draft-07 and 2020-12), whatever a keyword the engine
 * knows says there; one it does not know may do what no draft says yet, so the specification's
 * unmodelled rule reports it, BREAKING, every way (review item 2).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, NOTHING_FOUR_WAYS, sameFourWays, schemaChanges } from "./_schema_helpers.ts";

/** An object whose property x has the schema `x`. */
const root = (x: JsonValue) => ({ type: "object", properties: { x } });
const SAMPLES: JsonValue[] = ["", "a", 0, null, true, [], {}];

/** Whether ajv accepts none of the samples as x under `s`, in draft-07 and in 2020-12. */
function acceptsNone(s: JsonValue): boolean {
  return (["draft-07", "2020-12"] as const).every((dialect) =>
    SAMPLES.every((v) => checkOf(s, dialect)!.failures({ x: v }).length > 0)
  );
}

const vendor = (v?: number) => root({ allOf: [false, v === undefined ? {} : { vndVendor: v }] });

Deno.test("diff reports an unmodelled keyword changed where both sides accept nothing", () => {
  assert.ok(acceptsNone(vendor(0)) && acceptsNone(vendor(1)));
  const unmodelled = sameFourWays(
    "keyword.unmodelled",
    "properties.x.allOf.1.vndVendor",
    "BREAKING",
  );
  assert.deepEqual(fourWays(vendor(0), vendor(1)), unmodelled);
  // Added or removed there: the same rule, both ways.
  assert.deepEqual(fourWays(vendor(), vendor(1)), unmodelled);
  // As at a schema's root, which stays as written.
  assert.deepEqual(
    fourWays({ allOf: [false, { vndVendor: 0 }] }, { allOf: [false, { vndVendor: 1 }] }),
    sameFourWays("keyword.unmodelled", "allOf.1.vndVendor", "BREAKING"),
  );
});

Deno.test("diff reads what a place that accepts nothing both ways says of values as no change", () => {
  // A keyword the engine models changed there, or an unmodelled one left as it was: nothing.
  const bound = (n: number) => root({ allOf: [false, { minLength: n, vndVendor: 0 }] });
  assert.ok(acceptsNone(bound(1)) && acceptsNone(bound(2)));
  assert.deepEqual(fourWays(bound(1), bound(2)), NOTHING_FOUR_WAYS);
  // A vendor extension there stays extension.changed, POTENTIALLY_BREAKING: no draft can define it.
  const extension = (v: number) => root({ allOf: [false, { "x-v": v }] });
  assert.deepEqual(
    fourWays(extension(0), extension(1)),
    sameFourWays("extension.changed", "properties.x.allOf.1.x-v", "POTENTIALLY_BREAKING"),
  );
});

Deno.test("diff names an unmodelled keyword of a branch that accepts nothing where each file writes it", () => {
  // The branch moved as its keyword changed: named at its new place, its old one beside it.
  const none = (v: number) => ({ not: {}, vndVendor: v, description: "never" });
  const [a, b] = [
    root({ anyOf: [{ type: "string" }, none(0)] }),
    root({ anyOf: [none(1), { type: "string" }] }),
  ];
  const at = (side: string, i: number) => [
    `tool.${side}.keyword.unmodelled t.${side}Schema.properties.x.anyOf.${i}.vndVendor BREAKING`,
  ];
  assert.deepEqual(fourWays(a, b), {
    input: at("input", 0),
    inputReversed: at("input", 1),
    output: at("output", 0),
    outputReversed: at("output", 1),
  });
  const [found] = schemaChanges("input", a, b);
  assert.equal(found?.pointer, "/tools/0/inputSchema/properties/x/anyOf/0/vndVendor");
  assert.equal(found?.oldPointer, "/tools/0/inputSchema/properties/x/anyOf/1/vndVendor");
  assert.deepEqual([found?.old, found?.new], [0, 1]);
});

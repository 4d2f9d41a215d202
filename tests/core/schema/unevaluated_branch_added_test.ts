/**
 * An allOf branch added that only declares a new optional property, beside
 * `unevaluatedProperties: false` (draft 2020-12): the branch evaluates the name, so the object no
 * longer rejects it, as when the same property is added to `properties`. Both differs graded it
 * allOf.narrowed (BREAKING on input: a conjunct added), though it only lets values in.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { judge } from "./_oracle.ts";
import { fourWays } from "./_schema_helpers.ts";
import { propertyBranches } from "../../../core/schema/_property_branches.ts";

const D2020 = "https://json-schema.org/draft/2020-12/schema";
/** An object closed by unevaluatedProperties false, with `branches` as its allOf. */
const closed = (branches: JsonValue[] = [], beside: JsonObject = {}): JsonObject => ({
  $schema: D2020,
  type: "object",
  properties: { id: { type: "string" } },
  ...(branches.length > 0 ? { allOf: branches } : {}),
  unevaluatedProperties: false,
  ...beside,
});
const depth = { properties: { depth: { type: "integer" } } };
const I = "t.inputSchema.allOf";
const O = "t.outputSchema.allOf";

Deno.test("propertyBranches() takes a branch added beside unevaluatedProperties false only when nothing else may evaluate its names", () => {
  const at = (a: JsonObject, b: JsonObject) => propertyBranches(a, b, [a, b]);
  assert.deepEqual(at(closed(), closed([depth])), [0]);
  const path = { properties: { path: { type: "string" } } };
  assert.deepEqual(at(closed([path]), closed([path, depth])), [1]);
  // Another branch's pattern evaluates depth: the object never governed it.
  const pattern = { patternProperties: { "^d": { type: "number" } } };
  assert.deepEqual(at(closed([pattern]), closed([pattern, depth])), []);
  // An anyOf beside the allOf that may evaluate depth: whether the object governed it is unknown.
  const union = { anyOf: [{ properties: { depth: true } }, true] };
  assert.deepEqual(at(closed([], union), closed([depth], union)), []);
  // One that evaluates other names only (z) left depth to the object, as did a branch that is a
  // reference to other names; through a reference, depth is found too.
  const other = { anyOf: [{ properties: { z: true } }, true] };
  assert.deepEqual(at(closed([], other), closed([depth], other)), [0]);
  const defs = (s: JsonObject) => ({ ...s, $defs: { Z: { properties: { z: true } }, D: depth } });
  const ref = (to: string) => ({ $ref: `#/$defs/${to}` });
  assert.deepEqual(at(defs(closed([ref("Z")])), defs(closed([ref("Z"), depth]))), [1]);
  assert.deepEqual(at(defs(closed([ref("D")])), defs(closed([ref("D"), depth]))), []);
  // A schema, not false: the property's schema is compared with it elsewhere.
  const rest = { unevaluatedProperties: { type: "string" } };
  assert.deepEqual(at(closed([], rest), closed([depth], rest)), []);
  // Opened on the new side: not the same closed object.
  assert.deepEqual(at(closed(), closed([depth], { unevaluatedProperties: true })), []);
});

Deno.test("diff grades an allOf branch that declares a new property beside unevaluatedProperties false as the property added to a closed object", () => {
  assert.deepEqual(fourWays(closed(), closed([depth])), {
    input: [`tool.input.property.added ${I}.0.properties.depth NON_BREAKING`],
    // Removed, the property is gone from a closed object: no conjunct dropped (widened).
    inputReversed: [`tool.input.property.removed ${I}.0.properties.depth BREAKING`],
    output: [`tool.output.property.added ${O}.0.properties.depth POTENTIALLY_BREAKING`],
    outputReversed: [`tool.output.property.removed ${O}.0.properties.depth BREAKING`],
  });
  // ajv (2020-12): nothing the old schema accepts is rejected now (no input witness), and a
  // result holding depth is valid now, invalid before.
  const verdicts = judge(closed(), closed([depth]))!.verdicts;
  assert.equal(verdicts.find((x) => x.side === "input")!.witness, undefined);
  assert.deepEqual(verdicts.find((x) => x.side === "output")!.witness, { depth: 0 });
});

Deno.test("diff grades an allOf added beside unevaluatedProperties false that also requires the name it declares as changed", () => {
  // Old objects lack depth, which new ones must hold; the old schema rejected it: neither holds
  // the other's values. On output the allOf added read narrowed (NON_BREAKING), a missed break.
  const required = { ...depth, required: ["depth"] };
  const found = fourWays(closed(), closed([required]));
  assert.deepEqual(found.input, [`tool.input.allOf.changed ${I} BREAKING`]);
  assert.deepEqual(found.output, [`tool.output.allOf.changed ${O} BREAKING`]);
  const verdicts = judge(closed(), closed([required]))!.verdicts;
  assert.deepEqual(verdicts.find((x) => x.side === "output")!.witness, { depth: 0 });
  // An allOf that evaluates no name is a constraint added: narrowed, as before.
  const few = fourWays(closed(), closed([{ minProperties: 1 }]));
  assert.deepEqual(few.input, [`tool.input.allOf.narrowed ${I} BREAKING`]);
});

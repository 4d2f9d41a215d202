import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { subsumes } from "../../../core/schema/subsume.ts";
import { STRUCTURED_VOCABULARY } from "../../../core/schema/walk.ts";
import { schemaFindings } from "./_schema_helpers.ts";

const known = STRUCTURED_VOCABULARY;
const notX = { not: { $ref: "#/$defs/X" } };
const strings = { $defs: { X: { type: "string" } } };
const short = { $defs: { X: { type: "string", maxLength: 3 } } };

Deno.test("subsumes() reads a schema under not in the root it comes from", () => {
  // not(strings) ⊆ not(short strings): every non-string is also not a short string.
  assert.equal(
    subsumes(notX, structuredClone(notX), { rootA: strings, rootB: short, known }),
    true,
  );
  // not(short strings) ⊄ not(strings): "abcd" is in the first only. The question under not is
  // asked the other way round (short ⊆ strings), and it was asked with the roots swapped too,
  // which read it as strings ⊆ short strings: proven where it is false.
  assert.notEqual(
    subsumes(notX, structuredClone(notX), { rootA: short, rootB: strings, known }),
    true,
  );
});

Deno.test("subsumes() reads then and else without an if as no constraint", () => {
  // JSON Schema ignores them without an if: every value is within {then: false}.
  assert.equal(subsumes({ type: "string" }, { then: false, else: false }, { known }), true);
  // One that reaches itself through its then is proven at once, not after the step budget.
  const ref = { $ref: "#/$defs/A" };
  const root = { $defs: { A: { then: { anyOf: [ref, { anyOf: [{ anyOf: [ref] }] }] } } } };
  assert.equal(subsumes({}, ref, { rootA: root, rootB: root, known }), true);
  assert.equal(subsumes({}, { anyOf: [{ "vndVendor": 0 }, ref] }, { rootB: root, known }), true);
  // With an if, then and else still constrain: strings are not within "strings: nothing".
  const strict = { if: { type: "string" }, then: false };
  assert.notEqual(subsumes({ type: "string" }, strict, { known }), true);
});

Deno.test("subsumes() proves everything within a union with a branch that accepts everything", () => {
  // The branch before it sends the proof round a definition that reaches itself until the step
  // budget runs out; the branch that accepts everything is asked first.
  const ref = { $ref: "#/$defs/A" };
  const s = { type: "string", maxLength: 0, pattern: "^[a-z(" };
  const root = { $defs: { A: { anyOf: [{ anyOf: [s] }, { anyOf: [ref, { enum: ["a"] }] }] } } };
  const looping = { if: { enum: ["a"] }, then: { allOf: [{ allOf: [ref] }] } };
  for (const everything of [true, {}, { description: "Anything" }]) {
    const union = { anyOf: [looping, everything] };
    assert.equal(subsumes({}, union, { rootA: root, rootB: root, known }), true);
  }
  // Not for oneOf, whose other branches may accept the same values, nor for a branch that only
  // looks empty: an unmodelled keyword may constrain it.
  const oneOf = { oneOf: [looping, true] };
  assert.notEqual(subsumes({}, oneOf, { rootA: root, rootB: root, known }), true);
  const vendor = { anyOf: [looping, { "vndVendor": 1 }] };
  assert.notEqual(subsumes({}, vendor, { rootA: root, rootB: root, known }), true);
});

/** `{type: object, properties: {v: body}}` with definition X. */
const holder = (body: JsonValue, x: JsonValue): JsonValue => ({
  type: "object",
  properties: { v: body },
  $defs: { X: x },
});

Deno.test("diff grades a reference under not whose definition widened as a narrowing on input", () => {
  // v accepted everything but short strings; now numbers and everything but strings: "abcd" is
  // no longer accepted. It was graded a NON_BREAKING widening of the anyOf, the proof reading
  // the definition under not in the wrong contract. The proof now reads the number branch
  // outside not($ref X) through X (a string), so the whole is proven narrowed and the widened
  // anyOf beside it, which said the opposite, is gone.
  const old = holder(notX, short.$defs.X);
  const next = holder({ anyOf: [notX, { type: "number" }] }, strings.$defs.X);
  assert.deepEqual(schemaFindings("input", old, next), [
    "tool.input.maxLength.widened t.inputSchema.properties.v.anyOf.0.not.maxLength BREAKING",
  ]);
  assert.deepEqual(schemaFindings("output", next, old), [
    "tool.output.maxLength.narrowed t.outputSchema.properties.v.anyOf.0.not.maxLength BREAKING",
  ]);
  // The other way round is a widening, proven (anyOf.widened), but the catch-all compares X's
  // maxLength with its uses, a bare not on one side and a branch on the other, as changed: it
  // stays BREAKING on input rather than passing.
  const back = schemaFindings("input", next, old);
  assert.ok(
    back.includes("tool.input.anyOf.widened t.inputSchema.properties.v.anyOf NON_BREAKING"),
  );
  assert.ok(back.some((line) => line.endsWith(" BREAKING")));
});

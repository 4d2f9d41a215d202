/**
 * disjoint() reads the branches of a union and of an allOf: a oneOf branch written as a nullable
 * union (`anyOf [string, null]`, no type of its own) beside a number, or variants composed as
 * `allOf [Base, {kind: const}]` (OpenAPI's inheritance), read as branches that may overlap, and
 * every change inside them as BREAKING in all four directions ("values may go either way"). The
 * chained-definitions oracle listed such findings among its BREAKING without a witness.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { disjoint } from "../../../core/schema/subsume.ts";
import { targetIn } from "../../../core/schema/resolve.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, narrowedFourWays } from "./_schema_helpers.ts";

const nullable = (type: string) => ({ anyOf: [{ type }, { type: "null" }] });
const tagged = (kind: string) => ({
  type: "object",
  properties: { kind: { const: kind } },
  required: ["kind"],
});
/** A variant as OpenAPI generators write it: the base and its tag, in an allOf. */
const variant = (kind: string) => ({ allOf: [{ $ref: "#/$defs/Base" }, tagged(kind)] });

/** Whether `value` is valid in `old` and not in `next` (ajv, draft-07). */
const lost = (old: JsonValue, next: JsonValue, value: JsonValue) =>
  checkOf(old, "draft-07")!.valid(value) && !checkOf(next, "draft-07")!.valid(value);

/** disjoint() through the branches of unions and allOfs, as the walk asks it of oneOf branches. */
const apart = (x: JsonValue, y: JsonValue, resolve?: (s: JsonValue) => JsonValue) =>
  disjoint(x, y, resolve, { branches: true });

const tool = (p: JsonValue, defs?: JsonObject): JsonObject => ({
  type: "object",
  properties: { p },
  required: ["p"],
  ...defs ? { $defs: defs } : {},
});

Deno.test("disjoint() reads every branch of a union and one branch of an allOf", () => {
  assert.equal(apart(nullable("string"), { type: "integer" }), true);
  // Unasked, it keeps to the schemas' own keywords (the proof and unions read as written).
  assert.equal(disjoint(nullable("string"), { type: "integer" }), false);
  assert.equal(
    apart({ type: "integer" }, { oneOf: [{ type: "string" }, { const: true }] }),
    true,
  );
  // One branch that meets the other side is enough to overlap: null here.
  assert.equal(apart(nullable("string"), { type: ["integer", "null"] }), false);
  assert.equal(apart(nullable("string"), nullable("integer")), false);
  // Both sides unions: each pair of branches apart.
  assert.equal(apart(nullable("string"), { anyOf: [{ type: "integer" }, { const: 1 }] }), true);
  // An allOf is apart when one of its branches is: the tags differ.
  const base = { type: "object", properties: { id: { type: "string" } } };
  const [cat, dog] = [{ allOf: [base, tagged("cat")] }, { allOf: [base, tagged("dog")] }];
  assert.equal(apart(cat, dog), true);
  assert.equal(apart(cat, { allOf: [base, tagged("cat")] }), false);
  assert.equal(apart({ allOf: [base, { type: "object" }] }, tagged("dog")), false);
  // An empty union is no proof (it is no valid schema either).
  assert.equal(apart({ anyOf: [] }, { type: "string" }), false);
});

Deno.test("disjoint() reads no union beside a reference, whose siblings draft-07 ignores", () => {
  const beside = { $ref: "#/definitions/S", anyOf: [{ type: "string" }, { type: "null" }] };
  // As written (no resolver) the reference is unknown: it may accept anything.
  assert.equal(apart(beside, { type: "integer" }), false);
  // Draft-07 reads the target alone, which accepts every value.
  const root = { $schema: "http://json-schema.org/draft-07/schema#", definitions: { S: {} } };
  assert.equal(apart(beside, { type: "integer" }, targetIn(root)), false);
  // A lone reference to a nullable union is read through its target.
  const lone = { definitions: { S: nullable("string") } };
  assert.equal(apart({ $ref: "#/definitions/S" }, { type: "integer" }, targetIn(lone)), true);
});

Deno.test("diff grades a bound beside a nullable oneOf branch by the variance", () => {
  // oneOf [anyOf [string, null], integer ≤ 10] → ≤ 5: BREAKING in all four directions before.
  const union = (maximum: number) =>
    tool({ oneOf: [nullable("string"), { type: "integer", maximum }] });
  const [wide, narrow] = [union(10), union(5)];
  assert.deepEqual(
    fourWays(wide, narrow),
    narrowedFourWays("maximum", "properties.p.oneOf.1.maximum"),
  );
  // The BREAKING directions: input (wide → narrow) and output reversed (narrow → wide) lose 7.
  assert.ok(lost(wide, narrow, { p: 7 }));
  assert.ok(!lost(narrow, wide, { p: 7 }));
});

Deno.test("diff grades a change in the base of allOf-composed variants by the variance", () => {
  const defs = (maxLength: number) => ({
    Base: { type: "object", properties: { id: { type: "string", maxLength } }, required: ["id"] },
  });
  const pets = { oneOf: [variant("cat"), variant("dog")] };
  const [wide, narrow] = [tool(pets, defs(10)), tool(pets, defs(5))];
  const found = fourWays(wide, narrow);
  assert.deepEqual(found, narrowedFourWays("maxLength", "$defs.Base.properties.id.maxLength"));
  const cat = { p: { kind: "cat", id: "abcdefg" } };
  assert.ok(lost(wide, narrow, cat));
  assert.ok(!lost(narrow, wide, cat));
});

Deno.test("diff still grades a change beside a nullable branch that overlaps BREAKING every way", () => {
  // Both branches accept null, which the oneOf therefore rejects: values may go either way.
  const union = (maximum: number) =>
    tool({ oneOf: [nullable("string"), { type: ["integer", "null"], maximum }] });
  const [wide, narrow] = [union(10), union(5)];
  for (const list of Object.values(fourWays(wide, narrow))) {
    assert.deepEqual(list.map((f) => f.split(" ").at(-1)), ["BREAKING"], `${list}`);
  }
  assert.equal(checkOf(wide, "draft-07")!.valid({ p: null }), false);
  assert.ok(lost(wide, narrow, { p: 7 }));
});

Deno.test("disjoint() reads a union that reaches itself as overlapping, and ends", () => {
  // Each branch leads back to the union: every pair of branches is met again below itself.
  const ref = (name: string) => ({ $ref: `#/$defs/${name}` });
  const root = {
    $defs: {
      D: { anyOf: [ref("D"), ref("E"), ref("D"), { type: "string" }] },
      E: { oneOf: [ref("E"), ref("D"), { allOf: [ref("D"), ref("E")] }] },
    },
  };
  assert.equal(apart(ref("D"), ref("E"), targetIn(root)), false);
  assert.equal(apart(ref("D"), { type: "integer" }, targetIn(root)), false);
});

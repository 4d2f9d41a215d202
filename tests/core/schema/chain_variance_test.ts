import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { disjoint } from "../../../core/schema/subsume.ts";
import { targetIn } from "../../../core/schema/resolve.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays } from "./_schema_helpers.ts";

const ref = (name: string) => ({ $ref: `#/$defs/${name}` });

/** Definitions Venue → Address → PostalCode, PostalCode written `postal`. */
const chain = (postal: JsonValue): Record<"Venue" | "Address" | "PostalCode", JsonValue> => ({
  Venue: { type: "object", properties: { address: ref("Address") }, required: ["address"] },
  Address: {
    type: "object",
    properties: { postal_code: ref("PostalCode") },
    required: ["postal_code"],
  },
  PostalCode: postal,
});

const wide = { type: ["string", "integer"] }, narrow = { type: "string" };

/**
 * What fourWays() gives for a type narrowed at `at` (below the schema, on input) and nothing
 * else: input, input reversed (widened), output, output reversed, with these severities.
 */
const typeNarrowed = (at: string, severities: [string, string, string, string]) => {
  const [input, inputReversed, output, outputReversed] = severities;
  const out = at.replace("input", "output");
  return {
    input: [`tool.input.type.narrowed ${at} ${input}`],
    inputReversed: [`tool.input.type.widened ${at} ${inputReversed}`],
    output: [`tool.output.type.narrowed ${out} ${output}`],
    outputReversed: [`tool.output.type.widened ${out} ${outputReversed}`],
  };
};
/** Graded by the variance: fewer values, BREAKING on input. */
const VARIANCE: [string, string, string, string] = [
  "BREAKING",
  "NON_BREAKING",
  "NON_BREAKING",
  "BREAKING",
];
/** Under a not: the mirror. */
const FLIPPED: [string, string, string, string] = [
  "NON_BREAKING",
  "BREAKING",
  "BREAKING",
  "NON_BREAKING",
];

Deno.test("diff grades a definition used under a not, one or two references away, by the not", () => {
  // Every definition reached from the root (an unused Venue referring to Address leaves the
  // uses of Address unknown, and PostalCode is then compared as written).
  const schema = (use: string, postal: JsonValue) => {
    const { Venue, ...rest } = chain(postal);
    return {
      type: "object",
      properties: { exclude: { anyOf: [{ not: ref(use) }, { type: "null" }] } },
      $defs: use === "Venue" ? { Venue, ...rest } : rest,
    };
  };
  const value = { exclude: { address: { postal_code: 12345 } } };
  const [old, next] = [schema("Venue", wide), schema("Venue", narrow)];
  // PostalCode narrowed: Venue rejects the value now, so its not accepts it (more values).
  assert.equal(checkOf(old, "2020-12")!.valid(value), false);
  assert.equal(checkOf(next, "2020-12")!.valid(value), true);
  const at = "t.inputSchema.properties.exclude.anyOf.0.not.properties.address.properties" +
    ".postal_code.type";
  // The catch-all read PostalCode's only use (inside Address) as narrowed and stopped there, so
  // it added a BREAKING keyword.changed at $defs.PostalCode on input; one reference away, it
  // compared the definition as if no not were above it (type narrowed, BREAKING).
  assert.deepEqual(fourWays(old, next), typeNarrowed(at, FLIPPED));
  const near = "t.inputSchema.properties.exclude.anyOf.0.not.properties.postal_code.type";
  const [a, b] = [schema("Address", wide), schema("Address", narrow)];
  assert.deepEqual(fourWays(a, b), typeNarrowed(near, FLIPPED));
});

/** A pydantic discriminated union: each variant a `$ref` to a definition holding its tag. */
const payment = (postal: JsonValue): JsonObject => ({
  type: "object",
  properties: { payment: { oneOf: [ref("Card"), ref("Bank")] } },
  $defs: {
    Card: {
      type: "object",
      properties: { kind: { const: "card" }, billing: ref("Address") },
      required: ["kind", "billing"],
    },
    Bank: {
      type: "object",
      properties: { kind: { const: "bank" }, iban: { type: "string" } },
      required: ["kind", "iban"],
    },
    Address: chain(postal).Address,
    PostalCode: postal,
  },
});

Deno.test("disjoint() tells oneOf variants written as references apart by the tags of their targets", () => {
  const root = payment(narrow);
  const resolve = targetIn(root, false);
  assert.equal(disjoint(ref("Card"), ref("Bank")), false);
  assert.equal(disjoint(ref("Card"), ref("Bank"), resolve), true);
  assert.equal(disjoint(ref("Card"), ref("Card"), resolve), false);
  // A reference that resolves nowhere stays as written: nothing is known of it.
  assert.equal(disjoint(ref("Card"), ref("Gone"), resolve), false);
});

Deno.test("diff grades a change inside a oneOf variant written as a reference by the variance", () => {
  const [old, next] = [payment(wide), payment(narrow)];
  const value = { payment: { kind: "card", billing: { postal_code: 12345 } } };
  assert.equal(checkOf(old, "2020-12")!.valid(value), true);
  assert.equal(checkOf(next, "2020-12")!.valid(value), false);
  const at = "t.inputSchema.properties.payment.oneOf.0.properties.billing.properties" +
    ".postal_code.type";
  // The variants' tags tell them apart: widening one lets no value match both. They were read
  // as branches that may overlap, BREAKING in all four directions.
  assert.deepEqual(fourWays(old, next), typeNarrowed(at, VARIANCE));
});

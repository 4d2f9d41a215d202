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
  // Every definition reached from the root (an unused Venue: the next test).
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

/** `use` as the property `exclude`, beside the chain, with Venue left out, unused or used. */
const venueBeside = (use: JsonValue, venue: "none" | "unused" | "used") => (postal: JsonValue) => {
  const { Venue, ...rest } = chain(postal);
  return {
    type: "object",
    properties: { exclude: use, ...(venue === "used" ? { venue: ref("Venue") } : {}) },
    $defs: venue === "none" ? rest : { Venue, ...rest },
  };
};

Deno.test("diff leaves out the uses inside a definition nothing reaches", () => {
  const not = { anyOf: [{ not: ref("Address") }, { type: "null" }] };
  const near = "t.inputSchema.properties.exclude.anyOf.0.not.properties.postal_code.type";
  // Venue refers to Address, but nothing refers to Venue: Address is used only under the not.
  // That use of Address made its uses unknown, and PostalCode was compared as written besides
  // (keyword.changed at $defs.PostalCode, BREAKING on input and on output reversed).
  const unused = venueBeside(not, "unused");
  assert.deepEqual(fourWays(unused(wide), unused(narrow)), typeNarrowed(near, FLIPPED));
  // Reversed on input, a value is lost: PostalCode wider, Address accepts it, so the not does not.
  const value = { exclude: { postal_code: 12345 } };
  assert.equal(checkOf(unused(narrow), "2020-12")!.valid(value), true);
  assert.equal(checkOf(unused(wide), "2020-12")!.valid(value), false);
  // Venue used as well: Address narrows there and widens under the not, so no one grade speaks
  // for PostalCode at $defs, and each place is graded where it is (no finding at $defs).
  const used = venueBeside(not, "used");
  const at = "t.inputSchema.properties.venue.properties.address.properties.postal_code.type";
  assert.deepEqual(fourWays(used(wide), used(narrow)).input, [
    `tool.input.type.narrowed ${near} NON_BREAKING`,
    `tool.input.type.narrowed ${at} BREAKING`,
  ]);
});

Deno.test("diff grades a use under if or contains alike with or without an unused definition", () => {
  // Where more values below may mean fewer or more above, no proof gives a direction: the
  // definition is compared as written, as it was before, whether Venue is there or not.
  const contains = { type: "array", contains: ref("Address") };
  const condition = { if: ref("Address"), then: { required: ["a"] } };
  const at = "t.inputSchema.properties.exclude.contains.properties.postal_code.type";
  const asWritten = (severity: string) => [
    `tool.input.if.changed t.inputSchema.properties.exclude.if BREAKING`,
    `tool.input.keyword.changed t.inputSchema.$defs.PostalCode.type ${severity}`,
  ];
  for (
    const [use, input, inputReversed] of [
      [contains, typeNarrowed(at, VARIANCE).input, typeNarrowed(at, VARIANCE).inputReversed],
      [condition, asWritten("BREAKING"), asWritten("NON_BREAKING")],
    ] as const
  ) {
    const [alone, unused] = [venueBeside(use, "none"), venueBeside(use, "unused")];
    const found = fourWays(unused(wide), unused(narrow));
    assert.deepEqual(found, fourWays(alone(wide), alone(narrow)));
    assert.deepEqual([found.input, found.inputReversed], [input, inputReversed]);
  }
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

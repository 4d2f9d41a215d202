/**
 * A pydantic discriminated union writes each variant as a `$ref` to a definition holding its tag.
 * disjoint() tells such variants apart only through a resolver (f60befb gave the walk's oneOf
 * grading one); these are the other places that ask it, each reached from a diff: the
 * catch-all's union of branches, the proof that a schema lies within a oneOf, the anyOf ↔ oneOf
 * rename and the overlap named when a union's keyword changed. Without the resolver each read
 * the variants as branches that may overlap, and a widening as BREAKING both ways.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { disjoint } from "../../../core/schema/subsume.ts";
import { targetIn } from "../../../core/schema/resolve.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, schemaChanges } from "./_schema_helpers.ts";

const ref = (name: string) => ({ $ref: `#/$defs/${name}` });
const variant = (kind: string, name: string, type: string) => ({
  type: "object",
  properties: { kind: { const: kind }, [name]: { type } },
  required: ["kind", name],
});
const DEFS: Record<string, JsonObject> = {
  Card: variant("card", "number", "string"),
  Bank: variant("bank", "iban", "string"),
  Cash: variant("cash", "amount", "number"),
};
/** A tool whose property `payment` is `payment`, beside the three variants. */
const tool = (payment: JsonValue): JsonObject => ({
  type: "object",
  properties: { payment },
  required: ["payment"],
  $defs: DEFS,
});
const oneOf = (...names: string[]) => ({ oneOf: names.map(ref) });

/** The four directions of a union at `payment` that gains values, graded by the variance. */
const widened = (key: string) => {
  const at = (side: string) => `t.${side}Schema.properties.payment.${key}`;
  return {
    input: [`tool.input.${key}.widened ${at("input")} NON_BREAKING`],
    inputReversed: [`tool.input.${key}.narrowed ${at("input")} BREAKING`],
    output: [`tool.output.${key}.widened ${at("output")} BREAKING`],
    outputReversed: [`tool.output.${key}.narrowed ${at("output")} NON_BREAKING`],
  };
};

/** Whether `value` is valid in `old` and not in `next` (ajv, 2020-12). */
const lost = (old: JsonValue, next: JsonValue, value: JsonValue) =>
  checkOf(old, "2020-12")!.valid(value) && !checkOf(next, "2020-12")!.valid(value);

const cash = { payment: { kind: "cash", amount: 5 } };
const bank = { payment: { kind: "bank", iban: "DE00" } };

Deno.test("disjoint() leaves what it cannot read as overlapping", () => {
  const a = { $defs: { P: DEFS.Card! } };
  // A remote reference is not followed, nor a broken one.
  assert.equal(disjoint(ref("P"), { $ref: "https://example.com/bank" }, targetIn(a)), false);
  assert.equal(disjoint(ref("P"), ref("Gone"), targetIn(a)), false);
  // Tags beside the reference: draft-07 ignores them, so both variants are the bare target.
  const tagged = (kind: string) => ({
    $ref: "#/$defs/P",
    properties: { kind: { const: kind } },
    required: ["kind"],
  });
  const base = (draft: string) => ({ $schema: draft, $defs: { P: { type: "object" } } });
  const draft07 = targetIn(base("http://json-schema.org/draft-07/schema#"));
  const draft2020 = targetIn(base("https://json-schema.org/draft/2020-12/schema"));
  assert.equal(disjoint(tagged("a"), tagged("b"), draft07), false);
  assert.equal(disjoint(tagged("a"), tagged("b"), draft2020), true);
});

Deno.test("disjoint() reads a pair met again below itself as overlapping", () => {
  // Two definitions that each require a next of their own kind: following them looped until
  // the stack overflowed (diff threw RangeError), since f60befb gave the walk a resolver.
  const node = (name: string, tag: JsonValue) => ({
    type: "object",
    properties: { next: ref(name), tag },
    required: ["next"],
  });
  const schema = (tag: JsonValue) => ({
    type: "object",
    properties: { p: { oneOf: [ref("A"), ref("B")] } },
    $defs: { A: node("A", tag), B: node("B", { type: "string" }) },
  });
  assert.equal(disjoint(ref("A"), ref("B"), targetIn(schema(true))), false);
  const found = fourWays(schema({ type: "integer" }), schema({ type: "number" }));
  for (const list of Object.values(found)) {
    assert.deepEqual(list.map((f) => f.split(" ").at(-1)), ["BREAKING"], `${list}`);
  }
});

Deno.test("diff grades a oneOf of referenced variants that gains one by the variance (catch-all)", () => {
  // The catch-all read the branches as overlapping: keyword.changed, BREAKING on input and on
  // output reversed, beside the walk's grades.
  const [old, next] = [tool(oneOf("Card", "Bank")), tool(oneOf("Card", "Bank", "Cash"))];
  assert.deepEqual(fourWays(old, next), widened("oneOf"));
  assert.ok(lost(next, old, cash));
});

Deno.test("diff proves a schema within a oneOf of referenced variants (subsumption)", () => {
  // A card that became a card or a bank: the proof asked that the bank variant not overlap the
  // card, and failed, so the walk paired the card with no branch: oneOf.narrowed, BREAKING on
  // input and on output reversed.
  const [old, next] = [tool(ref("Card")), tool(oneOf("Card", "Bank"))];
  assert.deepEqual(fourWays(old, next), widened("oneOf"));
  assert.ok(lost(next, old, bank));
  // Written out, with a bound the variant does not hold: proven within its branch, not equal,
  // and the bound named in the branch it faces, as it is when the variants are written inline.
  const written = {
    ...DEFS.Card,
    properties: { kind: { const: "card" }, number: { type: "string", maxLength: 9 } },
  };
  const bound = (side: string) =>
    `${side}Schema.properties.payment.oneOf.0.properties.number.maxLength`;
  const union = widened("oneOf");
  assert.deepEqual(fourWays(tool(written), next), {
    input: [`tool.input.maxLength.widened t.${bound("input")} NON_BREAKING`, ...union.input],
    inputReversed: [
      `tool.input.maxLength.narrowed t.${bound("input")} BREAKING`,
      ...union.inputReversed,
    ],
    output: [`tool.output.maxLength.widened t.${bound("output")} BREAKING`, ...union.output],
    outputReversed: [
      `tool.output.maxLength.narrowed t.${bound("output")} NON_BREAKING`,
      ...union.outputReversed,
    ],
  });
  const inline = { oneOf: [DEFS.Card!, DEFS.Bank!] };
  assert.deepEqual(
    fourWays(tool(written), next),
    fourWays(tool(written), tool(inline)),
  );
});

Deno.test("diff reads an anyOf of referenced variants that became a oneOf as one union", () => {
  // Disjoint variants accept the same values under either keyword: oneOf.narrowed, BREAKING on
  // input, read the union as newly exclusive.
  const anyOf = { anyOf: [ref("Card"), ref("Bank")] };
  const none = { input: [], inputReversed: [], output: [], outputReversed: [] };
  assert.deepEqual(fourWays(tool(anyOf), tool(oneOf("Card", "Bank"))), none);
  // A variant added too: the keyword change alone changes no value, and the message says so.
  const [old, next] = [tool(anyOf), tool(oneOf("Card", "Bank", "Cash"))];
  const [change] = schemaChanges("input", old, next);
  assert.equal(change?.severity, "NON_BREAKING");
  assert.match(change!.message, /anyOf became oneOf, whose branches cannot overlap/);
  // From branches that overlap, the new variants are not named as overlapping.
  const overlapping = tool({ anyOf: [ref("Card"), { type: "object" }] });
  const [swap] = schemaChanges("input", overlapping, tool(oneOf("Card", "Bank")));
  assert.match(swap!.message, /became exclusive/);
  assert.doesNotMatch(swap!.message, /may overlap/);
});

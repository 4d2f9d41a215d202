/**
 * A change inside a branch of a oneOf whose branches may overlap has no direction: a oneOf
 * rejects a value two branches accept. Found by the validator oracle (validator_oracle_test.ts):
 * `maxLength` 3 → 2 in the second of two string branches was graded narrowed (NON_BREAKING on
 * output), yet "abc" now matches the first branch only, so the new oneOf accepts it where the
 * old one rejected it: a result yesterday's client rejects.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { judge } from "./_oracle.ts";
import { fourWays, schemaFindings } from "./_schema_helpers.ts";

const v = (oneOf: JsonValue[]) => ({ type: "object", properties: { v: { oneOf } } });
const P = "properties.v.oneOf.1";

Deno.test("diff grades a bound changed in an overlapping oneOf branch BREAKING both ways on both sides", () => {
  const three = v([{ type: "string" }, { type: "string", maxLength: 3 }]);
  const two = v([{ type: "string" }, { type: "string", maxLength: 2 }]);
  assert.deepEqual(fourWays(three, two), {
    input: [`tool.input.maxLength.narrowed t.inputSchema.${P}.maxLength BREAKING`],
    inputReversed: [`tool.input.maxLength.widened t.inputSchema.${P}.maxLength BREAKING`],
    output: [`tool.output.maxLength.narrowed t.outputSchema.${P}.maxLength BREAKING`],
    outputReversed: [`tool.output.maxLength.widened t.outputSchema.${P}.maxLength BREAKING`],
  });
  // The validator agrees: {"v": "abc"} is rejected by the old oneOf (two branches match) and
  // accepted by the new one, and {"v": "ab"} by neither.
  const verdicts = judge(three, two)!.verdicts;
  assert.deepEqual(verdicts.find((x) => x.side === "output")!.witness, { v: "abc" });
});

Deno.test("diff grades a type widened in a oneOf branch by the whole proof where there is one", () => {
  // The new second branch also takes objects, which now match two branches: the oneOf went
  // from objects and strings to strings only. The proof says so where it holds; the branch
  // finding (no direction) and the catch-all's keep it BREAKING where it is not a break.
  const old = v([{ type: "object" }, { type: "string" }]);
  const widened = v([{ type: "object" }, { type: ["string", "object"] }]);
  const whole = "properties.v.oneOf";
  assert.deepEqual(fourWays(old, widened), {
    input: [`tool.input.type.widened t.inputSchema.${P}.type BREAKING`],
    inputReversed: [
      `tool.input.keyword.changed t.inputSchema.${P}.type BREAKING`,
      `tool.input.oneOf.widened t.inputSchema.${whole} NON_BREAKING`,
    ],
    output: [
      `tool.output.keyword.changed t.outputSchema.${P}.type BREAKING`,
      `tool.output.oneOf.narrowed t.outputSchema.${whole} NON_BREAKING`,
    ],
    outputReversed: [`tool.output.type.narrowed t.outputSchema.${P}.type BREAKING`],
  });
});

Deno.test("diff grades an optional property added in an overlapping oneOf branch by the convention on input and BREAKING on output", () => {
  // Objects match both branches: {"a": 1} matched both before (rejected by the oneOf), and the
  // second now declares "a" as a string, so it matches one branch: accepted. On input that only
  // widens beyond what the optional-property convention leaves aside (review: ajv finds no value
  // accepted before and rejected now); on output a result the old schema rejected now passes.
  const both = v([{ type: "object" }, { type: "object", properties: { b: { type: "integer" } } }]);
  const added = v([{ type: "object" }, {
    type: "object",
    properties: { b: { type: "integer" }, a: { type: "string" } },
  }]);
  const at = (side: string) => `t.${side}Schema.${P}.properties.a`;
  const ways = fourWays(both, added);
  assert.deepEqual(ways.input, [`tool.input.property.added ${at("input")} NON_BREAKING`]);
  assert.deepEqual(ways.output, [`tool.output.property.added ${at("output")} BREAKING`]);
  // Removed: a value of either kind that matched one branch may now match two (rejected).
  assert.deepEqual(ways.inputReversed, [`tool.input.property.removed ${at("input")} BREAKING`]);
});

Deno.test("diff keeps the variance grade in a oneOf branch disjoint from the others", () => {
  // Told apart by type: no value matches two branches, so the branch's effect is the oneOf's.
  const old = v([{ type: "integer" }, { type: "string", maxLength: 3 }]);
  const next = v([{ type: "integer" }, { type: "string", maxLength: 2 }]);
  assert.deepEqual(fourWays(old, next), {
    input: [`tool.input.maxLength.narrowed t.inputSchema.${P}.maxLength BREAKING`],
    inputReversed: [`tool.input.maxLength.widened t.inputSchema.${P}.maxLength NON_BREAKING`],
    output: [`tool.output.maxLength.narrowed t.outputSchema.${P}.maxLength NON_BREAKING`],
    outputReversed: [`tool.output.maxLength.widened t.outputSchema.${P}.maxLength BREAKING`],
  });
});

Deno.test("diff grades a nonstandard format in an overlapping oneOf branch by variance, not as an exemption (oracle seed 12)", () => {
  // A validator that ignores x-custom lets the branch take every string, which then matches
  // both branches: "a", valid before (not a uuid, so only `true` matched), is now rejected.
  const old = v([true, { type: "string", format: "uuid" }]);
  const next = v([true, { type: "string", format: "x-custom" }]);
  assert.deepEqual(fourWays(old, next), {
    input: [`tool.input.format.changed t.inputSchema.${P}.format BREAKING`],
    inputReversed: [`tool.input.format.changed t.inputSchema.${P}.format BREAKING`],
    output: [`tool.output.format.changed t.outputSchema.${P}.format BREAKING`],
    outputReversed: [`tool.output.format.changed t.outputSchema.${P}.format BREAKING`],
  });
  assert.deepEqual(judge(old, next)!.verdicts[0]!.witness, { v: "a" });
});

Deno.test("diff grades a const or enum branch added to a oneOf of typed branches by its values' kinds", () => {
  // {const: true} is neither a string nor a number, so it overlaps neither branch: adding it
  // only widens (it was oneOf.changed BREAKING on input, as if it might overlap). Found by the
  // validator oracle.
  const two = v([{ type: "string" }, { type: "number" }]);
  const whole = "properties.v.oneOf";
  for (const extra of [{ const: true }, { enum: [true, null] }, { enum: [false, "a"] }]) {
    const three = v([{ type: "string" }, { type: "number" }, extra]);
    const label = JSON.stringify(extra);
    if (Object.hasOwn(extra, "const") || !(extra.enum as JsonValue[]).includes("a")) {
      assert.deepEqual(fourWays(two, three), {
        input: [`tool.input.oneOf.widened t.inputSchema.${whole} NON_BREAKING`],
        inputReversed: [`tool.input.oneOf.narrowed t.inputSchema.${whole} BREAKING`],
        output: [`tool.output.oneOf.widened t.outputSchema.${whole} BREAKING`],
        outputReversed: [`tool.output.oneOf.narrowed t.outputSchema.${whole} NON_BREAKING`],
      }, label);
      // The validator agrees: the new oneOf accepts a value of the new branch the old one
      // rejected, and no value the old one accepted is rejected now.
      const verdicts = judge(two, three)!.verdicts;
      assert.equal(verdicts.find((x) => x.side === "input")!.witness, undefined, label);
      const witness = verdicts.find((x) => x.side === "output")!.witness as { v: JsonValue };
      assert.ok(["boolean", "object"].includes(typeof witness.v), label);
    } else {
      // Undecidable by kinds: "a" is a string, so it may match two branches ("a" is now
      // rejected). No direction: BREAKING both ways on both sides.
      const findings = fourWays(two, three);
      for (const [way, lines] of Object.entries(findings)) {
        assert.ok(lines.some((l) => l.endsWith(" BREAKING")), `${label} ${way}: ${lines}`);
      }
      const verdicts = judge(two, three)!.verdicts;
      assert.deepEqual(verdicts.find((x) => x.side === "input")!.witness, { v: "a" }, label);
    }
  }
  // An integer is a number: an enum with 1 may overlap a number branch, one with 1.5 may not
  // overlap an integer branch.
  const ints = v([{ type: "string" }, { type: "integer" }]);
  assert.deepEqual(
    schemaFindings(
      "input",
      ints,
      v([{ type: "string" }, { type: "integer" }, { enum: [true, 1.5] }]),
    ),
    [`tool.input.oneOf.widened t.inputSchema.${whole} NON_BREAKING`],
  );
  assert.deepEqual(
    schemaFindings("input", two, v([{ type: "string" }, { type: "number" }, { enum: [true, 1] }])),
    [`tool.input.oneOf.changed t.inputSchema.${whole} BREAKING`],
  );
});

/** A closed object requiring `name`, declaring `props` besides. */
const closedWith = (name: string, props: Record<string, JsonValue> = {}) => ({
  type: "object",
  properties: { [name]: { type: "string" }, ...props },
  required: [name],
  additionalProperties: false,
});

Deno.test("diff grades an optional property added in a branch of zod 4's z.xor of closed objects as outside a oneOf", () => {
  // Each branch requires a name the other's additionalProperties false rejects: no value
  // matches both, so the branch's grade is the oneOf's (the closed-object convention on output:
  // POTENTIALLY_BREAKING, as for a closed object alone; it was BREAKING as if they overlapped).
  const old = v([closedWith("a"), closedWith("b")]);
  const next = v([closedWith("a", { c: { type: "number" } }), closedWith("b")]);
  const at = (side: string) => `t.${side}Schema.properties.v.oneOf.0.properties.c`;
  assert.deepEqual(fourWays(old, next), {
    input: [`tool.input.property.added ${at("input")} NON_BREAKING`],
    inputReversed: [`tool.input.property.removed ${at("input")} BREAKING`],
    output: [`tool.output.property.added ${at("output")} POTENTIALLY_BREAKING`],
    outputReversed: [`tool.output.property.removed ${at("output")} BREAKING`],
  });
  // The validator agrees: nothing the old oneOf accepted is rejected now; on output a result
  // with "c" is new (the closed branch rejected it).
  const verdicts = judge(old, next)!.verdicts;
  assert.equal(verdicts.find((x) => x.side === "input")!.witness, undefined);
  assert.deepEqual(verdicts.find((x) => x.side === "output")!.witness, { v: { a: "", c: 0 } });
});

Deno.test("diff keeps a branch of closed objects overlapping where each admits what the other requires", () => {
  // The second branch declares "a" and requires nothing the first rejects; a pattern of the
  // first takes "b"; a pattern of the first Proxar cannot match against "b": a value may match
  // both (or Proxar cannot tell), so the change has no direction.
  const at = "t.outputSchema.properties.v.oneOf.0.properties.c";
  const open = { type: "object", properties: { b: { type: "string" } }, required: ["b"] };
  const pairs: [JsonValue, JsonValue, string][] = [
    [closedWith("a"), { ...closedWith("a", { b: { type: "string" } }) }, "added"],
    [{ ...closedWith("a"), patternProperties: { "^b$": true } }, open, "added"],
    // What the old schema allowed for "c" is unknown too: changed.
    [{ ...closedWith("a"), patternProperties: { "^(a|b)*\\1$": false } }, open, "changed"],
  ];
  for (const [first, second, how] of pairs) {
    const withC = { ...(first as object), properties: { a: { type: "string" }, c: {} } };
    assert.deepEqual(
      schemaFindings("output", v([first, second]), v([withC, second])),
      [`tool.output.property.${how} ${at} BREAKING`],
      JSON.stringify([first, second]),
    );
  }
});

Deno.test("diff reads a discriminator one branch requires and the other declares as telling them apart", () => {
  // A common value has "kind" (the first branch requires it), so it is "x" and "y" at once: no
  // value matches both, and a bound changed in a branch keeps the oneOf's direction. A name the
  // other branch declares false is rejected there whatever it holds.
  const old = (max: number) =>
    v([
      {
        type: "object",
        properties: { kind: { const: "x" }, n: { maxLength: max } },
        required: ["kind"],
      },
      { type: "object", properties: { kind: { const: "y" } } },
    ]);
  const at = "properties.v.oneOf.0.properties.n.maxLength";
  assert.deepEqual(fourWays(old(3), old(2)), {
    input: [`tool.input.maxLength.narrowed t.inputSchema.${at} BREAKING`],
    inputReversed: [`tool.input.maxLength.widened t.inputSchema.${at} NON_BREAKING`],
    output: [`tool.output.maxLength.narrowed t.outputSchema.${at} NON_BREAKING`],
    outputReversed: [`tool.output.maxLength.widened t.outputSchema.${at} BREAKING`],
  });
  assert.equal(
    judge(old(3), old(2))!.verdicts.find((x) => x.side === "output")!.witness,
    undefined,
  );
  const forbidden = (max: number) =>
    v([
      { type: "object", properties: { n: { maxLength: max } }, required: ["n"] },
      { type: "object", properties: { n: false } },
    ]);
  assert.deepEqual(schemaFindings("output", forbidden(3), forbidden(2)), [
    "tool.output.maxLength.narrowed t.outputSchema.properties.v.oneOf.0.properties.n.maxLength NON_BREAKING",
  ]);
});

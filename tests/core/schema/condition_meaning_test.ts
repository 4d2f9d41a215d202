/**
 * An `if` written otherwise that accepts the same values sends every value to the same branch:
 * a `$ref` in the condition inlined (or the reverse), a definition renamed to an equal one, `S`
 * written `{allOf: [S]}` each read if.changed, BREAKING, every way (review F7), though then and
 * not already saw through them. Now the condition is compared by what it accepts where the proof
 * decides it (its prose and other notes still compared), and stays if.changed where it does not.
 * A definition that a condition alone reaches, changed, read the catch-all's keyword change at
 * the definition beside if.changed (graded as if values passed through it); now if.changed alone.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, NOTHING_FOUR_WAYS } from "./_schema_helpers.ts";

/** A string property whose `if` is `cond` (then maxLength 1), beside definitions `defs`. */
const root = (cond: JsonValue, defs: Record<string, JsonValue> = {}) => ({
  type: "object",
  properties: { x: { type: "string", if: cond, then: { maxLength: 1 } } },
  $defs: defs,
});
const SAMPLES = ["", "a", "ab", "abc", "bb", "bbb", 3];

/** The samples ajv accepts under `s` as the value of `x`, in draft-07 and 2020-12 (equal). */
function accepted(s: JsonValue): JsonValue[] {
  const [a, b] = (["draft-07", "2020-12"] as const).map((dialect) =>
    SAMPLES.filter((v) => checkOf(s, dialect)!.failures({ x: v }).length === 0)
  );
  assert.deepEqual(a, b);
  return a!;
}

/** {@link fourWays} of one if.changed finding at x.if, BREAKING, and nothing else. */
const IF_CHANGED = {
  input: ["tool.input.if.changed t.inputSchema.properties.x.if BREAKING"],
  inputReversed: ["tool.input.if.changed t.inputSchema.properties.x.if BREAKING"],
  output: ["tool.output.if.changed t.outputSchema.properties.x.if BREAKING"],
  outputReversed: ["tool.output.if.changed t.outputSchema.properties.x.if BREAKING"],
};

const S = { minLength: 2 };
const ref = (name: string) => ({ $ref: `#/$defs/${name}` });

Deno.test("diff reads an if written otherwise that accepts the same values as no change", () => {
  const same: [string, JsonValue, JsonValue][] = [
    ["$ref inlined", root(ref("d"), { d: S }), root(S, { d: S })],
    ["$ref inlined, its definition gone", root(ref("d"), { d: S }), root(S)],
    ["definition renamed", root(ref("d"), { d: S }), root(ref("e"), { e: S })],
    [
      "renamed to an equal one beside",
      root(ref("d"), { d: S, e: S }),
      root(ref("e"), { d: S, e: S }),
    ],
    ["S as allOf [S]", root(S), root({ allOf: [S] })],
    ["$ref as allOf [$ref]", root(ref("d"), { d: S }), root({ allOf: [ref("d")] }, { d: S })],
  ];
  for (const [name, a, b] of same) {
    assert.deepEqual(accepted(a), accepted(b), name);
    assert.deepEqual(fourWays(a, b), NOTHING_FOUR_WAYS, name);
  }
  // Its prose written with it is still compared: the text added, where the new file writes it.
  const worded = root({ ...S, description: "Two letters or more." });
  assert.deepEqual(accepted(root(ref("d"), { d: S })), accepted(worded));
  const prose = (side: string) => [
    `tool.${side}.description.changed t.${side}Schema.properties.x.if.description POTENTIALLY_BREAKING`,
  ];
  assert.deepEqual(fourWays(root(ref("d"), { d: S }), worded), {
    input: prose("input"),
    inputReversed: prose("input"),
    output: prose("output"),
    outputReversed: prose("output"),
  });
});

Deno.test("diff reads an if that accepts other values as if.changed, once, every way", () => {
  // e649868's case: d's minLength 2 → 3 under then maxLength 1 accepts "ab" now (BREAKING on
  // output), and rejects nothing it accepted; the catch-all's minLength narrowed at d beside it
  // read NON_BREAKING on output (BREAKING reversed): noise, now gone.
  const [a, b] = [root(ref("d"), { d: S }), root(ref("d"), { d: { minLength: 3 } })];
  assert.deepEqual([accepted(a), accepted(b)], [["", "a"], ["", "a", "ab", "bb"]]);
  assert.deepEqual(fourWays(a, b), IF_CHANGED);
  // Inlined as it changed, or renamed as it changed: the same.
  assert.deepEqual(fourWays(a, root({ minLength: 3 })), IF_CHANGED);
  assert.deepEqual(fourWays(a, root(ref("e"), { e: { minLength: 3 } })), IF_CHANGED);
  // Reached deeper inside the condition: the same one finding.
  const deep = (n: number) => ({
    type: "object",
    properties: {
      x: { type: "object", if: { properties: { a: ref("d") } }, then: { required: ["a"] } },
    },
    $defs: { d: { minLength: n } },
  });
  assert.deepEqual(fourWays(deep(2), deep(3)), IF_CHANGED);
  // Used in a condition and elsewhere: graded where it is used as well.
  const both = (n: number) => ({
    ...root(ref("d"), { d: { minLength: n } }),
    required: ["y"],
    properties: { ...root(ref("d")).properties, y: ref("d") },
  });
  const found = fourWays(both(2), both(3));
  assert.ok(found.input.includes(IF_CHANGED.input[0]!), found.input.join());
  assert.deepEqual(found.input, [
    IF_CHANGED.input[0],
    "tool.input.minLength.narrowed t.inputSchema.properties.y.minLength BREAKING",
  ]);
});

Deno.test("diff keeps if.changed where the proof cannot decide the condition", () => {
  // A reference never fetched: allOf [R] accepts what R does, but R is unknown to the proof.
  const far = { $ref: "https://x.example/s.json" };
  assert.deepEqual(fourWays(root(far), root({ allOf: [far] })), IF_CHANGED);
  // A keyword the engine does not model, changed in the condition as it was wrapped: BREAKING.
  const odd = (n: number) => ({ minLength: 2, vndFoo: n });
  assert.deepEqual(fourWays(root(odd(1)), root({ allOf: [odd(1)] })), NOTHING_FOUR_WAYS);
  for (const [way, found] of Object.entries(fourWays(root(odd(1)), root({ allOf: [odd(2)] })))) {
    assert.ok(found.some((f) => f.endsWith(" BREAKING")), `${way}: ${found.join()}`);
  }
});

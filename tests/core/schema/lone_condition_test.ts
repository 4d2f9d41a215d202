/**
 * An `if` without then and else decides nothing: whether a value meets its condition changes no
 * verdict (ajv, draft-07 and 2020-12, accepts the same values whatever it says). A definition
 * reached only from such a condition, changed ({if: {$ref: d}}, d's minLength 2 → 3), read the
 * catch-all's minLength keyword.changed at d, graded as if values passed through it (BREAKING on
 * input, the reverse on output), where the same condition written inline read nothing; a
 * description reworded in d read nothing at all. Now the definition is read as the inline
 * condition is: no value finding, its prose and notes where the file writes them, and what the
 * engine does not model still reported, inline too (review item F4).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, NOTHING_FOUR_WAYS, sameFourWays } from "./_schema_helpers.ts";

/** A property x whose schema is `x`, beside definitions `defs`. */
const root = (x: JsonValue, defs: Record<string, JsonValue> = {}) => ({
  type: "object",
  properties: { x },
  $defs: defs,
});
const ref = (name: string) => ({ $ref: `#/$defs/${name}` });
const SAMPLES: JsonValue[] = ["", "a", "ab", "abc", 3, { a: "ab" }];

/** The samples ajv accepts under `s` as the value of `x`, in draft-07 and 2020-12 (equal). */
function accepted(s: JsonValue): JsonValue[] {
  const [a, b] = (["draft-07", "2020-12"] as const).map((dialect) =>
    SAMPLES.filter((v) => checkOf(s, dialect)!.failures({ x: v }).length === 0)
  );
  assert.deepEqual(a, b);
  return a!;
}

Deno.test("diff reads a definition only an if without then and else reaches as deciding nothing", () => {
  const [a, b] = [
    root({ if: ref("d") }, { d: { minLength: 2 } }),
    root({ if: ref("d") }, { d: { minLength: 3 } }),
  ];
  // Every sample is accepted on both sides, in both dialects: no value changed its verdict.
  assert.deepEqual(accepted(a), SAMPLES);
  assert.deepEqual(accepted(b), SAMPLES);
  assert.deepEqual(fourWays(a, b), NOTHING_FOUR_WAYS);
  // As the same condition written inline reads.
  assert.deepEqual(
    fourWays(root({ if: { minLength: 2 } }), root({ if: { minLength: 3 } })),
    NOTHING_FOUR_WAYS,
  );
  // Deeper in the condition, or through a then-less if inside an active one: the same.
  const deep = (n: number) =>
    root({ if: { properties: { a: ref("d") } } }, { d: { minLength: n } });
  assert.deepEqual(fourWays(deep(2), deep(3)), NOTHING_FOUR_WAYS);
  const inner = (n: number) =>
    root({ if: { properties: { a: { if: ref("d") } } }, then: { maxLength: 1 } }, {
      d: { minLength: n },
    });
  assert.deepEqual(fourWays(inner(2), inner(3)), NOTHING_FOUR_WAYS);
});

Deno.test("diff reads the prose of a definition only an if without then and else reaches where it is written", () => {
  const worded = (n: number, text: string) =>
    root({ if: ref("d") }, { d: { minLength: n, description: text } });
  // A typo fixed as the bound changed: the text alone, DOCUMENTATION (it read nothing at all).
  const [a, b] = [worded(2, "Short name of the thing"), worded(3, "Short name of the things")];
  assert.deepEqual(accepted(a), accepted(b));
  assert.deepEqual(
    fourWays(a, b),
    sameFourWays("description.changed", "$defs.d.description", "DOCUMENTATION"),
  );
  // A rewrite that adds a marker: the prose classifier's POTENTIALLY_BREAKING, as inline.
  assert.deepEqual(
    fourWays(a, worded(2, "Never the short name")),
    sameFourWays("description.changed", "$defs.d.description", "POTENTIALLY_BREAKING"),
  );
  assert.deepEqual(
    fourWays(
      root({ if: { minLength: 2, description: "Short name of the thing" } }),
      root({ if: { minLength: 2, description: "Never the short name" } }),
    ),
    sameFourWays("description.changed", "properties.x.if.description", "POTENTIALLY_BREAKING"),
  );
});

Deno.test("diff reports an unmodelled keyword changed where an if without then and else reads it", () => {
  // Nothing unmodelled passes silently: inline it read no finding at all.
  const inline = (n: number) => root({ if: { minLength: 2, vndFoo: n } });
  const unmodelled = (path: string) => sameFourWays("keyword.unmodelled", path, "BREAKING");
  assert.deepEqual(fourWays(inline(1), inline(2)), unmodelled("properties.x.if.vndFoo"));
  // Through a reference: as before, with the old value and the new.
  const through = (n: number) => root({ if: ref("d") }, { d: { minLength: n, vndFoo: n } });
  assert.deepEqual(fourWays(through(2), through(3)), unmodelled("$defs.d.vndFoo"));
  // A then or else without if decides nothing either.
  const lone = (n: number) => root({ then: { vndFoo: n } });
  assert.deepEqual(fourWays(lone(1), lone(2)), unmodelled("properties.x.then.vndFoo"));
});

Deno.test("diff grades an if without then and else beside unevaluatedProperties as deciding, inline and through a $ref alike", () => {
  // From 2019-09 on, unevaluatedProperties sees the annotations of a condition that holds (the
  // JSON Schema Test Suite's "unevaluatedProperties can see annotations from if without then and
  // else"): with minLength 2, {a: "ab"} passes the if, so a is evaluated and the object valid;
  // with 3 it is not (@hyperjump/json-schema, 2019-09 and 2020-12). ajv 8 ignores such an if and
  // accepts the same values on both sides; the specification is followed. Which names such a
  // condition marks, Proxar does not model: a change in it may let values in and keep others out
  // ({a: {minLength: 3}, b: {const: 1}} rejects {a: "ab"} and accepts {a: "abc", b: 1}), so it is
  // if.changed, BREAKING every way, written inline (it read nothing) or through a $ref (it read
  // minLength narrowed at the definition, NON_BREAKING on output).
  const beside = (cond: JsonValue, defs: Record<string, JsonValue> = {}) => ({
    type: "object",
    if: cond,
    unevaluatedProperties: false,
    $defs: defs,
  });
  const inline = (n: number) => beside({ properties: { a: { minLength: n } } });
  const through = (n: number) => beside(ref("d"), { d: { properties: { a: { minLength: n } } } });
  const samples: JsonValue[] = [{}, { a: "a" }, { a: "ab" }, { a: "abc" }];
  for (const s of [inline(2), inline(3), through(2), through(3)]) {
    assert.deepEqual(samples.filter((v) => checkOf(s, "2020-12")!.valid(v)), [{}]);
  }
  const changed = sameFourWays("if.changed", "if", "BREAKING");
  assert.deepEqual(fourWays(inline(2), inline(3)), changed);
  assert.deepEqual(fourWays(through(2), through(3)), changed);
  const both = beside({ properties: { a: { minLength: 3 }, b: { const: 1 } } });
  assert.deepEqual(fourWays(inline(2), both), changed);
  // Added, it marks names evaluated that unevaluatedProperties checked: a widening (removed, a
  // narrowing), graded by variance.
  const none = { type: "object", unevaluatedProperties: false, $defs: {} };
  assert.deepEqual(fourWays(none, inline(2)), {
    input: ["tool.input.if.widened t.inputSchema.if NON_BREAKING"],
    inputReversed: ["tool.input.if.narrowed t.inputSchema.if BREAKING"],
    output: ["tool.output.if.widened t.outputSchema.if BREAKING"],
    outputReversed: ["tool.output.if.narrowed t.outputSchema.if NON_BREAKING"],
  });
  // Reworded only, it marks the same names: that text alone.
  const worded = (text: string) =>
    beside({ properties: { a: { minLength: 2 } }, description: text });
  assert.deepEqual(
    fourWays(worded("Short names"), worded("Never short names")),
    sameFourWays("description.changed", "if.description", "POTENTIALLY_BREAKING"),
  );
  // unevaluatedItems sees the items a condition evaluates too.
  const items = (c: string) => ({
    type: "array",
    if: { prefixItems: [{ const: c }] },
    unevaluatedItems: false,
  });
  assert.deepEqual(fourWays(items("a"), items("b")), changed);
});

Deno.test("diff keeps grading a definition a then-less if reaches where a property reads it", () => {
  // Used by the condition and by a property: graded where the property uses it.
  const both = (n: number) => ({
    ...root({ if: ref("d") }, { d: { minLength: n } }),
    properties: { x: { if: ref("d") }, y: ref("d") },
  });
  assert.deepEqual(fourWays(both(2), both(3)).input, [
    "tool.input.minLength.narrowed t.inputSchema.properties.y.minLength BREAKING",
  ]);
});

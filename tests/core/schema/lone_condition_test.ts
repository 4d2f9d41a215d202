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

Deno.test("diff keeps grading a definition a then-less if reaches where another place reads it", () => {
  // Used beside unevaluatedProperties: from 2019-09 on it reads the annotations of a condition
  // that holds (the JSON Schema Test Suite's "unevaluatedProperties can see annotations from if
  // without then and else"; ajv 8 ignores such an if), so the condition may decide which names
  // are evaluated; it is graded as values passing through it, as on main.
  const seen = (n: number) => ({
    type: "object",
    if: ref("d"),
    unevaluatedProperties: false,
    $defs: { d: { properties: { a: { minLength: n } } } },
  });
  const graded = fourWays(seen(2), seen(3));
  assert.deepEqual(graded.input, [
    "tool.input.keyword.changed t.inputSchema.$defs.d.properties.a.minLength BREAKING",
  ]);
  assert.deepEqual(graded.output, [
    "tool.output.keyword.changed t.outputSchema.$defs.d.properties.a.minLength NON_BREAKING",
  ]);
  // Used by the condition and by a property: graded where the property uses it.
  const both = (n: number) => ({
    ...root({ if: ref("d") }, { d: { minLength: n } }),
    properties: { x: { if: ref("d") }, y: ref("d") },
  });
  assert.deepEqual(fourWays(both(2), both(3)).input, [
    "tool.input.minLength.narrowed t.inputSchema.properties.y.minLength BREAKING",
  ]);
});

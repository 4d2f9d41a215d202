/**
 * A `multipleOf` beside an `enum` or `const`: a side that lists its values loses only listed
 * numbers the new multipleOf rejects and gains only listed numbers the old one rejected, so a
 * change that every listed value passes changes no accepted value (as a bound beside a list,
 * enum_bounds_test.ts). {type: number, enum: [2, 4, 6]} → the same with multipleOf 2 read
 * multipleOf.narrowed, BREAKING on input, though ajv draft-07 and 2020-12 accept the same values.
 * Each case runs on input and output, both ways, through the whole engine and each differ alone.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { catchAllDiff } from "../../../core/schema/catch_all.ts";
import { walkSchemas } from "../../../core/schema/walk.ts";
import { classifyProse } from "../../../core/prose.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, narrowedFourWays, NOTHING_FOUR_WAYS, schemaChanges } from "./_schema_helpers.ts";

const v = (schema: JsonValue) => ({ type: "object", properties: { v: schema } });
const p = "t.inputSchema.properties.v", q = "t.outputSchema.properties.v";
const DIALECTS = ["draft-07", "2020-12"] as const;
const SAMPLES: JsonValue[] = [0, 0.3, 0.5, 1, 1.5, 2, 3, 4, 5, 6, 7.5, 10, 15, 30, -6, "x", null];

/** Whether ajv accepts the same samples under `a` and `b` in both dialects. */
function sameValues(a: JsonValue, b: JsonValue): boolean {
  return DIALECTS.every((d) =>
    SAMPLES.every((x) =>
      (checkOf(a, d)!.failures(x).length === 0) === (checkOf(b, d)!.failures(x).length === 0)
    )
  );
}

/** The messages of `rule` when the walk alone compares `a` → `b` on input. */
function messages(a: JsonValue, b: JsonValue, rule: string): string[] {
  return walkSchemas(a, b, {
    side: "input",
    basePath: "t",
    basePointer: "/tools/0/inputSchema",
    classifyProse,
  }).filter((d) => d.rule === rule).map((d) => d.message);
}

Deno.test("listedOffMultiple: a multipleOf every listed value passes is no finding", () => {
  const pairs: [JsonValue, JsonValue][] = [
    [{ type: "number", enum: [2, 4, 6] }, { type: "number", enum: [2, 4, 6], multipleOf: 2 }],
    [{ enum: [2, 4, "x", null] }, { enum: [2, 4, "x", null], multipleOf: 2 }],
    [{ const: 6 }, { const: 6, multipleOf: 3 }],
    [{ type: "integer", const: 6, multipleOf: 2 }, { type: "integer", const: 6, multipleOf: 3 }],
    [{ enum: [15, 30], multipleOf: 3 }, { enum: [15, 30], multipleOf: 5 }],
    [{ enum: [0.5, 1.5], multipleOf: 0.5 }, { enum: [0.5, 1.5], multipleOf: 0.25 }],
  ];
  for (const [a, b] of pairs) {
    assert.equal(sameValues(a, b), true, JSON.stringify([a, b]));
    assert.deepEqual(fourWays(v(a), v(b)), NOTHING_FOUR_WAYS, JSON.stringify([a, b]));
    // Each differ alone.
    for (const side of ["input", "output"] as const) {
      for (const [x, y] of [[a, b], [b, a]] as const) {
        const options = { side, basePath: "t", basePointer: "/tools/0/inputSchema" };
        assert.deepEqual(walkSchemas(v(x), v(y), { ...options, classifyProse }), []);
        const known = new Set(["type", "properties", "enum", "const", "multipleOf"]);
        assert.deepEqual(catchAllDiff(v(x), v(y), { ...options, known }), []);
      }
    }
  }
});

Deno.test("listedOffMultiple: a listed value the new multipleOf rejects keeps the grade and is named", () => {
  const a = { type: "number", enum: [2, 4, 5] };
  const b = { type: "number", enum: [2, 4, 5], multipleOf: 2 };
  assert.equal(sameValues(a, b), false);
  assert.deepEqual(fourWays(v(a), v(b)), narrowedFourWays("multipleOf", "properties.v.multipleOf"));
  assert.deepEqual(messages(v(a), v(b), "tool.input.multipleOf.narrowed"), [
    "t.properties.v: multipleOf narrowed from absent to 2, which rejects 5 of the values the old schema lists",
  ]);
  // Removed, it lets the listed 5 in: widened, named as the new schema's.
  assert.deepEqual(messages(v(b), v(a), "tool.input.multipleOf.widened"), [
    "t.properties.v: multipleOf widened from 2 to absent, which admits 5 of the values the new schema lists",
  ]);
  // ajv's own test, n / m an integer: 0.3 / 0.1 is not one, so 0.3 fails multipleOf 0.1.
  const tenths = { enum: [0.3] };
  assert.equal(sameValues(tenths, { ...tenths, multipleOf: 0.1 }), false);
  assert.deepEqual(
    fourWays(v(tenths), v({ ...tenths, multipleOf: 0.1 })).input,
    [`tool.input.multipleOf.narrowed ${p}.multipleOf BREAKING`],
  );
});

Deno.test("listedOffMultiple: a change that only takes away or only lets in listed values narrows or widens", () => {
  // 3 → 5 beside [15] and [15, 5]: nothing of the old list is lost, 5 is let in (the enum says
  // so too): multipleOf widened where it read changed, BREAKING both ways.
  const a = { enum: [15], multipleOf: 3 }, b = { enum: [15, 5], multipleOf: 5 };
  assert.deepEqual(fourWays(v(a), v(b)), {
    input: [
      `tool.input.enum.widened ${p}.enum NON_BREAKING`,
      `tool.input.multipleOf.widened ${p}.multipleOf NON_BREAKING`,
    ],
    inputReversed: [
      `tool.input.enum.narrowed ${p}.enum BREAKING`,
      `tool.input.multipleOf.narrowed ${p}.multipleOf BREAKING`,
    ],
    output: [
      `tool.output.enum.widened ${q}.enum BREAKING`,
      `tool.output.multipleOf.widened ${q}.multipleOf BREAKING`,
    ],
    outputReversed: [
      `tool.output.enum.narrowed ${q}.enum NON_BREAKING`,
      `tool.output.multipleOf.narrowed ${q}.multipleOf NON_BREAKING`,
    ],
  });
});

Deno.test("listedOffMultiple: values listed in an allOf branch or in every anyOf branch are read", () => {
  // Every listed value a multiple of 2: no change (it read multipleOf.narrowed, BREAKING on
  // input, beside lists the sibling enum of 19af23d left unread); one listed value that is not:
  // graded by variance and named.
  for (
    const [list, off] of <[object, object][]> [
      [{ allOf: [{ enum: [2, 4] }] }, { allOf: [{ enum: [2, 5] }] }],
      [{ anyOf: [{ enum: [2, 4] }, { const: 6 }] }, { anyOf: [{ enum: [2, 4] }, { const: 5 }] }],
      [{ oneOf: [{ const: 2 }, { const: 4 }] }, { oneOf: [{ const: 2 }, { const: 5 }] }],
    ]
  ) {
    const listed = { type: "integer", ...list };
    assert.deepEqual(fourWays(v(listed), v({ ...listed, multipleOf: 2 })), NOTHING_FOUR_WAYS);
    const odd = { type: "integer", ...off };
    assert.deepEqual(
      fourWays(v(odd), v({ ...odd, multipleOf: 2 })),
      narrowedFourWays("multipleOf", "properties.v.multipleOf"),
      JSON.stringify(off),
    );
    const [named] = schemaChanges("input", v(odd), v({ ...odd, multipleOf: 2 }));
    assert.match(named!.message, /rejects 5 of the values the old schema lists/);
  }
});

Deno.test("listedOffMultiple: values a branch does not list leave multipleOf graded by variance", () => {
  // Undecidable from the lists: an anyOf branch lists nothing, and a side with no list at all
  // may lose any multiple.
  const open = { type: "integer", anyOf: [{ enum: [2, 4] }, { type: "integer" }] };
  assert.deepEqual(
    fourWays(v(open), v({ ...open, multipleOf: 2 })),
    narrowedFourWays("multipleOf", "properties.v.multipleOf"),
  );
  assert.deepEqual(
    fourWays(v({ type: "integer" }), v({ type: "integer", enum: [2, 4], multipleOf: 2 })).input,
    [
      `tool.input.enum.narrowed ${p}.enum BREAKING`,
      `tool.input.multipleOf.narrowed ${p}.multipleOf BREAKING`,
    ],
  );
});

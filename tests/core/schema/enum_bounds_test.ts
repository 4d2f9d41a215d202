/**
 * A numeric bound beside an `enum` or `const`: a side that lists its values gains or loses only
 * listed numbers between the two bounds, so a move that passes none of them changes no accepted
 * value. open-meteo-mcp-server 1.1.3 → 2.1.0 replaced `past_days: {type: integer, enum: [1, 2]}`
 * with `{type: integer, minimum: 1, maximum: 92}`, graded minimum.narrowed and maximum.narrowed,
 * BREAKING, though 1 and 2 pass both. Each case runs on input and output, both ways, through the
 * whole engine and through each differ alone.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { catchAllDiff } from "../../../core/schema/catch_all.ts";
import { walkSchemas } from "../../../core/schema/walk.ts";
import { classifyProse } from "../../../core/prose.ts";
import { fourWays, NOTHING_FOUR_WAYS } from "./_schema_helpers.ts";

const v = (schema: JsonValue) => ({ type: "object", properties: { v: schema } });
const p = "t.inputSchema.properties.v", q = "t.outputSchema.properties.v";

Deno.test("listedBetween: bounds every listed value passes beside an enum removed are no finding", () => {
  assert.deepEqual(
    fourWays(
      v({ type: "integer", enum: [1, 2] }),
      v({ type: "integer", minimum: 1, maximum: 92 }),
    ),
    {
      input: [`tool.input.enum.widened ${p}.enum NON_BREAKING`],
      inputReversed: [`tool.input.enum.narrowed ${p}.enum BREAKING`],
      output: [`tool.output.enum.widened ${q}.enum BREAKING`],
      outputReversed: [`tool.output.enum.narrowed ${q}.enum NON_BREAKING`],
    },
  );
});

Deno.test("listedBetween: a bound added beside an enum kept is no change when every value passes", () => {
  const none = { input: [], inputReversed: [], output: [], outputReversed: [] };
  assert.deepEqual(fourWays(v({ enum: [3, 5, "x"] }), v({ enum: [3, 5, "x"], minimum: 3 })), none);
  assert.deepEqual(fourWays(v({ const: 4 }), v({ const: 4, exclusiveMaximum: 5 })), none);
});

Deno.test("listedBetween: a bound that a listed value fails is graded by variance and names it", () => {
  // seasonal_forecast.forecast_days: enum [45, 92, 183, 274] → integer 0..217: 274 is rejected
  // now, while every listed value passes minimum 0.
  const old = v({ type: "integer", enum: [45, 92, 183, 274] });
  const next = v({ type: "integer", minimum: 0, maximum: 217 });
  assert.deepEqual(fourWays(old, next), {
    input: [
      `tool.input.enum.widened ${p}.enum NON_BREAKING`,
      `tool.input.maximum.narrowed ${p}.maximum BREAKING`,
    ],
    inputReversed: [
      `tool.input.enum.narrowed ${p}.enum BREAKING`,
      `tool.input.maximum.widened ${p}.maximum NON_BREAKING`,
    ],
    output: [
      `tool.output.enum.widened ${q}.enum BREAKING`,
      `tool.output.maximum.narrowed ${q}.maximum NON_BREAKING`,
    ],
    outputReversed: [
      `tool.output.enum.narrowed ${q}.enum NON_BREAKING`,
      `tool.output.maximum.widened ${q}.maximum BREAKING`,
    ],
  });
  const deltas = walkSchemas(old, next, {
    side: "input",
    basePath: "t",
    basePointer: "/tools/0/inputSchema",
    classifyProse,
  });
  assert.deepEqual(
    deltas.filter((d) => d.rule.endsWith(".maximum.narrowed")).map((d) => d.message),
    [
      "t.properties.v: maximum tightened from none to <= 217, which rejects 274 of the values the old schema lists",
    ],
  );
  // An exclusive bound at a listed value rejects it.
  assert.deepEqual(
    fourWays(v({ enum: [1, 2] }), v({ enum: [1, 2], exclusiveMinimum: 1 })).input,
    [`tool.input.minimum.narrowed ${p}.exclusiveMinimum BREAKING`],
  );
});

Deno.test("listedBetween: values listed in an allOf branch or in every anyOf branch are read", () => {
  // The node accepts no number its allOf branch, or every branch of its anyOf together, does not
  // list: a bound all of them pass is no change (it read minimum.narrowed, BREAKING on input).
  for (
    const list of [
      { allOf: [{ enum: [1, 2] }] },
      { anyOf: [{ const: 1 }, { enum: [2] }] },
      { oneOf: [{ const: 1 }, { const: 2 }, false] },
      { allOf: [{ anyOf: [{ enum: [1] }, { enum: [2] }] }] },
    ]
  ) {
    const old = v({ type: "integer", ...list });
    assert.deepEqual(fourWays(old, v({ type: "integer", ...list, minimum: 1 })), NOTHING_FOUR_WAYS);
    // A listed value the bound rejects: graded by variance, in all four directions.
    assert.deepEqual(fourWays(old, v({ type: "integer", ...list, minimum: 2 })), {
      input: [`tool.input.minimum.narrowed ${p}.minimum BREAKING`],
      inputReversed: [`tool.input.minimum.widened ${p}.minimum NON_BREAKING`],
      output: [`tool.output.minimum.narrowed ${q}.minimum NON_BREAKING`],
      outputReversed: [`tool.output.minimum.widened ${q}.minimum BREAKING`],
    }, JSON.stringify(list));
  }
});

Deno.test("listedBetween: values a branch does not list leave the bound graded by variance", () => {
  // Undecidable from the lists: an anyOf branch lists nothing (any integer passes it), or no
  // allOf branch lists any.
  for (
    const list of [
      { anyOf: [{ enum: [1, 2] }, { type: "integer" }] },
      { allOf: [{ type: "integer" }] },
    ]
  ) {
    const old = v({ type: "integer", ...list });
    assert.deepEqual(fourWays(old, v({ type: "integer", ...list, minimum: 1 })), {
      input: [`tool.input.minimum.narrowed ${p}.minimum BREAKING`],
      inputReversed: [`tool.input.minimum.widened ${p}.minimum NON_BREAKING`],
      output: [`tool.output.minimum.narrowed ${q}.minimum NON_BREAKING`],
      outputReversed: [`tool.output.minimum.widened ${q}.minimum BREAKING`],
    }, JSON.stringify(list));
  }
});

Deno.test("listedBetween: each differ alone reads an enum's values against the bounds", () => {
  for (const list of [{ enum: [1, 2] }, { allOf: [{ enum: [1, 2] }] }]) {
    const a = v({ type: "integer", ...list });
    const b = v({ type: "integer", ...list, minimum: 1, maximum: 92 });
    for (const side of ["input", "output"] as const) {
      for (const [x, y] of [[a, b], [b, a]]) {
        const options = { side, basePath: "t", basePointer: "/tools/0/inputSchema" };
        assert.deepEqual(walkSchemas(x, y, { ...options, classifyProse }), []);
        const known = new Set(["type", "properties", "enum", "minimum", "maximum", "allOf"]);
        assert.deepEqual(catchAllDiff(x, y, { ...options, known }), []);
      }
    }
  }
});

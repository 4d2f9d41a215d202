/**
 * On a schema that accepts integers only, a bound is compared as the integers it admits:
 * `minimum: 1` and `exclusiveMinimum: 0` are one bound there (zod's `.min(1)` and `.positive()`).
 * @cyanheads/git-mcp-server 2.3.2 → 2.5.8 moved git_cherry_pick's integer `mainline` from the
 * first to the second, graded a widening (and the move back BREAKING on input). Each case runs on
 * input and output, both ways, through the whole engine and through each differ alone.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { catchAllDiff } from "../../../core/schema/catch_all.ts";
import { walkSchemas } from "../../../core/schema/walk.ts";
import { classifyProse } from "../../../core/prose.ts";
import { fourWays } from "./_schema_helpers.ts";

const NONE = { input: [], inputReversed: [], output: [], outputReversed: [] };
const v = (schema: JsonValue) => ({ type: "object", properties: { v: schema } });

Deno.test("integerBound: minimum 1 and exclusiveMinimum 0 on an integer are no change", () => {
  assert.deepEqual(
    fourWays(v({ type: "integer", minimum: 1 }), v({ type: "integer", exclusiveMinimum: 0 })),
    NONE,
  );
});

Deno.test("integerBound: maximum 9 and exclusiveMaximum 10 on an integer are no change", () => {
  assert.deepEqual(
    fourWays(v({ type: "integer", maximum: 9 }), v({ type: "integer", exclusiveMaximum: 10 })),
    NONE,
  );
});

Deno.test("integerBound: a fractional bound is the integer it admits first", () => {
  assert.deepEqual(
    fourWays(v({ type: "integer", minimum: 0.5 }), v({ type: "integer", minimum: 1 })),
    NONE,
  );
  assert.deepEqual(
    fourWays(v({ type: "integer", maximum: 9.5 }), v({ type: "integer", exclusiveMaximum: 10 })),
    NONE,
  );
});

Deno.test("integerBound: a nullable integer (type list) is compared by its integers too", () => {
  assert.deepEqual(
    fourWays(
      v({ type: ["integer", "null"], minimum: 1 }),
      v({ type: ["integer", "null"], exclusiveMinimum: 0 }),
    ),
    NONE,
  );
});

Deno.test("integerBound: a bound that admits one integer more is still graded by variance", () => {
  const p = "t.inputSchema.properties.v", q = "t.outputSchema.properties.v";
  assert.deepEqual(
    fourWays(v({ type: "integer", minimum: 1 }), v({ type: "integer", exclusiveMinimum: -1 })),
    {
      input: [`tool.input.minimum.widened ${p}.exclusiveMinimum NON_BREAKING`],
      inputReversed: [`tool.input.minimum.narrowed ${p}.minimum BREAKING`],
      output: [`tool.output.minimum.widened ${q}.exclusiveMinimum BREAKING`],
      outputReversed: [`tool.output.minimum.narrowed ${q}.minimum NON_BREAKING`],
    },
  );
});

Deno.test("integerBound: where a side accepts other numbers, the bounds are compared as written", () => {
  // 0.5 passes exclusiveMinimum 0 and fails minimum 1: a number schema really widened.
  const p = "t.inputSchema.properties.v", q = "t.outputSchema.properties.v";
  const widened = {
    input: [`tool.input.minimum.widened ${p}.exclusiveMinimum NON_BREAKING`],
    inputReversed: [`tool.input.minimum.narrowed ${p}.minimum BREAKING`],
    output: [`tool.output.minimum.widened ${q}.exclusiveMinimum BREAKING`],
    outputReversed: [`tool.output.minimum.narrowed ${q}.minimum NON_BREAKING`],
  };
  assert.deepEqual(
    fourWays(v({ type: "number", minimum: 1 }), v({ type: "number", exclusiveMinimum: 0 })),
    widened,
  );
  // Undecidable from the node alone: no type on either side, so any number may come.
  assert.deepEqual(fourWays(v({ minimum: 1 }), v({ exclusiveMinimum: 0 })), widened);
  // An integer on one side only: the untyped side admits 0.5, so the bound is not one bound.
  assert.deepEqual(
    fourWays(
      v({ type: "integer", minimum: 1 }),
      v({ type: ["integer", "number"], exclusiveMinimum: 0 }),
    ),
    {
      input: [
        `tool.input.minimum.widened ${p}.exclusiveMinimum NON_BREAKING`,
        `tool.input.type.widened ${p}.type NON_BREAKING`,
      ],
      inputReversed: [
        `tool.input.minimum.narrowed ${p}.minimum BREAKING`,
        `tool.input.type.narrowed ${p}.type BREAKING`,
      ],
      output: [
        `tool.output.minimum.widened ${q}.exclusiveMinimum BREAKING`,
        `tool.output.type.widened ${q}.type BREAKING`,
      ],
      outputReversed: [
        `tool.output.minimum.narrowed ${q}.minimum NON_BREAKING`,
        `tool.output.type.narrowed ${q}.type NON_BREAKING`,
      ],
    },
  );
});

Deno.test("integerBound: each differ alone reads minimum 1 and exclusiveMinimum 0 as one bound", () => {
  const a = v({ type: "integer", minimum: 1 }), b = v({ type: "integer", exclusiveMinimum: 0 });
  for (const side of ["input", "output"] as const) {
    for (const [x, y] of [[a, b], [b, a]]) {
      const options = { side, basePath: "t", basePointer: "/tools/0/inputSchema" };
      assert.deepEqual(walkSchemas(x, y, { ...options, classifyProse }), []);
      const known = new Set(["type", "properties", "minimum", "exclusiveMinimum"]);
      assert.deepEqual(catchAllDiff(x, y, { ...options, known }), []);
    }
  }
});

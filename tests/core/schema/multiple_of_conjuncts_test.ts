/**
 * Two multipleOf conjuncts hold together what their least common multiple holds: `allOf:
 * [{multipleOf: 4}, {multipleOf: 6}]` accepts the multiples of 12, as ajv says. Written as
 * `multipleOf: 12` on the other side it read allOf.narrowed and multipleOf.narrowed, BREAKING on
 * input (widened, BREAKING on output, the other way), between schemas that accept the same values.
 * The conjuncts merged at a place now hold the integers' least common multiple, and the
 * subsumption proof finds it too (a lone allOf, which the walk reads).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, NOTHING_FOUR_WAYS } from "./_schema_helpers.ts";

const x = (schema: JsonValue) => ({ type: "object", properties: { x: schema } });
const SAMPLES: JsonValue[] = [0, 4, 6, 8, 12, 18, 24, 36, 48, 1.2, 2.4, 0.5, -12, -6, "12"];

/** Which of {@link SAMPLES} ajv accepts under `a` and not `b`, in draft-07 and 2020-12. */
function onlyUnder(a: JsonValue, b: JsonValue): JsonValue[] {
  return SAMPLES.filter((v) =>
    (["draft-07", "2020-12"] as const).some((d) =>
      checkOf(a, d)!.failures({ x: v }).length === 0 &&
      checkOf(b, d)!.failures({ x: v }).length > 0
    )
  );
}

const BOTH = [{ multipleOf: 4 }, { multipleOf: 6 }];

Deno.test("multipleOf 4 and 6 in an allOf read as multipleOf 12: no finding, beside a type or alone", () => {
  for (const type of [{ type: "integer" }, { type: "number" }, {}]) {
    const [a, b] = [x({ ...type, allOf: BOTH }), x({ ...type, multipleOf: 12 })];
    assert.deepEqual([onlyUnder(a, b), onlyUnder(b, a)], [[], []]);
    assert.deepEqual(fourWays(a, b), NOTHING_FOUR_WAYS, JSON.stringify(type));
  }
  // One beside the allOf, the other in it: the same.
  const beside = x({ type: "integer", multipleOf: 4, allOf: [{ multipleOf: 6 }] });
  assert.deepEqual(fourWays(beside, x({ type: "integer", multipleOf: 12 })), NOTHING_FOUR_WAYS);
});

Deno.test("multipleOf 4 and 6 against 24 or 6 is graded by variance, once", () => {
  const a = x({ type: "integer", allOf: BOTH });
  // 24 accepts fewer: narrowed, the one finding (it came with allOf.narrowed beside it).
  assert.deepEqual(onlyUnder(x({ type: "integer", multipleOf: 24 }), a), []);
  const tighter = fourWays(a, x({ type: "integer", multipleOf: 24 }));
  assert.deepEqual(tighter.input, [
    "tool.input.multipleOf.narrowed t.inputSchema.properties.x.multipleOf BREAKING",
  ]);
  assert.deepEqual(tighter.outputReversed, [
    "tool.output.multipleOf.widened t.outputSchema.properties.x.allOf.0.multipleOf BREAKING",
  ]);
  // 6 accepts more (6, 18): widened.
  assert.deepEqual(onlyUnder(x({ type: "integer", multipleOf: 6 }), a), [6, 18, -6]);
  assert.deepEqual(fourWays(a, x({ type: "integer", multipleOf: 6 })).input, [
    "tool.input.multipleOf.widened t.inputSchema.properties.x.multipleOf NON_BREAKING",
  ]);
});

Deno.test("multipleOf conjuncts that are not integers are not merged: still graded, BREAKING on input", () => {
  // 0.4 and 0.6 hold 1.2's multiples in exact arithmetic, but ajv divides in floating point:
  // Proxar does not claim it, and the change keeps a BREAKING cell each way.
  const a = x({ type: "number", allOf: [{ multipleOf: 0.4 }, { multipleOf: 0.6 }] });
  const b = x({ type: "number", multipleOf: 1.2 });
  const ways = fourWays(a, b);
  assert.ok(ways.input.some((f) => f.endsWith("BREAKING") && !f.endsWith("NON_BREAKING")));
  assert.ok(ways.outputReversed.some((f) => f.endsWith(" BREAKING")));
});

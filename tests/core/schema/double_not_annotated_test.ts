/**
 * `{not: {not: X}}` with annotations beside either `not` accepts what X accepts: against X
 * written plainly, the annotation is the one finding. The differs read a double not through only
 * when it is bare, and the conjuncts merged before they compare (_merged_conjuncts.ts) only one
 * whose inner `not` stands alone with a value keyword beside the outer one, so an annotation
 * beside the inner `not`, or a lone double not with one beside the outer, read "not removed, type
 * added": not.narrowed beside type.widened, BREAKING on input reversed and output.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays } from "./_schema_helpers.ts";

const tool = (p: JsonValue): JsonObject => ({
  type: "object",
  properties: { p },
  required: ["p"],
});
const S = { type: "string" };
/** {not: {not: string, ...inner}, ...outer}. */
const NN = (outer: JsonObject = {}, inner: JsonObject = {}) => ({
  not: { not: S, ...inner },
  ...outer,
});

/** The findings of `note` added at the place (`at` "") or beside a not (`at` "not."). */
function noteOnly(plain: JsonObject, note: JsonObject, at: string) {
  const ways = fourWays(tool(plain), tool({ ...plain, ...note }));
  const moved = (list: string[]) =>
    list.map((f) => f.replace(".properties.p.", `.properties.p.${at}`));
  // The plain case is the annotation's own finding, one a way, never a schema finding.
  for (const list of Object.values(ways)) {
    assert.equal(list.length, 1);
    assert.match(list[0]!, / (DOCUMENTATION|POTENTIALLY_BREAKING)$/);
  }
  return {
    input: moved(ways.input),
    inputReversed: moved(ways.inputReversed),
    output: moved(ways.output),
    outputReversed: moved(ways.outputReversed),
  };
}

/** Whether ajv (draft-07) finds `value` valid in `old` and not in `next`. */
const lost = (old: JsonValue, next: JsonValue, value: JsonValue) =>
  checkOf(old, "draft-07")!.valid(value) && !checkOf(next, "draft-07")!.valid(value);
const VALUES: JsonValue[] = ["", "ab", "abc", "abcd", 1, null, {}, []];

Deno.test("diff reads a double not with annotations beside it as X written plainly", () => {
  const bound = { maxLength: 3 };
  const cases: [JsonObject, JsonObject, JsonObject, string][] = [
    // Beside the inner not, with a value keyword beside the outer one (the brief's case).
    [NN(bound, { $comment: "x" }), { ...S, ...bound }, { $comment: "x" }, "not."],
    [NN(bound, { description: "d" }), { ...S, ...bound }, { description: "d" }, "not."],
    // A lone double not with an annotation beside either not.
    [NN({ $comment: "x" }), S, { $comment: "x" }, ""],
    [NN({}, { description: "d" }), S, { description: "d" }, "not."],
    [NN({ title: "t" }, { description: "d" }), { ...S, title: "t" }, { description: "d" }, "not."],
    // One that stays at the place: a default, a vendor extension.
    [NN({ default: "a" }), S, { default: "a" }, ""],
    [NN({ "x-k": 1 }), S, { "x-k": 1 }, ""],
  ];
  for (const [nn, plain, note, at] of cases) {
    const what = JSON.stringify(nn);
    // Before: not.narrowed beside type.widened (input reversed), and the mirror on output.
    const ways = fourWays(tool(nn), tool(plain));
    const only = noteOnly(plain, note, at);
    // X → double not is the annotation added; double not → X, removed.
    assert.deepEqual(ways, {
      input: only.inputReversed,
      inputReversed: only.input,
      output: only.outputReversed,
      outputReversed: only.output,
    }, what);
    // The same values, as ajv reads them.
    for (const v of VALUES) {
      assert.equal(
        lost(tool(nn), tool(plain), { p: v }) || lost(tool(plain), tool(nn), { p: v }),
        false,
      );
    }
  }
});

Deno.test("diff still grades a bound changed beside an annotated double not", () => {
  const plain = { ...S, maxLength: 2 };
  for (const nn of [NN({ maxLength: 3 }, { $comment: "x" }), NN({ $comment: "x", maxLength: 3 })]) {
    const ways = fourWays(tool(nn), tool(plain));
    const what = JSON.stringify(ways, null, 1);
    const breaking = (list: string[]) => list.filter((f) => f.endsWith(" BREAKING"));
    assert.deepEqual(breaking(ways.input), [
      "tool.input.maxLength.narrowed t.inputSchema.properties.p.maxLength BREAKING",
    ], what);
    assert.deepEqual(breaking(ways.outputReversed), [
      "tool.output.maxLength.widened t.outputSchema.properties.p.maxLength BREAKING",
    ], what);
    assert.deepEqual([...breaking(ways.inputReversed), ...breaking(ways.output)], [], what);
    // "abc" is lost on input (and newly returned on output reversed).
    assert.equal(lost(tool(nn), tool(plain), { p: "abc" }), true);
  }
});

/**
 * A lone allOf that became the first branch of `anyOf [allOf', null]`, with a bound or a format
 * dropped inside it: a pure widening (validator oracle, chained roots, seed 11). The proof of the
 * whole fails on the names its conjuncts read through a `$ref` in a union branch, and the
 * catch-all's union lift would not pair a lone schema holding an allOf, so it read "allOf
 * removed" beside "anyOf added": keyword.changed, BREAKING on input and on output reversed. The
 * lift pairs it now with a branch that is an allOf holding one of its branches as it is, as one
 * allOf with another; a narrowing in the branch still reads BREAKING, and a remote `$ref` changed
 * inside it stays BREAKING every way.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays } from "./_schema_helpers.ts";

const D = { type: "object", properties: { q: { type: "string" } } };
const root = (a: JsonValue, d: JsonValue = D) => ({
  type: "object",
  properties: { a },
  definitions: { D: d },
});
const nullable = (x: JsonValue) => ({ anyOf: [x, { type: "null" }] });
/** allOf [{properties: {a: inner}}, anyOf [$ref D, second]]. */
const conj = (inner: JsonValue, second: JsonValue = { type: "integer" }) => ({
  allOf: [{ properties: { a: inner } }, { anyOf: [{ $ref: "#/definitions/D" }, second] }],
});
const at = (side: string) => `t.${side}Schema.properties.a.anyOf`;

/** Whether ajv (draft-07) finds `value` valid in `old` and not in `next`. */
const lost = (old: JsonValue, next: JsonValue, value: JsonValue) =>
  checkOf(old, "draft-07")!.valid(value) && !checkOf(next, "draft-07")!.valid(value);

Deno.test("diff grades allOf [X, Y] → anyOf [allOf [X', Y], null], X' without X's format, by the variance", () => {
  const narrow = root(conj({ format: "ipv4" })), wide = root(nullable(conj({})));
  // The union and the format, each graded by the variance, where they stand in the new schema.
  const graded = (side: string, effect: string, severity: string) => [
    `tool.${side}.anyOf.${effect} ${at(side)} ${severity}`,
    `tool.${side}.format.${effect} ${at(side)}.0.allOf.0.properties.a.format ${severity}`,
  ];
  assert.deepEqual(fourWays(narrow, wide), {
    input: graded("input", "widened", "NON_BREAKING"),
    inputReversed: graded("input", "narrowed", "BREAKING"),
    output: graded("output", "widened", "BREAKING"),
    outputReversed: graded("output", "narrowed", "NON_BREAKING"),
  });
  // What each BREAKING direction loses (input reversed) or newly returns (output).
  assert.equal(lost(wide, narrow, { a: null }), true);
  assert.equal(lost(wide, narrow, { a: { a: "x" } }), true);
  // Nothing the narrow schema accepts fails the wide one.
  assert.equal(lost(narrow, wide, { a: { a: "1.2.3.4" } }), false);
});

Deno.test("diff grades a bound dropped in the lone allOf that became a nullable branch by the variance", () => {
  const narrow = root(conj({ maxLength: 3 })), wide = root(nullable(conj({})));
  const ways = fourWays(narrow, wide);
  const breaking = (list: string[]) => list.filter((f) => f.endsWith(" BREAKING"));
  assert.deepEqual(breaking(ways.input), [], ways.input.join("\n"));
  assert.deepEqual(breaking(ways.outputReversed), [], ways.outputReversed.join("\n"));
  assert.equal(breaking(ways.inputReversed).length > 0 && breaking(ways.output).length > 0, true);
  assert.equal(lost(wide, narrow, { a: { a: "abcd" } }), true);
});

Deno.test("diff still finds a narrowing inside the lone allOf that became a nullable branch", () => {
  const old = root(conj({ maxLength: 5 }));
  const cases: [JsonValue, JsonValue, string][] = [
    // A bound of X tightened: "abcd" goes.
    [root(nullable(conj({ maxLength: 3 }))), { a: { a: "abcd" } }, "maxLength.narrowed"],
    // Y's other branch tightened: 5 goes.
    [root(nullable(conj({ maxLength: 5 }, { type: "integer", maximum: 3 }))), { a: 5 }, "maximum"],
    // The definition Y refers to tightened: {q: "ab"} goes.
    [
      root(nullable(conj({ maxLength: 5 })), {
        type: "object",
        properties: { q: { type: "string", maxLength: 1 } },
      }),
      { a: { q: "ab" } },
      "maxLength.narrowed",
    ],
  ];
  for (const [next, value, rule] of cases) {
    const ways = fourWays(old, next);
    const what = JSON.stringify(ways, null, 1);
    assert.equal(ways.input.some((f) => f.includes(rule) && f.endsWith(" BREAKING")), true, what);
    assert.equal(ways.outputReversed.some((f) => f.endsWith(" BREAKING")), true, what);
    assert.equal(lost(old, next, value), true, JSON.stringify(value));
  }
});

Deno.test("diff keeps a remote $ref changed inside the lone allOf that became a nullable branch BREAKING", () => {
  // No reader fetches the remote schemas: which values they hold is not known either way.
  const remote = (name: string) => ({ $ref: `https://example.com/${name}.json` });
  const old = root({ allOf: [{ properties: { a: { format: "ipv4" } } }, remote("a")] });
  const next = root(nullable({ allOf: [{ properties: { a: {} } }, remote("b")] }));
  for (const [way, list] of Object.entries(fourWays(old, next))) {
    assert.equal(list.some((f) => f.endsWith(" BREAKING")), true, `${way}: ${list.join("\n")}`);
  }
});

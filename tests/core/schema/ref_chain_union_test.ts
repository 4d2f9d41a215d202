/**
 * anyOf [{$ref: B}, null] where B is itself {$ref: C} and C changes. A change of C that only
 * adds or removes null changes nothing the union accepts; the catch-all differ proved that for a
 * branch {$ref: C} but not through B, whose own text is the same on both sides: it compared C as
 * written and graded its type widened (BREAKING on output) or narrowed (BREAKING on input).
 * Other changes of C are found through the chain and graded as they are directly.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { fourWays, narrowedFourWays, NOTHING_FOUR_WAYS } from "./_schema_helpers.ts";
import { judge } from "./_oracle.ts";
import { checkOf } from "./_oracle_ajv.ts";

const chain = (c: JsonValue) => ({
  type: "object",
  properties: { v: { anyOf: [{ $ref: "#/$defs/B" }, { type: "null" }] } },
  $defs: { B: { $ref: "#/$defs/C" }, C: c },
});

Deno.test("diff finds no change when a definition reached through another only adds null beside a null branch", () => {
  const [old, next] = [chain({ type: "string" }), chain({ type: ["string", "null"] })];
  assert.deepEqual(fourWays(old, next), NOTHING_FOUR_WAYS);
  for (const v of judge(old, next)!.verdicts) assert.equal(v.witness, undefined, v.side);
});

Deno.test("diff grades a change of a definition reached through another as it grades it directly", () => {
  const found = fourWays(
    chain({ type: "string", maxLength: 5 }),
    chain({ type: "string", maxLength: 3 }),
  );
  assert.deepEqual(found, narrowedFourWays("maxLength", "properties.v.anyOf.0.maxLength"));
});

Deno.test("diff keeps a change of a definition reached through another BREAKING when it cannot be read", () => {
  // A keyword of no draft in C changes too: unmodelled, BREAKING on both sides.
  const found = fourWays(
    chain({ type: "string", "vndK": 1 }),
    chain({ type: ["string", "null"], "vndK": 2 }),
  );
  for (const side of ["input", "output"] as const) {
    assert.ok(
      found[side].includes(`tool.${side}.keyword.unmodelled t.${side}Schema.$defs.C.vndK BREAKING`),
      `${side}: ${found[side]}`,
    );
  }
});

Deno.test("diff grades a definition proven one way wherever it is used by that proof, not keyword by keyword", () => {
  // C gains null (beside a null branch: nothing new) and a lower maxLength: the union narrows,
  // though C's type, compared alone, widened (BREAKING on output before).
  const [old, next] = [
    chain({ type: "string", maxLength: 5 }),
    chain({ type: ["string", "null"], maxLength: 3 }),
  ];
  const found = fourWays(old, next);
  for (const way of ["input", "outputReversed"] as const) {
    assert.ok(found[way].some((f) => f.endsWith(" BREAKING")), `${way}: ${found[way]}`);
  }
  for (const way of ["output", "inputReversed"] as const) {
    assert.deepEqual(found[way].filter((f) => f.endsWith(" BREAKING")), [], way);
  }
  const [input, output] = judge(old, next)!.verdicts;
  assert.notEqual(input!.witness, undefined);
  assert.equal(output!.witness, undefined);
});

Deno.test("diff grades a definition used under not by the proof at its use, inverted", () => {
  // Below not, a narrower anyOf [C, null] widens the whole: strings of 4 or 5 characters pass
  // now and no value is lost. It was compared keyword by keyword (maxLength narrowed, BREAKING
  // on input); the proof at the use read un-inverted would be silent on output.
  const negated = (c: JsonValue) => ({
    type: "object",
    properties: { v: { not: { anyOf: [{ $ref: "#/$defs/C" }, { type: "null" }] } } },
    $defs: { C: c },
  });
  const [old, next] = [
    negated({ type: "string", maxLength: 5 }),
    negated({ type: ["string", "null"], maxLength: 3 }),
  ];
  // The new schema accepts a value the old one rejected: on output, a result a client may refuse.
  assert.equal(checkOf(old, "2020-12")!.valid({ v: "abcd" }), false);
  assert.equal(checkOf(next, "2020-12")!.valid({ v: "abcd" }), true);
  const found = fourWays(old, next);
  assert.ok(found.output.some((f) => f.endsWith(" BREAKING")), `${found.output}`);
  assert.ok(found.input.every((f) => !f.endsWith(" BREAKING")), `${found.input}`);
  assert.ok(found.inputReversed.some((f) => f.endsWith(" BREAKING")), `${found.inputReversed}`);
  assert.ok(found.outputReversed.every((f) => !f.endsWith(" BREAKING")), `${found.outputReversed}`);
});

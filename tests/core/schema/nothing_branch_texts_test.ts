/**
 * Branches that accept nothing look alike but for their texts, so they paired by the order they
 * stand in: anyOf [N(A), N(B), S] → [S, N(A)] (N(X) accepting nothing, described X; S a string)
 * read description.changed "B" → "A" at anyOf.1, POTENTIALLY_BREAKING, though A only moved and B
 * went (review F2 of the nothing-branch pairing). branchCounterparts() now pairs equal branches,
 * then those with the same texts, then alike ones, then those whose texts are most alike, then
 * the rest in order.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, NOTHING_FOUR_WAYS, schemaChanges } from "./_schema_helpers.ts";

const N = (text: string) => ({ not: {}, description: text });
const S = { type: "string" };
/** An object whose property p is anyOf `branches`. */
const root = (...branches: JsonValue[]) => ({
  type: "object",
  properties: { p: { anyOf: branches } },
});
const [A, B] = ["Never send a user id here", "Only for archived projects"];
const SAMPLES: JsonValue[] = ["", "a", 0, null, [], {}];

/** The samples ajv accepts as p under `s`, in draft-07 and 2020-12 (equal). */
function accepted(s: JsonValue): JsonValue[] {
  const [a, b] = (["draft-07", "2020-12"] as const).map((dialect) =>
    SAMPLES.filter((v) => checkOf(s, dialect)!.failures({ p: v }).length === 0)
  );
  assert.deepEqual(a, b);
  return a!;
}

/** `rule path severity` at anyOf.`i` forwards and anyOf.`j` backwards, on both sides. */
function texts(i: number, j: number, severity: string) {
  const at = (side: string, k: number) => [
    `tool.${side}.description.changed t.${side}Schema.properties.p.anyOf.${k}.description ${severity}`,
  ];
  return {
    input: at("input", i),
    inputReversed: at("input", j),
    output: at("output", i),
    outputReversed: at("output", j),
  };
}

Deno.test("diff pairs branches that accept nothing by their texts: one that only moved is no change", () => {
  const [a, b] = [root(N(A), N(B), S), root(S, N(A))];
  // Strings only, on both sides: the union accepts the same values.
  assert.deepEqual(accepted(a), ["", "a"]);
  assert.deepEqual(accepted(b), ["", "a"]);
  // A moved and B went: as B removed where A stays in place, B's text removed where it stood
  // (union_branch_texts_test.ts), A's no change.
  const removed = texts(1, 1, "POTENTIALLY_BREAKING");
  assert.deepEqual(fourWays(a, b), removed);
  assert.deepEqual(fourWays(root(N(A), N(B), S), root(N(A), S)), removed);
  assert.deepEqual(fourWays(root(N(A), S), root(S, N(A))), NOTHING_FOUR_WAYS);
  // Titles count as texts too.
  const T = (title: string) => ({ not: {}, title });
  const titles = fourWays(root(T(A), T(B), S), root(S, T(A)));
  assert.deepEqual(titles.input, [
    "tool.input.title.changed t.inputSchema.properties.p.anyOf.1.title POTENTIALLY_BREAKING",
  ]);
  const [gone] = schemaChanges("input", a, b);
  assert.deepEqual([gone!.old, gone!.new], [B, undefined]);
});

Deno.test("diff pairs a reworded branch that accepts nothing with the one whose text is most alike", () => {
  // A's typo fixed as it moved: that text, DOCUMENTATION, where each file writes it; B went,
  // its text removed where it stood (added, the other way).
  const fixed = "Never send an user id here";
  const both = (x: ReturnType<typeof texts>, y: ReturnType<typeof texts>) => ({
    input: [...x.input, ...y.input].sort(),
    inputReversed: [...x.inputReversed, ...y.inputReversed].sort(),
    output: [...x.output, ...y.output].sort(),
    outputReversed: [...x.outputReversed, ...y.outputReversed].sort(),
  });
  assert.deepEqual(
    fourWays(root(N(A), N(B), S), root(S, N(fixed))),
    both(texts(1, 0, "DOCUMENTATION"), texts(1, 1, "POTENTIALLY_BREAKING")),
  );
  assert.deepEqual(
    fourWays(root(N(B), N(A), S), root(S, N(fixed))),
    both(texts(1, 1, "DOCUMENTATION"), texts(0, 0, "POTENTIALLY_BREAKING")),
  );
});

Deno.test("diff pairs branches that accept nothing in order where their texts cannot tell", () => {
  // Two old texts as alike to the new one: which was meant cannot be told, so the branches that
  // accept nothing pair in the order they stand (x with z; by index, y with z), as do texts
  // nothing alike.
  const [x, y, z] = ["Only ids a", "Only ids b", "Only ids c"];
  const found = schemaChanges("input", root(N(x), N(y), S), root(S, N(z)));
  assert.deepEqual(found.map((c) => [c.path, c.old, c.new]), [
    ["t.inputSchema.properties.p.anyOf.1.description", x, z],
    ["t.inputSchema.properties.p.anyOf.1.description", y, undefined],
  ]);
  assert.deepEqual(
    fourWays(root(N(A), S), root(S, N(B))).input,
    [
      "tool.input.description.changed t.inputSchema.properties.p.anyOf.1.description POTENTIALLY_BREAKING",
    ],
  );
});

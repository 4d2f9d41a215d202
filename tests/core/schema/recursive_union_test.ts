import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { subsumes } from "../../../core/schema/subsume.ts";
import { STRUCTURED_VOCABULARY } from "../../../core/schema/walk.ts";
import { fourWays } from "./_schema_helpers.ts";

const known = STRUCTURED_VOCABULARY;

/**
 * A union of `n` object branches, each requiring its own key and holding a child that refers
 * back to the union: at the root (`#`) or through a definition (`#/$defs/node`).
 */
function recursiveUnion(n: number, via: "root" | "defs", extra = 0): JsonObject {
  const ref = via === "root" ? "#" : "#/$defs/node";
  const branches: JsonValue[] = Array.from({ length: n + extra }, (_, i) => ({
    type: "object",
    properties: { [`k${i}`]: { type: "string" }, child: { $ref: ref } },
    required: [`k${i}`],
  }));
  return via === "root" ? { anyOf: branches } : { $ref: ref, $defs: { node: { anyOf: branches } } };
}

Deno.test("subsumes() proves a self-referencing union within itself with one branch more", () => {
  // Each branch's child reference is an object of its own: the pair of unions reached again
  // through it was proven anew at each level, and the branches tried in order ran the 5,000
  // steps out, so the union with a branch added was not proven wider (a false BREAKING on input).
  for (const via of ["root", "defs"] as const) {
    for (const n of [10, 100, 150]) {
      const [old, wider] = [recursiveUnion(n, via), recursiveUnion(n, via, 1)];
      const opts = (a: JsonValue, b: JsonValue) => ({ rootA: a, rootB: b, known });
      assert.equal(subsumes(old, wider, { ...opts(old, wider), old: "a" }), true, `${via} ${n}`);
      // The other way round fails for the branch added, by a key it requires: not for the budget.
      const proof = subsumes(wider, old, { ...opts(wider, old), old: "b" });
      assert.match(String(proof), /^anyOf: "k[0-9]+" became required$/, `${via} ${n}`);
    }
  }
});

Deno.test("diff grades a branch added to a self-referencing union moved into $defs as anyOf alone", () => {
  // The same union written at the root and then as a definition, with a branch added: the
  // catch-all could not prove the old union within the new one and reported it changed
  // (BREAKING) beside the structured walk's anyOf.widened on input, and on output reversed.
  const [old, next] = [recursiveUnion(10, "root"), recursiveUnion(10, "defs", 1)];
  assert.deepEqual(fourWays(old, next), {
    input: ["tool.input.anyOf.widened t.inputSchema.anyOf NON_BREAKING"],
    inputReversed: ["tool.input.anyOf.narrowed t.inputSchema.anyOf BREAKING"],
    output: ["tool.output.anyOf.widened t.outputSchema.anyOf BREAKING"],
    outputReversed: ["tool.output.anyOf.narrowed t.outputSchema.anyOf NON_BREAKING"],
  });
});

/**
 * A union of `n` closed objects, each holding its own key; `annotated` adds a type to each key's
 * const that says no more (a description, which changes no value, reads as the same branch), so
 * no branch is written as before and every branch looks alike to the proof's ordering.
 */
function lookalikes(n: number, annotated: boolean, extra = 0): JsonObject {
  return {
    anyOf: Array.from({ length: n + extra }, (_, i) => ({
      type: "object",
      properties: { [`k${i}`]: { const: i, ...(annotated ? { type: "integer" } : {}) } },
      additionalProperties: false,
    })),
  };
}

Deno.test("subsumes() tries each union branch with the steps left before it", () => {
  // Each old branch finds its counterpart after the branches before it, which fail: 100 branches
  // shared one budget of 5,000 steps and the last ones were never proven (the reason then named
  // a branch: "property k97 is named on one side only").
  const [old, wider] = [lookalikes(100, false), lookalikes(100, true, 1)];
  assert.equal(subsumes(old, wider, { rootA: old, rootB: wider, known, old: "a" }), true);
  const back = subsumes(wider, old, { rootA: wider, rootB: old, known, old: "b" });
  assert.equal(back, 'anyOf: property "k100" is named on one side only');
});

Deno.test("subsumes() says a union too large to compare is undecided, not disproven", () => {
  // 500 lookalike branches against 501 need more than the 100,000 steps a question may take in
  // all: the reason says so, and callers grade it as undecidable (changed), never as proven.
  const [old, wider] = [lookalikes(500, false), lookalikes(500, true, 1)];
  const proof = subsumes(old, wider, { rootA: old, rootB: wider, known, old: "a" });
  assert.equal(proof, "anyOf: the comparison needs more than 100000 steps in all");
});

Deno.test("diff reports a branch added to a union that refers back to the root once, where it is written", () => {
  // Each branch's child refers to the root, the pair the walk was comparing in place: it was
  // walked again through each reference until the expansion budget ran out, and the branch
  // added was reported 17 times for 100 branches (the re-walks also cost ~2 s of the ~3 s diff).
  const [old, next] = [recursiveUnion(100, "root"), recursiveUnion(100, "root", 1)];
  assert.deepEqual(fourWays(old, next), {
    input: ["tool.input.anyOf.widened t.inputSchema.anyOf NON_BREAKING"],
    inputReversed: ["tool.input.anyOf.narrowed t.inputSchema.anyOf BREAKING"],
    output: ["tool.output.anyOf.widened t.outputSchema.anyOf BREAKING"],
    outputReversed: ["tool.output.anyOf.narrowed t.outputSchema.anyOf NON_BREAKING"],
  });
});

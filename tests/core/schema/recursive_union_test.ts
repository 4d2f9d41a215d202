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

/**
 * The proof reads a oneOf whose branches overlap value by value where side A has finitely many
 * values: each must match exactly one branch. B = oneOf [{$ref: C}, {}], C an object, accepts
 * every value but an object, so anyOf [B] → anyOf [B, enum [a]] adds nothing (ajv, draft-07),
 * yet the overlapping branches failed the proof: anyOf.widened, BREAKING on output, and
 * reversed anyOf.narrowed, BREAKING on input (the chained-definitions oracle read both ways).
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, widenedFourWays } from "./_schema_helpers.ts";

/** Property q is anyOf [B], with `added` beside B in the new one; B = oneOf `branches`. */
function pair(added: JsonValue, branches: JsonValue[], dialect?: string): [JsonObject, JsonObject] {
  const root = (list: JsonValue[]): JsonObject => ({
    ...dialect === undefined ? {} : { $schema: dialect },
    type: "object",
    properties: { q: { anyOf: list } },
    $defs: { B: { oneOf: branches }, C: { type: "object" }, D: {} },
  });
  const b = { $ref: "#/$defs/B" };
  return [root([b]), root([b, added])];
}

/** Whether `value` is valid in `old` and not in `next` (ajv, draft-07). */
const lost = (old: JsonValue, next: JsonValue, value: JsonValue) =>
  checkOf(old, "draft-07")!.valid(value) && !checkOf(next, "draft-07")!.valid(value);

Deno.test("diff reads values each in one branch of an overlapping oneOf as no change", () => {
  const [old, next] = pair({ enum: ["a", 1, null] }, [{ $ref: "#/$defs/C" }, {}]);
  const none = { input: [], inputReversed: [], output: [], outputReversed: [] };
  assert.deepEqual(fourWays(old, next), none);
  for (const v of ["a", 1, null, {}, { x: 1 }]) {
    assert.ok(!lost(old, next, { q: v }) && !lost(next, old, { q: v }), JSON.stringify(v));
  }
});

Deno.test("diff still reads a value in two branches of a oneOf as added", () => {
  // "a" matches both branches, so the oneOf rejects it and the new branch lets it in.
  const [old, next] = pair({ enum: ["a", 1] }, [{ type: "string" }, {}]);
  assert.deepEqual(fourWays(old, next), widenedFourWays("anyOf", "properties.q.anyOf"));
  assert.ok(lost(next, old, { q: "a" }) && !lost(old, next, { q: 1 }));
});

Deno.test("diff does not read a oneOf branch value by value where a $ref has keywords beside it", () => {
  // In 2020-12 the type beside the $ref applies too: branch 0 holds strings only, so 1 matches
  // no branch and is new; read through its target D ({}) alone, 1 would match it once.
  const dialect = "https://json-schema.org/draft/2020-12/schema";
  const branches = [{ $ref: "#/$defs/D", type: "string" }, { type: "boolean" }];
  const [old, next] = pair({ enum: [1] }, branches, dialect);
  assert.deepEqual(fourWays(old, next), widenedFourWays("anyOf", "properties.q.anyOf"));
  const [co, cn] = [checkOf(old, "2020-12")!, checkOf(next, "2020-12")!];
  assert.ok(cn.valid({ q: 1 }) && !co.valid({ q: 1 }));
});

import assert from "node:assert/strict";
import fc from "fast-check";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { subsumes } from "../../../core/schema/subsume.ts";
import { STRUCTURED_VOCABULARY } from "../../../core/schema/walk.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { schemaFindings } from "./_schema_helpers.ts";
import { reversed } from "../_objects.ts";

const known = STRUCTURED_VOCABULARY;

/** Definitions V → X → Y, Y written `y`. */
const chain = (y: JsonValue): JsonObject => ({
  V: { type: "object", properties: { z: { $ref: "#/$defs/X" } } },
  X: { type: "object", properties: { y: { $ref: "#/$defs/Y" } } },
  Y: y,
});

Deno.test("subsumes() reads a schema written alike as the same only if every definition it reaches, however far, is", () => {
  const options = {
    rootA: { $defs: chain({ type: "string" }) },
    rootB: { $defs: chain({ type: "integer" }) },
    known,
    old: "a" as const,
  };
  const holder = (s: JsonValue) => ({ type: "object", properties: { q: s } });
  const v = { $ref: "#/$defs/V" };
  // {q: {z: {y: "a"}}} is valid in A only. The question asked of the definition alone failed,
  // and asked of a schema holding it, it was proven: its first check of the two equal texts read
  // V and X equal, stopped at Y and kept V and X as "the same", so the next check of a part
  // that reaches X through V skipped what X reaches.
  assert.notEqual(subsumes(v, structuredClone(v), options), true);
  assert.notEqual(subsumes(holder(v), holder(structuredClone(v)), options), true);
  const list = { type: "array", items: v };
  assert.notEqual(subsumes(list, structuredClone(list), options), true);
  // A change two references further on, under a not: not(V) loses {z: {y: 1}} when Y widens.
  const widened = { ...options, rootB: { $defs: chain({ type: ["string", "integer"] }) } };
  assert.equal(subsumes(v, structuredClone(v), widened), true);
  assert.notEqual(subsumes({ not: v }, { not: structuredClone(v) }, widened), true);
  // Where every definition reached is equal, the texts are still the same schema.
  const same = { ...options, rootB: { $defs: chain({ type: "string" }) } };
  assert.equal(subsumes(holder(v), holder(structuredClone(v)), same), true);
  assert.equal(subsumes({ not: v }, { not: structuredClone(v) }, same), true);
});

Deno.test("diff grades a definition changed two references below a nullable union where it is used", () => {
  const schema = (w: JsonValue, y: JsonValue) => ({
    type: "object",
    properties: { w: { anyOf: [w, { type: "null" }] } },
    $defs: chain(y),
  });
  // Under a not, Y widened loses values: the old schema accepts this one, the new does not.
  const not = { not: { $ref: "#/$defs/V" } };
  const [old, next] = [
    schema(not, { type: "string" }),
    schema(not, { type: ["string", "integer"] }),
  ];
  const value = { w: { z: { y: 1 } } };
  assert.equal(checkOf(old, "2020-12")!.valid(value), true);
  assert.equal(checkOf(next, "2020-12")!.valid(value), false);
  // It was one NON_BREAKING "keyword.changed" at $defs.Y: the union's proof had read the two
  // branches as the same schema (see the test above), so the walk did not follow them.
  assert.deepEqual(schemaFindings("input", old, next), [
    "tool.input.type.widened t.inputSchema.properties.w.anyOf.0.not.properties.z.properties.y.type BREAKING",
  ]);
  // Without the not, Y narrowed is found where it is used, by the keyword that changed (it was
  // a "keyword.changed" at $defs.Y).
  const v = { $ref: "#/$defs/V" };
  const shorter = { type: "string", maxLength: 3 };
  assert.deepEqual(schemaFindings("input", schema(v, { type: "string" }), schema(v, shorter)), [
    "tool.input.maxLength.narrowed t.inputSchema.properties.w.anyOf.0.properties.z.properties.y.maxLength BREAKING",
  ]);
});

const names = ["A", "B", "C", "D"];

/** Schemas whose references lead to the definitions `targets`. */
function schemasTo(targets: readonly string[]): fc.Arbitrary<JsonValue> {
  const leaves: fc.Arbitrary<JsonValue>[] = [
    fc.boolean(),
    fc.record({ type: fc.constantFrom("string", "integer", "null", "object") }),
    fc.record({ type: fc.constant<JsonValue>(["string", "integer"]) }),
  ];
  if (targets.length > 0) {
    const ref = fc.record({ $ref: fc.constantFrom(...targets.map((n) => `#/$defs/${n}`)) });
    leaves.push(ref, ref, ref);
  }
  const { schema } = fc.letrec((tie) => ({
    schema: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.oneof(...leaves),
      fc.record({
        type: fc.constant("object"),
        properties: fc.dictionary(fc.constantFrom("p", "q", "r"), tie("schema"), { maxKeys: 2 }),
      }, { requiredKeys: ["type"] }),
      fc.record({ type: fc.constant("array"), items: tie("schema") }),
      fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }) }),
      fc.record({ not: tie("schema") }),
    ),
  }));
  return schema as fc.Arbitrary<JsonValue>;
}

/** A schema that may refer to any definition. */
const schema = schemasTo(names);

/**
 * Definition `i` of A to D: a schema referring only to those after it (chains up to three
 * references long, no cycle, which the validator cannot follow under a not), most often one
 * that holds a reference to the next (a chain A → B → C → D).
 */
function definition(i: number): fc.Arbitrary<JsonValue> {
  const later = names.slice(i + 1);
  if (later.length === 0) return schemasTo(later);
  const next = { $ref: `#/$defs/${later[0]}` };
  const other = schemasTo(later);
  const link = fc.oneof(
    other.map((x) => ({ type: "object", properties: { p: next, q: x } })),
    other.map((x) => ({ type: "object", properties: { p: x, q: next } })),
    fc.constant({ type: "array", items: next }),
    fc.constant({ not: next }),
    other.map((x) => ({ anyOf: [next, x] })),
  );
  return fc.oneof({ arbitrary: link, weight: 3 }, { arbitrary: other, weight: 1 });
}

/** Definitions A to D (see {@link definition}), and a copy with one of them rewritten. */
const roots = fc.tuple(
  fc.tuple(...names.map((_, i) => definition(i))),
  fc.nat(names.length - 1),
).chain(([defs, changed]) =>
  definition(changed).map((to) => {
    const old = Object.fromEntries(names.map((n, i) => [n, defs[i]!]));
    const next = { ...old, [names[changed]!]: to };
    return { rootA: { $defs: old }, rootB: { $defs: next } };
  })
);

Deno.test("subsumes() answers each part of a schema as it answers that part alone, in any key order", () => {
  fc.assert(
    fc.property(roots, schema, schema, ({ rootA, rootB }, p, q) => {
      const options = { rootA, rootB, known, old: "none" as const };
      const proven = (a: JsonValue, b: JsonValue) => subsumes(a, b, options) === true;
      const alone = (s: JsonValue) => proven(s, structuredClone(s));
      const both = alone(p) && alone(q);
      for (const order of [["p", "q"], ["q", "p"]]) {
        const parts: JsonObject = Object.fromEntries(order.map((k) => [k, k === "p" ? p : q]));
        const holder = { type: "object", properties: parts };
        assert.equal(proven(holder, structuredClone(holder)), both);
      }
      // Every key order reversed, the schemas' and the definitions': the proof meets the same
      // parts in another order, and answers alike.
      const holder = { type: "object", properties: { p, q } };
      const nullable = { type: "object", properties: { p, q: { anyOf: [q, { type: "null" }] } } };
      const turned = { ...options, rootA: reversed(rootA), rootB: reversed(rootB) };
      const inTurn = (a: JsonValue, b: JsonValue) =>
        subsumes(reversed(a), reversed(b), turned) === true;
      assert.equal(inTurn(holder, holder), both);
      assert.equal(inTurn(holder, nullable), proven(holder, nullable));
    }),
    { numRuns: 400 },
  );
});

/** Values three levels deep of every kind, under the names the schemas above use. */
const VALUES = (() => {
  const leaves: JsonValue[] = ["a", 1, null, true, {}, []];
  const deeper = (level: JsonValue[]) => [
    ...level.map((v) => [v]),
    ...["p", "q", "r"].flatMap((k) => level.map((v) => ({ [k]: v }))),
  ];
  const one = [...leaves, ...deeper(leaves)];
  const two = [...one, ...deeper(one)];
  return [...two, ...deeper(two)];
})();

Deno.test("subsumes() proves a schema written alike within itself only if the validator agrees", () => {
  fc.assert(
    fc.property(roots, schema, ({ rootA, rootB }, s) => {
      const options = { rootA, rootB, known, old: "none" as const };
      fc.pre(subsumes(s, structuredClone(s), options) === true);
      const [old, next] = [{ allOf: [s], ...rootA }, { allOf: [s], ...rootB }];
      const [a, b] = [checkOf(old, "2020-12"), checkOf(next, "2020-12")];
      fc.pre(a !== undefined && b !== undefined);
      for (const value of VALUES) {
        assert.ok(!a!.valid(value) || b!.valid(value), JSON.stringify(value));
      }
    }),
    { numRuns: 200 },
  );
});

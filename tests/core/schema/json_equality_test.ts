import assert from "node:assert/strict";
import fc from "fast-check";
import { JsonEquality, sameJson } from "../../../core/schema/_catch_all_json.ts";
import { objectOf } from "../_objects.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Plain recursive deep equality: the reference (key order ignored, -0 equal to 0). */
function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length &&
      a.every((x, i) => deepEqual(x, b[i] as Json));
  }
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length &&
    ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k] as Json, b[k] as Json));
}

const key = fc.oneof(fc.constantFrom("a", "b", "type", "__proto__", "0", "1"), fc.string());
const leaf: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 2 ** 31, 0.5, 1e21, null, true, false, "", "a", "__proto__"),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 6 }),
);
const { value } = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 4, withCrossShrink: true },
    leaf,
    fc.array(tie("value"), { maxLength: 6 }),
    // Long arrays make subtrees large enough to be hashed and memoised.
    fc.array(leaf, { minLength: 30, maxLength: 90 }),
    fc.array(fc.tuple(key, tie("value")), { maxLength: 6 }).map(objectOf),
  ),
}));

/** A copy with every object's keys in another order and every 0 written as -0. */
function reordered(v: Json, seed: number): Json {
  if (v === 0) return -0;
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) return v.map((x, i) => reordered(x, seed + i));
  const entries = Object.keys(v).map((
    k,
    i,
  ): [string, Json] => [k, reordered(v[k] as Json, seed + i)]);
  if (seed % 2 === 0) entries.reverse();
  else entries.push(...entries.splice(0, seed % (entries.length + 1)));
  return objectOf(entries);
}

/** A copy with one change somewhere: a leaf, an element or a key; `undefined` if there is none. */
function mutated(v: Json, pick: number): Json {
  const visit = (x: Json): Json => {
    if (pick-- === 0) {
      if (Array.isArray(x)) return [...x, null];
      if (typeof x === "object" && x !== null) {
        const keys = Object.keys(x);
        return objectOf(
          keys.length > 0 ? keys.slice(1).map((k) => [k, x[k] as Json]) : [["added", 1]],
        );
      }
      return typeof x === "number" ? x + 1 : typeof x === "string" ? x + "!" : x === null ? 0 : !x;
    }
    if (typeof x !== "object" || x === null) return x;
    if (Array.isArray(x)) return x.map(visit);
    return objectOf(Object.keys(x).map((k) => [k, visit(x[k] as Json)]));
  };
  return visit(v);
}

/** Every pair of subtrees at the same place in both values, parents before children. */
function alignedPairs(a: Json, b: Json, out: [Json, Json][] = []): [Json, Json][] {
  out.push([a, b]);
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return out;
  if (Array.isArray(a) && Array.isArray(b)) {
    a.forEach((x, i) => i < b.length && alignedPairs(x, b[i] as Json, out));
  } else if (!Array.isArray(a) && !Array.isArray(b)) {
    for (const k of Object.keys(a)) if (Object.hasOwn(b, k)) alignedPairs(a[k]!, b[k]!, out);
  }
  return out;
}

/**
 * The default, which compares most pairs directly; one that hashes every large pair; one whose
 * direct budget runs out part way, after which it hashes.
 */
const equalities = () => [
  new JsonEquality(),
  new JsonEquality({ directBudget: 0 }),
  new JsonEquality({ directBudget: 300 }),
];

for (
  const [i, how] of [
    "comparing directly first",
    "hashing large pairs",
    "until the direct budget runs out",
  ].entries()
) {
  Deno.test(`JsonEquality agrees with deep equality on reordered and mutated copies, with one memo for all questions, ${how}`, () => {
    fc.assert(
      fc.property(value, fc.nat(), fc.nat(200), (v, seed, pick) => {
        const equality = equalities()[i]!;
        const same = reordered(v, seed);
        assert.equal(equality.same(v, same), true);
        assert.equal(equality.hash(v), equality.hash(same));
        assert.equal(sameJson(v, same), true);
        const other = mutated(v, pick);
        // Asked about the parents first, then about every pair of children, as the walk does.
        for (const [x, y] of [...alignedPairs(v, other), ...alignedPairs(v, same)]) {
          assert.equal(equality.same(x, y), deepEqual(x, y));
          assert.equal(sameJson(x, y), deepEqual(x, y));
          if (deepEqual(x, y)) assert.equal(equality.hash(x), equality.hash(y));
        }
      }),
      { numRuns: 300 },
    );
  });
}

Deno.test("JsonEquality agrees with deep equality on unrelated values", () => {
  fc.assert(
    fc.property(value, value, (a, b) => {
      for (const equality of equalities()) assert.equal(equality.same(a, b), deepEqual(a, b));
    }),
    { numRuns: 300 },
  );
});

Deno.test("JsonEquality tells large subtrees apart that differ in one leaf or one key, in either question order", () => {
  const big = (i: number, last: Json) =>
    objectOf<Json>([
      ["type", "object"],
      ["properties", objectOf(Array.from({ length: 200 }, (_, j) => [`f${j}`, { n: j }]))],
      ["__proto__", [i, { deep: Array.from({ length: 100 }, (_, j) => (j === 99 ? last : j)) }]],
    ]);
  for (const directBudget of [undefined, 0]) {
    const fresh = () => new JsonEquality(directBudget === undefined ? {} : { directBudget });
    const a = big(1, 99), b = big(1, 100), c = big(1, 99);
    const equality = fresh();
    assert.equal(equality.same(a.properties, b.properties), true);
    assert.equal(equality.same(a, b), false);
    assert.equal(equality.same(a, c), true);
    assert.equal(equality.same(a.__proto__, b.__proto__), false);
    assert.equal(fresh().same(a.__proto__, c.__proto__), true);
    assert.equal(fresh().same(big(2, 99), a), false);
  }
});

Deno.test("sameJson() counts and reads own keys only, as Object.keys lists them", () => {
  const inherited = Object.create({ a: 1 }) as Record<string, unknown>;
  assert.equal(sameJson(inherited, {}), true);
  assert.equal(sameJson({}, inherited), true);
  assert.equal(sameJson({ a: 1 }, inherited), false);
  assert.equal(sameJson(inherited, { a: 1 }), false);
  const hidden = { a: 1 };
  Object.defineProperty(hidden, "b", { value: 2, enumerable: false });
  assert.equal(sameJson(hidden, { a: 1 }), true);
  assert.equal(sameJson({ a: 1, b: 2 }, hidden), false);
  // An own __proto__ key, as JSON.parse makes it.
  assert.equal(sameJson(JSON.parse('{"__proto__": 1}'), JSON.parse('{"__proto__": 1}')), true);
  assert.equal(sameJson(JSON.parse('{"__proto__": 1}'), {}), false);
});

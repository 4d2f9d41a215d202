/**
 * An edit that changes only annotations changes no value: it gives the prose and documentation
 * findings of that annotation and no schema finding, whichever side holds it. The proof's "the
 * same schema" left A's annotations out and read B's, so a oneOf (whose nullable branch it cannot
 * tell apart from the other) that gained a `$comment` read anyOf.narrowed, BREAKING on input;
 * and `{not: {not: X}}` read as X on one side only read "not added, type widened". The
 * chained-definitions oracle listed both among its BREAKING without a witness.
 */
import assert from "node:assert/strict";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { sameValues } from "../../../core/schema/_same_values.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays } from "./_schema_helpers.ts";

const tool = (p: JsonValue): JsonObject => ({
  type: "object",
  properties: { p },
  required: ["p"],
});

/** Each annotation keyword the engine knows, with a value to add. */
const ANNOTATIONS: Record<string, JsonValue> = {
  $comment: "c",
  description: "d",
  title: "t",
  examples: ["e"],
  default: "x",
  deprecated: true,
  readOnly: true,
  writeOnly: true,
};

type Ways = ReturnType<typeof fourWays>;

/** What `keyword` added to a plain string property gives, the place moved below `p` to `at`. */
function plainAdded(keyword: string, at: string): Ways {
  const [a, b] = [
    tool({ type: "string" }),
    tool({ type: "string", [keyword]: ANNOTATIONS[keyword]! }),
  ];
  const ways = fourWays(a, b);
  const moved = (list: string[]) =>
    list.map((f) => f.replace(".properties.p.", `.properties.p.${at}`));
  const plain: Ways = {
    input: moved(ways.input),
    inputReversed: moved(ways.inputReversed),
    output: moved(ways.output),
    outputReversed: moved(ways.outputReversed),
  };
  // The plain case is an annotation finding at the keyword, one a way, never a schema finding.
  for (const list of Object.values(plain)) {
    assert.equal(list.length, 1, keyword);
    const at = `.${keyword.replace("$", "\\$")} `;
    assert.match(list[0]!, new RegExp(`${at}(DOCUMENTATION|POTENTIALLY_BREAKING)$`));
  }
  return plain;
}

const nullable = (type: string, more: JsonObject = {}) => ({
  anyOf: [{ type, ...more }, { type: "null" }],
});
/** anyOf [oneOf [anyOf [string, null], number]], `extra` beside the oneOf. */
const wrapped = (extra: JsonObject = {}, branch: JsonObject = {}) =>
  tool({ anyOf: [{ oneOf: [nullable("string", branch), { type: "number" }], ...extra }] });

/** Whether `value` is valid in `old` and not in `next` (ajv, draft-07). */
const lost = (old: JsonValue, next: JsonValue, value: JsonValue) =>
  checkOf(old, "draft-07")!.valid(value) && !checkOf(next, "draft-07")!.valid(value);

Deno.test("an annotation beside a oneOf whose branches may overlap is no schema finding", () => {
  for (const keyword of Object.keys(ANNOTATIONS)) {
    const added = wrapped({ [keyword]: ANNOTATIONS[keyword]! });
    // Before: anyOf.narrowed BREAKING on input, anyOf.widened BREAKING on output reversed.
    assert.deepEqual(fourWays(wrapped(), added), plainAdded(keyword, "anyOf.0."), keyword);
  }
});

Deno.test("a definition holding a oneOf that gains a description is no schema finding", () => {
  // The validator oracle's chains (seed 21), shrunk: D, a oneOf whose branches overlap, is a
  // conjunct of B and a branch of C, C a conjunct of B; the proof's conjuncts of the old side
  // left D's description out, the new side's D kept it, and anyOf.narrowed read BREAKING on input.
  const root = (d: JsonObject): JsonObject => ({
    type: "object",
    properties: {
      a: {
        anyOf: [{ type: "object" }, { anyOf: [{ $ref: "#/definitions/B" }, { type: "null" }] }],
      },
    },
    definitions: {
      B: { allOf: [{ $ref: "#/definitions/C" }, { $ref: "#/definitions/D" }] },
      C: { anyOf: [{ $ref: "#/definitions/D" }, { type: "null" }] },
      D: {
        oneOf: [{ type: ["string", "null"], maxLength: 4 }, { type: "string", minLength: 2 }],
        ...d,
      },
    },
  });
  const plain = plainAdded("description", "");
  const at = (list: string[]) =>
    list.map((f) => f.replace("properties.p.description", "definitions.D.description"));
  assert.deepEqual(fourWays(root({}), root({ description: "C" })), {
    input: at(plain.input),
    inputReversed: at(plain.inputReversed),
    output: at(plain.output),
    outputReversed: at(plain.outputReversed),
  });
  // A bound beside the description still narrows: "abcde" (the second branch alone) is lost.
  const [old, next] = [root({}), root({ description: "C", maxLength: 3 })];
  const ways = fourWays(old, next);
  const breaking = (list: string[]) => list.some((f) => f.endsWith(" BREAKING"));
  assert.equal(breaking(ways.input) && breaking(ways.outputReversed), true, ways.input.join("\n"));
  assert.equal(lost(old, next, { a: "abcde" }), true);
});

Deno.test("an annotation deep in a oneOf branch is no schema finding", () => {
  const deep = wrapped({}, { $comment: "c" });
  assert.deepEqual(fourWays(wrapped(), deep), plainAdded("$comment", "anyOf.0.oneOf.0.anyOf.0."));
});

Deno.test("a bound added beside the annotation stays BREAKING, with the value it loses", () => {
  const [old, next] = [wrapped(), wrapped({ $comment: "c", maxLength: 3 })];
  const ways = fourWays(old, next);
  const breaking = (list: string[]) => list.some((f) => f.endsWith(" BREAKING"));
  assert.equal(breaking(ways.input), true, ways.input.join("\n"));
  assert.equal(breaking(ways.outputReversed), true, ways.outputReversed.join("\n"));
  assert.equal(breaking(ways.inputReversed) || breaking(ways.output), false);
  assert.equal(lost(old, next, { p: "abcd" }), true);
  // So does one beside an annotation deep in a branch.
  const [deepOld, deepNext] = [wrapped(), wrapped({}, { $comment: "c", maxLength: 3 })];
  const deep = fourWays(deepOld, deepNext);
  assert.equal(breaking(deep.input) && breaking(deep.outputReversed), true, deep.input.join("\n"));
  assert.equal(lost(deepOld, deepNext, { p: "abcd" }), true);
});

const NN = (x: JsonValue, outer: JsonObject = {}, inner: JsonObject = {}) =>
  tool({ not: { not: x, ...inner }, ...outer });

Deno.test("a double not that gains an annotation at either level is no schema finding", () => {
  for (const keyword of ["$comment", "description"]) {
    const note = { [keyword]: ANNOTATIONS[keyword]! };
    // Beside the outer not: the property's own annotation.
    const string = { type: "string" };
    assert.deepEqual(fourWays(NN(string), NN(string, note)), plainAdded(keyword, ""), keyword);
    // Beside the inner not: as on any not.
    assert.deepEqual(
      fourWays(NN(string), NN(string, {}, note)),
      plainAdded(keyword, "not."),
      keyword,
    );
  }
});

Deno.test("a bare double not is read through against any other schema", () => {
  // {not: {not: false}} is false, whatever the other side writes ({not: {not: X}} is no
  // annotated double not): read as written it was enum.narrowed beside not.widened.
  const one = tool({ const: "x" });
  assert.deepEqual(fourWays(NN(false), one), fourWays(tool(false), one));
  assert.deepEqual(fourWays(one, NN(false)), fourWays(one, tool(false)));
});

Deno.test("a double not that gains an annotation and a bound stays BREAKING", () => {
  const old = NN({ type: "string" });
  const breaking = (list: string[]) => list.some((f) => f.endsWith(" BREAKING"));
  const note = { $comment: "c" };
  for (
    const next of [
      NN({ type: "string", maxLength: 3 }, note),
      NN({ type: "string", maxLength: 3 }, {}, note),
    ]
  ) {
    const ways = fourWays(old, next);
    const what = JSON.stringify(ways);
    assert.equal(breaking(ways.input) && breaking(ways.outputReversed), true, what);
    assert.equal(breaking(ways.inputReversed) || breaking(ways.output), false, what);
    assert.equal(ways.input.some((f) => f.includes("maxLength.narrowed")), true, what);
    assert.equal(lost(old, next, { p: "abcd" }), true);
  }
});

Deno.test("sameValues() leaves out annotations only where a schema holds them", () => {
  const known = new Set(["properties", "items", "anyOf", "not", "const", "enum", "type", "$ref"]);
  const same = (a: JsonValue, b: JsonValue) => sameValues(a, b, known);
  assert.equal(same({ type: "string" }, { type: "string", title: "t", "x-k": 1 }), true);
  assert.equal(
    same({ items: { type: "string" } }, { items: { type: "string", $comment: "c" } }),
    true,
  );
  // A property named like an annotation, data and what places a schema are compared as written.
  assert.equal(same({ properties: {} }, { properties: { description: {} } }), false);
  assert.equal(same({ const: { title: "a" } }, { const: { title: "b" } }), false);
  assert.equal(same({ enum: [{ default: 1 }] }, { enum: [{}] }), false);
  assert.equal(same({ type: "string" }, { type: "string", $id: "x" }), false);
  assert.equal(same({ type: "string" }, { type: "string", $anchor: "x" }), false);
  // A keyword outside the vocabulary is data: its annotations count.
  assert.equal(same({ contains: { title: "a" } }, { contains: {} }), false);
  assert.equal(same({ type: "string" }, { type: "string", maxLength: 3, $comment: "c" }), false);
});

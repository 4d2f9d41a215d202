/**
 * A union branch added or removed whole without changing which values the union accepts (one that
 * accepts nothing, N(B): `{not: {}, description: B}`, or one another branch covers) read no
 * finding: anyOf [S, N(B)] → [S] said the contract did not change, though the text B a model read
 * is gone. Its texts now read as added or removed, POTENTIALLY_BREAKING (the classifier's step 2:
 * one side empty), as a description removed anywhere else does.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, NOTHING_FOUR_WAYS, schemaChanges } from "./_schema_helpers.ts";

const B = "Only for archived projects";
const N = (text: string) => ({ not: {}, description: text });
const S = { type: "string" };
/** An object whose property p is `keyword` of `branches`. */
const root = (keyword: string, ...branches: JsonValue[]) => ({
  type: "object",
  properties: { p: { [keyword]: branches } },
});
const SAMPLES: JsonValue[] = ["", "a", "abc", 0, null, [], {}];

/** The samples ajv accepts as p under `s`, in draft-07 and 2020-12 (equal). */
function accepted(s: JsonValue): JsonValue[] {
  const [a, b] = (["draft-07", "2020-12"] as const).map((dialect) =>
    SAMPLES.filter((v) => checkOf(s, dialect)!.failures({ p: v }).length === 0)
  );
  assert.deepEqual(a, b);
  return a!;
}

/** `rule path severity` of each text of `keys` at `at` (below p), the same every way. */
function texts(at: string, ...keys: string[]) {
  const of = (side: string) =>
    keys.map((key) =>
      `tool.${side}.${key}.changed t.${side}Schema.properties.p.${at}.${key} POTENTIALLY_BREAKING`
    );
  return {
    input: of("input"),
    inputReversed: of("input"),
    output: of("output"),
    outputReversed: of("output"),
  };
}

/** The findings of `ways`, each way's together, sorted. */
function merged(...ways: ReturnType<typeof texts>[]): ReturnType<typeof texts> {
  const of = (key: keyof ReturnType<typeof texts>) => ways.flatMap((w) => w[key]).sort();
  return {
    input: of("input"),
    inputReversed: of("inputReversed"),
    output: of("output"),
    outputReversed: of("outputReversed"),
  };
}

Deno.test("diff reports the texts of a union branch that accepts nothing, removed or added whole", () => {
  for (const keyword of ["anyOf", "oneOf"]) {
    const [a, b] = [root(keyword, S, N(B)), root(keyword, S)];
    // Strings only, on both sides: the union accepts the same values.
    assert.deepEqual(accepted(a), ["", "a", "abc"]);
    assert.deepEqual(accepted(b), ["", "a", "abc"]);
    assert.deepEqual(fourWays(a, b), texts(`${keyword}.1`, "description"));
    // Where it stood, beside a title and a text below it; removed at the front.
    const titled = { ...N(B), title: "Archived", properties: { q: { description: "Q" } } };
    assert.deepEqual(
      fourWays(root(keyword, titled, S), b),
      merged(
        texts(`${keyword}.0`, "description", "title"),
        texts(`${keyword}.0.properties.q`, "description"),
      ),
    );
  }
  // Removed, the old text and where it stood; added, the new one.
  const [removed] = schemaChanges("input", root("anyOf", S, N(B)), root("anyOf", S));
  assert.equal(removed!.old, B);
  assert.equal(removed!.new, undefined);
  assert.equal(removed!.pointer, "/tools/0/inputSchema/properties/p/anyOf/1/description");
  assert.match(removed!.message, /description removed \(one side is empty; /);
  const [added] = schemaChanges("output", root("anyOf", S), root("anyOf", N(B), S));
  assert.equal(added!.new, B);
  assert.equal(added!.pointer, "/tools/0/outputSchema/properties/p/anyOf/0/description");
});

Deno.test("diff reports the texts of a union branch another covers, removed or added whole", () => {
  // Its values are the union's already (a shorter string), or none, written otherwise than with
  // a not (a const that is an array): the proof finds the same values, the branch's text went.
  for (
    const branch of [{ type: "string", minLength: 3 }, {
      allOf: [{ const: "x" }, { type: "array" }],
    }]
  ) {
    const [a, b] = [root("anyOf", S, { ...branch, description: B }), root("anyOf", S)];
    assert.deepEqual(accepted(a), accepted(b));
    assert.deepEqual(fourWays(a, b), texts("anyOf.1", "description"));
  }
});

Deno.test("diff keeps a branch's value findings where the union's values change with it", () => {
  // allOf [S, N(B)] accepts nothing: dropping N(B) is a widening, whose finding names what the
  // file wrote, B with it; no text finding beside it.
  const [a, b] = [root("allOf", S, N(B)), root("allOf", S)];
  assert.deepEqual(accepted(a), []);
  const at = (side: string) => `t.${side}Schema.properties.p`;
  assert.deepEqual(fourWays(a, b), {
    input: [`tool.input.schema.widened ${at("input")} NON_BREAKING`],
    inputReversed: [`tool.input.schema.narrowed ${at("input")} BREAKING`],
    output: [`tool.output.schema.widened ${at("output")} BREAKING`],
    outputReversed: [`tool.output.schema.narrowed ${at("output")} NON_BREAKING`],
  });
  assert.deepEqual(schemaChanges("input", a, b)[0]!.old, a.properties.p);
  // Undecidable: a branch behind a reference Proxar never fetches may accept values, so its
  // removal narrows the union as far as Proxar can tell, and names the branch with its text.
  const remote = { $ref: "https://example.com/archived.json", description: B };
  const found = fourWays(root("anyOf", S, remote), root("anyOf", S));
  assert.deepEqual(found.input, [
    "tool.input.anyOf.narrowed t.inputSchema.properties.p.anyOf BREAKING",
  ]);
  assert.deepEqual(found.outputReversed, [
    "tool.output.anyOf.widened t.outputSchema.properties.p.anyOf BREAKING",
  ]);
  // A branch that accepts nothing replaced by one that accepts values is that change, not a text
  // removed; one that only moved is no change.
  assert.deepEqual(
    fourWays(root("anyOf", S, N(B)), root("anyOf", S, { type: "integer", description: B })).input,
    ["tool.input.anyOf.widened t.inputSchema.properties.p.anyOf NON_BREAKING"],
  );
  assert.deepEqual(fourWays(root("anyOf", S, N(B)), root("anyOf", N(B), S)), NOTHING_FOUR_WAYS);
  // The property removed with its union: that removal alone.
  const gone = { type: "object", properties: {} };
  assert.deepEqual(schemaChanges("input", root("anyOf", S, N(B)), gone).map((c) => c.rule), [
    "tool.input.property.removed",
  ]);
});

Deno.test("diff reports an unmodelled keyword a branch that accepts nothing brings, not one it takes away", () => {
  // Added with its branch, as in a branch that accepts values; removed with it, the keywords of
  // a subschema removed whole are not reported (no break on output: properties_test's wrapped
  // union), though its texts are.
  const vendor = { not: {}, vndVendor: 1, description: B };
  const at = (side: string, key: string) => `t.${side}Schema.properties.p.anyOf.1.${key}`;
  const found = fourWays(root("anyOf", S), root("anyOf", S, vendor));
  assert.deepEqual(found.input, [
    `tool.input.description.changed ${at("input", "description")} POTENTIALLY_BREAKING`,
    `tool.input.keyword.unmodelled ${at("input", "vndVendor")} BREAKING`,
  ]);
  assert.deepEqual(found.outputReversed, [
    `tool.output.description.changed ${at("output", "description")} POTENTIALLY_BREAKING`,
  ]);
});

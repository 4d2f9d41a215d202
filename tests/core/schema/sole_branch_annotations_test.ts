/**
 * The annotations beside a one-branch allOf (anyOf, oneOf) describe the value its branch does:
 * Pydantic v1 writes an enum-typed field as `{allOf: [{$ref: "#/$defs/X"}], default: "a",
 * description: "D"}`, v2 as `{$ref: "#/$defs/X", default: "a", description: "D"}`. The walk read
 * the allOf as its branch and dropped what stood beside it, so the upgrade read default.changed
 * and description.changed, POTENTIALLY_BREAKING, in every dialect, between equal schemas with
 * equal annotations. They now go with the branch (one it writes otherwise stays apart, compared
 * too), and a real change is still reported, named where each file writes it.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, NOTHING_FOUR_WAYS, schemaChanges } from "./_schema_helpers.ts";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const DRAFT_2020 = "https://json-schema.org/draft/2020-12/schema";

/** A root whose property `x` is `schema`, enum `X` in $defs, under `dialect` when given. */
function root(schema: JsonValue, dialect?: string): JsonValue {
  return {
    ...dialect === undefined ? {} : { $schema: dialect },
    type: "object",
    properties: { x: schema },
    $defs: { X: { type: "string", enum: ["a", "b"], title: "X" } },
  };
}
const v1 = (d: string, text: string) => ({
  allOf: [{ $ref: "#/$defs/X" }],
  default: d,
  description: text,
});
const v2 = (d: string, text: string) => ({ $ref: "#/$defs/X", default: d, description: text });

/** {@link fourWays} of `rule` at `properties.x.KEYWORD` each way, POTENTIALLY_BREAKING. */
function everyWay(keywords: string[]) {
  const at = (side: string) =>
    keywords.map((k) =>
      `tool.${side}.${k}.changed t.${side}Schema.properties.x.${k} POTENTIALLY_BREAKING`
    );
  return {
    input: at("input"),
    inputReversed: at("input"),
    output: at("output"),
    outputReversed: at("output"),
  };
}

Deno.test("Pydantic v1's allOf [$ref] beside default and description reads as v2's $ref beside them", () => {
  for (const dialect of [undefined, DRAFT_07, DRAFT_2020]) {
    const [a, b] = [root(v1("a", "D"), dialect), root(v2("a", "D"), dialect)];
    for (const d of ["draft-07", "2020-12"] as const) {
      for (const value of [{ x: "a" }, { x: "c" }, { x: 1 }, {}]) {
        const ok = (s: JsonValue) => checkOf(s, d)!.failures(value).length === 0;
        assert.equal(ok(a), ok(b), `${d} ${JSON.stringify(value)}`);
      }
    }
    // Each read default.changed and description.changed, POTENTIALLY_BREAKING, every way.
    assert.deepEqual(fourWays(a, b), NOTHING_FOUR_WAYS, dialect);
  }
});

Deno.test("a default or description changed across Pydantic v1 → v2 is still reported where written", () => {
  for (const dialect of [undefined, DRAFT_07, DRAFT_2020]) {
    assert.deepEqual(
      fourWays(root(v1("a", "D"), dialect), root(v2("b", "D"), dialect)),
      everyWay(["default"]),
      dialect,
    );
    assert.deepEqual(
      fourWays(root(v1("a", "D"), dialect), root(v2("a", "Never pass a path."), dialect)),
      everyWay(["description"]),
      dialect,
    );
    assert.deepEqual(
      fourWays(root(v1("a", "D"), dialect), root(v1("b", "E"), dialect)),
      everyWay(["default", "description"]),
      dialect,
    );
  }
  // Each file's place: the keyword beside the allOf, not the branch or the $ref's target.
  const [forward] = schemaChanges("input", root(v1("a", "D")), root(v2("b", "D")));
  assert.equal(forward!.pointer, "/tools/0/inputSchema/properties/x/default");
  assert.equal(forward!.oldPointer, undefined);
  const [back] = schemaChanges("input", root(v2("b", "D")), root(v1("a", "D")));
  assert.equal(back!.pointer, "/tools/0/inputSchema/properties/x/default");
  assert.equal(back!.oldPointer, undefined);
});

Deno.test("annotations beside a one-branch combinator go with its branch; one it writes otherwise stays apart", () => {
  const plain = { type: "string", description: "D" };
  for (const key of ["allOf", "anyOf", "oneOf"]) {
    const lone = { [key]: [{ type: "string" }], description: "D" };
    assert.deepEqual(fourWays(root(lone), root(plain)), NOTHING_FOUR_WAYS, key);
  }
  // The branch writes its own description: the one beside it stays apart and is compared too,
  // each named where it is written. D dropped read no finding; B dropped read B → D changed.
  const own = { allOf: [{ type: "string", description: "B" }], description: "D" };
  for (const [kept, pointer] of [["B", "description"], ["D", "allOf/0/description"]]) {
    const one = { type: "string", description: kept! };
    assert.deepEqual(fourWays(root(own), root(one)), everyWay(["description"]), kept);
    const [gone] = schemaChanges("input", root(own), root(one));
    assert.equal(gone!.pointer, `/tools/0/inputSchema/properties/x/${pointer}`);
    assert.deepEqual([gone!.old, gone!.new], [kept === "B" ? "D" : "B", undefined]);
  }
  assert.deepEqual(fourWays(root(own), root(own)), NOTHING_FOUR_WAYS);
});

Deno.test("an annotation-only allOf branch beside the one branch, written otherwise than it, stays apart", () => {
  // The one-branch allOf read as its branch merged the annotation-only branch into it, the
  // branch's own text winning: 'D' removed, or reworded, gave no finding at all.
  const text = (key: string, own: string, beside?: string) => ({
    allOf: [
      { type: "string", [key]: own },
      ...beside === undefined ? [] : [{ [key]: beside }],
    ],
  });
  const plain = (key: string, own: string) => ({ type: "string", [key]: own });
  const at = (key: string, index: number) => ({
    input: [
      `tool.input.${key}.changed t.inputSchema.properties.x.allOf.${index}.${key} POTENTIALLY_BREAKING`,
    ],
    inputReversed: [
      `tool.input.${key}.changed t.inputSchema.properties.x.allOf.${index}.${key} POTENTIALLY_BREAKING`,
    ],
    output: [
      `tool.output.${key}.changed t.outputSchema.properties.x.allOf.${index}.${key} POTENTIALLY_BREAKING`,
    ],
    outputReversed: [
      `tool.output.${key}.changed t.outputSchema.properties.x.allOf.${index}.${key} POTENTIALLY_BREAKING`,
    ],
  });
  for (const key of ["description", "title"]) {
    const [a, b] = [root(text(key, "B", "Never a path.")), root(plain(key, "B"))];
    for (const d of ["draft-07", "2020-12"] as const) {
      for (const value of [{ x: "a" }, { x: 1 }, {}]) {
        const ok = (s: JsonValue) => checkOf(s, d)!.failures(value).length === 0;
        assert.equal(ok(a), ok(b), `${d} ${JSON.stringify(value)}`);
      }
    }
    assert.deepEqual(fourWays(a, b), at(key, 1), key);
    // Reworded where both sides write the list: the same one finding.
    assert.deepEqual(
      fourWays(root(text(key, "B", "A path.")), root(text(key, "B", "Never a path."))),
      at(key, 1),
    );
    // The same text in both: nothing, as before.
    assert.deepEqual(fourWays(root(text(key, "B", "B")), root(plain(key, "B"))), NOTHING_FOUR_WAYS);
  }
  // Named where the file writes it, on the old side too.
  const [found] = schemaChanges(
    "input",
    root(plain("description", "B")),
    root(text("description", "B", "D")),
  );
  assert.equal(found!.pointer, "/tools/0/inputSchema/properties/x/allOf/1/description");
  assert.equal(found!.new, "D");
  const [gone] = schemaChanges(
    "input",
    root(text("description", "B", "D")),
    root(plain("description", "B")),
  );
  assert.equal(gone!.old, "D");
  assert.equal(gone!.new, undefined);
  // Two such branches, each written otherwise: the third one's text gone is the one finding.
  const two = { allOf: [{ type: "string" }, { description: "B" }, { description: "D" }] };
  assert.deepEqual(fourWays(root(two), root(plain("description", "B"))), at("description", 2));
  // A value change beside it is graded as before, the text beside it.
  const bound = (min: number, extra?: string) => ({
    allOf: [
      { type: "string", minLength: min, description: "B" },
      ...extra === undefined ? [] : [{ description: extra }],
    ],
  });
  assert.deepEqual(fourWays(root(bound(1, "D")), root(bound(2))).input, [
    "tool.input.description.changed t.inputSchema.properties.x.allOf.1.description POTENTIALLY_BREAKING",
    "tool.input.minLength.narrowed t.inputSchema.properties.x.allOf.0.minLength BREAKING",
  ]);
});

Deno.test("an annotation beside a one-branch allOf whose branch holds an allOf of its own is not dropped", () => {
  // {description: 'D', allOf: [{type: string, description: 'B', allOf: [{minLength: 1}]}]} →
  // {type: string, description: 'B', minLength: 1}: ajv accepts the same values. Read as its
  // branch, 'D' had no place to stay apart and went unreported, and the nested allOf against
  // minLength beside read minLength.narrowed, BREAKING on input. Now the lists are compared as
  // such: the texts are reported (prose), and the proof that the values are the same drops
  // the bound's finding.
  const nested = {
    description: "D",
    allOf: [{ type: "string", description: "B", allOf: [{ minLength: 1 }] }],
  };
  const plain = { type: "string", description: "B", minLength: 1 };
  for (const d of ["draft-07", "2020-12"] as const) {
    for (const value of [{ x: "" }, { x: "a" }, { x: 1 }, {}]) {
      const ok = (s: JsonValue) => checkOf(s, d)!.failures(value).length === 0;
      assert.equal(ok(root(nested)), ok(root(plain)), `${d} ${JSON.stringify(value)}`);
    }
  }
  for (const found of Object.values(fourWays(root(nested), root(plain)))) {
    assert.ok(found.length > 0);
    assert.ok(found.every((f) => f.includes(".description.changed ")), found.join("\n"));
    assert.ok(found.every((f) => f.endsWith(" POTENTIALLY_BREAKING")), found.join("\n"));
  }
});

Deno.test("a default moved out of the lifted branch is named in its message where the file writes it", () => {
  // The message named allOf.0 (where "x" still stands) for the default of allOf/1.
  const messages = (a: JsonValue, b: JsonValue) =>
    schemaChanges("input", root(a), root(b)).map((c) => `${c.path} | ${c.message}`);
  const branch = { type: "string", default: "x" };
  assert.deepEqual(messages({ allOf: [branch, { default: "y" }] }, branch), [
    't.inputSchema.properties.x.allOf.1.default | t.inputSchema.properties.x.allOf.1: default removed: "y" → absent',
  ]);
  assert.deepEqual(messages(branch, { allOf: [branch, { default: "y" }] }), [
    't.inputSchema.properties.x.allOf.1.default | t.inputSchema.properties.x.allOf.1: default added: absent → "y"',
  ]);
  // Beside the allOf: the schema itself.
  assert.deepEqual(messages({ allOf: [branch], default: "y" }, branch), [
    't.inputSchema.properties.x.default | t.inputSchema.properties.x: default removed: "y" → absent',
  ]);
});

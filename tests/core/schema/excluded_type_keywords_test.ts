/**
 * A keyword that applies to one type only (`items` to arrays, `properties` to objects,
 * `maxLength` to strings, `minimum` to numbers) is not compared where one side's `type` excludes
 * that type: the type change says what changed for such values. @azure-devops/mcp 2.2.2 →
 * 2.10.0 made `repo_search_commits`' `author` a string or an array of strings
 * (`{type: string}` → `{type: [string, array], items: {type: string}}`), a widening that was
 * reported as `items.type` narrowed from "any", BREAKING. A side without `type` admits every
 * type, so its counterpart's keywords are compared as before; unmodelled keywords in a new
 * subschema of such a keyword are still reported.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { keywordsOfExcludedTypes } from "../../../core/schema/_type_keywords.ts";
import { typeSet } from "../../../core/schema/values.ts";
import { classifyProse } from "../../../core/prose.ts";
import { STRUCTURED_VOCABULARY, walkSchemas } from "../../../core/schema/walk.ts";
import type { Side } from "../../../core/schema/types.ts";
import { catchAll, fourWays } from "./_schema_helpers.ts";

const v = (schema: JsonValue): JsonValue => ({ type: "object", properties: { v: schema } });
const at = (side: string, tail: string) => `t.${side}Schema.properties.v.${tail}`;

Deno.test("diff grades a string that may now be an array of strings as a type widened only", () => {
  const a = v({ type: "string" });
  const b = v({ type: ["string", "array"], items: { type: "string" }, minItems: 1 });
  assert.deepEqual(fourWays(a, b), {
    input: [`tool.input.type.widened ${at("input", "type")} NON_BREAKING`],
    inputReversed: [`tool.input.type.narrowed ${at("input", "type")} BREAKING`],
    output: [`tool.output.type.widened ${at("output", "type")} BREAKING`],
    outputReversed: [`tool.output.type.narrowed ${at("output", "type")} NON_BREAKING`],
  });
});

Deno.test("diff leaves object, string and number keywords of a type one side excludes uncompared", () => {
  const cases: [JsonValue, JsonValue][] = [
    [
      { type: "string", maxLength: 9 },
      {
        type: ["string", "object"],
        maxLength: 9,
        properties: { x: { type: "string" } },
        required: ["x"],
        additionalProperties: false,
      },
    ],
    [
      { type: "integer", minimum: 1 },
      { type: ["integer", "string"], minimum: 1, maxLength: 3, pattern: "^a" },
    ],
    [{ type: "string", minLength: 1 }, { type: ["string", "number"], minLength: 1, maximum: 9 }],
  ];
  for (const [a, b] of cases) {
    assert.deepEqual(fourWays(v(a), v(b)), {
      input: [`tool.input.type.widened ${at("input", "type")} NON_BREAKING`],
      inputReversed: [`tool.input.type.narrowed ${at("input", "type")} BREAKING`],
      output: [`tool.output.type.widened ${at("output", "type")} BREAKING`],
      outputReversed: [`tool.output.type.narrowed ${at("output", "type")} NON_BREAKING`],
    }, JSON.stringify([a, b]));
  }
});

Deno.test("diff still compares keywords of a type both sides admit beside a type change", () => {
  const a = v({ type: "string", maxLength: 9 });
  const b = v({ type: ["string", "array"], maxLength: 5, items: { type: "string" } });
  assert.deepEqual(fourWays(a, b).input, [
    `tool.input.maxLength.narrowed ${at("input", "maxLength")} BREAKING`,
    `tool.input.type.widened ${at("input", "type")} NON_BREAKING`,
  ]);
});

Deno.test("diff compares keywords as written where the other side has no type (every type admitted)", () => {
  const a = v({});
  const b = v({ type: ["string", "array"], items: { type: "string" } });
  assert.deepEqual(fourWays(a, b), {
    input: [
      `tool.input.type.narrowed ${at("input", "items.type")} BREAKING`,
      `tool.input.type.narrowed ${at("input", "type")} BREAKING`,
    ],
    inputReversed: [
      `tool.input.type.widened ${at("input", "items.type")} NON_BREAKING`,
      `tool.input.type.widened ${at("input", "type")} NON_BREAKING`,
    ],
    output: [
      `tool.output.type.narrowed ${at("output", "items.type")} NON_BREAKING`,
      `tool.output.type.narrowed ${at("output", "type")} NON_BREAKING`,
    ],
    outputReversed: [
      `tool.output.type.widened ${at("output", "items.type")} BREAKING`,
      `tool.output.type.widened ${at("output", "type")} BREAKING`,
    ],
  });
});

Deno.test("diff reports an unmodelled keyword inside a subschema of a type the old side excluded", () => {
  const a = v({ type: "string" });
  const b = v({ type: ["string", "array"], items: { type: "string", "vndFoo": 1 } });
  const ways = fourWays(a, b);
  assert.deepEqual(ways.input, [
    `tool.input.keyword.unmodelled ${at("input", "items.vndFoo")} BREAKING`,
    `tool.input.type.widened ${at("input", "type")} NON_BREAKING`,
  ]);
  assert.deepEqual(ways.output, [
    `tool.output.keyword.unmodelled ${at("output", "items.vndFoo")} BREAKING`,
    `tool.output.type.widened ${at("output", "type")} BREAKING`,
  ]);
});

const options = (side: Side) => ({
  side,
  basePath: "t",
  basePointer: "",
  known: STRUCTURED_VOCABULARY,
  classifyProse,
});

Deno.test("walkSchemas() and catchAllDiff() each leave items of a type the old side excluded uncompared", () => {
  const a = { type: "string" };
  const b = { type: ["string", "array"], items: { type: "string" }, maxItems: 3 };
  for (const side of ["input", "output"] as const) {
    for (const [x, y] of [[a, b], [b, a]]) {
      const walked = walkSchemas(x, y, options(side)).map((d) => d.path);
      assert.deepEqual(walked, ["t.type"]);
      const caught = catchAll(x, y, { side }).map((d) => d.path);
      assert.deepEqual(caught, ["t.type"]);
    }
  }
});

Deno.test('diff compares the keywords beside a type it cannot read as written (review: a type of "String" or "any" hid every change)', () => {
  for (const type of ["String", "any", [], ["string", 5]] as JsonValue[]) {
    assert.deepEqual(fourWays(v({ type, maxLength: 10 }), v({ type, maxLength: 5 })), {
      input: [`tool.input.maxLength.narrowed ${at("input", "maxLength")} BREAKING`],
      inputReversed: [`tool.input.maxLength.widened ${at("input", "maxLength")} NON_BREAKING`],
      output: [`tool.output.maxLength.narrowed ${at("output", "maxLength")} NON_BREAKING`],
      outputReversed: [`tool.output.maxLength.widened ${at("output", "maxLength")} BREAKING`],
    }, JSON.stringify(type));
    const items = (t: string) => v({ type, items: { type: t } });
    assert.deepEqual(
      fourWays(items("string"), items("integer")).input,
      [`tool.input.type.changed ${at("input", "items.type")} BREAKING`],
      JSON.stringify(type),
    );
  }
});

/** The reference: the keywords of a family one side's type list (as typeSet reads it) excludes. */
function excludedReference(a: JsonObject, b: JsonObject): string[] {
  const FAMILIES: Record<string, string[]> = {
    items: ["array"],
    required: ["object"],
    maxLength: ["string"],
    minimum: ["number", "integer"],
  };
  const JSON_TYPES = ["array", "boolean", "integer", "null", "number", "object", "string"];
  const typesOf = (s: JsonObject) => {
    const t = s.type;
    if (t === undefined) return undefined;
    const whole = typeof t === "string" ||
      (Array.isArray(t) && t.every((n) => typeof n === "string"));
    const set = typeSet({ type: t, nullable: s.nullable ?? null });
    return !whole || set === undefined || set.length === 0 ||
        !set.every((n) => JSON_TYPES.includes(n))
      ? undefined
      : set;
  };
  const admitted = (declared: string[] | undefined, family: string[]) =>
    declared === undefined ||
    family.some((t) => declared.includes(t) || (t === "integer" && declared.includes("number")));
  const [ta, tb] = [typesOf(a), typesOf(b)];
  const out = new Set<string>();
  if (ta === undefined && tb === undefined) return [];
  for (const s of [a, b]) {
    for (const k of Object.keys(s)) {
      const family = FAMILIES[k];
      if (family && s[k] !== undefined && (!admitted(ta, family) || !admitted(tb, family))) {
        out.add(k);
      }
    }
  }
  return [...out];
}

Deno.test("keywordsOfExcludedTypes reads type and nullable as typeSet does: wrong shapes, empty lists, unknown names", () => {
  const type = fc.oneof(
    fc.constantFrom<JsonValue | undefined>(undefined, "string", "integer", "null", "String", 3),
    fc.array(fc.constantFrom<JsonValue>("array", "number", "null", "object", "any", 1), {
      maxLength: 3,
    }),
  );
  const schema = fc.record({
    type,
    nullable: fc.constantFrom<JsonValue | undefined>(undefined, true, false),
    items: fc.constantFrom<JsonValue | undefined>(undefined, {}),
    required: fc.constantFrom<JsonValue | undefined>(undefined, ["a"]),
    maxLength: fc.constantFrom<JsonValue | undefined>(undefined, 3),
    minimum: fc.constantFrom<JsonValue | undefined>(undefined, 0),
  }).map((r) =>
    Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as JsonObject
  );
  fc.assert(
    fc.property(schema, schema, (a, b) => {
      assert.deepEqual([...keywordsOfExcludedTypes(a, b)].sort(), excludedReference(a, b).sort());
    }),
    { numRuns: 1000 },
  );
});

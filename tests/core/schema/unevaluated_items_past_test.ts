/**
 * Past the positions an array schema lists, beside its `unevaluatedItems` and no `items` of its
 * own, an item is unevaluatedItems' unless a keyword beside evaluates it. With any such keyword
 * (allOf, anyOf, if, contains, $ref) the walk compared the item with no schema, so a position
 * removed or added beside `unevaluatedItems: false` read nothing every way:
 * `{type: array, prefixItems: [{}, {}], allOf: [{minItems: 0}], unevaluatedItems: false}` → one
 * position rejects `[1, 2]` (@hyperjump/json-schema, 2020-12; `items` as a list in 2019-09, with
 * no keyword beside, alike).
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import type { SchemaDelta } from "../../../core/schema/types.ts";
import { catchAll, fourWays, narrowedFourWays, NOTHING_FOUR_WAYS } from "./_schema_helpers.ts";

/** An array listing `n` positions beside `unevaluatedItems: false` and `beside`. */
const listing = (n: number, beside: Record<string, JsonValue>) => ({
  type: "array",
  prefixItems: Array(n).fill({}),
  unevaluatedItems: false,
  ...beside,
});
/** items.`rule` forward and items.`reversed` backward at `path`, BREAKING every way. */
const everyWay = (rule: string, reversed: string, path: string) => ({
  input: [`tool.input.items.${rule} t.inputSchema.${path} BREAKING`],
  inputReversed: [`tool.input.items.${reversed} t.inputSchema.${path} BREAKING`],
  output: [`tool.output.items.${rule} t.outputSchema.${path} BREAKING`],
  outputReversed: [`tool.output.items.${reversed} t.outputSchema.${path} BREAKING`],
});

Deno.test("diff reads a position removed beside unevaluatedItems and a keyword that evaluates no item as narrowing", () => {
  const narrowed = narrowedFourWays("items", "prefixItems.1");
  // Keywords beside that evaluate nothing past position 0, or may evaluate position 0 alone.
  for (
    const beside of [
      { allOf: [{ minItems: 0 }] },
      { allOf: [{ prefixItems: [{}] }] },
      { anyOf: [{ prefixItems: [{}] }, { minItems: 5 }] },
      { if: { prefixItems: [{}] } },
    ]
  ) {
    assert.deepEqual(fourWays(listing(2, beside), listing(1, beside)), narrowed);
  }
  // Draft 2019-09's items list, with nothing beside.
  const list = (n: number) => ({
    $schema: "https://json-schema.org/draft/2019-09/schema",
    type: "array",
    items: Array(n).fill({}),
    unevaluatedItems: false,
  });
  assert.deepEqual(fourWays(list(2), list(1)), narrowedFourWays("items", "items.1"));
});

Deno.test("diff reads items removed beside unevaluatedItems and such a keyword as narrowing", () => {
  // [1, "a"] accepted with items {type: string}, rejected without: position 1 is unevaluated.
  const rest = (items: boolean) => ({
    ...listing(1, { allOf: [{ minItems: 0 }] }),
    ...(items ? { items: { type: "string" } } : {}),
  });
  const found = fourWays(rest(true), rest(false));
  const narrowed = narrowedFourWays("items", "items");
  for (const way of ["input", "inputReversed", "output", "outputReversed"] as const) {
    // The catch-all's keyword.changed at items.type beside it is its own comparison's.
    assert.deepEqual(
      found[way].filter((f) => /\.items\.(narrowed|widened) /.test(f)),
      narrowed[way],
    );
  }
});

Deno.test("diff reads a position a keyword beside evaluates for certain as no change", () => {
  // The allOf branch evaluates positions 0 and 1 whatever the schema lists: the same arrays.
  const beside = { allOf: [{ prefixItems: [{}, {}] }] };
  assert.deepEqual(fourWays(listing(2, beside), listing(1, beside)), NOTHING_FOUR_WAYS);
});

Deno.test("diff reads a position removed beside unevaluatedItems and a keyword that may evaluate it as going either way", () => {
  // A reference Proxar cannot follow may evaluate position 1 or not ([1, 2] rejected now when
  // the anchor names prefixItems [{}], accepted when it names [{}, {}]); so may a contains.
  const named = (q: Record<string, JsonValue>) => ({
    $ref: "#named",
    $defs: { q: { $anchor: "named", ...q } },
  });
  for (
    const beside of [
      named({ prefixItems: [{}] }),
      named({ prefixItems: [{}, {}] }),
      { $dynamicRef: "#named", $defs: { q: { $dynamicAnchor: "named", prefixItems: [{}] } } },
      { contains: { type: "number" } },
    ]
  ) {
    assert.deepEqual(
      fourWays(listing(2, beside), listing(1, beside)),
      everyWay("narrowed", "widened", "prefixItems.1"),
    );
  }
});

/** A catch-all finding's rule and severity. */
const findings = (found: SchemaDelta[]) => found.map((d) => `${d.rule} ${d.severity}`);
const typed = { type: ["string", "number"] };
const stringRest = { unevaluatedItems: { type: "string" } };

Deno.test("diff reads a typed position removed beside unevaluatedItems and such a keyword through both differs alike", () => {
  // [1, 2] accepted before only, [1, "a"] both (@hyperjump/json-schema 2020-12; 2019-09 with
  // items as a list): position 1 goes from string or number to unevaluatedItems' string. The
  // catch-all compared it with nothing, a false BREAKING on input reversed (keyword.changed).
  const draft2019 = { $schema: "https://json-schema.org/draft/2019-09/schema" };
  const cases: [JsonValue, JsonValue, string][] = [
    [
      { type: "array", prefixItems: [{}, typed], allOf: [{ minItems: 0 }], ...stringRest },
      { type: "array", prefixItems: [{}], allOf: [{ minItems: 0 }], ...stringRest },
      "prefixItems",
    ],
    [
      { ...draft2019, type: "array", items: [{}, typed], ...stringRest },
      { ...draft2019, type: "array", items: [{}], ...stringRest },
      "items",
    ],
  ];
  const output = { side: "output" } as const;
  for (const [a, b, key] of cases) {
    assert.deepEqual(fourWays(a, b), narrowedFourWays("type", `${key}.1.type`));
    assert.deepEqual(findings(catchAll(a, b)), ["tool.input.keyword.narrowed BREAKING"]);
    assert.deepEqual(findings(catchAll(b, a)), ["tool.input.keyword.widened NON_BREAKING"]);
    assert.deepEqual(findings(catchAll(b, a, output)), ["tool.output.keyword.widened BREAKING"]);
  }
});

Deno.test("diff reads a typed position removed beside unevaluatedItems and a keyword that may evaluate it as changed in the catch-all", () => {
  // Position 1 boolean, then held by the contains where it is a number, else by unevaluatedItems:
  // [1, true] accepted before only, [1, 2] after only (@hyperjump/json-schema 2020-12). Proxar
  // cannot tell which items a contains evaluates: changed, BREAKING every way.
  const beside = { contains: { type: "number" }, ...stringRest };
  const a = { type: "array", prefixItems: [{}, { type: "boolean" }], ...beside };
  const b = { type: "array", prefixItems: [{}], ...beside };
  for (const side of ["input", "output"] as const) {
    for (const [x, y] of [[a, b], [b, a]]) {
      assert.deepEqual(findings(catchAll(x, y, { side })), [
        `tool.${side}.keyword.changed BREAKING`,
      ]);
    }
  }
});

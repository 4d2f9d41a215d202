import assert from "node:assert/strict";
import { mergeDeltas } from "../../../core/schema/compare_tool.ts";
import type { SchemaDelta } from "../../../core/schema/types.ts";
import type { JsonValue } from "../../../core/json.ts";
import type { Severity } from "../../../core/severity.ts";
import { fourWays } from "./_schema_helpers.ts";

const str = { type: "string" }, num = { type: "number" }, short = { type: "string", maxLength: 3 };

/** The four runs of a change whose only finding is maxLength on branch 0 of `at`. */
function branchBound(at: string) {
  const line = (side: string, effect: string, severity: string) =>
    `tool.${side}.maxLength.${effect} t.${side}Schema.${at}.0.maxLength ${severity}`;
  return {
    input: [line("input", "narrowed", "BREAKING")],
    inputReversed: [line("input", "widened", "NON_BREAKING")],
    output: [line("output", "narrowed", "NON_BREAKING")],
    outputReversed: [line("output", "widened", "BREAKING")],
  };
}

Deno.test("diff reports a bound changed in a union branch once, where the walk names it", () => {
  // The catch-all graded the union as a whole and added keyword.changed "the structured walk
  // reported nothing here" at anyOf beside the walk's maxLength finding in branch 0.
  for (const keyword of ["anyOf", "oneOf"]) {
    assert.deepEqual(
      fourWays({ [keyword]: [str, num] }, { [keyword]: [short, num] }),
      branchBound(keyword),
    );
  }
});

Deno.test("diff reports a lone schema that became a union branch at the branch only", () => {
  // The catch-all compared the lone string with the branch and reported maxLength at the lone
  // schema's place (properties.a.maxLength) beside the walk's finding at anyOf.0.
  const old = { type: "object", properties: { a: str } };
  const next = { type: "object", properties: { a: { anyOf: [{ ...short }, { type: "null" }] } } };
  const at = "properties.a.anyOf";
  const line = (side: string, keyword: string, effect: string, path: string, sev: string) =>
    `tool.${side}.${keyword}.${effect} t.${side}Schema.${at}${path} ${sev}`;
  assert.deepEqual(fourWays(old, next), {
    input: [
      line("input", "anyOf", "widened", "", "NON_BREAKING"),
      line("input", "maxLength", "narrowed", ".0.maxLength", "BREAKING"),
    ],
    inputReversed: [
      line("input", "anyOf", "narrowed", "", "BREAKING"),
      line("input", "maxLength", "widened", ".0.maxLength", "NON_BREAKING"),
    ],
    output: [
      line("output", "anyOf", "widened", "", "BREAKING"),
      line("output", "maxLength", "narrowed", ".0.maxLength", "NON_BREAKING"),
    ],
    outputReversed: [
      line("output", "anyOf", "narrowed", "", "NON_BREAKING"),
      line("output", "maxLength", "widened", ".0.maxLength", "BREAKING"),
    ],
  });
});

Deno.test("diff leaves a union whose branches neither contain to the walk's findings below it", () => {
  // Branch 0 narrowed and a branch added: neither union holds the other (changed, BREAKING),
  // and the walk already reports the narrowing at branch 0 as BREAKING on input (the widening
  // back on output): the catch-all's "changed" beside it said nothing more.
  const found = fourWays({ anyOf: [str, num] }, { anyOf: [short, num, { type: "boolean" }] });
  assert.deepEqual(found.input, [
    "tool.input.anyOf.widened t.inputSchema.anyOf NON_BREAKING",
    "tool.input.maxLength.narrowed t.inputSchema.anyOf.0.maxLength BREAKING",
  ]);
  assert.deepEqual(found.outputReversed, [
    "tool.output.anyOf.narrowed t.outputSchema.anyOf NON_BREAKING",
    "tool.output.maxLength.widened t.outputSchema.anyOf.0.maxLength BREAKING",
  ]);
});

const delta = (
  facet: string,
  location: string,
  tail: string,
  severity: Severity,
  rule = `tool.input.${facet}.x`,
): SchemaDelta => ({
  facet,
  location,
  path: `t.inputSchema${(location + tail).replaceAll("/", ".")}`,
  pointer: `/tools/0/inputSchema${location}${tail}`,
  rule,
  severity,
  message: "m",
});

Deno.test("mergeDeltas() keeps a catch-all verdict stricter than everything the walk says below it", () => {
  const walk = [delta("maxLength", "/anyOf/0", "/maxLength", "NON_BREAKING")];
  const whole = delta("anyOf", "", "/anyOf", "BREAKING", "tool.input.keyword.narrowed");
  const [, kept] = mergeDeltas(walk, [whole]);
  assert.equal(kept?.rule, "tool.input.keyword.changed");
  assert.match(kept!.message, /stricter than the structured walk\)$/);
  // As strict below: nothing more to say.
  const strict = [delta("maxLength", "/anyOf/0", "/maxLength", "BREAKING")];
  assert.deepEqual(mergeDeltas(strict, [whole]), strict);
  // Elsewhere (a definition the walk reads at its use) or at a sibling keyword: still kept.
  const defs = delta("maxLength", "/$defs/x", "/maxLength", "BREAKING", "tool.input.keyword.x");
  const sibling = delta("allOf", "", "/allOf", "BREAKING", "tool.input.keyword.x");
  const merged = mergeDeltas(strict, [defs, sibling]);
  assert.equal(merged.length, 3);
  assert.match(merged[1]!.message, /the structured walk reported nothing here\)$/);
  // An unmodelled keyword stays whatever the walk reports.
  const vendor = delta(
    "x-rank",
    "/anyOf/0",
    "/x-rank",
    "BREAKING",
    "tool.input.keyword.unmodelled",
  );
  assert.equal(mergeDeltas(strict, [vendor]).length, 2);
});

Deno.test("diff reports a required property removed once, as property.removed, in all four directions", () => {
  // The walk reports the name's removal from required as part of property.removed; the
  // catch-all's required verdict beside it said "the structured walk reported nothing here"
  // (@apify/actors-mcp-server 0.9.11 → 0.16.0 dropped pricing.isFree from its output).
  const both = { type: "object", properties: { a: str, b: num }, required: ["a", "b"] };
  const one = { type: "object", properties: { a: str }, required: ["a"] };
  assert.deepEqual(fourWays(both, one), {
    input: ["tool.input.property.removed t.inputSchema.properties.b BREAKING"],
    inputReversed: ["tool.input.required.added t.inputSchema.required BREAKING"],
    output: ["tool.output.property.removed t.outputSchema.properties.b BREAKING"],
    outputReversed: ["tool.output.required.added t.outputSchema.required NON_BREAKING"],
  });
  // Another name made optional beside it keeps its own finding.
  const optional = { type: "object", properties: { a: str }, required: [] };
  assert.deepEqual(fourWays(both, optional).output, [
    "tool.output.property.removed t.outputSchema.properties.b BREAKING",
    "tool.output.required.removed t.outputSchema.required BREAKING",
  ]);
  assert.deepEqual(fourWays(both, optional).input, [
    "tool.input.property.removed t.inputSchema.properties.b BREAKING",
    "tool.input.required.removed t.inputSchema.required NON_BREAKING",
  ]);
  // Undecidable: a required list that is no list of names. The walk reads it as none; the
  // catch-all cannot compare it, and where that is stricter than the walk it stays BREAKING.
  const odd = { type: "object", properties: { a: str }, required: "a" };
  assert.deepEqual(fourWays(both, odd), {
    input: [
      "tool.input.property.removed t.inputSchema.properties.b BREAKING",
      "tool.input.required.removed t.inputSchema.required NON_BREAKING",
    ],
    inputReversed: ["tool.input.required.added t.inputSchema.required BREAKING"],
    output: [
      "tool.output.property.removed t.outputSchema.properties.b BREAKING",
      "tool.output.required.removed t.outputSchema.required BREAKING",
    ],
    outputReversed: [
      "tool.output.keyword.changed t.outputSchema.required BREAKING",
      "tool.output.required.added t.outputSchema.required NON_BREAKING",
    ],
  });
});

Deno.test("diff reports a type list that faced a union at the union only, in all four directions", () => {
  // creem 1.9.0 → 1.13.0, customers-update external_id: the walk meets the type list as one
  // branch per type (null kept, string added, the closed empty object removed); the catch-all
  // compared the list with the null branch and added keyword.changed at x.type ("accepted types
  // null became null|string", "the structured walk reported nothing here"), and the other way a
  // second BREAKING at x.anyOf.1.type for the string branch removed.
  const old = {
    type: "object",
    properties: {
      x: {
        anyOf: [{ type: "object", additionalProperties: false, properties: {} }, { type: "null" }],
      },
    },
  };
  const next = { type: "object", properties: { x: { type: ["string", "null"] } } };
  const both = (side: string, narrowed: string, widened: string) => [
    `tool.${side}.anyOf.narrowed t.${side}Schema.properties.x.anyOf ${narrowed}`,
    `tool.${side}.anyOf.widened t.${side}Schema.properties.x.anyOf ${widened}`,
  ];
  const input = both("input", "BREAKING", "NON_BREAKING");
  const output = both("output", "NON_BREAKING", "BREAKING");
  assert.deepEqual(fourWays(old, next), {
    input,
    inputReversed: input,
    output,
    outputReversed: output,
  });
  // A branch whose type the walk cannot read beside it (not) is still graded at the union.
  const odd = { anyOf: [{ type: "string", not: { const: "a" } }, { type: "null" }] };
  const top = (side: string, narrowed: string, widened: string) => [
    `tool.${side}.anyOf.narrowed t.${side}Schema.anyOf ${narrowed}`,
    `tool.${side}.anyOf.widened t.${side}Schema.anyOf ${widened}`,
  ];
  assert.deepEqual(fourWays(odd, { type: ["integer", "null"] }), {
    input: top("input", "BREAKING", "NON_BREAKING"),
    inputReversed: top("input", "BREAKING", "NON_BREAKING"),
    output: top("output", "NON_BREAKING", "BREAKING"),
    outputReversed: top("output", "NON_BREAKING", "BREAKING"),
  });
});

Deno.test("mergeDeltas() keeps a catch-all type verdict beside a union only when it is stricter", () => {
  const union = delta(
    "anyOf",
    "/properties/x",
    "/anyOf",
    "NON_BREAKING",
    "tool.input.anyOf.widened",
  );
  const at = (location: string, severity: Severity) =>
    delta("type", location, "/type", severity, "tool.input.keyword.narrowed");
  const list = { properties: { x: { type: ["string", "null"] } } };
  const anyOf = { properties: { x: { anyOf: [{ type: "integer" }, { type: "null" }] } } };
  // A type list facing the union, either way: at the list's place and in a branch of the union
  // it is the same change, kept when stricter.
  for (const schemas of [{ old: list, new: anyOf }, { old: anyOf, new: list }]) {
    for (const location of ["/properties/x", "/properties/x/anyOf/1"]) {
      assert.deepEqual(mergeDeltas([union], [at(location, "NON_BREAKING")], schemas), [union]);
      const [, kept] = mergeDeltas([union], [at(location, "BREAKING")], schemas);
      assert.match(kept!.message, /stricter than the structured walk\)$/);
    }
    // Elsewhere (another property, or a facet other than type) it is not the union's to cover.
    assert.equal(mergeDeltas([union], [at("/properties/y", "NON_BREAKING")], schemas).length, 2);
    const bound = delta("maxLength", "/properties/x", "/maxLength", "NON_BREAKING");
    assert.equal(mergeDeltas([union], [bound], schemas).length, 2);
  }
  // Unions on both sides: a branch's type the walk read as a branch removed and another added,
  // graded at the union, is the same change, kept when stricter (union_kept_branch_test).
  const both = { old: anyOf, new: anyOf };
  assert.deepEqual(mergeDeltas([union], [at("/properties/x/anyOf/1", "NON_BREAKING")], both), [
    union,
  ]);
  assert.equal(mergeDeltas([union], [at("/properties/x/anyOf/1", "BREAKING")], both).length, 2);
  // Deeper in the branch, or a union the walk graded otherwise (changed): kept.
  assert.equal(
    mergeDeltas([union], [at("/properties/x/anyOf/1/items", "NON_BREAKING")], both).length,
    2,
  );
  const changed = { ...union, rule: "tool.input.anyOf.changed", severity: "BREAKING" as const };
  assert.equal(
    mergeDeltas([changed], [at("/properties/x/anyOf/1", "NON_BREAKING")], both).length,
    2,
  );
});

Deno.test("diff reports a branch added to a nested anyOf once, at the outer anyOf, in all four directions", () => {
  // The walk reads the branches of both unions as one list and names the added branch at the
  // outer anyOf; the catch-all graded the inner union as a whole and added keyword.changed at
  // anyOf.1.anyOf with the same grade (dataforseo-mcp-server 2.8.6 → 2.9.11 filters).
  const inner = (...more: JsonValue[]) => ({
    anyOf: [{ type: "null" }, { anyOf: [{ type: "string" }, { type: "number" }, ...more] }],
  });
  const line = (side: string, effect: string, severity: string) =>
    `tool.${side}.anyOf.${effect} t.${side}Schema.anyOf ${severity}`;
  for (const added of [{ type: "boolean" }, {}]) {
    assert.deepEqual(fourWays(inner(), inner(added)), {
      input: [line("input", "widened", "NON_BREAKING")],
      inputReversed: [line("input", "narrowed", "BREAKING")],
      output: [line("output", "widened", "BREAKING")],
      outputReversed: [line("output", "narrowed", "NON_BREAKING")],
    });
  }
  // A union beside other keywords in a branch is compared there by the walk: still one finding.
  const beside = (...more: JsonValue[]) => ({
    anyOf: [{ type: "null" }, {
      minLength: 2,
      anyOf: [{ type: "string" }, { type: "number" }, ...more],
    }],
  });
  assert.deepEqual(fourWays(beside(), beside({ type: "boolean" })).input, [
    "tool.input.anyOf.widened t.inputSchema.anyOf.1.anyOf NON_BREAKING",
  ]);
});

Deno.test("mergeDeltas() keeps a catch-all verdict on a nested union only when it is stricter", () => {
  const outer = delta("anyOf", "", "/anyOf", "NON_BREAKING", "tool.input.anyOf.widened");
  const inner = (severity: Severity, facet = "anyOf") =>
    delta(facet, "/anyOf/1", `/${facet}`, severity, "tool.input.keyword.widened");
  assert.deepEqual(mergeDeltas([outer], [inner("NON_BREAKING")]), [outer]);
  // Stricter (undecidable or narrowed on input): kept beside the walk's finding.
  const [, kept] = mergeDeltas([outer], [inner("BREAKING")]);
  assert.match(kept!.message, /stricter than the structured walk\)$/);
  // Another kind of union in the branch is not the walk's flattened list: kept.
  assert.equal(mergeDeltas([outer], [inner("NON_BREAKING", "oneOf")]).length, 2);
});

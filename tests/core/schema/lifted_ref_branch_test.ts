/**
 * A lone schema reached through a `$ref`, or facing variants written as `$ref`s, lifted into a
 * one-branch union by the walk: its branch faced `{$ref: D}` as nothing alike. `anyOf [{$ref: D},
 * null]` → `{$ref: D}` read "2 anyOf branches were removed: anyOf branch 0, anyOf branch 1
 * (null)" where only the null branch went (and "anyOf went from 1 to 2 branches" the other way),
 * and a lone `{type: string, maxLength: 9}` that became `oneOf [{$ref: A}, {$ref: N}]` read "the
 * schema … became a oneOf, paired with none of its branches", its lost bound named nowhere but
 * in the catch-all's finding on the definition. Both now read as they do written inline. The
 * union's findings sit where the union is written (the place of the `$ref`, on the side that
 * lost or gained it), where they pointed into D (`/$defs/D/anyOf`, a keyword D does not have) and
 * the catch-all's keyword.changed, BREAKING on input, stood beside them (at the one-branch allOf,
 * or at the definition C that holds the union, "the structured walk reported nothing here").
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { classifyProse } from "../../../core/prose.ts";
import { compareSchemaSide } from "../../../core/schema/compare_tool.ts";
import type { SchemaDelta } from "../../../core/schema/types.ts";

/** One side's findings, every differ's. */
function deltas(side: "input" | "output", old: JsonValue, next: JsonValue): SchemaDelta[] {
  return compareSchemaSide(
    old,
    next,
    { side, basePath: "t", basePointer: "" },
    (a, b) => classifyProse(a, b),
  );
}

/** `rule path severity: message` of one side's findings. */
const found = (side: "input" | "output", old: JsonValue, next: JsonValue): string[] =>
  deltas(side, old, next).map((d) => `${d.rule} ${d.path} ${d.severity}: ${d.message}`);

/** `rule pointer (old pointer) [new pointer] severity: message` of one side's findings. */
const placed = (side: "input" | "output", old: JsonValue, next: JsonValue): string[] =>
  deltas(side, old, next).map((d) =>
    `${d.rule} ${d.pointer}${d.oldPointer === undefined ? "" : ` (${d.oldPointer})`}${
      d.newPointer === undefined ? "" : ` [${d.newPointer}]`
    } ${d.severity}: ${d.message}`
  );

const D = { type: "string", maxLength: 5 };
const at = (p: JsonValue, defs: Record<string, JsonValue> = { D }): JsonValue => ({
  type: "object",
  properties: { p },
  $defs: defs,
});
const nullable = (x: JsonValue) => ({ anyOf: [x, { type: "null" }] });

const CHAINED: [string, JsonValue][] = [
  ["a $ref", { $ref: "#/$defs/D" }],
  ["a one-branch allOf of a $ref", { allOf: [{ $ref: "#/$defs/D" }] }],
];

/** The union at property z of a definition C that property c refers to. */
const inDefinition = (z: JsonValue): JsonValue =>
  JSON.parse(
    JSON.stringify({
      type: "object",
      properties: { c: { $ref: "#/definitions/C" } },
      definitions: { D, C: { type: "object", properties: { z } } },
    }).replaceAll("#/$defs/", "#/definitions/"),
  );

/** Where: the schema, the union's pointer and path, and D's pointer. */
const PLACES: [string, (x: JsonValue) => JsonValue, string, string, string][] = [
  ["a property", (x) => at(x), "/properties/p", "t.properties.p", "/$defs/D"],
  [
    "a definition",
    inDefinition,
    "/definitions/C/properties/z",
    "t.properties.c.properties.z",
    "/definitions/D",
  ],
];

for (const [name, x] of CHAINED) {
  for (const [where, wrap, pointer, path, target] of PLACES) {
    Deno.test(`compareSchemaSide() names the null branch alone, at the union, where ${name} in ${where} lost or gained it`, () => {
      // The union is written where the $ref is, not in D (which holds no anyOf; the new side's
      // D is named as what is left of it), and nothing else is reported: the catch-all's
      // narrowing at the same union, or at D, agreed with it.
      const [bare, wrapped] = [wrap(x), wrap(nullable(x))];
      const line = (side: string, effect: string, severity: string, went: string) =>
        `tool.${side}.anyOf.${effect} ${pointer}/anyOf${
          went === "removed" ? ` [${target}]` : ""
        } ${severity}: ${path}: anyOf branch 1 (null) was ${went}`;
      const cases: ["input" | "output", JsonValue, JsonValue, string][] = [
        ["input", wrapped, bare, line("input", "narrowed", "BREAKING", "removed")],
        ["input", bare, wrapped, line("input", "widened", "NON_BREAKING", "added")],
        ["output", wrapped, bare, line("output", "narrowed", "NON_BREAKING", "removed")],
        ["output", bare, wrapped, line("output", "widened", "BREAKING", "added")],
      ];
      for (const [side, old, next, expected] of cases) {
        assert.deepEqual(placed(side, old, next), [expected], `${side}: ${JSON.stringify(old)}`);
      }
    });
  }
}

Deno.test("compareSchemaSide() names the null branch alone at a root that is a $ref", () => {
  const defs = { $defs: { D } };
  const bare = { $ref: "#/$defs/D", ...defs };
  const wrapped = { ...nullable({ $ref: "#/$defs/D" }), ...defs };
  assert.deepEqual(placed("input", wrapped, bare), [
    "tool.input.anyOf.narrowed /anyOf [/$defs/D] BREAKING: t: anyOf branch 1 (null) was removed",
  ]);
  assert.deepEqual(placed("output", bare, wrapped), [
    "tool.output.anyOf.widened /anyOf BREAKING: t: anyOf branch 1 (null) was added",
  ]);
});

Deno.test("compareSchemaSide() compares the definition a lone $ref names with the branch that refers to it", () => {
  // D changed as well: the bound is named in the branch, the null branch beside it.
  const old = at(nullable({ $ref: "#/$defs/D" }));
  const next = at({ $ref: "#/$defs/D" }, { D: { type: "string", maxLength: 3 } });
  assert.deepEqual(found("input", old, next), [
    "tool.input.maxLength.narrowed t.properties.p.anyOf.0.maxLength BREAKING: t.properties.p.anyOf.0: maxLength tightened from 5 to 3",
    "tool.input.anyOf.narrowed t.properties.p.anyOf BREAKING: t.properties.p: anyOf branch 1 (null) was removed",
  ]);
  assert.deepEqual(found("output", next, old), [
    "tool.output.maxLength.widened t.properties.p.anyOf.0.maxLength BREAKING: t.properties.p.anyOf.0: maxLength relaxed from 3 to 5",
    "tool.output.anyOf.widened t.properties.p.anyOf BREAKING: t.properties.p: anyOf branch 1 (null) was added",
  ]);
});

Deno.test("compareSchemaSide() names a bound a lone schema loses at the $ref variant it faces, as at an inline one", () => {
  const lone = at({ type: "string", maxLength: 9 }, {});
  const A = { type: "string", pattern: "^a" }, N = { type: "integer" };
  const refs = at({ oneOf: [{ $ref: "#/$defs/A" }, { $ref: "#/$defs/N" }] }, { A, N });
  const inline = at({ oneOf: [A, N] }, { A, N });
  const lost = "t.properties.p.oneOf.0: maxLength relaxed from 9 to absent";
  const kept = "t.properties.p.oneOf.0: maxLength tightened from absent to 9";
  for (const side of ["input", "output"] as const) {
    const [wider, narrower] = side === "input"
      ? ["NON_BREAKING", "BREAKING"]
      : ["BREAKING", "NON_BREAKING"];
    const forward = found(side, lone, refs);
    assert.ok(
      forward.includes(
        `tool.${side}.maxLength.widened t.properties.p.oneOf.0.maxLength ${wider}: ${lost}`,
      ),
      forward.join("\n"),
    );
    const back = found(side, refs, lone);
    assert.ok(
      back.includes(
        `tool.${side}.maxLength.narrowed t.properties.p.oneOf.0.maxLength ${narrower}: ${kept}`,
      ),
      back.join("\n"),
    );
    // The same findings as with the variants written inline, a branch the catch-all would have
    // read as overlapping (it did not follow the references) included.
    assert.deepEqual(forward, found(side, lone, inline));
    assert.deepEqual(back, found(side, inline, lone));
  }
});

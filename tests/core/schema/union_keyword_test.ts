/**
 * zod 3 (zod-to-json-schema) writes a discriminated union as anyOf, zod 4 as oneOf; with
 * pairwise disjoint branches both accept the same values, so a move between them pairs the
 * branches as one union. Before, it read as one union removed and another added: an optional
 * property added to one branch was BREAKING on input (oneOf added) and on output (anyOf removed).
 * Each case runs on input and output, both ways, through the engine and each differ alone.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { catchAllDiff } from "../../../core/schema/catch_all.ts";
import { walkSchemas } from "../../../core/schema/walk.ts";
import { classifyProse } from "../../../core/prose.ts";
import { fourWays } from "./_schema_helpers.ts";

/** A branch of a union discriminated by `kind`, with more properties. */
const branch = (kind: string, properties: Record<string, JsonValue>, required: string[] = []) => ({
  type: "object",
  properties: { kind: { type: "string", const: kind }, ...properties },
  required: ["kind", ...required],
});

const marker = branch("marker", { x: { type: "number" } }, ["x"]);
const path = branch("path", { y: { type: "string" } });
const v = (schema: JsonValue) => ({ type: "object", properties: { v: schema } });

Deno.test("unionAsWritten: anyOf → oneOf of the same disjoint branches is no change", () => {
  assert.deepEqual(fourWays(v({ anyOf: [marker, path] }), v({ oneOf: [marker, path] })), {
    input: [],
    inputReversed: [],
    output: [],
    outputReversed: [],
  });
});

Deno.test("unionAsWritten: a property added to a branch as the union moves to oneOf is that property added", () => {
  const wider = branch("marker", { x: { type: "number" }, z: { type: "string" } }, ["x"]);
  const added = (side: string, key: string) =>
    `tool.${side}.property.added t.${side}Schema.properties.v.${key}.0.properties.z NON_BREAKING`;
  const removed = (side: string, key: string) =>
    `tool.${side}.property.removed t.${side}Schema.properties.v.${key}.0.properties.z BREAKING`;
  // Before: tool.input.oneOf.narrowed (BREAKING) and tool.output.anyOf.widened (BREAKING).
  assert.deepEqual(fourWays(v({ anyOf: [marker, path] }), v({ oneOf: [wider, path] })), {
    input: [added("input", "oneOf")],
    inputReversed: [removed("input", "anyOf")],
    output: [added("output", "oneOf")],
    outputReversed: [removed("output", "anyOf")],
  });
});

Deno.test("unionAsWritten: a branch change is reported in the branch, graded by variance", () => {
  // zod 4 made the geojson overlay's data required (mapbox-mcp-server 0.2.0 → 0.14.0).
  const strict = branch("path", { y: { type: "string" } }, ["y"]);
  const at = (side: string, key: string) => `t.${side}Schema.properties.v.${key}.1.required`;
  assert.deepEqual(fourWays(v({ anyOf: [marker, path] }), v({ oneOf: [marker, strict] })), {
    input: [`tool.input.required.added ${at("input", "oneOf")} BREAKING`],
    inputReversed: [`tool.input.required.removed ${at("input", "anyOf")} NON_BREAKING`],
    output: [`tool.output.required.added ${at("output", "oneOf")} NON_BREAKING`],
    outputReversed: [`tool.output.required.removed ${at("output", "anyOf")} BREAKING`],
  });
});

Deno.test("unionAsWritten: branches that may overlap keep anyOf and oneOf apart", () => {
  // Undecidable as one union: a string of length 2 matches both branches, which oneOf rejects.
  const s = { type: "string" }, short = { type: "string", maxLength: 3 };
  const p = "t.inputSchema.properties.v", q = "t.outputSchema.properties.v";
  // One change of the union, said where the new keyword stands: it became exclusive (or stopped
  // being so), not an anyOf removed beside a oneOf added.
  assert.deepEqual(fourWays(v({ anyOf: [s, short] }), v({ oneOf: [s, short] })), {
    input: [`tool.input.oneOf.narrowed ${p}.oneOf BREAKING`],
    inputReversed: [`tool.input.anyOf.widened ${p}.anyOf NON_BREAKING`],
    output: [`tool.output.oneOf.narrowed ${q}.oneOf NON_BREAKING`],
    outputReversed: [`tool.output.anyOf.widened ${q}.anyOf BREAKING`],
  });
});

Deno.test("unionAsWritten: each differ alone pairs anyOf with a disjoint oneOf", () => {
  const wider = branch("marker", { x: { type: "number" }, z: { type: "string" } }, ["x"]);
  const a = v({ anyOf: [marker, path] }), b = v({ oneOf: [wider, path] });
  const options = { side: "input" as const, basePath: "t", basePointer: "/tools/0/inputSchema" };
  const brief = (d: { rule: string; path: string }) => `${d.rule} ${d.path}`;
  assert.deepEqual(walkSchemas(a, b, { ...options, classifyProse }).map(brief), [
    "tool.input.property.added t.properties.v.oneOf.0.properties.z",
  ]);
  const known = new Set(["type", "properties", "required", "anyOf", "oneOf", "const"]);
  assert.deepEqual(catchAllDiff(a, b, { ...options, known }).map(brief), [
    "tool.input.keyword.widened t.properties.v.oneOf.0.properties.z",
  ]);
});

Deno.test("unionAsWritten: untyped branches told apart by a required const only are not disjoint: anyOf → oneOf narrows", () => {
  // 5 ignores required and properties, so it meets both branches: anyOf accepts it, oneOf not.
  const k = (value: string) => ({ properties: { k: { const: value } }, required: ["k"] });
  const ways = fourWays(v({ anyOf: [k("a"), k("b")] }), v({ oneOf: [k("a"), k("b")] }));
  const severities = (findings: string[]) => [...new Set(findings.map((f) => f.split(" ").at(-1)))];
  assert.deepEqual(severities(ways.input), ["BREAKING"], ways.input.join("\n"));
  assert.deepEqual(severities(ways.inputReversed), ["NON_BREAKING"], ways.inputReversed.join("\n"));
  assert.deepEqual(severities(ways.output), ["NON_BREAKING"], ways.output.join("\n"));
  assert.deepEqual(severities(ways.outputReversed), ["BREAKING"], ways.outputReversed.join("\n"));
  // Typed as objects, the same branches are disjoint: no change.
  const o = (value: string) => ({ type: "object", ...k(value) });
  assert.deepEqual(fourWays(v({ anyOf: [o("a"), o("b")] }), v({ oneOf: [o("a"), o("b")] })), {
    input: [],
    inputReversed: [],
    output: [],
    outputReversed: [],
  });
});

/**
 * A `format` JSON Schema does not define (zod 4 writes `cuid`, `nanoid`, `starts_with` …): a
 * validator that does not know it ignores it (the MCP SDK's ajv runs with strict off and only
 * warns), one that defines it may reject values. Added to an input schema, or put in place of
 * another format, it is tool.input.format.nonstandard (POTENTIALLY_BREAKING), not
 * format.narrowed (BREAKING). A format the specification defines, removing a format, the output
 * side and anything under `not` keep their variance grade.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { isNonstandardFormat } from "../../../core/schema/_formats.ts";
import { diffContracts } from "../../../core/engine.ts";
import { contractFromValue } from "../../../core/load_contract.ts";
import { catchAll, registry, schemaFindings } from "./_schema_helpers.ts";
import { findings, listed, z3, z4 } from "./_zod_sdk.ts";

const id = (format?: JsonValue) => ({
  type: "object",
  properties: { id: format === undefined ? { type: "string" } : { type: "string", format } },
});
const at = (side: string) => `t.${side}Schema.properties.id.format`;

Deno.test("diff grades a format JSON Schema does not define, added on input, POTENTIALLY_BREAKING", () => {
  for (const format of ["cuid", "cuid2", "nanoid", "ulid", "starts_with", "base64url", "e164"]) {
    assert.deepEqual(schemaFindings("input", id(), id(format)), [
      `tool.input.format.nonstandard ${at("input")} POTENTIALLY_BREAKING`,
    ], format);
  }
});

Deno.test("diff grades a nonstandard format replacing another on input POTENTIALLY_BREAKING", () => {
  // Validators that know "cuid" reject what "email" accepted, the others accept more.
  for (const [a, b] of [["email", "cuid"], ["cuid", "cuid2"]]) {
    assert.deepEqual(schemaFindings("input", id(a), id(b)), [
      `tool.input.format.nonstandard ${at("input")} POTENTIALLY_BREAKING`,
    ], `${a} → ${b}`);
  }
});

Deno.test("diff keeps the variance grade of a format on output and of a removed format", () => {
  // Output: added narrows (NON_BREAKING), removed or changed is BREAKING, as before.
  assert.deepEqual(schemaFindings("output", id(), id("cuid")), [
    `tool.output.format.narrowed ${at("output")} NON_BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", id("cuid"), id()), [
    `tool.output.format.widened ${at("output")} BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", id("email"), id("cuid")), [
    `tool.output.format.changed ${at("output")} BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("input", id("cuid"), id()), [
    `tool.input.format.widened ${at("input")} NON_BREAKING`,
  ]);
});

Deno.test("diff keeps format.narrowed and format.changed BREAKING for formats JSON Schema defines", () => {
  const defined = ["date-time", "date", "time", "duration", "email", "idn-email", "hostname"]
    .concat(["idn-hostname", "ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference"])
    .concat(["uuid", "uri-template", "json-pointer", "relative-json-pointer", "regex"]);
  for (const format of defined) {
    assert.equal(isNonstandardFormat(format), false, format);
    assert.deepEqual(schemaFindings("input", id(), id(format)), [
      `tool.input.format.narrowed ${at("input")} BREAKING`,
    ], format);
  }
  // The undecidable case: a nonstandard format replaced by one the specification defines.
  assert.deepEqual(schemaFindings("input", id("cuid"), id("uuid")), [
    `tool.input.format.changed ${at("input")} BREAKING`,
  ]);
  // A format that is not a string is no format name at all.
  assert.equal(isNonstandardFormat(5), false);
  assert.deepEqual(schemaFindings("input", id(), id(5)).map((l) => l.split(" ")[0]), [
    "tool.input.format.narrowed",
  ]);
});

Deno.test("diff keeps the variance grade of a nonstandard format under not", () => {
  // Inside not, a format added widens the input: the rule names the effect on the schema under
  // not, the severity is inverted, as for every keyword there.
  const holder = (format?: string) => ({
    type: "object",
    properties: {
      id: { type: "string", not: format ? { enum: ["x"], format } : { enum: ["x"] } },
    },
  });
  const path = (side: string) => `t.${side}Schema.properties.id.not.format`;
  assert.deepEqual(schemaFindings("input", holder(), holder("cuid")), [
    `tool.input.format.narrowed ${path("input")} NON_BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", holder(), holder("cuid")), [
    `tool.output.format.narrowed ${path("output")} BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("input", holder("email"), holder("cuid")), [
    `tool.input.format.changed ${path("input")} BREAKING`,
  ]);
});

Deno.test("diff grades a nonstandard format added in a union branch POTENTIALLY_BREAKING, not as the union narrowed", () => {
  // The union proofs read a nonstandard format a new input branch gains as none, as the
  // format's own finding does; the branch finding says what changed.
  const cuid = { type: "string", format: "cuid" };
  const branch = "t.inputSchema.anyOf.0.format";
  assert.deepEqual(
    schemaFindings(
      "input",
      { anyOf: [{ type: "string" }, { type: "integer" }] },
      { anyOf: [cuid, { type: "integer" }] },
    ),
    [`tool.input.format.nonstandard ${branch} POTENTIALLY_BREAKING`],
  );
  // zod 3's nullable string → zod 4's nullable string with a nonstandard format.
  assert.deepEqual(
    schemaFindings("input", { type: ["string", "null"] }, { anyOf: [cuid, { type: "null" }] }),
    [`tool.input.format.nonstandard ${branch} POTENTIALLY_BREAKING`],
  );
  // A defined format, and the output side, keep their variance grade.
  assert.deepEqual(
    schemaFindings(
      "input",
      { anyOf: [{ type: "string" }, { type: "integer" }] },
      { anyOf: [{ type: "string", format: "uuid" }, { type: "integer" }] },
    ),
    [`tool.input.format.narrowed ${branch} BREAKING`],
  );
  assert.deepEqual(
    schemaFindings(
      "output",
      { anyOf: [cuid, { type: "integer" }] },
      { anyOf: [{ type: "string" }, { type: "integer" }] },
    ),
    ["tool.output.format.widened t.outputSchema.anyOf.0.format BREAKING"],
  );
  // Removed from an input branch: a widening, as anywhere.
  assert.deepEqual(
    schemaFindings(
      "input",
      { anyOf: [cuid, { type: "integer" }] },
      { anyOf: [{ type: "string" }, { type: "integer" }] },
    ),
    [`tool.input.format.widened ${branch} NON_BREAKING`],
  );
});

Deno.test("diff says a nonstandard format is not one JSON Schema defines", () => {
  const wrap = (s: JsonValue) => contractFromValue({ tools: [{ name: "t", inputSchema: s }] });
  const { changes } = diffContracts(wrap(id()), wrap(id("cuid")), { registry });
  assert.equal(changes.length, 1);
  assert.equal(
    changes[0]!.message,
    't.inputSchema.properties.id: format added: absent → "cuid", a format JSON Schema does not define: validators that do not know it ignore it, those that define it may reject values',
  );
  assert.equal(changes[0]!.pointer, "/tools/0/inputSchema/properties/id/format");
});

Deno.test("catchAllDiff() leaves a nonstandard format added on input to the structured walk", () => {
  const diff = (side: "input" | "output", a: JsonValue, b: JsonValue) =>
    catchAll(a, b, { side }).map((d) => `${d.rule} ${d.severity}`);
  assert.deepEqual(diff("input", id(), id("cuid")), []);
  assert.deepEqual(diff("input", id("email"), id("cuid")), []);
  assert.deepEqual(diff("input", id(), id("uuid")), ["tool.input.keyword.narrowed BREAKING"]);
  assert.deepEqual(diff("output", id(), id("cuid")), ["tool.output.keyword.narrowed NON_BREAKING"]);
  assert.deepEqual(diff("output", id("cuid"), id()), ["tool.output.keyword.widened BREAKING"]);
});

// deno-lint-ignore no-explicit-any
const zodShape = (z: any) => ({
  c: z.string().cuid(),
  c2: z.string().cuid2(),
  n: z.string().nanoid(),
  sw: z.string().startsWith("ab"),
});
const zod3 = await listed(z3, zodShape), zod4 = await listed(z4, zodShape);

Deno.test("zod 3 → zod 4 through the MCP SDK: the nonstandard formats zod 4 adds are POTENTIALLY_BREAKING on input", () => {
  // zod 3 wrote a pattern only; zod 4 adds format "cuid", "cuid2", "nanoid", "starts_with",
  // which the SDK's own validator ignores. zod 4 also changed the cuid pattern and opened the
  // input object.
  assert.deepEqual(findings(zod3, zod4).sort(), [
    "tool.input.additionalProperties.widened t.inputSchema.additionalProperties NON_BREAKING",
    "tool.input.format.nonstandard t.inputSchema.properties.c.format POTENTIALLY_BREAKING",
    "tool.input.format.nonstandard t.inputSchema.properties.c2.format POTENTIALLY_BREAKING",
    "tool.input.format.nonstandard t.inputSchema.properties.n.format POTENTIALLY_BREAKING",
    "tool.input.format.nonstandard t.inputSchema.properties.sw.format POTENTIALLY_BREAKING",
    "tool.input.pattern.changed t.inputSchema.properties.c.pattern BREAKING",
    "tool.output.format.narrowed t.outputSchema.properties.c.format NON_BREAKING",
    "tool.output.format.narrowed t.outputSchema.properties.c2.format NON_BREAKING",
    "tool.output.format.narrowed t.outputSchema.properties.n.format NON_BREAKING",
    "tool.output.format.narrowed t.outputSchema.properties.sw.format NON_BREAKING",
    "tool.output.pattern.changed t.outputSchema.properties.c.pattern BREAKING",
  ]);
});

Deno.test("zod 4 → zod 3 through the MCP SDK: the nonstandard formats removed keep their grade", () => {
  assert.deepEqual(findings(zod4, zod3).sort(), [
    "tool.input.additionalProperties.narrowed t.inputSchema.additionalProperties BREAKING",
    "tool.input.format.widened t.inputSchema.properties.c.format NON_BREAKING",
    "tool.input.format.widened t.inputSchema.properties.c2.format NON_BREAKING",
    "tool.input.format.widened t.inputSchema.properties.n.format NON_BREAKING",
    "tool.input.format.widened t.inputSchema.properties.sw.format NON_BREAKING",
    "tool.input.pattern.changed t.inputSchema.properties.c.pattern BREAKING",
    "tool.output.format.widened t.outputSchema.properties.c.format BREAKING",
    "tool.output.format.widened t.outputSchema.properties.c2.format BREAKING",
    "tool.output.format.widened t.outputSchema.properties.n.format BREAKING",
    "tool.output.format.widened t.outputSchema.properties.sw.format BREAKING",
    "tool.output.pattern.changed t.outputSchema.properties.c.pattern BREAKING",
  ]);
});

Deno.test("a format the MCP SDK's ajv-formats checks is graded as a defined one; one it accepts whatever the value is nonstandard", async () => {
  // The SDK's validator is ajv with ajv-formats: what that package checks, clients enforce.
  const { fullFormats } = await import("ajv-formats/dist/formats.js");
  const formats = fullFormats as Record<string, unknown>;
  for (const [name, check] of Object.entries(formats)) {
    assert.equal(isNonstandardFormat(name), check === true, name);
  }
  assert.deepEqual(schemaFindings("input", id(), id("url")), [
    `tool.input.format.narrowed ${at("input")} BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("input", id(), id("password")), [
    `tool.input.format.nonstandard ${at("input")} POTENTIALLY_BREAKING`,
  ]);
});

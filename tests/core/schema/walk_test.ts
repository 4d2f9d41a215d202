import assert from "node:assert/strict";
import type { JsonObject } from "../../../core/json.ts";
import { classifyProse } from "../../../core/prose.ts";
import {
  EXPANSIONS_PER_REF,
  MAX_TOTAL_EXPANSIONS,
  walkSchemas,
} from "../../../core/schema/walk.ts";
import { schemaFindings } from "./_schema_helpers.ts";

const str = { type: "string" };

Deno.test("diff grades input type string → [string, number] NON_BREAKING and the same output change BREAKING", () => {
  const a = { type: "object", properties: { id: str } };
  const b = { type: "object", properties: { id: { type: ["string", "number"] } } };
  assert.deepEqual(schemaFindings("input", a, b), [
    "tool.input.type.widened t.inputSchema.properties.id.type NON_BREAKING",
  ]);
  assert.deepEqual(schemaFindings("output", a, b), [
    "tool.output.type.widened t.outputSchema.properties.id.type BREAKING",
  ]);
});

Deno.test("diff grades an enum value added in output as BREAKING", () => {
  const a = { type: "object", properties: { state: { enum: ["open", "closed"] } } };
  const b = { type: "object", properties: { state: { enum: ["open", "closed", "draft"] } } };
  assert.deepEqual(schemaFindings("output", a, b), [
    "tool.output.enum.widened t.outputSchema.properties.state.enum BREAKING",
  ]);
});

Deno.test("diff grades input maxLength 100 → 50 as BREAKING", () => {
  const a = { type: "object", properties: { q: { type: "string", maxLength: 100 } } };
  const b = { type: "object", properties: { q: { type: "string", maxLength: 50 } } };
  assert.deepEqual(schemaFindings("input", a, b), [
    "tool.input.maxLength.narrowed t.inputSchema.properties.q.maxLength BREAKING",
  ]);
});

Deno.test("diff finds a property made required through a $ref into $defs at the user's path", () => {
  const defs = (required: string[]) => ({
    type: "object",
    properties: { filter: { $ref: "#/$defs/Filter" } },
    $defs: { Filter: { type: "object", properties: { label: str }, required } },
  });
  assert.deepEqual(schemaFindings("input", defs([]), defs(["label"])), [
    "tool.input.required.added t.inputSchema.properties.filter.required BREAKING",
  ]);
});

Deno.test("diff follows draft-07 definitions and JSON-pointer refs", () => {
  const s = (max: number) => ({
    type: "object",
    properties: { a: { $ref: "#/definitions/A" }, b: { $ref: "#/properties/a" } },
    definitions: { A: { type: "integer", maximum: max } },
  });
  // Both places reach the one definition: its change is reported once, at the definition.
  assert.deepEqual(schemaFindings("input", s(10), s(5)), [
    "tool.input.maximum.narrowed t.inputSchema.definitions.A.maximum BREAKING",
  ]);
});

Deno.test("diff treats integer as a subset of number and draft-04 exclusiveMinimum booleans", () => {
  const s = (x: JsonObject) => ({ type: "object", properties: { n: x } });
  assert.deepEqual(schemaFindings("input", s({ type: "number" }), s({ type: "integer" })), [
    "tool.input.type.narrowed t.inputSchema.properties.n.type BREAKING",
  ]);
  assert.deepEqual(
    schemaFindings(
      "input",
      s({ minimum: 0, exclusiveMinimum: true }),
      s({ minimum: 0 }),
    ),
    ["tool.input.minimum.widened t.inputSchema.properties.n.minimum NON_BREAKING"],
  );
});

Deno.test("diff grades nullable (OpenAPI style) as a type change", () => {
  const s = (x: JsonObject) => ({ type: "object", properties: { n: { type: "string", ...x } } });
  assert.deepEqual(schemaFindings("output", s({}), s({ nullable: true })), [
    "tool.output.type.widened t.outputSchema.properties.n.nullable BREAKING",
  ]);
});

Deno.test("diff pairs anyOf branches by structure: a changed branch is walked, not replaced", () => {
  const s = (max: number) => ({
    type: "object",
    properties: {
      id: { anyOf: [{ type: "string", maxLength: max }, { type: "integer" }] },
    },
  });
  assert.deepEqual(schemaFindings("input", s(10), s(20)), [
    "tool.input.maxLength.widened t.inputSchema.properties.id.anyOf.0.maxLength NON_BREAKING",
  ]);
});

Deno.test("diff inverts effects under not", () => {
  const s = (t: string[]) => ({ type: "object", properties: { x: { not: { type: t } } } });
  assert.deepEqual(schemaFindings("input", s(["string"]), s(["string", "null"])), [
    "tool.input.type.widened t.inputSchema.properties.x.not.type BREAKING",
  ]);
});

Deno.test("diff reports an unmodelled vendor keyword as BREAKING with both values", () => {
  const s = (v: number) => ({ type: "object", "vndRateLimit": v });
  assert.deepEqual(schemaFindings("input", s(1), s(2)), [
    "tool.input.keyword.unmodelled t.inputSchema.vndRateLimit BREAKING",
  ]);
});

Deno.test("diff reports a remote $ref change as BREAKING without fetching it", () => {
  const s = (u: string) => ({ type: "object", properties: { x: { $ref: u } } });
  assert.deepEqual(
    schemaFindings("input", s("https://a.example/x.json"), s("https://a.example/y.json")),
    [
      "tool.input.ref.changed t.inputSchema.properties.x.$ref BREAKING",
    ],
  );
});

Deno.test("walkSchemas() terminates on self-referencing and mutually recursive $refs", () => {
  const tree = (max: number) => ({
    $defs: {
      Node: {
        type: "object",
        properties: {
          children: { type: "array", items: { $ref: "#/$defs/Node" } },
          v: { maximum: max },
        },
      },
    },
    $ref: "#/$defs/Node",
  });
  const deltas = walkSchemas(tree(5), tree(3), {
    side: "input",
    basePath: "t.inputSchema",
    basePointer: "/tools/0/inputSchema",
    classifyProse,
  });
  assert.deepEqual(deltas.map((d) => d.rule), ["tool.input.maximum.narrowed"]);
  assert.equal(deltas[0]?.path, "t.inputSchema.properties.v.maximum");
  assert.equal(deltas[0]?.pointer, "/tools/0/inputSchema/$defs/Node/properties/v/maximum");
  const self = walkSchemas({ $ref: "#" }, { $ref: "#", type: "object" }, {
    side: "input",
    basePath: "t",
    basePointer: "",
    classifyProse,
  });
  assert.deepEqual(self.map((d) => d.rule), ["tool.input.type.narrowed"]);
});

Deno.test("walkSchemas() bounds a root that refers to itself under two keywords, and says so", () => {
  // Compared with a schema without those keywords, each level pairs the root with a new absent
  // place, so no pair of definitions repeats: without a total budget, 2^100 expansions.
  const deltas = walkSchemas(
    { format: "uri" },
    { propertyNames: { $ref: "#" }, additionalProperties: { $ref: "#" } },
    { side: "output", basePath: "t", basePointer: "", classifyProse },
  );
  // Two references: the budget is the base and 16 for each.
  const budget = deltas.filter((d) =>
    d.message.includes(`expand more than ${MAX_TOTAL_EXPANSIONS + 2 * EXPANSIONS_PER_REF} times`)
  );
  assert.equal(budget.length, 1);
  assert.equal(budget[0]?.severity, "BREAKING");
  assert.equal(budget[0]?.rule, "tool.output.schema.changed");
  assert.ok(deltas.length < 3 * MAX_TOTAL_EXPANSIONS, `${deltas.length} deltas`);
});

Deno.test("walkSchemas() follows every use of many shared definitions: a generated schema is not cut short", () => {
  // 140 definitions, each used by 15 properties: 2,100 references, more than the base budget,
  // all of them in parts that did not change. Only the description differs.
  const schema = (description: string, maximum = 9): JsonObject => {
    const defs: JsonObject = {};
    const properties: JsonObject = {};
    for (let d = 0; d < 140; d++) {
      defs[`d${d}`] = { type: "object", properties: { id: { type: "integer", maximum } } };
      for (let u = 0; u < 15; u++) properties[`p${d}_${u}`] = { $ref: `#/$defs/d${d}` };
    }
    return { description, type: "object", $defs: defs, properties };
  };
  const options = { side: "input", basePath: "t", basePointer: "", classifyProse } as const;
  const described = walkSchemas(schema("Finds items"), schema("Finds all items"), options);
  assert.deepEqual(described.map((d) => [d.rule, d.severity]), [
    ["tool.input.description.changed", "POTENTIALLY_BREAKING"],
  ]);
  // A change inside every definition is found at every use, not cut off with a budget finding.
  const narrowed = walkSchemas(schema("x", 9), schema("x", 5), options);
  assert.equal(narrowed.filter((d) => d.rule === "tool.input.schema.changed").length, 0);
  assert.ok(narrowed.length >= 140, `${narrowed.length} deltas`);
});

Deno.test("walkSchemas() follows a chain of 10,000 $ref links without overflowing", () => {
  const chain = (max: number) => {
    const defs: JsonObject = {};
    for (let i = 0; i < 10_000; i++) defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    defs["d10000"] = { type: "integer", maximum: max };
    return { $defs: defs, $ref: "#/$defs/d0" };
  };
  const deltas = walkSchemas(chain(5), chain(3), {
    side: "output",
    basePath: "t",
    basePointer: "",
    classifyProse,
  });
  assert.deepEqual(deltas.map((d) => `${d.rule} ${d.severity}`), [
    "tool.output.maximum.narrowed NON_BREAKING",
  ]);
});

Deno.test("diff grades a schema that became one branch of anyOf as the union extended", () => {
  const single = { type: "object", properties: { id: { type: "string", description: "Id" } } };
  const union = {
    type: "object",
    properties: { id: { description: "Id", anyOf: [{ type: "string" }, { type: "integer" }] } },
  };
  assert.deepEqual(schemaFindings("input", single, union), [
    "tool.input.anyOf.widened t.inputSchema.properties.id.anyOf NON_BREAKING",
  ]);
  assert.deepEqual(schemaFindings("output", single, union), [
    "tool.output.anyOf.widened t.outputSchema.properties.id.anyOf BREAKING",
  ]);
  assert.deepEqual(schemaFindings("output", union, single), [
    "tool.output.anyOf.narrowed t.outputSchema.properties.id.anyOf NON_BREAKING",
  ]);
});

Deno.test("walkSchemas() says what additionalProperties: false added or removed means for undeclared properties", () => {
  // firecrawl-mcp 2.0.2 → 3.1.13 and @sentry/mcp-server 0.37.0 → 0.39.0: the message read "the
  // schema now accepts nothing (false)", which a reader takes for the whole tool's input.
  const open = { type: "object", properties: { q: str } };
  const closed = { ...open, additionalProperties: false };
  const messages = (a: JsonObject, b: JsonObject) =>
    walkSchemas(a, b, {
      side: "input",
      basePath: "t.inputSchema",
      basePointer: "/tools/0/inputSchema",
      classifyProse,
    }).map((d) => `${d.rule} ${d.severity} ${d.message}`);
  const undeclared = "properties not declared in properties or patternProperties";
  assert.deepEqual(messages(open, closed), [
    `tool.input.additionalProperties.narrowed BREAKING t.inputSchema.additionalProperties: additionalProperties is now false: ${undeclared} are rejected`,
  ]);
  assert.deepEqual(messages(closed, open), [
    `tool.input.additionalProperties.widened NON_BREAKING t.inputSchema.additionalProperties: additionalProperties is no longer false: ${undeclared} are now accepted`,
  ]);
  const items = (s: boolean | undefined) => ({
    type: "array",
    ...(s === undefined ? {} : { items: s }),
  });
  assert.deepEqual(messages(items(undefined), items(false)), [
    "tool.input.items.narrowed BREAKING t.inputSchema.items: the schema now accepts nothing (false)",
  ]);
});

Deno.test("walkSchemas() pairs the branches of an anyOf nested in an anyOf with the flat union's", () => {
  // @sentry/mcp-server 0.37.0 → 0.39.0: anyOf [anyOf [string, array], null] → anyOf [string,
  // array] read as branches 0 and 1 removed and 0 and 1 added; it is null removed.
  const text = { type: "string", minLength: 1 };
  const list = { type: "array", items: text, minItems: 1 };
  const nested: JsonObject = { anyOf: [{ anyOf: [text, list] }, { type: "null" }] };
  const flat: JsonObject = { anyOf: [text, list] };
  const deltas = (side: "input" | "output", a: JsonObject, b: JsonObject) =>
    walkSchemas(a, b, {
      side,
      basePath: "t.inputSchema",
      basePointer: "/tools/0/inputSchema",
      classifyProse,
    }).map((d) => `${d.rule} ${d.severity} ${d.message}`);
  assert.deepEqual(deltas("input", nested, flat), [
    "tool.input.anyOf.narrowed BREAKING t.inputSchema: anyOf branch 1 (null) was removed",
  ]);
  assert.deepEqual(deltas("output", nested, flat), [
    "tool.output.anyOf.narrowed NON_BREAKING t.inputSchema: anyOf branch 1 (null) was removed",
  ]);
  assert.deepEqual(deltas("output", flat, nested), [
    "tool.output.anyOf.widened BREAKING t.inputSchema: anyOf branch 1 (null) was added",
  ]);
  // A change inside a nested branch is walked at its place.
  const longer = { anyOf: [{ anyOf: [{ ...text, minLength: 2 }, list] }, { type: "null" }] };
  assert.deepEqual(deltas("input", nested, longer), [
    "tool.input.minLength.narrowed BREAKING t.inputSchema.anyOf.0.anyOf.0: minLength tightened from 1 to 2",
  ]);
  // Undecidable: a backreference cannot be compared, so the nested branch's pattern is changed.
  const a = { anyOf: [{ anyOf: [{ type: "string", pattern: "(a)\\1" }, list] }, { type: "null" }] };
  const b = { anyOf: [{ anyOf: [{ type: "string", pattern: "(b)\\1" }, list] }, { type: "null" }] };
  for (const side of ["input", "output"] as const) {
    assert.ok(deltas(side, a, b).some((d) => d.includes(".pattern.changed BREAKING")));
  }
});

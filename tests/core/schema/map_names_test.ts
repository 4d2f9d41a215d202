/**
 * An object whose declared names went (or came) as its schema for other names changed became a
 * map of names to values (or the reverse): dub 0.61.0 → 0.64.6 turned links-create's geo, 250
 * country codes closed by additionalProperties false, into additionalProperties {type: string},
 * and each code read property.removed, POTENTIALLY_BREAKING on input: 1,250 findings for five
 * tools, beside additionalProperties.widened. A model sees one change: the names it listed went.
 * Now one property.removed per object, naming every name, at the same grade (and the mirror,
 * one property.added); the schema for other names is graded on its own, as before.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, schemaChanges } from "./_schema_helpers.ts";

const x = (schema: JsonValue) => ({ type: "object", properties: { x: schema } });
const CODES = ["AD", "AE", "AF"];
const closed = {
  type: "object",
  properties: Object.fromEntries(CODES.map((c) => [c, { type: "string" }])),
  additionalProperties: false,
};
const map = { type: "object", additionalProperties: { type: "string" } };

Deno.test("a closed object of names that became a map reads one removal, each way, on both sides", () => {
  // ajv: every old value is accepted now; {ZZ: "a"} only now.
  for (const d of ["draft-07", "2020-12"] as const) {
    const ok = (s: JsonValue, v: JsonValue) => checkOf(s, d)!.failures({ x: v }).length === 0;
    for (const v of [{}, { AD: "a" }, { AD: 1 }, { ZZ: "a" }]) {
      assert.ok(!ok(x(closed), v) || ok(x(map), v), JSON.stringify(v));
    }
    assert.equal(ok(x(closed), { ZZ: "a" }), false);
    assert.equal(ok(x(map), { ZZ: "a" }), true);
  }
  const at = (side: string, rule: string, severity: string, where = "properties") =>
    `tool.${side}.${rule} t.${side}Schema.properties.x.${where} ${severity}`;
  const rest = "additionalProperties";
  assert.deepEqual(fourWays(x(closed), x(map)), {
    input: [
      at("input", `${rest}.widened`, "NON_BREAKING", rest),
      at("input", "property.removed", "POTENTIALLY_BREAKING"),
    ],
    inputReversed: [
      at("input", `${rest}.narrowed`, "BREAKING", rest),
      at("input", "property.added", "NON_BREAKING"),
    ],
    output: [
      at("output", `${rest}.widened`, "BREAKING", rest),
      at("output", "property.removed", "NON_BREAKING"),
    ],
    outputReversed: [
      at("output", `${rest}.narrowed`, "NON_BREAKING", rest),
      at("output", "property.added", "NON_BREAKING"),
    ],
  });
  // The one finding names every name and holds their schemas, where the file writes them.
  const removed = schemaChanges("input", x(closed), x(map))
    .find((c) => c.rule === "tool.input.property.removed")!;
  assert.deepEqual(removed.old, closed.properties);
  assert.equal(removed.pointer, "/tools/0/inputSchema/properties/x/properties");
  assert.match(removed.message, /3 properties \("AD", "AE", "AF"\) were removed/);
});

Deno.test("names removed one by one, or beside a schema for other names that stays, are each reported", () => {
  // One name: as before.
  const one = { ...closed, properties: { AD: { type: "string" } } };
  assert.deepEqual(
    fourWays(x(one), x(map)).input,
    [
      "tool.input.additionalProperties.widened t.inputSchema.properties.x.additionalProperties NON_BREAKING",
      "tool.input.property.removed t.inputSchema.properties.x.properties.AD POTENTIALLY_BREAKING",
    ],
  );
  // The map was there before: each name dropped is a change of its own.
  const each = fourWays(x({ ...map, properties: closed.properties }), x(map)).input;
  assert.deepEqual(
    each,
    CODES.map((c) =>
      `tool.input.property.removed t.inputSchema.properties.x.properties.${c} POTENTIALLY_BREAKING`
    ),
  );
});

Deno.test("a value change of each name stays its own finding beside the one removal", () => {
  // string → integer under the map: each name's values changed (BREAKING), named one by one.
  const ints = { type: "object", additionalProperties: { type: "integer" } };
  const input = fourWays(x(closed), x(ints)).input;
  assert.deepEqual(input, [
    "tool.input.additionalProperties.widened t.inputSchema.properties.x.additionalProperties NON_BREAKING",
    "tool.input.property.removed t.inputSchema.properties.x.properties POTENTIALLY_BREAKING",
    ...CODES.map((c) =>
      `tool.input.type.changed t.inputSchema.properties.x.properties.${c}.type BREAKING`
    ),
  ]);
});

Deno.test("names whose new governing schema Proxar cannot read stay undecidable, one by one", () => {
  // A remote reference is never fetched: what each name holds now is unknown, BREAKING for
  // each, beside the one removal of the names.
  const remote = { type: "object", additionalProperties: { $ref: "https://example.com/s.json" } };
  const input = fourWays(x(closed), x(remote)).input;
  for (const c of CODES) {
    assert.ok(
      input.includes(
        `tool.input.ref.changed t.inputSchema.properties.x.properties.${c}.$ref BREAKING`,
      ),
      input.join("\n"),
    );
  }
  assert.equal(input.filter((f) => f.includes(".property.removed ")).length, 1);
});

Deno.test("names with dots of their own are named whole in the one removal, each with its schema", () => {
  const dotted = {
    type: "object",
    properties: {
      "a.b": { type: "string" },
      "c.b": { type: "string", maxLength: 3 },
      d: { type: "string" },
    },
    additionalProperties: false,
  };
  const removed = schemaChanges("input", x(dotted), x(map))
    .filter((c) => c.rule === "tool.input.property.removed");
  assert.equal(removed.length, 1);
  // Before, each name was cut at its last dot: "b", "b", "d", and one schema lost.
  assert.match(removed[0]!.message, /3 properties \("a\.b", "c\.b", "d"\) were removed/);
  assert.deepEqual(removed[0]!.old, dotted.properties);
  const added = schemaChanges("input", x(map), x(dotted))
    .filter((c) => c.rule === "tool.input.property.added");
  assert.deepEqual(added.map((c) => c.new), [dotted.properties]);
});

Deno.test("a lone property named properties keeps its rename hint", () => {
  const described = (name: string) => ({
    type: "object",
    properties: { [name]: { type: "string", description: "The item's properties." } },
  });
  const hints = schemaChanges("input", x(described("properties")), x(described("props")))
    .map((c) => `${c.rule} ${c.path} ${c.hint ?? ""}`);
  assert.deepEqual(hints.sort(), [
    'tool.input.property.added t.inputSchema.properties.x.properties.props renamed from "properties"?',
    'tool.input.property.removed t.inputSchema.properties.x.properties.properties renamed to "props"?',
  ]);
});

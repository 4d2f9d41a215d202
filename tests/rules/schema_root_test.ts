/**
 * `tool.input.root.*` and `tool.output.root.*`: a schema root without `type: "object"` makes
 * clients that validate tools/list reject the whole list (the real MCP SDK's client is the
 * witness here), while the values the root accepts do not change with its type, since MCP sends
 * and returns objects only.
 */
import assert from "node:assert/strict";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { diffContracts } from "../../core/engine.ts";
import type { JsonObject, JsonValue } from "../../core/json.ts";
import { contractFromValue } from "../../core/load_contract.ts";
import { createRegistry } from "../../core/registry.ts";
import { builtinRules } from "../../rules/mod.ts";

const registry = createRegistry(builtinRules);
const PROPS = { properties: { path: { type: "string" } }, required: ["path"] };
const OBJECT = { type: "object", ...PROPS };

/** `rule path severity` of each finding from tools `a` to tools `b`. */
function changes(a: JsonObject[], b: JsonObject[]): string[] {
  const { changes } = diffContracts(
    contractFromValue({ tools: a }),
    contractFromValue({ tools: b }),
    { registry },
  );
  return changes.map((c) => `${c.rule} ${c.path} ${c.severity}`);
}

const input = (name: string, schema: JsonValue): JsonObject => ({ name, inputSchema: schema });
const output = (schema: JsonValue): JsonObject => ({
  name: "read",
  inputSchema: { type: "object" },
  outputSchema: schema,
});

Deno.test("the MCP SDK's client rejects the whole tools/list when one root lacks type object", () => {
  // The witness for the grade: a strict client loses every tool, not only the one.
  const list = (schema: JsonValue) => ({
    tools: [input("read", schema), input("write", OBJECT)],
  });
  assert.equal(ListToolsResultSchema.safeParse(list(OBJECT)).success, true);
  for (const schema of [PROPS, { type: ["object", "null"], ...PROPS }, { $schema: "x" }]) {
    assert.equal(ListToolsResultSchema.safeParse(list(schema)).success, false);
  }
});

Deno.test("an inputSchema that loses type object is BREAKING, and gaining it NON_BREAKING, with no type change", () => {
  assert.deepEqual(changes([input("read", OBJECT)], [input("read", PROPS)]), [
    "tool.input.root.notObject read.inputSchema BREAKING",
  ]);
  assert.deepEqual(changes([input("read", PROPS)], [input("read", OBJECT)]), [
    "tool.input.root.object read.inputSchema NON_BREAKING",
  ]);
  // A list of types holding object is no literal "object" either.
  const nullable = { type: ["object", "null"], ...PROPS };
  assert.deepEqual(changes([input("read", OBJECT)], [input("read", nullable)]), [
    "tool.input.root.notObject read.inputSchema BREAKING",
  ]);
});

Deno.test("an outputSchema that loses type object is BREAKING, gaining it NON_BREAKING, and one added without it BREAKING", () => {
  assert.deepEqual(changes([output(OBJECT)], [output(PROPS)]), [
    "tool.output.root.notObject read.outputSchema BREAKING",
  ]);
  assert.deepEqual(changes([output(PROPS)], [output(OBJECT)]), [
    "tool.output.root.object read.outputSchema NON_BREAKING",
  ]);
  const { outputSchema: _, ...without } = output(OBJECT);
  assert.deepEqual(changes([without], [output(PROPS)]).sort(), [
    "tool.output.root.notObject read.outputSchema BREAKING",
    "tool.output.schema.added read.outputSchema NON_BREAKING",
  ]);
});

Deno.test("a tool added without type object is BREAKING; POTENTIALLY_BREAKING when the old list already had such a root", () => {
  const valid = [input("write", OBJECT)];
  assert.deepEqual(changes(valid, [...valid, input("read", PROPS)]).sort(), [
    "tool.added read NON_BREAKING",
    "tool.input.root.notObject read.inputSchema BREAKING",
  ]);
  const invalid = [input("write", PROPS)];
  assert.deepEqual(changes(invalid, [...invalid, input("read", PROPS)]).sort(), [
    "tool.added read NON_BREAKING",
    "tool.input.root.notObject read.inputSchema POTENTIALLY_BREAKING",
  ]);
});

Deno.test("a renamed tool without type object is graded once, under its new name", () => {
  const found = changes([input("read", OBJECT)], [input("read_file", PROPS)]);
  assert.deepEqual(found.filter((f) => f.includes(".root.")), [
    "tool.input.root.notObject read_file.inputSchema BREAKING",
  ]);
});

Deno.test("a root's type changes that objects cannot see are no change; others stay graded", () => {
  // Unseen: both roots admit objects.
  const draft7 = { $schema: "http://json-schema.org/draft-07/schema#", ...PROPS };
  assert.deepEqual(changes([input("read", PROPS)], [input("read", draft7)]), [
    "tool.input.dialect.inert read.inputSchema.$schema DOCUMENTATION",
  ]);
  // Seen: the root refers to itself, so its type meets the values inside too.
  const tree = (type?: string) => ({
    ...(type === undefined ? {} : { type }),
    properties: { child: { $ref: "#" } },
  });
  assert.deepEqual(changes([input("read", tree())], [input("read", tree("object"))]).sort(), [
    "tool.input.root.object read.inputSchema NON_BREAKING",
    "tool.input.type.narrowed read.inputSchema.type BREAKING",
  ]);
  // Seen: a root that no longer admits objects accepts no call at all.
  assert.deepEqual(
    changes([input("read", OBJECT)], [input("read", { type: "string" })]).filter((f) =>
      f.includes(".type.") || f.includes(".root.")
    ),
    [
      "tool.input.root.notObject read.inputSchema BREAKING",
      "tool.input.type.changed read.inputSchema.type BREAKING",
    ],
  );
});

Deno.test("an outputSchema removed whose root lacked type object says strict clients list the tools again", () => {
  const { outputSchema: _, ...without } = output(OBJECT);
  const message = (old: JsonValue) =>
    diffContracts(
      contractFromValue({ tools: [output(old)] }),
      contractFromValue({ tools: [without] }),
      { registry },
    ).changes.map((c) => `${c.rule} ${c.severity}: ${c.message}`);
  // claude-code 1.0.128 → 2.1.150 removed Read's outputSchema {$schema, anyOf}, without the type.
  assert.deepEqual(message({ $schema: "x", anyOf: [OBJECT] }), [
    'tool.output.schema.removed BREAKING: "read" no longer declares an outputSchema; consumers that validate or generate types from it break; it had no type "object" at its root, for which clients that validate tools/list rejected the whole list: they accept it again once every tool\'s schemas have it',
  ]);
  assert.deepEqual(message(OBJECT), [
    'tool.output.schema.removed BREAKING: "read" no longer declares an outputSchema; consumers that validate or generate types from it break',
  ]);
});

/**
 * A name added to `required` on input whose new property schema has a `default` is
 * tool.input.required.added POTENTIALLY_BREAKING, not BREAKING: zod 4's `toJSONSchema` (its
 * default output mode) lists every defaulted field as required while the server still fills the
 * default (@supabase/mcp-server-supabase 0.5.10 → 0.6.1, @playwright/mcp). Without a default, on
 * output and under `not` the variance grade stays.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { diffContracts } from "../../../core/engine.ts";
import { contractFromValue } from "../../../core/load_contract.ts";
import { catchAll, registry, schemaFindings } from "./_schema_helpers.ts";
import { findings, listed, z3, z4 } from "./_zod_sdk.ts";

const limit = { type: "number", default: 10 };
const obj = (required: string[], props: Record<string, JsonValue> = { limit }) => ({
  type: "object",
  properties: { q: { type: "string" }, ...props },
  required: ["q", ...required],
});
const at = (side: string) => `t.${side}Schema.required`;

Deno.test("diff grades a defaulted property made required on input POTENTIALLY_BREAKING", () => {
  assert.deepEqual(schemaFindings("input", obj([]), obj(["limit"])), [
    `tool.input.required.added ${at("input")} POTENTIALLY_BREAKING`,
  ]);
  // A defaulted property added as required at once: the server fills it when absent.
  assert.deepEqual(schemaFindings("input", obj([], {}), obj(["limit"])), [
    `tool.input.required.added ${at("input")} POTENTIALLY_BREAKING`,
  ]);
  // A default of null or false is a default too.
  for (const value of [null, false, 0, ""]) {
    const props = { limit: { default: value } };
    assert.deepEqual(schemaFindings("input", obj([], props), obj(["limit"], props)), [
      `tool.input.required.added ${at("input")} POTENTIALLY_BREAKING`,
    ], JSON.stringify(value));
  }
});

Deno.test("diff keeps required.added BREAKING on input without a default", () => {
  const plain = { limit: { type: "number" } };
  assert.deepEqual(schemaFindings("input", obj([], plain), obj(["limit"], plain)), [
    `tool.input.required.added ${at("input")} BREAKING`,
  ]);
  // One defaulted name beside one without: the call without the second is still rejected.
  const two = { limit, page: { type: "number" } };
  assert.deepEqual(schemaFindings("input", obj([], two), obj(["limit", "page"], two)), [
    `tool.input.required.added ${at("input")} BREAKING`,
  ]);
  // The undecidable case: a default Proxar does not look for behind a reference stays BREAKING.
  const viaRef = (required: string[]) => ({
    ...obj(required, { limit: { $ref: "#/$defs/limit" } }),
    $defs: { limit },
  });
  assert.deepEqual(schemaFindings("input", viaRef([]), viaRef(["limit"])), [
    `tool.input.required.added ${at("input")} BREAKING`,
  ]);
  // A default only on the old side does not help calls against the new schema.
  assert.deepEqual(
    schemaFindings("input", obj([]), obj(["limit"], { limit: { type: "number" } })).filter((l) =>
      l.startsWith("tool.input.required")
    ),
    [`tool.input.required.added ${at("input")} BREAKING`],
  );
});

Deno.test("diff keeps the variance grade of required on output, reversed and under not", () => {
  assert.deepEqual(schemaFindings("output", obj([]), obj(["limit"])), [
    `tool.output.required.added ${at("output")} NON_BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", obj(["limit"]), obj([])), [
    `tool.output.required.removed ${at("output")} BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("input", obj(["limit"]), obj([])), [
    `tool.input.required.removed ${at("input")} NON_BREAKING`,
  ]);
  const negated = (required: string[]) => ({ type: "object", not: obj(required) });
  assert.deepEqual(schemaFindings("input", negated([]), negated(["limit"])), [
    "tool.input.required.added t.inputSchema.not.required NON_BREAKING",
  ]);
});

Deno.test("diff says a property made required has a default", () => {
  const wrap = (s: JsonValue) => contractFromValue({ tools: [{ name: "t", inputSchema: s }] });
  const { changes } = diffContracts(wrap(obj([])), wrap(obj(["limit"])), { registry });
  assert.equal(changes.length, 1);
  assert.equal(
    changes[0]!.message,
    't.inputSchema: "limit" is now required; it has a default: clients that validate arguments against the schema reject calls without it, the server likely fills the default',
  );
  assert.equal(changes[0]!.pointer, "/tools/0/inputSchema/required");
});

Deno.test("catchAllDiff() leaves a defaulted property made required on input to the structured walk", () => {
  const diff = (side: "input" | "output", a: JsonValue, b: JsonValue) =>
    catchAll(a, b, { side }).map((d) => `${d.rule} ${d.severity}`);
  assert.deepEqual(diff("input", obj([]), obj(["limit"])), []);
  const plain = { limit: { type: "number" } };
  assert.deepEqual(diff("input", obj([], plain), obj(["limit"], plain)), [
    "tool.input.keyword.narrowed BREAKING",
  ]);
  assert.deepEqual(diff("output", obj([]), obj(["limit"])), [
    "tool.output.keyword.narrowed NON_BREAKING",
  ]);
});

Deno.test("zod 4's toJSONSchema in its default output mode: a defaulted field it marks required is POTENTIALLY_BREAKING", () => {
  // Servers that convert with toJSONSchema themselves (not through the SDK, which asks for the
  // input mode) list a defaulted field as required; the input mode leaves it optional.
  const shape = z4.object({ q: z4.string(), limit: z4.number().default(10) });
  const asInput = z4.toJSONSchema(shape, { io: "input" }) as JsonValue;
  const asOutput = z4.toJSONSchema(shape) as JsonValue;
  assert.deepEqual(schemaFindings("input", asInput, asOutput), [
    "tool.input.additionalProperties.narrowed t.inputSchema.additionalProperties BREAKING",
    `tool.input.required.added ${at("input")} POTENTIALLY_BREAKING`,
  ]);
});

// deno-lint-ignore no-explicit-any
const zodShape = (z: any) => ({ q: z.string(), limit: z.number().default(10) });
const zod3 = await listed(z3, zodShape), zod4 = await listed(z4, zodShape);

Deno.test("zod 3 → zod 4 through the MCP SDK: a defaulted field stays optional on input", () => {
  // The SDK converts input schemas in zod 4's input mode; output schemas list the field as
  // required, which on output promises consumers more.
  assert.deepEqual(findings(zod3, zod4).sort(), [
    "tool.input.additionalProperties.widened t.inputSchema.additionalProperties NON_BREAKING",
    "tool.output.required.added t.outputSchema.required NON_BREAKING",
  ]);
});

/**
 * Generated contract pairs for the benchmarks: `tools` tools with nested input and output
 * schemas, deterministic (a fixed seed), the new side changing every 33rd tool (a nullable
 * field, a newly required field, an extra output property). Shared by `bench_diff.ts`,
 * `bench_scale.ts` and `profile_diff.ts`.
 * @module
 */
import type { JsonObject, JsonValue } from "../core/json.ts";

/** How big each tool's schemas are: nesting depth and properties per object. */
export interface ToolShape {
  inputDepth: number;
  inputWidth: number;
  outputDepth: number;
  outputWidth: number;
}

/** The shape of `bench_diff.ts`: about 12 KB of pretty-printed JSON per tool. */
export const LARGE_TOOL: ToolShape = {
  inputDepth: 3,
  inputWidth: 11,
  outputDepth: 2,
  outputWidth: 7,
};

/** A typical tool, about 2.4 KB of pretty-printed JSON: what `bench_scale.ts` grows. */
export const SMALL_TOOL: ToolShape = {
  inputDepth: 1,
  inputWidth: 6,
  outputDepth: 0,
  outputWidth: 3,
};

function rng(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

function schema(r: () => number, depth: number, width: number): JsonObject {
  const properties: JsonObject = {};
  for (let i = 0; i < width; i++) {
    const kind = Math.floor(r() * 5);
    properties[`field_${i}`] = depth > 0 && kind === 0
      ? schema(r, depth - 1, Math.max(2, width - 3))
      : kind === 1
      ? { type: "string", maxLength: 100 + i, description: `Text field number ${i} of this object` }
      : kind === 2
      ? { type: "integer", minimum: 0, maximum: 1000, description: "A bounded count" }
      : kind === 3
      ? { enum: ["open", "closed", "merged", "draft"], description: "The state" }
      : { type: "array", items: { type: "string", format: "uri" }, maxItems: 20 };
  }
  return {
    type: "object",
    properties,
    required: ["field_0", "field_1"],
    additionalProperties: false,
  };
}

/** One side of the pair: the old contract, or the new one (`changed`). */
export function generatedContract(
  tools: number,
  changed: boolean,
  shape: ToolShape = LARGE_TOOL,
): JsonValue {
  const r = rng(42);
  const list = [];
  for (let t = 0; t < tools; t++) {
    const input = schema(r, shape.inputDepth, shape.inputWidth);
    const output = schema(r, shape.outputDepth, shape.outputWidth);
    if (changed && t % 33 === 0) {
      (input.properties as JsonObject).field_1 = { type: ["string", "null"] };
      (input.required as string[]).push("field_2");
      (output.properties as JsonObject).extra = { type: "string" };
    }
    list.push({
      name: `tool_${t}`,
      description: `Tool ${t} does one thing well. Use it when you need item ${t}.`,
      inputSchema: input,
      outputSchema: output,
      annotations: { readOnlyHint: t % 2 === 0 },
    });
  }
  return { tools: list };
}

/**
 * One tool whose input schema is about `bytes` long when pretty-printed: many flat properties;
 * the new side (`changed`) makes one of them nullable and requires another.
 */
export function bigSchemaContract(bytes: number, changed: boolean): JsonValue {
  const properties: JsonObject = {};
  // Each property is about 130 bytes with `JSON.stringify(value, null, 1)`.
  const count = Math.max(2, Math.round(bytes / 130));
  for (let i = 0; i < count; i++) {
    properties[`field_${i}`] = {
      type: "string",
      maxLength: 100 + (i % 50),
      description: `Text field number ${i} of this object`,
    };
  }
  const required = ["field_0"];
  if (changed) {
    properties.field_1 = { type: ["string", "null"] };
    required.push("field_2");
  }
  return {
    tools: [{
      name: "big_tool",
      description: "One tool with a very large input schema.",
      inputSchema: { type: "object", properties, required },
    }],
  };
}

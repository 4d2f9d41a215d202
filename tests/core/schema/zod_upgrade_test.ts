/**
 * The move from zod 3 to zod 4, as real servers make it: the same tool registered with the MCP
 * SDK's `McpServer` once with zod 3 schemas and once with zod 4 schemas (the SDK converts zod 3
 * with zod-to-json-schema and zod 4 with its own `toJSONSchema`), listed through the SDK's client
 * over an in-memory transport, and diffed. The shapes below are ones both versions mean alike;
 * what changes is how they are written (a tuple's end, an intersection, a discriminated union) and
 * what zod 4 really changed (objects of an input schema no longer closed), so every finding is a
 * true widening or narrowing, graded by variance.
 */
import assert from "node:assert/strict";
import { findings, listed, z3, z4 } from "./_zod_sdk.ts";

// The two zod namespaces share no declared type; the shape is built the same way from either.
// deno-lint-ignore no-explicit-any
function shape(z: any) {
  return {
    inter: z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() })),
    tup: z.tuple([z.string(), z.number()]),
    tupr: z.tuple([z.string()]).rest(z.number()),
    du: z.discriminatedUnion("k", [
      z.object({ k: z.literal("a"), v: z.string() }),
      z.object({ k: z.literal("b"), w: z.number() }),
    ]),
    nullobj: z.object({ a: z.string() }).nullable(),
    e: z.enum(["a", "b"]),
    litu: z.union([z.literal("a"), z.literal("b")]),
    rec: z.record(z.string(), z.number()),
    s: z.string().nullable(),
    arr: z.array(z.object({ x: z.string() })).optional(),
  };
}

const zod3 = await listed(z3, shape), zod4 = await listed(z4, shape);

Deno.test("zod 3 → zod 4 through the MCP SDK: only zod 4's opened input objects, as widenings", () => {
  assert.deepEqual(findings(zod3, zod4), [
    "tool.input.additionalProperties.widened t.inputSchema.additionalProperties NON_BREAKING",
    "tool.input.additionalProperties.widened t.inputSchema.properties.arr.items.additionalProperties NON_BREAKING",
    // zod 3's anyOf and zod 4's oneOf of a discriminated union are one union: its branches
    // opened, each reported where it is (union_keyword_test.ts).
    "tool.input.additionalProperties.widened t.inputSchema.properties.du.oneOf.0.additionalProperties NON_BREAKING",
    "tool.input.additionalProperties.widened t.inputSchema.properties.du.oneOf.1.additionalProperties NON_BREAKING",
    "tool.input.additionalProperties.widened t.inputSchema.properties.nullobj.anyOf.0.additionalProperties NON_BREAKING",
    // zod 4 closes the merged intersection of an output schema; zod 3's allOf was open.
    "tool.output.allOf.narrowed t.outputSchema.properties.inter.allOf NON_BREAKING",
  ]);
});

Deno.test("zod 4 → zod 3 through the MCP SDK: the same changes, each the other way", () => {
  assert.deepEqual(findings(zod4, zod3), [
    "tool.input.additionalProperties.narrowed t.inputSchema.additionalProperties BREAKING",
    "tool.input.additionalProperties.narrowed t.inputSchema.properties.arr.items.additionalProperties BREAKING",
    "tool.input.additionalProperties.narrowed t.inputSchema.properties.du.anyOf.0.additionalProperties BREAKING",
    "tool.input.additionalProperties.narrowed t.inputSchema.properties.du.anyOf.1.additionalProperties BREAKING",
    "tool.input.additionalProperties.narrowed t.inputSchema.properties.nullobj.anyOf.0.additionalProperties BREAKING",
    "tool.output.allOf.widened t.outputSchema.properties.inter.allOf BREAKING",
  ]);
});

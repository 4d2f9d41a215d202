/**
 * `rootGaps()` and `strictClientWarning()`: which tools make strict clients reject a tools/list,
 * asked of the MCP SDK's own client schema, and a warning bounded whatever the list holds.
 */
import assert from "node:assert/strict";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Tool } from "../../core/contract.ts";
import type { JsonValue } from "../../core/json.ts";
import { rootGaps, strictClientWarning } from "../../core/strict_clients.ts";

const ROOTS: (JsonValue | undefined)[] = [
  undefined,
  {},
  { type: "object" },
  { type: ["object"] },
  { type: ["object", "null"] },
  { type: "array" },
  { $schema: "http://json-schema.org/draft-07/schema#" },
  true,
];

Deno.test("strictClientWarning() warns exactly when the SDK's client rejects the list for a root type", () => {
  for (const input of ROOTS.slice(1)) {
    for (const output of ROOTS) {
      const tool = {
        name: "t",
        inputSchema: input,
        ...(output === undefined ? {} : { outputSchema: output }),
      } as Tool;
      const rejected = !ListToolsResultSchema.safeParse({ tools: [tool] }).success;
      const warning = strictClientWarning([tool]);
      assert.equal(
        warning !== undefined,
        rejected,
        `${JSON.stringify(input)} / ${JSON.stringify(output)}: ${warning}`,
      );
    }
  }
});

Deno.test("rootGaps() names input and output gaps apart, in list order", () => {
  const tools: Tool[] = [
    { name: "b", inputSchema: {}, outputSchema: { type: "object" } },
    { name: "a", inputSchema: { type: "object" }, outputSchema: { type: "array" } },
    { name: "c", inputSchema: { type: "object" } },
    { name: "d", inputSchema: true, outputSchema: {} },
  ];
  assert.deepEqual(rootGaps(tools), { inputSchema: ["b", "d"], outputSchema: ["a", "d"] });
  assert.equal(
    strictClientWarning(tools),
    "3 tools have no type \"object\" at the root of inputSchema (b, d) or outputSchema (a, d): the MCP specification requires it, and clients that validate tools/list against it (the official TypeScript SDK's, and those built on it) reject the whole list, so they see none of this server's 4 tools",
  );
});

Deno.test("strictClientWarning() stays one bounded line for many long, hostile names", () => {
  const tools: Tool[] = Array.from({ length: 1000 }, (_, i) => ({
    name: `${"x".repeat(500)}\n::error::${i}`,
    inputSchema: {},
    outputSchema: {},
  }));
  const warning = strictClientWarning(tools) ?? "";
  assert.ok(!warning.includes("\n"));
  assert.ok(warning.length < 1200, `${warning.length}`);
  assert.match(warning, /^1000 tools have no /);
  assert.match(warning, /… and 995 more\) or outputSchema/);
  assert.equal(strictClientWarning([]), undefined);
});

/**
 * A tool as a server built on the MCP SDK lists it: registered with `McpServer` with zod 3 or
 * zod 4 schemas (the SDK converts zod 3 with zod-to-json-schema and zod 4 with its own
 * `toJSONSchema`), listed through the SDK's client over an in-memory transport.
 */
import { McpServer } from "../../../node_modules/@modelcontextprotocol/sdk/dist/esm/server/mcp.js";
import { Client } from "../../../node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js";
import { InMemoryTransport } from "../../../node_modules/@modelcontextprotocol/sdk/dist/esm/inMemory.js";
import * as z4 from "../../../node_modules/zod/index.js";
import * as z3 from "../../../node_modules/zod/v3/index.js";
import { diffContracts } from "../../../core/engine.ts";
import type { JsonValue } from "../../../core/json.ts";
import { contractFromValue } from "../../../core/load_contract.ts";
import { registry } from "./_schema_helpers.ts";

export { z3, z4 };

/**
 * What a server built on the SDK lists for one tool "t" whose input and output schemas are
 * `shape(z)`. The two zod namespaces share no declared type, so `shape` builds from either.
 */
export async function listed(
  z: unknown,
  // deno-lint-ignore no-explicit-any
  shape: (z: any) => Record<string, unknown>,
): Promise<JsonValue> {
  const server = new McpServer({ name: "zod", version: "1.0.0" });
  server.registerTool(
    "t",
    { description: "d", inputSchema: shape(z), outputSchema: shape(z) },
    () => ({ content: [] }),
  );
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "proxar-test", version: "1.0.0" });
  await client.connect(clientSide);
  try {
    return JSON.parse(JSON.stringify(await client.listTools()));
  } finally {
    await client.close();
    await server.close();
  }
}

/** `rule path severity` of every finding from `old` to `next`, in report order. */
export const findings = (old: JsonValue, next: JsonValue): string[] =>
  diffContracts(contractFromValue(old), contractFromValue(next), { registry }).changes
    .map((c) => `${c.rule} ${c.path} ${c.severity}`);

/**
 * End-to-end verdicts on snapshots of real MCP servers from the npm registry, taken with
 * `proxar snapshot "stdio:node …/dist/index.js"` from the published packages. Each pair holds a
 * verdict an audit found wrong; findings are compared as exact sets.
 */
import assert from "node:assert/strict";
import { findings, runCli } from "../helpers.ts";

async function diffReal(oldFile: string, newFile: string) {
  const result = await runCli([
    "diff",
    `real_servers/${oldFile}`,
    `real_servers/${newFile}`,
    "--format",
    "json",
  ]);
  assert.equal(result.stderr, "");
  return { code: result.code, findings: findings(result.stdout) };
}

Deno.test("proxar diff passes server-sequential-thinking 2025.7.1 → 2025.12.18: zod's safe-integer bounds break no call", async () => {
  const { code, findings: found } = await diffReal(
    "sequential_thinking_2025.7.1.json",
    "sequential_thinking_2025.12.18.json",
  );
  const input = "sequentialthinking.inputSchema";
  assert.deepEqual(found, [
    "server.capability.extended|server.capabilities.tools|NON_BREAKING",
    "server.protocolVersion.changed|server.protocolVersion|POTENTIALLY_BREAKING",
    "tool.description.changed|sequentialthinking.description|DOCUMENTATION",
    `tool.input.description.changed|${input}.properties.thoughtNumber.description|POTENTIALLY_BREAKING`,
    `tool.input.description.changed|${input}.properties.totalThoughts.description|POTENTIALLY_BREAKING`,
    `tool.input.dialect.inert|${input}.$schema|DOCUMENTATION`,
    ...["branchFromThought", "revisesThought", "thoughtNumber", "totalThoughts"].map((p) =>
      `tool.input.maximum.safeIntegerLimit|${input}.properties.${p}.maximum|NON_BREAKING`
    ),
    "tool.output.schema.added|sequentialthinking.outputSchema|NON_BREAKING",
    "tool.title.changed|sequentialthinking.title|POTENTIALLY_BREAKING",
  ]);
  assert.equal(code, 0);
});

Deno.test("proxar diff grades notion-mcp-server 2.0.0 → 2.5.2 definitions that API-delete-a-block never references DOCUMENTATION", async () => {
  const { code, findings: found } = await diffReal(
    "notion_delete_block_2.0.0.json",
    "notion_delete_block_2.5.2.json",
  );
  const input = "API-delete-a-block.inputSchema";
  assert.deepEqual(found, [
    "tool.annotations.title.changed|API-delete-a-block.annotations.title|POTENTIALLY_BREAKING",
    // The seed's convention: a removed input property is BREAKING, whatever else changed.
    `tool.input.property.removed|${input}.properties.Notion-Version|BREAKING`,
    ...["dataSourceIdParentRequest", "movePageParentRequest", "parentRequest"].map((d) =>
      `tool.input.unusedDefinition.changed|${input}.$defs.${d}|DOCUMENTATION`
    ),
  ]);
  assert.equal(code, 1);
});

Deno.test("proxar diff grades firecrawl-mcp 2.0.2 → 3.1.13 zod 4's propertyNames {type: string} as no change", async () => {
  const { code, findings: found } = await diffReal(
    "firecrawl_extract_2.0.2.json",
    "firecrawl_extract_3.1.13.json",
  );
  const input = "firecrawl_extract.inputSchema";
  // Before: tool.input.type.narrowed at properties.schema.propertyNames.type, BREAKING, although
  // every property name is a string.
  assert.deepEqual(found, [
    // Unlisted properties are now rejected by the advertised schema: a real narrowing.
    `tool.input.additionalProperties.narrowed|${input}.additionalProperties|BREAKING`,
    `tool.input.description.changed|${input}.properties.schema.description|POTENTIALLY_BREAKING`,
    `tool.input.description.changed|${input}.properties.urls.description|POTENTIALLY_BREAKING`,
    `tool.input.dialect.inert|${input}.$schema|DOCUMENTATION`,
  ]);
  assert.equal(code, 1);
});

/**
 * Every field of the MCP specification's contract definitions is modelled by a rule, or listed
 * with a reason. Reads the published JSON Schema of each vendored revision
 * (tests/fixtures/mcp_spec/SOURCE.md says where they come from).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { FIXTURES } from "../helpers.ts";
import { builtinRules } from "../../rules/mod.ts";
import { SPEC_FIELDS, type SpecDefinition } from "../../rules/spec_fields.ts";

const REVISIONS = ["2025-11-25", "2026-07-28"];
const ruleIds = new Set(builtinRules.map((r) => r.meta.id));

function definitions(revision: string): Record<string, { properties?: Record<string, unknown> }> {
  const schema = JSON.parse(readFileSync(`${FIXTURES}/mcp_spec/${revision}/schema.json`, "utf8"));
  return schema.$defs ?? schema.definitions;
}

type Definitions = ReturnType<typeof definitions>;

/** `Definition.field` of every field of a revision that SPEC_FIELDS does not list. */
function uncovered(defs: Definitions, revision: string): string[] {
  const missing: string[] = [];
  for (const name of Object.keys(SPEC_FIELDS) as SpecDefinition[]) {
    // ToolExecution exists only where tools carry execution (2025-11-25).
    if (!defs[name]) {
      assert.ok(name === "ToolExecution" && revision === "2026-07-28", `${name} in ${revision}`);
      continue;
    }
    for (const field of Object.keys(defs[name]!.properties ?? {})) {
      if (!Object.hasOwn(SPEC_FIELDS[name], field)) missing.push(`${name}.${field}`);
    }
  }
  return missing;
}

for (const revision of REVISIONS) {
  Deno.test(`SPEC_FIELDS covers every field of the contract definitions of MCP ${revision}`, () => {
    assert.deepEqual(uncovered(definitions(revision), revision), []);
  });
}

Deno.test("SPEC_FIELDS names only fields of some revision and rules that exist", () => {
  const all = REVISIONS.map(definitions);
  for (const [name, fields] of Object.entries(SPEC_FIELDS)) {
    for (const [field, model] of Object.entries(fields)) {
      assert.ok(
        all.some((defs) => Object.hasOwn(defs[name]?.properties ?? {}, field)),
        `${name}.${field} is in no vendored revision`,
      );
      if ("rules" in model) {
        assert.ok(model.rules.length > 0, `${name}.${field}: no rule`);
        for (const id of model.rules) assert.ok(ruleIds.has(id), `${name}.${field}: no rule ${id}`);
      } else {
        assert.ok(model.reason.length > 20, `${name}.${field}: write the reason`);
      }
    }
  }
});

Deno.test("SPEC_FIELDS guard fails on a field a revision adds without a model", () => {
  const defs = definitions("2026-07-28");
  const resource = defs.Resource!;
  defs.Resource = { ...resource, properties: { ...resource.properties, checksum: {} } };
  assert.deepEqual(uncovered(defs, "2026-07-28"), ["Resource.checksum"]);
});

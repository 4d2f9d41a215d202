/**
 * `rules/_schema_rule_index.ts` lists the schema rules the specs of `rules/schema.ts` make, and
 * the rules built from it read as the specs' own.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { SCHEMA_RULE_INDEX } from "../../rules/_schema_rule_index.ts";
import { schemaRules, specRules } from "../../rules/schema.ts";
import { INDEX_FILE, schemaRuleIndexSource } from "../../scripts/gen_schema_rule_index.ts";

Deno.test("rules/_schema_rule_index.ts is the one scripts/gen_schema_rule_index.ts writes", () => {
  assert.equal(
    readFileSync(INDEX_FILE, "utf8"),
    schemaRuleIndexSource(),
    "rules/_schema_rule_index.ts is stale: run deno run -A scripts/gen_schema_rule_index.ts",
  );
});

Deno.test("each schema rule of the index has the meta its spec makes, key for key", () => {
  const made = specRules();
  const indexed = schemaRules.slice(0, SCHEMA_RULE_INDEX.length);
  assert.deepEqual(indexed.map((r) => r.meta.id), made.map((r) => r.meta.id));
  for (const [i, rule] of indexed.entries()) {
    const spec = made[i]!.meta;
    assert.deepEqual(Object.keys(rule.meta), Object.keys(spec), rule.meta.id);
    assert.equal(JSON.stringify(rule.meta), JSON.stringify(spec), rule.meta.id);
    assert.deepEqual(structuredClone(rule.meta), structuredClone(spec), rule.meta.id);
  }
  // The two outputSchema rules are written out whole after them.
  assert.deepEqual(schemaRules.slice(SCHEMA_RULE_INDEX.length).map((r) => r.meta.id), [
    "tool.output.schema.added",
    "tool.output.schema.removed",
  ]);
});

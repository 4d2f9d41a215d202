import assert from "node:assert/strict";
import { diffContracts } from "../core/engine.ts";
import { contractFromValue } from "../core/load_contract.ts";
import { createRegistry } from "../core/registry.ts";
import plugin from "../plugins/example/acme.ts";
import { builtinRules } from "../rules/mod.ts";

const registry = createRegistry([...builtinRules, ...plugin.rules]);

for (const rule of plugin.rules) {
  for (const ex of rule.meta.examples) {
    Deno.test(`${rule.meta.id} example "${ex.title}" yields exactly its documented findings`, () => {
      const { changes } = diffContracts(contractFromValue(ex.old), contractFromValue(ex.new), {
        registry,
      });
      assert.deepEqual(
        changes.map((c) => `${c.rule} ${c.path} ${c.severity}`).sort(),
        ex.findings.map((f) => `${f.rule} ${f.path} ${f.severity}`).sort(),
      );
    });
  }
}

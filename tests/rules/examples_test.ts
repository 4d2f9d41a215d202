import assert from "node:assert/strict";
import { contractFromValue } from "../../core/load_contract.ts";
import { diffContracts, diffContractsAsync } from "../../core/engine.ts";
import { createRegistry } from "../../core/registry.ts";
import { SEVERITIES } from "../../core/severity.ts";
import { builtinRules } from "../../rules/mod.ts";
import { SYMMETRY_WAIVERS } from "../../rules/schema.ts";

const registry = createRegistry(builtinRules);

Deno.test("builtinRules every rule has complete metadata and at least one example", () => {
  for (const { meta } of registry.rules) {
    assert.ok(meta.summary.length > 0, `${meta.id}: summary`);
    assert.ok(meta.rationale.length > 20, `${meta.id}: rationale`);
    assert.ok(SEVERITIES.includes(meta.severity), `${meta.id}: severity`);
    assert.ok(meta.examples.length > 0, `${meta.id}: examples`);
    for (const ex of meta.examples) {
      assert.ok(
        ex.findings.some((f) => f.rule === meta.id),
        `${meta.id}: example "${ex.title}" must show the rule itself`,
      );
    }
  }
});

for (const { meta } of registry.rules) {
  for (const ex of meta.examples) {
    Deno.test(`${meta.id} example "${ex.title}" yields exactly its documented findings`, () => {
      const { changes } = diffContracts(contractFromValue(ex.old), contractFromValue(ex.new), {
        registry,
      });
      const actual = changes.map((c) => `${c.rule} ${c.path} ${c.severity}`).sort();
      const expected = ex.findings.map((f) => `${f.rule} ${f.path} ${f.severity}`).sort();
      assert.deepEqual(actual, expected);
    });
  }
}

Deno.test("builtinRules never write to what they read: every example runs on frozen inputs", async () => {
  // The CLI does not freeze contracts when no plugin runs; this is what keeps that safe.
  for (const { meta } of registry.rules) {
    for (const ex of meta.examples) {
      const old = contractFromValue(ex.old);
      const next = contractFromValue(ex.new);
      const frozen = await diffContractsAsync(old, next, { registry, freezeInputs: true });
      const open = diffContracts(contractFromValue(ex.old), contractFromValue(ex.new), {
        registry,
      });
      assert.deepEqual(frozen.changes, open.changes, `${meta.id}: ${ex.title}`);
    }
  }
});

Deno.test("builtinRules every input schema rule has an output twin, or a written waiver", () => {
  const ids = new Set(registry.rules.map((r) => r.meta.id));
  for (const id of ids) {
    const side = /^tool\.(input|output)\./.exec(id)?.[1];
    if (!side) continue;
    const twin = id.replace(`tool.${side}.`, `tool.${side === "input" ? "output" : "input"}.`);
    assert.ok(
      ids.has(twin) || SYMMETRY_WAIVERS[id] !== undefined,
      `${id} has no twin ${twin} and no waiver`,
    );
  }
  for (const id of Object.keys(SYMMETRY_WAIVERS)) {
    assert.ok(ids.has(id), `waiver for unknown ${id}`);
  }
});

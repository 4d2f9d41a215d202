/**
 * The engine runs a rule marked as reporting its own schema differences (the built-in schema
 * rules, `reportsOwnSchemaDeltas` in core/rule.ts) only when the diff found a difference for its
 * id; every other rule runs in every diff.
 */
import assert from "node:assert/strict";
import { type Contract, emptyContract } from "../../core/contract.ts";
import { diffContracts, diffContractsAsync } from "../../core/engine.ts";
import { createRegistry } from "../../core/registry.ts";
import { readsOwnSchemaDeltas, reportsOwnSchemaDeltas, type Rule } from "../../core/rule.ts";
import { builtinRules } from "../../rules/mod.ts";

const ID = "tool.input.maximum.narrowed";

/** The built-in rules with `ID`'s rule replaced by a copy that counts its runs. */
function counted(marked: boolean): { rules: Rule[]; runs: () => number } {
  let runs = 0;
  const original = builtinRules.find((r) => r.meta.id === ID)!;
  const spy: Rule = {
    meta: original.meta,
    check: (context) => {
      runs++;
      return original.check(context);
    },
  };
  if (marked) reportsOwnSchemaDeltas([spy]);
  return { rules: builtinRules.map((r) => (r === original ? spy : r)), runs: () => runs };
}

const tool = (maximum: number) => ({
  name: "search",
  inputSchema: { type: "object", properties: { limit: { type: "integer", maximum } } },
});
const contract = (maximum: number): Contract => ({ ...emptyContract(), tools: [tool(maximum)] });

Deno.test("every built-in schema rule is marked as reporting its own schema differences", () => {
  const marked = builtinRules.filter(readsOwnSchemaDeltas).map((r) => r.meta.id);
  assert.ok(marked.includes(ID) && marked.includes("tool.output.schema.added"));
  assert.ok(marked.every((id) => id.startsWith("tool.input.") || id.startsWith("tool.output.")));
  assert.ok(!marked.includes("tool.removed") && !marked.includes("tool.description.changed"));
});

Deno.test("a rule marked so runs only when the diff found a difference for its id", async () => {
  for (const diff of [diffContracts, diffContractsAsync]) {
    const { rules, runs } = counted(true);
    const registry = createRegistry(rules);
    // Another schema difference (the bound widened), none for ID: the rule is not run.
    const widened = await diff(contract(50), contract(100), { registry });
    assert.equal(runs(), 0);
    assert.deepEqual(widened.changes.map((c) => c.rule), ["tool.input.maximum.widened"]);
    const narrowed = await diff(contract(100), contract(50), { registry });
    assert.equal(runs(), 1);
    assert.deepEqual(narrowed.changes.map((c) => c.rule), [ID]);
  }
});

Deno.test("an unmarked rule runs in every diff, whatever the schema differences", () => {
  const { rules, runs } = counted(false);
  const registry = createRegistry(rules);
  diffContracts(contract(50), contract(50), { registry });
  diffContracts(contract(50), contract(100), { registry });
  assert.equal(runs(), 2);
});

/**
 * The engine's time limit for asynchronous rules, and the rules that keep their own (a plugin's,
 * timed by its host from when the request reaches the worker).
 */
import assert from "node:assert/strict";
import { emptyContract } from "../../core/contract.ts";
import { diffContractsAsync } from "../../core/engine.ts";
import { createRegistry } from "../../core/registry.ts";
import { keepsOwnTime, keepTheirOwnTime, type Rule } from "../../core/rule.ts";

/** A rule that reports one server finding after `ms` milliseconds. */
function slowRule(ms: number): Rule {
  return {
    meta: {
      id: "test.slow",
      severity: "NON_BREAKING",
      summary: "Answers late",
      rationale: "Tests the time limit.",
      examples: [],
    },
    async check(context) {
      await new Promise((done) => setTimeout(done, ms));
      context.report({
        entity: { kind: "server", name: "s" },
        path: "server",
        pointer: "",
        message: "late",
      });
    },
  };
}

const run = (rule: Rule) =>
  diffContractsAsync(emptyContract(), emptyContract(), {
    registry: createRegistry([rule]),
    ruleTimeoutMs: 100,
  });

Deno.test("the engine stops a slow asynchronous rule at its time limit", async () => {
  await assert.rejects(run(slowRule(400)), /: Rule "test\.slow" did not finish within 100 ms$/);
});

Deno.test("the engine waits for a rule that keeps its own time limit", async () => {
  const rule = slowRule(400);
  keepTheirOwnTime([rule]);
  assert.ok(keepsOwnTime(rule));
  const { changes } = await run(rule);
  assert.deepEqual(changes.map((c) => c.message), ["late"]);
});

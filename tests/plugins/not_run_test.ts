/**
 * reportingFailures(): the registry `proxar proxy` grades with, where a plugin rule that fails
 * reports that it did not run instead of failing the whole comparison.
 */
import assert from "node:assert/strict";
import { emptyContract } from "../../core/contract.ts";
import { diffContractsAsync } from "../../core/engine.ts";
import { UserError } from "../../core/errors.ts";
import { createRegistry } from "../../core/registry.ts";
import { keepsOwnTime, keepTheirOwnTime, type Rule } from "../../core/rule.ts";
import { builtinRules } from "../../rules/mod.ts";
import { reportingFailures } from "../../plugins/not_run.ts";

const meta = (id: string) => ({
  id,
  severity: "BREAKING" as const,
  summary: "s",
  rationale: "r",
  examples: [],
});

const rejects: Rule = {
  meta: meta("acme.rejects"),
  check: () =>
    Promise.reject(
      new UserError('Plugin "./acme.js": rule "acme.rejects" did not finish within 5 ms'),
    ),
};
const fine: Rule = {
  meta: meta("acme.fine"),
  check(context) {
    context.report({
      entity: { kind: "server", name: "s" },
      path: "server",
      pointer: "",
      message: "ran",
    });
  },
};
keepTheirOwnTime([rejects]);

function registry() {
  const plugins = new Map([["acme.rejects", "./acme.js"], ["acme.fine", "./acme.js"]]);
  return createRegistry([...builtinRules, rejects, fine], plugins);
}

Deno.test("reportingFailures() turns a plugin rule's failure into its finding, and the other rules still grade", async () => {
  const notRun = { rules: [] as string[] };
  const wrapped = reportingFailures(registry(), notRun);
  const old = emptyContract({ name: "s", version: "1" });
  const next = {
    ...emptyContract({ name: "s", version: "1" }),
    tools: [{ name: "t", inputSchema: { type: "object" } }],
  };
  const { changes } = await diffContractsAsync(old, next, { registry: wrapped });
  assert.deepEqual(
    changes.map((c) => `${c.severity} ${c.rule} ${c.message}`),
    [
      'POTENTIALLY_BREAKING acme.rejects Plugin "./acme.js": rule "acme.rejects" did not finish within 5 ms; the change was graded without it',
      "BREAKING acme.fine ran",
      'NON_BREAKING tool.added Tool "t" was added',
    ].sort((a, b) => order(a) - order(b)),
  );
  assert.deepEqual(notRun.rules, ["acme.rejects"]);
  // The wrapped rules keep what the engine reads of them; built-in rules are not wrapped.
  assert.ok(keepsOwnTime(wrapped.get("acme.rejects")!));
  assert.equal(wrapped.pluginOf("acme.fine"), "./acme.js");
  assert.equal(wrapped.get("tool.added"), registry().get("tool.added"));
  // Without the wrapper the same comparison fails, as the one-shot commands want.
  await assert.rejects(diffContractsAsync(old, next, { registry: registry() }), /did not finish/);
});

/** The engine's order of the findings above: by severity, strongest first. */
function order(line: string): number {
  return ["BREAKING", "POTENTIALLY_BREAKING", "NON_BREAKING"].indexOf(line.split(" ")[0]!);
}

import assert from "node:assert/strict";
import type { Change } from "../../core/change.ts";
import { emptyContract } from "../../core/contract.ts";
import { diffContracts } from "../../core/engine.ts";
import { createRegistry } from "../../core/registry.ts";
import type { Rule, RuleContext } from "../../core/rule.ts";

/** A rule that reports one server finding (with an object value), then runs `then`. */
function rule(id: string, then?: (context: RuleContext) => void): Rule {
  return {
    meta: { id, severity: "NON_BREAKING", summary: id, rationale: "Tests.", examples: [] },
    check(context) {
      context.report({
        entity: { kind: "server", name: "s" },
        path: `server.${id}`,
        pointer: "",
        new: { at: [id] },
        message: id,
      });
      then?.(context);
    },
  };
}

Deno.test("findings() gives a rule that reads findings frozen copies of the first pass's changes alone", () => {
  const seen: (readonly Change[])[] = [];
  const early: (readonly Change[])[] = [];
  const readers = [
    rule("test.readsA", (context) => seen.push(context.findings())),
    rule("test.readsB", (context) => seen.push(context.findings())),
  ].map((r) => ({ ...r, readsFindings: true }));
  const { changes } = diffContracts(emptyContract(), emptyContract(), {
    registry: createRegistry([
      rule("test.first", (context) => early.push(context.findings())),
      ...readers,
    ]),
  });
  assert.equal(changes.length, 3);
  // Both readers see the first pass's finding only, not what the other reader reported.
  for (const view of seen) assert.deepEqual(view.map((c) => c.rule), ["test.first"]);
  assert.equal(seen[0], seen[1], "one view for the pass");
  const [copy] = seen[0]!;
  const original = changes.find((c) => c.rule === "test.first")!;
  assert.notEqual(copy, original);
  assert.ok(Object.isFrozen(copy) && Object.isFrozen(copy!.new));
  assert.throws(() => (copy!.new as { at: string[] }).at.push("x"), TypeError);
  assert.deepEqual(original.new, { at: ["test.first"] });
  // A rule of the first pass sees none.
  assert.deepEqual(early, [[]]);
});

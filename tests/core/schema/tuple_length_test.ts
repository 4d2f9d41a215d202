/**
 * Positions past the most items an array schema admits hold no item. zod 3 (zod-to-json-schema)
 * ends a tuple with `maxItems`, zod 4 with `items: false`; both admit the same arrays, and the
 * move from one to the other was graded a narrowing of `items` (BREAKING on input). Each case runs
 * on input and output, in both directions.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { diffContracts } from "../../../core/engine.ts";
import { contractFromValue } from "../../../core/load_contract.ts";
import { fourWays, registry } from "./_schema_helpers.ts";

const S = { type: "string" }, N = { type: "number" };

const NONE = { input: [], inputReversed: [], output: [], outputReversed: [] };

Deno.test("zod 3's tuple (maxItems) and zod 4's (items: false) are the same arrays", () => {
  const zod3 = { type: "array", minItems: 2, maxItems: 2, items: [S, N] };
  const zod4 = { type: "array", prefixItems: [S, N], items: false, minItems: 2, maxItems: 2 };
  assert.deepEqual(fourWays(zod3, zod4), NONE);
});

Deno.test("maxItems and a rest of false that admit the same count change nothing", () => {
  const byMax = { type: "array", items: [S, N], maxItems: 2 };
  const byRest = { type: "array", prefixItems: [S, N], items: false };
  assert.deepEqual(fourWays(byMax, byRest), NONE);
});

Deno.test("a position no side admits an item at changes nothing when its schema changes", () => {
  const a = { type: "array", prefixItems: [S, S], maxItems: 1 };
  const b = { type: "array", prefixItems: [S, N], maxItems: 1 };
  assert.deepEqual(fourWays(a, b), NONE);
});

Deno.test("a rest schema past maxItems that becomes reachable widens, whatever it was written as", () => {
  // The old rest is absent (any value) but maxItems 1 admits no second item: the new schema
  // admits more arrays, so this widens. Comparing the rest schemas as written said narrowed.
  const a = { type: "array", items: [S], maxItems: 1 };
  const b = { type: "array", prefixItems: [S], items: N };
  assert.deepEqual(fourWays(a, b), {
    input: [
      "tool.input.items.widened t.inputSchema.items NON_BREAKING",
      "tool.input.maxItems.widened t.inputSchema.maxItems NON_BREAKING",
    ],
    inputReversed: [
      "tool.input.items.narrowed t.inputSchema.additionalItems BREAKING",
      "tool.input.maxItems.narrowed t.inputSchema.maxItems BREAKING",
    ],
    output: [
      "tool.output.items.widened t.outputSchema.items BREAKING",
      "tool.output.maxItems.widened t.outputSchema.maxItems BREAKING",
    ],
    outputReversed: [
      "tool.output.items.narrowed t.outputSchema.additionalItems NON_BREAKING",
      "tool.output.maxItems.narrowed t.outputSchema.maxItems NON_BREAKING",
    ],
  });
});

Deno.test("a rest of false opened with no maxItems written is one items finding", () => {
  const a = { type: "array", prefixItems: [S], items: false };
  const b = { type: "array", prefixItems: [S], items: N };
  assert.deepEqual(fourWays(a, b), {
    input: ["tool.input.items.widened t.inputSchema.items NON_BREAKING"],
    inputReversed: ["tool.input.items.narrowed t.inputSchema.items BREAKING"],
    output: ["tool.output.items.widened t.outputSchema.items BREAKING"],
    outputReversed: ["tool.output.items.narrowed t.outputSchema.items NON_BREAKING"],
  });
});

Deno.test("a maxItems that is not a number leaves the change undecided, never NON_BREAKING", () => {
  const a = { type: "array", items: [S], maxItems: "1" };
  const b = { type: "array", prefixItems: [S], items: false };
  const ways = fourWays(a, b);
  for (const [way, findings] of Object.entries(ways)) {
    assert.ok(findings.some((f) => f.endsWith(" BREAKING") && !f.endsWith("NON_BREAKING")), way);
  }
  assert.ok(ways.output.includes("tool.output.keyword.changed t.outputSchema.maxItems BREAKING"));
  assert.ok(
    ways.inputReversed.includes("tool.input.keyword.changed t.inputSchema.maxItems BREAKING"),
  );
});

Deno.test("a maxItems tightened to a tuple's length names that length, not an absent maxItems", () => {
  const contract = (s: JsonValue) => contractFromValue({ tools: [{ name: "t", inputSchema: s }] });
  const { changes } = diffContracts(
    contract({ type: "array", items: [S, N], maxItems: 3 }),
    contract({ type: "array", prefixItems: [S, N], items: false }),
    { registry },
  );
  const message = changes.find((c) => c.rule === "tool.input.maxItems.narrowed")?.message;
  assert.equal(
    message,
    "t.inputSchema: maxItems tightened from 3 to 2 (the tuple's length, its rest is false)",
  );
});

Deno.test("a tuple's end as unevaluatedItems: false and as items: false are the same arrays", () => {
  const a = { type: "array", prefixItems: [S], unevaluatedItems: false };
  const b = { type: "array", prefixItems: [S], items: false };
  assert.deepEqual(fourWays(a, b), NONE);
  // A rest opened where the end was written as unevaluatedItems still widens.
  const open = fourWays(a, { type: "array", prefixItems: [S], items: N });
  assert.deepEqual(open.output, ["tool.output.items.widened t.outputSchema.items BREAKING"]);
  assert.deepEqual(open.input, ["tool.input.items.widened t.inputSchema.items NON_BREAKING"]);
});

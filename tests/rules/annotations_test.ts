/**
 * Tool annotations, icons, `_meta` and unmodelled tool fields: every hint in both directions,
 * absent hints equal to their specification defaults, and the seed's override example.
 */
import assert from "node:assert/strict";
import { parseConfig } from "../../core/config_load.ts";
import type { Config } from "../../core/config.ts";
import { diffContracts } from "../../core/engine.ts";
import type { JsonObject } from "../../core/json.ts";
import { contractFromValue } from "../../core/load_contract.ts";
import { createRegistry } from "../../core/registry.ts";
import { builtinRules } from "../../rules/mod.ts";

const registry = createRegistry(builtinRules);

function tool(extra: JsonObject): JsonObject {
  return { name: "delete_issue", inputSchema: { type: "object" }, ...extra };
}

/** `rule path severity old→new` of every change between two versions of one tool. */
function changes(before: JsonObject, after: JsonObject, config?: Config): string[] {
  const { changes } = diffContracts(
    contractFromValue({ tools: [tool(before)] }),
    contractFromValue({ tools: [tool(after)] }),
    config ? { registry, config } : { registry },
  );
  return changes.map((c) =>
    `${c.rule} ${c.path} ${c.severity} ${JSON.stringify(c.old)}→${JSON.stringify(c.new)}`
  );
}

const HINTS = [
  // key, specification default, the safer value, the id of moving to the safer value
  ["readOnlyHint", false, true, "safetyClaimed"],
  ["destructiveHint", true, false, "safetyClaimed"],
  ["idempotentHint", false, true, "safetyStrengthened"],
  ["openWorldHint", true, false, "safetyStrengthened"],
] as const;

for (const [key, fallback, safe, safer] of HINTS) {
  Deno.test(`tool.annotations ${key}: ${!safe} → ${safe} is ${safer}, ${safe} → ${!safe} weakens, both POTENTIALLY_BREAKING`, () => {
    const path = `delete_issue.annotations.${key}`;
    assert.deepEqual(
      changes({ annotations: { [key]: !safe } }, { annotations: { [key]: safe } }),
      [`tool.annotations.${safer} ${path} POTENTIALLY_BREAKING ${!safe}→${safe}`],
    );
    assert.deepEqual(
      changes({ annotations: { [key]: safe } }, { annotations: { [key]: !safe } }),
      [`tool.annotations.safetyWeakened ${path} POTENTIALLY_BREAKING ${safe}→${!safe}`],
    );
  });

  Deno.test(`tool.annotations ${key}: absent equals the default ${fallback}`, () => {
    const path = `delete_issue.annotations.${key}`;
    // Adding or removing the default value, or the whole annotations object, is no change.
    assert.deepEqual(changes({}, { annotations: { [key]: fallback } }), []);
    assert.deepEqual(changes({ annotations: { [key]: fallback } }, {}), []);
    assert.deepEqual(changes({ annotations: {} }, { annotations: { [key]: fallback } }), []);
    // Absent against the other value compares with the default.
    const other = !fallback;
    const fromDefault = other === safe ? safer : "safetyWeakened";
    const toDefault = other === safe ? "safetyWeakened" : safer;
    assert.deepEqual(changes({}, { annotations: { [key]: other } }), [
      `tool.annotations.${fromDefault} ${path} POTENTIALLY_BREAKING ${fallback}→${other}`,
    ]);
    assert.deepEqual(changes({ annotations: { [key]: other } }, {}), [
      `tool.annotations.${toDefault} ${path} POTENTIALLY_BREAKING ${other}→${fallback}`,
    ]);
  });
}

Deno.test("tool.annotations destructiveHint and idempotentHint count only while the tool is not read-only", () => {
  // The specification: both are "meaningful only when readOnlyHint == false".
  assert.deepEqual(
    changes(
      { annotations: { readOnlyHint: true, destructiveHint: false } },
      { annotations: { readOnlyHint: true, destructiveHint: true, idempotentHint: true } },
    ),
    [],
  );
  // Becoming read-only is the claim; the destructive default that stops mattering is not a change.
  assert.deepEqual(
    changes({ annotations: { destructiveHint: false } }, { annotations: { readOnlyHint: true } }),
    ["tool.annotations.safetyClaimed delete_issue.annotations.readOnlyHint POTENTIALLY_BREAKING false→true"],
  );
  assert.deepEqual(
    changes({ annotations: { readOnlyHint: true } }, { annotations: { destructiveHint: false } }),
    ["tool.annotations.safetyWeakened delete_issue.annotations.readOnlyHint POTENTIALLY_BREAKING true→false"],
  );
});

Deno.test("tool.annotations.safetyWeakened names the default when the hint is no longer set", () => {
  const { changes } = diffContracts(
    contractFromValue({ tools: [tool({ annotations: { readOnlyHint: true } })] }),
    contractFromValue({ tools: [tool({})] }),
    { registry },
  );
  assert.equal(
    changes[0]?.message,
    `"delete_issue": readOnlyHint is now false (the specification's default, as it is no longer set)`,
  );
});

Deno.test("tool.annotations.safetyWeakened is raised to BREAKING by the seed's severity_overrides", () => {
  const config = parseConfig(
    "severity_overrides:\n  tool.annotations.safetyWeakened: BREAKING\n",
    "proxar.yaml",
  );
  const weakened = changes({ annotations: { destructiveHint: false } }, {}, config);
  assert.deepEqual(weakened, [
    "tool.annotations.safetyWeakened delete_issue.annotations.destructiveHint BREAKING false→true",
  ]);
  // A new claim of safety keeps its own id, untouched by the override.
  assert.deepEqual(changes({}, { annotations: { destructiveHint: false } }, config), [
    "tool.annotations.safetyClaimed delete_issue.annotations.destructiveHint POTENTIALLY_BREAKING true→false",
  ]);
});

Deno.test("tool.annotations several hints changed at once are reported one by one", () => {
  assert.deepEqual(
    changes(
      { annotations: { readOnlyHint: false, openWorldHint: false } },
      { annotations: { readOnlyHint: true, openWorldHint: true, destructiveHint: false } },
    ).sort(),
    [
      "tool.annotations.safetyClaimed delete_issue.annotations.readOnlyHint POTENTIALLY_BREAKING false→true",
      "tool.annotations.safetyWeakened delete_issue.annotations.openWorldHint POTENTIALLY_BREAKING false→true",
    ],
  );
  assert.deepEqual(
    changes(
      { annotations: { openWorldHint: false } },
      { annotations: { openWorldHint: true, destructiveHint: false, idempotentHint: true } },
    ).sort(),
    [
      "tool.annotations.safetyClaimed delete_issue.annotations.destructiveHint POTENTIALLY_BREAKING true→false",
      "tool.annotations.safetyStrengthened delete_issue.annotations.idempotentHint POTENTIALLY_BREAKING false→true",
      "tool.annotations.safetyWeakened delete_issue.annotations.openWorldHint POTENTIALLY_BREAKING false→true",
    ],
  );
});

Deno.test("tool.annotations.unmodelled reports a hint that is not a boolean, and vendor keys", () => {
  assert.deepEqual(
    changes({ annotations: { readOnlyHint: "yes" } }, { annotations: { readOnlyHint: "no" } }),
    ['tool.annotations.unmodelled delete_issue.annotations.readOnlyHint BREAKING "yes"→"no"'],
  );
  assert.deepEqual(
    changes({ annotations: { "x-risk": "low" } }, { annotations: { "x-risk": "high" } }),
    ['tool.annotations.unmodelled delete_issue.annotations.x-risk BREAKING "low"→"high"'],
  );
  assert.deepEqual(
    changes({ annotations: { "x-risk": "low" } }, { annotations: { "x-risk": "low" } }),
    [],
  );
});

Deno.test("tool.icons.changed is DOCUMENTATION and tool.meta.changed POTENTIALLY_BREAKING", () => {
  assert.deepEqual(changes({ icons: [{ src: "a.png" }] }, { icons: [{ src: "b.png" }] }), [
    'tool.icons.changed delete_issue.icons DOCUMENTATION [{"src":"a.png"}]→[{"src":"b.png"}]',
  ]);
  assert.deepEqual(changes({}, { icons: [{ src: "b.png" }] }), [
    'tool.icons.changed delete_issue.icons DOCUMENTATION undefined→[{"src":"b.png"}]',
  ]);
  assert.deepEqual(
    changes({ _meta: { "ui/resourceUri": "ui://a" } }, { _meta: { "ui/resourceUri": "ui://b" } }),
    [
      'tool.meta.changed delete_issue._meta POTENTIALLY_BREAKING {"ui/resourceUri":"ui://a"}→{"ui/resourceUri":"ui://b"}',
    ],
  );
  assert.deepEqual(changes({ _meta: { a: 1, b: 2 } }, { _meta: { b: 2, a: 1 } }), []);
});

Deno.test("tool.field.unmodelled reports a tool-level field Proxar does not model as BREAKING", () => {
  // execution is modelled (MCP 2025-11-25): a new taskSupport is graded by tool.execution.*.
  assert.deepEqual(changes({}, { execution: { taskSupport: "optional" } }), [
    'tool.execution.taskSupport.widened delete_issue.execution.taskSupport NON_BREAKING "forbidden"→"optional"',
  ]);
  // An unknown key inside execution, or a value the specification does not define, is not; an
  // unknown key only added is POTENTIALLY_BREAKING, a value it cannot compare BREAKING.
  assert.deepEqual(changes({}, { execution: { "x-queue": "slow" } }), [
    'tool.field.unmodelled delete_issue.execution.x-queue POTENTIALLY_BREAKING undefined→"slow"',
  ]);
  assert.deepEqual(changes({ execution: { "x-queue": "slow" } }, { execution: {} }), [
    'tool.field.unmodelled delete_issue.execution.x-queue BREAKING "slow"→undefined',
  ]);
  assert.deepEqual(changes({}, { execution: { taskSupport: "sometimes" } }), [
    'tool.field.unmodelled delete_issue.execution.taskSupport BREAKING undefined→"sometimes"',
  ]);
  assert.deepEqual(changes({ "x-owner": "a" }, {}), [
    'tool.field.unmodelled delete_issue.x-owner BREAKING "a"→undefined',
  ]);
});

Deno.test("an unknown annotation only added is POTENTIALLY_BREAKING; changed or removed it is BREAKING", () => {
  const rule = "tool.annotations.unmodelled delete_issue.annotations.conditions";
  const some = { annotations: { conditions: ["experimental"] } };
  assert.deepEqual(changes({ annotations: {} }, some), [
    `${rule} POTENTIALLY_BREAKING undefined→["experimental"]`,
  ]);
  assert.deepEqual(changes(some, { annotations: {} }), [
    `${rule} BREAKING ["experimental"]→undefined`,
  ]);
  assert.deepEqual(changes(some, { annotations: { conditions: ["stable"] } }), [
    `${rule} BREAKING ["experimental"]→["stable"]`,
  ]);
  // A known hint added with a value clients may read either way stays BREAKING.
  assert.deepEqual(changes({}, { annotations: { readOnlyHint: "yes" } }), [
    'tool.annotations.unmodelled delete_issue.annotations.readOnlyHint BREAKING undefined→"yes"',
  ]);
});

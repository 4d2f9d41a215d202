import assert from "node:assert/strict";
import type { Change } from "../../core/change.ts";
import { type Config, defaultConfig, type IgnoreEntry } from "../../core/config.ts";
import { UserError } from "../../core/errors.ts";
import { createRegistry } from "../../core/registry.ts";
import type { Severity } from "../../core/severity.ts";
import { applyConfig, checkConfigRules } from "../../core/suppress.ts";
import { builtinRules } from "../../rules/mod.ts";

const registry = createRegistry(builtinRules);

function change(rule: string, name: string, path: string, severity: Severity): Change {
  return {
    rule,
    severity,
    entity: { kind: "tool", name },
    path,
    pointer: "/tools/0",
    message: `${rule} on ${path}`,
  };
}

/** Three changes: a removed legacy tool, a removed tool, a prose change. */
function sample(): Change[] {
  return [
    change("tool.removed", "legacy_export", "legacy_export", "BREAKING"),
    change("tool.removed", "search_issues", "search_issues", "BREAKING"),
    change(
      "tool.description.changed",
      "legacy_export",
      "legacy_export.description",
      "POTENTIALLY_BREAKING",
    ),
  ];
}

function config(ignore: IgnoreEntry[], overrides: Config["severity_overrides"] = {}): Config {
  return { ...defaultConfig(), ignore, severity_overrides: overrides };
}

function rejects(run: () => unknown, message: string): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof UserError, `expected a UserError, got ${error}`);
    assert.equal(error.message, message);
    return true;
  });
}

Deno.test("applyConfig() suppresses matching changes, keeps them, and records reason and place", () => {
  const changes = sample();
  const expired = applyConfig(
    changes,
    config([{
      rule: "tool.*",
      entity: "legacy_*",
      reason: "Being rewritten",
      where: "p.yaml:2:5",
    }]),
    "2025-06-01",
  );
  assert.deepEqual(expired, []);
  assert.equal(changes.length, 3);
  assert.deepEqual(changes.map((c) => c.suppressed), [
    { reason: "Being rewritten", by: "p.yaml:2:5" },
    undefined,
    { reason: "Being rewritten", by: "p.yaml:2:5" },
  ]);
  assert.deepEqual(changes.map((c) => c.severity), [
    "BREAKING",
    "BREAKING",
    "POTENTIALLY_BREAKING",
  ]);
});

Deno.test("applyConfig() matches path globs and fills in a missing reason and place", () => {
  const changes = sample();
  applyConfig(
    changes,
    config([{ rule: "tool.description.changed", path: "*.description" }]),
    "2025-06-01",
  );
  assert.deepEqual(changes.map((c) => c.suppressed), [
    undefined,
    undefined,
    { reason: "no reason given", by: "ignore rule tool.description.changed" },
  ]);
});

Deno.test("applyConfig() lets the first matching ignore entry claim a change", () => {
  const changes = sample();
  applyConfig(
    changes,
    config([
      { rule: "tool.removed", entity: "search_issues", reason: "first", where: "p.yaml:2:5" },
      { rule: "tool.removed", reason: "second", where: "p.yaml:4:5" },
    ]),
    "2025-06-01",
  );
  assert.deepEqual(changes.map((c) => c.suppressed?.reason), ["second", "first", undefined]);
});

Deno.test("applyConfig() applies severity overrides before ignore entries", () => {
  const changes = sample();
  applyConfig(
    changes,
    config([{ rule: "tool.removed", entity: "search_issues", reason: "moved" }], {
      "tool.description.changed": "BREAKING",
      "tool.removed": "BREAKING",
    }),
    "2025-06-01",
  );
  const prose = changes[2]!;
  assert.equal(prose.severity, "BREAKING");
  assert.equal(prose.overriddenFrom, "POTENTIALLY_BREAKING");
  assert.equal(changes[0]!.overriddenFrom, undefined, "an override to the same severity is no-op");
  assert.equal(changes[1]!.suppressed?.reason, "moved");
});

Deno.test("applyConfig() reports an entry as expired only after its expiry day", () => {
  const entry: IgnoreEntry = {
    rule: "tool.removed",
    entity: "search_issues",
    reason: "Grace period",
    expires: "2020-01-01",
    where: "p.yaml:3:5",
  };
  for (const today of ["2019-12-31", "2020-01-01"]) {
    const changes = sample();
    assert.deepEqual(applyConfig(changes, config([entry]), today), [], today);
    assert.equal(changes[1]!.suppressed?.reason, "Grace period", today);
  }
  const changes = sample();
  const expired = applyConfig(changes, config([entry]), "2020-01-02");
  assert.deepEqual(expired, [{
    rule: "tool.removed",
    entity: "search_issues",
    reason: "Grace period",
    expires: "2020-01-01",
    where: "p.yaml:3:5",
    matched: 1,
  }]);
  assert.deepEqual(changes.map((c) => c.suppressed), [undefined, undefined, undefined]);
});

Deno.test("checkConfigRules() accepts known rule ids and globs that match a rule", () => {
  checkConfigRules(
    config([{ rule: "tool.removed" }, { rule: "tool.input.*" }], { "tool.added": "BREAKING" }),
    registry,
  );
});

Deno.test("checkConfigRules() rejects an unknown rule id with its place and a suggestion", () => {
  rejects(
    () => checkConfigRules(config([{ rule: "tool.remove", where: "p.yaml:2:5" }]), registry),
    'p.yaml:2:5: unknown rule "tool.remove" (did you mean "tool.removed"?)',
  );
  const overrides = { ...config([], { "tool.addded": "BREAKING" }) };
  overrides.overrideWhere = { "tool.addded": "p.yaml:2:3" };
  rejects(
    () => checkConfigRules(overrides, registry),
    'p.yaml:2:3: unknown rule "tool.addded" (did you mean "tool.added"?)',
  );
});

Deno.test({
  name: "checkConfigRules() rejects a glob that matches no rule",
  fn: () => {
    rejects(
      () => checkConfigRules(config([{ rule: "tol.*", where: "p.yaml:2:5" }]), registry),
      'p.yaml:2:5: the pattern "tol.*" matches no rule',
    );
  },
});

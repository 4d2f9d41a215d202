import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { defaultConfig } from "../../core/config.ts";
import { parseConfig } from "../../core/config_load.ts";
import { UserError } from "../../core/errors.ts";
import { parseDocument } from "yaml";
import { FIXTURES } from "../helpers.ts";

/** Asserts that parsing `text` throws a UserError with exactly `message`. */
function rejects(text: string, message: string): void {
  assert.throws(() => parseConfig(text, "proxar.yaml"), (error: unknown) => {
    assert.ok(error instanceof UserError, `expected a UserError, got ${error}`);
    assert.equal(error.message, message);
    return true;
  });
}

const fixture = (name: string) => readFileSync(join(FIXTURES, "config", name), "utf8");

Deno.test("parseConfig() returns the defaults for an empty or comment-only file", () => {
  const expected = { ...defaultConfig(), file: "proxar.yaml", overrideWhere: {} };
  assert.deepEqual(parseConfig("", "proxar.yaml"), expected);
  assert.deepEqual(parseConfig("# nothing configured yet\n", "proxar.yaml"), expected);
  assert.equal(expected.fail_on, "BREAKING");
  assert.equal(expected.warn_on, "POTENTIALLY_BREAKING");
  assert.deepEqual(expected.prose, { high: 0.9, low: 0.55, extraMarkers: [] });
  assert.equal(expected.store, ".proxar");
});

Deno.test("parseConfig() reads thresholds, overrides and prose options with their places", () => {
  const config = parseConfig(
    [
      "fail_on: POTENTIALLY_BREAKING",
      "warn_on: never",
      "severity_overrides:",
      "  tool.added: BREAKING",
      "prose:",
      "  high: 0.95",
      "  markers:",
      "    extra: [deprecated]",
      "",
    ].join("\n"),
    "ci/proxar.yaml",
  );
  assert.equal(config.fail_on, "POTENTIALLY_BREAKING");
  assert.equal(config.warn_on, "never");
  assert.deepEqual(config.severity_overrides, { "tool.added": "BREAKING" });
  assert.deepEqual(config.overrideWhere, { "tool.added": "ci/proxar.yaml:4:3" });
  assert.deepEqual(config.prose, { high: 0.95, low: 0.55, extraMarkers: ["deprecated"] });
  assert.equal(config.file, "ci/proxar.yaml");
});

Deno.test("parseConfig() records where each ignore entry is and keeps expires as text", () => {
  const config = parseConfig(
    [
      "ignore:",
      "  - rule: tool.removed",
      "  - rule: tool.description.changed",
      "    entity: legacy_*",
      "    reason: churn",
      "    expires: 2020-01-01",
      "",
    ].join("\n"),
    "proxar.yaml",
  );
  assert.deepEqual(config.ignore, [
    { rule: "tool.removed", where: "proxar.yaml:2:5" },
    {
      rule: "tool.description.changed",
      entity: "legacy_*",
      reason: "churn",
      expires: "2020-01-01",
      where: "proxar.yaml:3:5",
    },
  ]);
});

Deno.test("parseConfig() rejects an unknown key with line, column and a suggestion", () => {
  assert.throws(
    () => parseConfig(fixture("unknown_key.yaml"), "config/unknown_key.yaml"),
    {
      name: "UserError",
      message:
        'config/unknown_key.yaml:1:1: unexpected property "fail_onn" (did you mean "fail_on"?)',
    },
  );
  rejects(
    "prose:\n  high: 0.9\n  hihg: 0.8\n",
    'proxar.yaml:3:3: prose: unexpected property "hihg" (did you mean "high"?)',
  );
  rejects(
    "ignore:\n  - rule: tool.removed\n    reson: typo\n",
    'proxar.yaml:3:5: ignore.0: unexpected property "reson" (did you mean "reason"?)',
  );
});

Deno.test("parseConfig() rejects a misspelt severity with line, column and a suggestion", () => {
  rejects(
    "fail_on: BREAKNG\n",
    'proxar.yaml:1:10: fail_on: expected one of "BREAKING", "POTENTIALLY_BREAKING", "NON_BREAKING", "DOCUMENTATION", "never", found "BREAKNG" (did you mean "BREAKING"?)',
  );
  assert.throws(
    () => parseConfig(fixture("bad_severity.yaml"), "bad_severity.yaml"),
    {
      message:
        'bad_severity.yaml:3:15: severity_overrides.tool.added: expected one of "BREAKING", "POTENTIALLY_BREAKING", "NON_BREAKING", "DOCUMENTATION", found "BREAKNG" (did you mean "BREAKING"?)',
    },
  );
});

Deno.test("parseConfig() rejects wrong types with line and column", () => {
  rejects("ignore: {}\n", "proxar.yaml:1:9: ignore: expected an array, found an object");
  rejects("store: \n", "proxar.yaml:1:8: store: expected a string, found null");
  rejects("- fail_on\n", "proxar.yaml:1:1: expected an object, found an array");
  rejects(
    "ignore:\n  - entity: legacy_*\n",
    'proxar.yaml:2:5: ignore.0: missing required property "rule"',
  );
  rejects(
    "ignore:\n  - rule: tool.removed\n    expires: 2020-1-1\n",
    'proxar.yaml:3:14: ignore.0.expires: must match pattern "^\\d{4}-\\d{2}-\\d{2}$"',
  );
});

Deno.test("parseConfig() rejects invalid YAML with line and column", () => {
  rejects(
    "fail_on: BREAKING\nfail_on: NON_BREAKING\n",
    "proxar.yaml:2:1: invalid YAML: Map keys must be unique",
  );
  rejects(
    "fail_on: BREAKING\n\twarn_on: BREAKING\n",
    "proxar.yaml:2:1: invalid YAML: Tabs are not allowed as indentation",
  );
});

Deno.test("parseConfig() rejects prose.low above prose.high at the key that was set", () => {
  rejects(
    "prose:\n  high: 0.5\n  low: 0.7\n",
    "proxar.yaml:3:8: prose.low (0.7) must not exceed prose.high (0.5)",
  );
  rejects(
    "prose:\n  high: 0.5\n",
    "proxar.yaml:2:9: prose.low (0.55, the default) must not exceed prose.high (0.5)",
  );
});

Deno.test({
  name: "parseConfig() locates an unknown key that shares its name with an ancestor",
  fn: () => {
    rejects(
      "fail_on: BREAKING\nignore:\n  - rule: tool.removed\n    ignore: tool.added\n",
      'proxar.yaml:4:5: ignore.0: unexpected property "ignore"',
    );
  },
});

Deno.test("parseConfig() reads plugin_load_timeout apart from rule_timeout, and rejects one not above 0", () => {
  const both = parseConfig("rule_timeout: 0.25\nplugin_load_timeout: 120\n", "proxar.yaml");
  assert.equal(both.rule_timeout, 0.25);
  assert.equal(both.plugin_load_timeout, 120);
  // Unset, loading gets rule_timeout (cli/plugins.ts), as before the key existed.
  assert.equal(parseConfig("rule_timeout: 3\n", "proxar.yaml").plugin_load_timeout, undefined);
  rejects("plugin_load_timeout: 0\n", "proxar.yaml:1:22: plugin_load_timeout: must be > 0");
  rejects(
    "plugin_load_timeout: soon\n",
    "proxar.yaml:1:22: plugin_load_timeout: expected a number, found a string",
  );
});

Deno.test("parseConfig() finds every repeated key the YAML parser finds, and no other", () => {
  // Flow style and `? ` keys are read by the YAML parser, not the plain block reader, which
  // checks its keys itself; each text is also checked against the parser's own duplicate check.
  const cases: [text: string, repeated: boolean][] = [
    ["fail_on: BREAKING\n? fail_on\n: NON_BREAKING\n", true],
    ["prose: {high: 0.9, low: 0.1, high: 0.8}\n", true],
    ["severity_overrides: {a: BREAKING, b: BREAKING}\nseverity_overrides: {}\n", true],
    ["rules: {1: {}, '1': {}}\n", false],
    ["rules: {.nan: {}, .NaN: {}}\n", false],
    ["rules: {null: {}, ~: {}}\n", true],
    ["rules: {[a]: 1, [a]: 2}\n", false],
    ["ignore: [{rule: a, rule: b}]\n", true],
    ["rules: {{a: 1}: {x: 1, x: 2}}\n", true],
  ];
  for (const [text, repeated] of cases) {
    const parser = parseDocument(text, { uniqueKeys: true }).errors
      .some((error) => error.code === "DUPLICATE_KEY");
    assert.equal(parser, repeated, `the YAML parser on ${JSON.stringify(text)}`);
    let message = "";
    try {
      parseConfig(text, "proxar.yaml");
    } catch (error) {
      message = (error as Error).message;
    }
    assert.equal(
      message.endsWith("invalid YAML: Map keys must be unique"),
      repeated,
      `${JSON.stringify(text)}: ${message}`,
    );
  }
});

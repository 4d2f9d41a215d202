import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { Ajv } from "ajv";
import type { ProseStep } from "../../core/prose.ts";
import { PUBLISHED, schemaText } from "../../scripts/gen_schemas.ts";
import { ROOT, runCli } from "../helpers.ts";

for (const [name, schema] of Object.entries(PUBLISHED)) {
  Deno.test(`schemas/${name} is generated from its source and up to date`, async () => {
    const committed = await readFile(`${ROOT}/schemas/${name}`, "utf8");
    assert.equal(committed, schemaText(schema), "run: deno run -A scripts/gen_schemas.ts");
  });
}

Deno.test("proxar diff --format json output validates against schemas/report.schema.json", async () => {
  const ajv = new Ajv({ strict: false });
  const validate = ajv.compile(
    JSON.parse(await readFile(`${ROOT}/schemas/report.schema.json`, "utf8")),
  );
  for (
    const [a, b] of [["diff/base.json", "diff/mixed_changes.json"], [
      "diff/base.json",
      "diff/base.json",
    ]]
  ) {
    const { stdout } = await runCli([
      "diff",
      a!,
      b!,
      "--format",
      "json",
      "--config",
      "config/all_suppressed.yaml",
    ]);
    const report = JSON.parse(stdout);
    assert.ok(validate(report), JSON.stringify(validate.errors));
  }
  const demo = await runCli([
    "diff",
    "examples/v1/contract.json",
    "examples/v2/contract.json",
    "--config",
    "examples/proxar.yaml",
    "--format",
    "json",
  ], { cwd: ROOT });
  const report = JSON.parse(demo.stdout) as { changes: unknown[] };
  assert.ok(validate(report), JSON.stringify(validate.errors));
  assert.ok(report.changes.length > 5);
});

Deno.test("schemas/report.schema.json accepts prose findings of every classifier step", async () => {
  // ms-365-mcp-server 0.54.1 → 0.119.0: the JSON report of a description graded by the unit step
  // (or the toolName step) failed the published schema, whose step list lacked both.
  const schema = JSON.parse(await readFile(`${ROOT}/schemas/report.schema.json`, "utf8"));
  const prose = schema.properties.changes.items.properties.prose;
  // Typed as a record so that a step added to ProseStep fails the type check until listed here.
  const steps: Record<ProseStep, true> = {
    equal: true,
    identifierCase: true,
    codeSpan: true,
    constant: true,
    alternative: true,
    toolName: true,
    unit: true,
    emptiness: true,
    marker: true,
    order: true,
    similarity: true,
  };
  assert.deepEqual([...prose.properties.step.enum].sort(), Object.keys(steps).sort());
  const validate = new Ajv({ strict: false }).compile(schema);
  for (
    const [a, b, step] of [
      ["next_devtools_all_0.3.1.json", "next_devtools_all_0.3.10.json", "toolName"],
      ["perplexity_0.9.0.json", "perplexity_1.2.1.json", "unit"],
    ]
  ) {
    const { stdout } = await runCli([
      "diff",
      `real_servers/${a}`,
      `real_servers/${b}`,
      "--format",
      "json",
    ]);
    const report = JSON.parse(stdout) as { changes: { prose?: { step: string } }[] };
    assert.ok(report.changes.some((c) => c.prose?.step === step), `${a}: a ${step} finding`);
    assert.ok(validate(report), JSON.stringify(validate.errors));
  }
});

Deno.test("schemas/proxar.schema.json accepts the example configuration and rejects a typo", async () => {
  const { parse } = await import("yaml");
  const ajv = new Ajv({ strict: false });
  const validate = ajv.compile(
    JSON.parse(await readFile(`${ROOT}/schemas/proxar.schema.json`, "utf8")),
  );
  assert.ok(validate(parse(await readFile(`${ROOT}/examples/proxar.yaml`, "utf8"))));
  assert.equal(validate({ fail_onn: "BREAKING" }), false);
});

Deno.test("docs/schema-coverage.md is generated from the registry and up to date", async () => {
  const { renderSchemaCoverage } = await import("../../scripts/gen_schema_coverage.ts");
  const committed = await readFile(`${ROOT}/docs/schema-coverage.md`, "utf8");
  assert.equal(
    committed,
    renderSchemaCoverage(),
    "run: deno run -A scripts/gen_schema_coverage.ts",
  );
  for (
    const keyword of ["additionalProperties", "prefixItems", "dependentRequired", "if", "$ref"]
  ) {
    assert.ok(committed.includes(`\`${keyword}\``), keyword);
  }
});

Deno.test("rules/catalog.ts is generated from the registry and up to date", async () => {
  const { renderRuleCatalog } = await import("../../scripts/gen_rule_docs.ts");
  const committed = await readFile(`${ROOT}/rules/catalog.ts`, "utf8");
  assert.ok(committed === renderRuleCatalog(), "run: deno run -A scripts/gen_rule_docs.ts");
});

Deno.test("proxar rules prints from the catalog what the registry of built-in rules gives", async () => {
  const { rulesCommand } = await import("../../cli/rules_command.ts");
  const { createRegistry } = await import("../../core/registry.ts");
  const { builtinRules } = await import("../../rules/mod.ts");
  for (const format of ["text", "json"]) {
    let fromRegistry = "";
    rulesCommand(
      format,
      createRegistry(builtinRules),
      {
        stdout: (t) => void (fromRegistry += t),
      } as Parameters<typeof rulesCommand>[2],
    );
    const { stdout, code } = await runCli(["rules", "--format", format]);
    assert.equal(code, 0);
    assert.equal(stdout, fromRegistry, format);
  }
});

Deno.test("docs/rules.md is generated from the registry, covers every rule and is up to date", async () => {
  const { renderRuleDocs } = await import("../../scripts/gen_rule_docs.ts");
  const { builtinRules } = await import("../../rules/mod.ts");
  const { headingAnchor, ruleDocUrl } = await import("../../reporters/links.ts");
  const committed = await readFile(`${ROOT}/docs/rules.md`, "utf8");
  assert.equal(committed, renderRuleDocs(), "run: deno run -A scripts/gen_rule_docs.ts");
  for (const rule of builtinRules) {
    assert.ok(committed.includes(`\n### ${rule.meta.id}\n`), rule.meta.id);
    assert.ok(ruleDocUrl(rule.meta.id).endsWith(`#${headingAnchor(rule.meta.id)}`));
  }
});

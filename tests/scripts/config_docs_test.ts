/**
 * `docs/configuration.md` is generated from the configuration's schema, so every key is in it.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../core/config_load.ts";
import { configSchema } from "../../core/config_schema.ts";
import { configurationDoc } from "../../scripts/gen_config_docs.ts";
import { ROOT } from "../helpers.ts";

Deno.test("docs/configuration.md is the one scripts/gen_config_docs.ts writes", () => {
  assert.equal(
    readFileSync(join(ROOT, "docs", "configuration.md"), "utf8"),
    configurationDoc(),
    "docs/configuration.md is stale: run deno run -A scripts/gen_config_docs.ts",
  );
});

Deno.test("configurationDoc() has a row for every key of every object in the schema", () => {
  const doc = configurationDoc();
  const keys: string[] = [];
  const walk = (schema: Record<string, unknown>, path: string) => {
    const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
    for (const [name, child] of Object.entries(properties ?? {})) {
      const key = path === "" ? name : `${path}.${name}`;
      if (key !== "$schema") keys.push(key);
      walk(child, key);
    }
    const map = schema.additionalProperties;
    if (typeof map === "object" && map !== null) {
      walk(map as Record<string, unknown>, `${path}.NAME`);
    }
    const items = schema.items;
    if (typeof items === "object" && items !== null) {
      walk(items as Record<string, unknown>, `${path}[]`);
    }
  };
  walk(configSchema, "");
  assert.ok(keys.length > 30, `only ${keys.length} keys found`);
  for (const key of keys) assert.ok(doc.includes(`| \`${key}\` |`), `no row for ${key}`);
});

Deno.test("the example in docs/configuration.md is a valid configuration", () => {
  const text = readFileSync(join(ROOT, "examples", "proxar.yaml"), "utf8");
  assert.ok(configurationDoc().includes(text.trimEnd()));
  assert.equal(parseConfig(text, "examples/proxar.yaml").fail_on, "BREAKING");
});

// deno-lint-ignore-file no-console
/**
 * Renders `docs/rules.md` from the built-in rule registry. A test fails when it is stale.
 *
 * Run: `deno run -A scripts/gen_rule_docs.ts`
 * @module
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { rulesMarkdown } from "../cli/rule_doc.ts";
import { createRegistry } from "../core/registry.ts";
import { builtinRules } from "../rules/mod.ts";

/** The text docs/rules.md must hold. */
export function renderRuleDocs(): string {
  return rulesMarkdown(createRegistry(builtinRules).rules.map((r) => r.meta));
}

if ((import.meta as { main?: boolean }).main) {
  await writeFile(fileURLToPath(new URL("../docs/rules.md", import.meta.url)), renderRuleDocs());
  console.log("wrote docs/rules.md");
}

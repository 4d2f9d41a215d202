/**
 * Writes `rules/_schema_rule_index.ts`: the id of every schema rule `rules/schema.ts` makes from its
 * specs, in order, with its gradedBy. The module builds its rules from that list, so a diff, which
 * reads only their ids, does not build the specs' schemas and examples (most of loading the module
 * in the binary); each rule reads the rest of its meta from the specs when asked.
 * `tests/rules/schema_rule_index_test.ts` fails when the committed file is stale.
 *
 * Run: `deno run -A scripts/gen_schema_rule_index.ts`
 * @module
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { specRules } from "../rules/schema.ts";

/** The committed file. */
export const INDEX_FILE: string = fileURLToPath(
  new URL("../rules/_schema_rule_index.ts", import.meta.url),
);

/** The text of `rules/_schema_rule_index.ts` for the specs as they are now. */
export function schemaRuleIndexSource(): string {
  const entries = specRules().map(({ meta }) =>
    `[${
      [meta.id, meta.gradedBy].filter((x) => x !== undefined).map((x) => JSON.stringify(x)).join(
        ", ",
      )
    }]`
  );
  return `// deno-fmt-ignore-file
/**
 * The schema rules \`rules/schema.ts\` makes from its specs, in their order: each id, and its
 * gradedBy when it has one. Written by \`deno run -A scripts/gen_schema_rule_index.ts\`; do not edit.
 * @module
 */

/** A schema rule's id, and its gradedBy when it has one. */
export type SchemaRuleEntry = readonly [id: string, gradedBy?: "prose" | "variance"];

/** Every schema rule the specs make, in their order. */
export const SCHEMA_RULE_INDEX: readonly SchemaRuleEntry[] = [
${entries.map((e) => `  ${e},`).join("\n")}
];
`;
}

if (import.meta.main) writeFileSync(INDEX_FILE, schemaRuleIndexSource());

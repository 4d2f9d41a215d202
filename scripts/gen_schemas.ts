// deno-lint-ignore-file no-console
/**
 * Writes the published JSON Schemas (`schemas/*.schema.json`) from their sources in `core/`.
 * A test fails when the committed files are stale.
 *
 * Run: `deno run -A scripts/gen_schemas.ts`
 * @module
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { configSchema } from "../core/config_schema.ts";
import type { JsonObject } from "../core/json.ts";
import { reportSchema } from "../core/report_schema.ts";

/** Every published schema, by file name under `schemas/`. */
export const PUBLISHED: Readonly<Record<string, JsonObject>> = {
  "proxar.schema.json": configSchema,
  "report.schema.json": reportSchema,
};

/** The text a schema file must hold. */
export function schemaText(schema: JsonObject): string {
  return JSON.stringify(schema, null, 2) + "\n";
}

if ((import.meta as { main?: boolean }).main) {
  for (const [name, schema] of Object.entries(PUBLISHED)) {
    const path = fileURLToPath(new URL(`../schemas/${name}`, import.meta.url));
    await writeFile(path, schemaText(schema));
    console.log(`wrote schemas/${name}`);
  }
}

/**
 * Whether a change of `$schema` can change what a schema accepts: the drafts from draft-07 to
 * 2020-12 read most keywords alike, and differ only on the keywords listed here. MCP servers
 * move between them with their JSON Schema generator (zod-to-json-schema writes draft-07, zod 4
 * writes 2020-12), and a missing `$schema` means 2020-12 since MCP 2025-11-25.
 * @module
 */
import { isObject, type JsonValue } from "../json.ts";

/** draft-07, 2019-09 and 2020-12, without scheme or trailing `#`; absence reads as one of them. */
const MODERN = new Set([
  "json-schema.org/draft-07/schema",
  "json-schema.org/draft/2019-09/schema",
  "json-schema.org/draft/2020-12/schema",
]);

/**
 * Keywords the modern drafts read differently (added, removed, renamed, or moved between
 * assertion and annotation). Any of them used as a keyword keeps the change graded
 * POTENTIALLY_BREAKING.
 */
const SENSITIVE = new Set([
  "additionalItems",
  "prefixItems",
  "dependencies",
  "dependentRequired",
  "dependentSchemas",
  "unevaluatedProperties",
  "unevaluatedItems",
  "minContains",
  "maxContains",
  "contentSchema",
  "contentMediaType",
  "contentEncoding",
  "format",
  "$id",
  "id",
  "$anchor",
  "$dynamicRef",
  "$dynamicAnchor",
  "$recursiveRef",
  "$recursiveAnchor",
  "$vocabulary",
]);
/** Beside a `$ref`, only these keep their meaning in draft-07, which ignores the others. */
const REF_SIBLINGS = new Set(["$ref", "$schema", "$comment", "title", "description", "default"]);

function modern(dialect: JsonValue | undefined): boolean {
  if (dialect === undefined) return true;
  if (typeof dialect !== "string") return false;
  return MODERN.has(dialect.replace(/^https?:\/\//, "").replace(/#$/, ""));
}

/** Keywords whose values map names to subschemas: the names are not keywords. */
const SCHEMA_MAPS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
]);
/** Keywords whose values are data, never schemas (a `$ref` inside them is no reference). */
export const DATA_KEYWORDS: ReadonlySet<string> = new Set([
  "enum",
  "const",
  "default",
  "examples",
  "example",
  "discriminator",
  "required",
]);

/**
 * Whether a schema uses a keyword the modern drafts read differently anywhere: property names
 * and data are skipped, the values of unknown keywords are searched as if they were schemas.
 */
function usesSensitive(value: JsonValue | undefined): boolean {
  const stack: (JsonValue | undefined)[] = [value];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (Array.isArray(top)) {
      stack.push(...top);
      continue;
    }
    if (!isObject(top)) continue;
    for (const [key, v] of Object.entries(top)) {
      if (SENSITIVE.has(key)) return true;
      if (key === "items" && Array.isArray(v)) return true;
      if ((key === "exclusiveMinimum" || key === "exclusiveMaximum") && typeof v === "boolean") {
        return true;
      }
      if (key === "$ref" && Object.keys(top).some((k) => !REF_SIBLINGS.has(k))) return true;
      if (DATA_KEYWORDS.has(key)) continue;
      if (SCHEMA_MAPS.has(key) && isObject(v)) stack.push(...Object.values(v));
      else stack.push(v);
    }
  }
  return false;
}

/**
 * Whether a `$schema` change from `a` to `b` leaves both schemas accepting the same values: both
 * dialects are modern drafts (or absent) and neither schema uses a keyword they read differently.
 */
export function dialectChangeInert(
  a: JsonValue | undefined,
  b: JsonValue | undefined,
  roots: readonly [JsonValue | undefined, JsonValue | undefined],
): boolean {
  return modern(a) && modern(b) && !usesSensitive(roots[0]) && !usesSensitive(roots[1]);
}

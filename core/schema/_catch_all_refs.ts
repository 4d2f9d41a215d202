/**
 * Finds the local `$ref`s of a schema by walking its subschema positions only (so a property
 * named `$ref`, or a `$ref` inside `default` or `enum` data, is not mistaken for one).
 * Iterative, so any depth is safe. Private to `catch_all.ts`.
 * @module
 */
import { escapePointerToken, isObject, type JsonValue } from "../json.ts";

/** Keywords mapping names to schemas. */
export const SCHEMA_MAPS = [
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
  "dependencies",
];
/** Keywords holding a list of schemas. */
export const SCHEMA_LISTS = ["items", "prefixItems", "anyOf", "oneOf", "allOf"];
/** Keywords holding one schema. */
export const SCHEMAS = [
  "additionalProperties",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
  "items",
  "additionalItems",
  "contains",
  "contentSchema",
  "not",
  "if",
  "then",
  "else",
];

/** A `$ref` found in a schema: the pointer of the object holding it, and its value. */
export interface FoundRef {
  location: string;
  ref: string;
}

/** Every string `$ref` held by a subschema of `root` (keywords outside `known` are skipped). */
export function findRefs(root: JsonValue | undefined, known: ReadonlySet<string>): FoundRef[] {
  const found: FoundRef[] = [];
  if (!known.has("$ref")) return found;
  const stack: [JsonValue | undefined, string][] = [[root, ""]];
  const push = (value: JsonValue | undefined, pointer: string) => {
    if (isObject(value)) stack.push([value, pointer]);
  };
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [schema, pointer] = top;
    if (!isObject(schema)) continue;
    const ref = Object.hasOwn(schema, "$ref") ? schema.$ref : undefined;
    if (typeof ref === "string") found.push({ location: pointer, ref });
    // Most keywords are absent: asked first, the vocabulary is consulted only for those present.
    const at = (keyword: string) =>
      Object.hasOwn(schema, keyword) && known.has(keyword) ? schema[keyword] : undefined;
    for (const keyword of SCHEMAS) push(at(keyword), `${pointer}/${escapePointerToken(keyword)}`);
    for (const keyword of SCHEMA_LISTS) {
      const list = at(keyword);
      if (Array.isArray(list)) {
        list.forEach((item, i) => push(item, `${pointer}/${escapePointerToken(keyword)}/${i}`));
      }
    }
    for (const keyword of SCHEMA_MAPS) {
      const map = at(keyword);
      if (!isObject(map)) continue;
      for (const name of Object.keys(map)) {
        push(map[name], `${pointer}/${escapePointerToken(keyword)}/${escapePointerToken(name)}`);
      }
    }
  }
  return found.sort((a, b) => a.location < b.location ? -1 : a.location > b.location ? 1 : 0);
}

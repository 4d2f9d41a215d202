/**
 * Small helpers shared by the built-in rule modules.
 * @module
 */
import type { JsonObject, JsonValue } from "../core/json.ts";
import { isObject, pointerOf } from "../core/json.ts";
import type { Rule, RuleContext, RuleMeta } from "../core/rule.ts";

/** Builds a rule from its metadata and check, flat. */
export function rule(meta: RuleMeta & { check(context: RuleContext): void }): Rule {
  const { check, ...rest } = meta;
  return { meta: rest, check };
}

/** RFC 6901 pointer into the snapshot form: `/tools/3/inputSchema/required`. */
export function at(list: string, index: number, ...rest: (string | number)[]): string {
  return pointerOf([list, index, ...rest]);
}

/** A tool with an object input schema, for examples. */
export function tool(
  name: string,
  properties: JsonObject = {},
  required: string[] = [],
  extra: JsonObject = {},
): JsonObject {
  const inputSchema: JsonObject = { type: "object", properties };
  if (required.length > 0) inputSchema.required = required;
  return { name, inputSchema, ...extra };
}

/** The `properties` object of a schema, or an empty one. */
export function propertiesOf(schema: JsonValue | undefined): JsonObject {
  if (!isObject(schema) || !isObject(schema.properties)) return {};
  return schema.properties;
}

/** The `required` names of a schema, as a set. */
export function requiredOf(schema: JsonValue | undefined): Set<string> {
  if (!isObject(schema) || !Array.isArray(schema.required)) return new Set();
  return new Set(schema.required.filter((r): r is string => typeof r === "string"));
}

/** `"a", "b" and "c"`. */
export function quoteList(names: readonly string[]): string {
  const q = names.map((n) => `"${n}"`);
  return q.length <= 1 ? q.join("") : `${q.slice(0, -1).join(", ")} and ${q[q.length - 1]}`;
}

/**
 * Small helpers shared by the built-in rule modules.
 * @module
 */
import type { JsonObject } from "../core/json.ts";
import { pointerOf } from "../core/json.ts";
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

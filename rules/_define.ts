/**
 * Small helpers shared by the built-in rule modules.
 * @module
 */
import type { JsonObject } from "../core/json.ts";
import { pointerOf } from "../core/json.ts";
import type { Rule, RuleContext, RuleExample, RuleMeta } from "../core/rule.ts";

/** Builds a rule from its metadata and check, flat. */
export function rule(meta: RuleMeta & { check(context: RuleContext): void }): Rule {
  const { check, ...rest } = meta;
  return { meta: rest, check };
}

/**
 * Gives a rule examples built when first read: documentation and tests read them, a diff does
 * not, and rules/mod.ts loads with every diff (in the release binary, loading it took 7 ms of CPU
 * beyond an empty binary's start with every example built, 4 without).
 */
export function lazyExamples(made: Rule, build: () => RuleExample[]): Rule {
  let built: RuleExample[] | undefined;
  Object.defineProperty(made.meta, "examples", {
    get: () => built ??= build(),
    enumerable: true,
    configurable: true,
  });
  return made;
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

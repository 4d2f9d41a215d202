/**
 * The built-in rules, as one declarative list.
 * @module
 */
import type { Rule } from "../core/rule.ts";
import { duplicateRules } from "./duplicates.ts";
import { fieldRules } from "./fields.ts";
import { promptRules } from "./prompts.ts";
import { proseRules } from "./prose.ts";
import { resourceRules } from "./resources.ts";
import { serverRules } from "./server.ts";
import { toolParamRules } from "./tool_params.ts";
import { toolRules } from "./tools.ts";

/** Every built-in rule. */
export const builtinRules: readonly Rule[] = [
  ...toolRules,
  ...toolParamRules,
  ...duplicateRules,
  ...fieldRules,
  ...proseRules,
  ...promptRules,
  ...resourceRules,
  ...serverRules,
];

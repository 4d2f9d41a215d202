/**
 * The built-in rules, as one declarative list.
 * @module
 */
import { findsNothingInEqualPairs, type Rule } from "../core/rule.ts";
import { annotationRules } from "./annotations.ts";
import { duplicateRules } from "./duplicates.ts";
import { executionRules } from "./execution.ts";
import { fieldRules } from "./fields.ts";
import { metadataRules } from "./metadata.ts";
import { promptRules } from "./prompts.ts";
import { proseRules } from "./prose.ts";
import { releaseRules } from "./release.ts";
import { resourceRules } from "./resources.ts";
import { responseRules } from "./responses.ts";
import { schemaRules } from "./schema.ts";
import { schemaRootRules } from "./schema_root.ts";
import { serverRules } from "./server.ts";
import { toolRules } from "./tools.ts";

/** Every built-in rule. */
export const builtinRules: readonly Rule[] = [
  ...toolRules,
  ...schemaRules,
  ...schemaRootRules,
  ...annotationRules,
  ...executionRules,
  ...metadataRules,
  ...duplicateRules,
  ...fieldRules,
  ...proseRules,
  ...promptRules,
  ...resourceRules,
  ...responseRules,
  ...serverRules,
  ...releaseRules,
];
findsNothingInEqualPairs(builtinRules);

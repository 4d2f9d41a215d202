/**
 * The annotation keywords of a schema the walk grades, with the aspect of their rule and its
 * severity, and those among them that say something of the values a schema meets and check none.
 * Shared by `walk.ts` and `_unreached_prose.ts`.
 * @module
 */
import type { Severity } from "../severity.ts";

/** Each annotation keyword the walk compares: the keyword, its rule's aspect, its severity. */
export const ANNOTATION_RULES: readonly [string, string, Severity][] = [
  ["default", "default", "POTENTIALLY_BREAKING"],
  ["deprecated", "deprecated", "POTENTIALLY_BREAKING"],
  ["readOnly", "readOnly", "POTENTIALLY_BREAKING"],
  ["writeOnly", "writeOnly", "POTENTIALLY_BREAKING"],
  ["examples", "examples", "DOCUMENTATION"],
  ["example", "examples", "DOCUMENTATION"],
  ["discriminator", "discriminator", "POTENTIALLY_BREAKING"],
  ["$schema", "dialect", "POTENTIALLY_BREAKING"],
  ["$id", "id", "POTENTIALLY_BREAKING"],
  ["$anchor", "anchor", "POTENTIALLY_BREAKING"],
  ["$dynamicAnchor", "anchor", "POTENTIALLY_BREAKING"],
  ["$comment", "comment", "DOCUMENTATION"],
];

/**
 * Annotations that say something of the values a schema meets and check none (the walk leaves
 * them uncompared where a schema governs values).
 */
export const OWN_ANNOTATIONS: ReadonlySet<string> = new Set([
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "examples",
  "example",
  "$comment",
]);

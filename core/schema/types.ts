/**
 * Shared vocabulary of the two schema comparisons (the structured walk and the catch-all
 * differ): sides, effects, facets and the variance table. Logic lives in each implementation.
 * @module
 */
import type { JsonValue } from "../json.ts";
import type { ProseVerdict } from "../prose.ts";
import type { Severity } from "../severity.ts";

/** Which schema: `input` is written by the caller (contravariant), `output` read by it (covariant). */
export type Side = "input" | "output";

/** What a change does to the set of values a schema accepts. */
export type Effect = "widened" | "narrowed" | "changed";

/**
 * The severity of an effect on a side, by the variance table:
 * input widened → NON_BREAKING, input narrowed → BREAKING, output widened → BREAKING,
 * output narrowed → NON_BREAKING, changed (or undecidable) → BREAKING.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { varianceSeverity } from "./types.ts";
 * assert.equal(varianceSeverity("input", "widened"), "NON_BREAKING");
 * assert.equal(varianceSeverity("output", "widened"), "BREAKING");
 * ```
 */
export function varianceSeverity(side: Side, effect: Effect): Severity {
  if (effect === "changed") return "BREAKING";
  const loosens = effect === "widened";
  return side === "input"
    ? (loosens ? "NON_BREAKING" : "BREAKING")
    : (loosens ? "BREAKING" : "NON_BREAKING");
}

/** Flips an effect: used under `not`, where narrowing the inner schema widens the outer one. */
export function flipEffect(effect: Effect): Effect {
  return effect === "widened" ? "narrowed" : effect === "narrowed" ? "widened" : "changed";
}

/**
 * Keywords grouped into facets: keywords that constrain one aspect together are compared together
 * (`minimum` with `exclusiveMinimum`, `enum` with `const`, `type` with `nullable`, `items` with
 * `prefixItems` and `additionalItems`). Both implementations report findings per facet.
 */
export const FACET_OF: Readonly<Record<string, string>> = {
  type: "type",
  nullable: "type",
  enum: "enum",
  const: "enum",
  minimum: "minimum",
  exclusiveMinimum: "minimum",
  maximum: "maximum",
  exclusiveMaximum: "maximum",
  multipleOf: "multipleOf",
  minLength: "minLength",
  maxLength: "maxLength",
  pattern: "pattern",
  format: "format",
  contentEncoding: "contentEncoding",
  contentMediaType: "contentMediaType",
  contentSchema: "contentSchema",
  required: "required",
  properties: "properties",
  additionalProperties: "additionalProperties",
  patternProperties: "patternProperties",
  propertyNames: "propertyNames",
  unevaluatedProperties: "unevaluatedProperties",
  minProperties: "minProperties",
  maxProperties: "maxProperties",
  dependentRequired: "dependentRequired",
  dependentSchemas: "dependentSchemas",
  dependencies: "dependencies",
  items: "items",
  prefixItems: "items",
  additionalItems: "items",
  unevaluatedItems: "unevaluatedItems",
  contains: "contains",
  minContains: "minContains",
  maxContains: "maxContains",
  minItems: "minItems",
  maxItems: "maxItems",
  uniqueItems: "uniqueItems",
  anyOf: "anyOf",
  oneOf: "oneOf",
  allOf: "allOf",
  not: "not",
  if: "if",
  then: "then",
  else: "else",
  $ref: "$ref",
  $defs: "$defs",
  definitions: "$defs",
  default: "default",
  deprecated: "deprecated",
  readOnly: "readOnly",
  writeOnly: "writeOnly",
  examples: "examples",
  // OpenAPI 3.0's one example (its Schema Object, as `nullable`): an annotation as `examples` is,
  // which validators, the MCP SDK's ajv among them, ignore. @runpod/mcp-server 4.0.0 writes it.
  example: "examples",
  // OpenAPI 3's discriminator ({propertyName, mapping}, its Schema Object's): names the property
  // that selects a oneOf/anyOf variant. Validators ignore it (ajv applies it only with its
  // `discriminator` option, which the MCP SDK does not set); a model may read it as a hint.
  // Its value is data: mapping's "#/…" strings are never followed as references.
  discriminator: "discriminator",
  $schema: "$schema",
  $id: "$id",
  $anchor: "$anchor",
  $dynamicRef: "$ref",
  $dynamicAnchor: "$anchor",
  $comment: "$comment",
  title: "title",
  description: "description",
};

/**
 * Annotation facets: they do not change which values are valid. The structured walk grades them
 * (prose, defaults, deprecation); the catch-all differ only checks that they are known.
 */
export const ANNOTATION_FACETS: ReadonlySet<string> = new Set([
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "examples",
  "$schema",
  "$id",
  "$anchor",
  "$comment",
  "title",
  "description",
  "$defs",
  "extension",
  "discriminator",
]);

/**
 * Whether a keyword is a vendor extension: `x-` and a name, by the convention OpenAPI writes down
 * and JSON Schema drafts leave alone (no draft defines such a keyword, so none ever will be one).
 * Validators ignore it (the MCP SDK's ajv runs with strict off); a client or model may read it.
 * Its facet is `extension`, an annotation.
 */
export function isExtensionKeyword(keyword: string): boolean {
  return keyword.length > 2 && keyword.startsWith("x-");
}

/** The facet of a keyword ({@link FACET_OF}, or `extension` for a vendor extension). */
export function facetOfKeyword(keyword: string): string | undefined {
  if (Object.hasOwn(FACET_OF, keyword)) return FACET_OF[keyword];
  return isExtensionKeyword(keyword) ? "extension" : undefined;
}

/** The keywords that refer to another schema by URI: `$ref`, and the dynamic references. */
export const REF_KEYWORDS: readonly string[] = ["$ref", "$dynamicRef", "$recursiveRef"];

/** The keywords that combine a list of subschemas, in the order the differs visit them. */
export const COMBINATORS: readonly string[] = ["anyOf", "oneOf", "allOf"];

/** Whether a keyword only annotates (its facet is in {@link ANNOTATION_FACETS}). */
export function isAnnotationKeyword(keyword: string): boolean {
  const facet = facetOfKeyword(keyword);
  return facet !== undefined && ANNOTATION_FACETS.has(facet);
}

/**
 * The keywords a comparison models: `keywords`, and every vendor extension
 * ({@link isExtensionKeyword}).
 */
export class Vocabulary extends Set<string> {
  override has(keyword: string): boolean {
    return super.has(keyword) || isExtensionKeyword(keyword);
  }
}

/** One difference found by either implementation, before it becomes a rule finding. */
export interface SchemaDelta {
  /** The facet (see {@link FACET_OF}), or the raw keyword for an unmodelled one. */
  facet: string;
  /** RFC 6901 pointer, within the schema, of the object holding the keyword (new side, else old). */
  location: string;
  /** Dotted path for people: `search_issues.inputSchema.properties.filter.required`. */
  path: string;
  /** RFC 6901 pointer into the snapshot form of the contract. */
  pointer: string;
  /**
   * Where the element stands in the old snapshot, when that is another place (a branch of an
   * anyOf that became a oneOf, a branch that moved), or, for a branch added, the old list: its
   * old source location is found there.
   */
  oldPointer?: string;
  /**
   * Where the element's nearest place is in the new snapshot, when `pointer` names a place only
   * the old one has (a union's branch removed: its list, not the branch that took its index).
   */
  newPointer?: string;
  /**
   * The dotted paths of the places that use a definition, when a change inside it is reported
   * once at the definition: the paths it was reported under, once per use, before.
   */
  usedAt?: string[];
  /** The rule id this delta is reported under. */
  rule: string;
  severity: Severity;
  old?: JsonValue;
  new?: JsonValue;
  message: string;
  /** The prose classifier's reasons, for description and title changes. */
  prose?: ProseVerdict;
  /** Extra guidance, such as a probable rename of a property. */
  hint?: string;
  /**
   * The property names one finding of names removed or added together stands for (walk.ts
   * groupedNames): not a rename of any of them.
   */
  grouped?: string[];
}

/**
 * A lone reference: a `$ref` with nothing beside it but annotations, which accepts what its
 * target accepts. Private to the walkers and the proof.
 * @module
 */
import { isObject, type JsonValue } from "../json.ts";
import { isAnnotationKeyword } from "./types.ts";

/**
 * The `$ref` of `schema` when nothing but annotations stands beside it (as `isAnnotation` tells,
 * a differ's vocabulary); undefined otherwise.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loneRefOf } from "./_lone_ref.ts";
 * assert.equal(loneRefOf({ $ref: "#/$defs/A", description: "a" }), "#/$defs/A");
 * assert.equal(loneRefOf({ $ref: "#/$defs/A", type: "object" }), undefined);
 * assert.equal(loneRefOf({ type: "object" }), undefined);
 * ```
 */
export function loneRefOf(
  schema: JsonValue | undefined,
  isAnnotation: (key: string) => boolean = isAnnotationKeyword,
): string | undefined {
  if (!isObject(schema) || typeof schema.$ref !== "string") return undefined;
  return Object.keys(schema).every((k) => k === "$ref" || isAnnotation(k))
    ? schema.$ref
    : undefined;
}

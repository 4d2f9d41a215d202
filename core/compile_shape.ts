/**
 * Compiles a {@link ShapeValidator} with ajv at run time. Proxar's own schemas are compiled when
 * it is built (`scripts/gen_validators.ts`, see `shapeValidatorFor`); this is for the generator
 * and for tests.
 * @module
 */
import { Ajv } from "ajv";
import type { JsonObject } from "./json.ts";
import { type ShapeValidator, shapeValidator } from "./validate.ts";

/** The options Proxar's validators are compiled with, at build time and here. */
export const AJV_OPTIONS = { allErrors: true, strict: false, verbose: true } as const;

/**
 * Compiles a validator for `schema`, with `refs` registered so `$ref`s to their `$id`s resolve.
 * Only the most specific problem is returned, worded for a person.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compileShape } from "./compile_shape.ts";
 * const check = compileShape({ type: "object", required: ["name"] });
 * assert.ok(check({})?.message === 'missing required property "name"');
 * ```
 */
export function compileShape(schema: JsonObject, refs: readonly JsonObject[] = []): ShapeValidator {
  const ajv = new Ajv(AJV_OPTIONS);
  for (const ref of refs) if (ref !== schema) ajv.addSchema(ref);
  return shapeValidator(ajv.compile(schema));
}

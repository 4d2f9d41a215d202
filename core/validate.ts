/**
 * Validation of parsed values against the project's JSON Schemas, with messages that say where
 * and what was expected.
 * @module
 */
import type { ErrorObject } from "ajv";
import { pointerTokens } from "./json.ts";
import { SHAPE_VALIDATORS } from "./shape_validators.ts";
import { didYouMean } from "./suggest.ts";

/** One validation problem: where (RFC 6901 pointer) and what was expected. */
export interface ShapeProblem {
  pointer: string;
  message: string;
  /** A more precise place to point at, such as the unexpected key itself. */
  at?: string;
}

/** A validator for one schema. */
export type ShapeValidator = (value: unknown) => ShapeProblem | undefined;

/** A validator function as ajv compiles it: true when valid, else its `errors` say why. */
export type CompiledValidator = ((value: unknown) => boolean) & {
  errors?: ErrorObject[] | null;
};

/** Wraps an ajv validator so that it returns the most specific problem, worded for a person. */
export function shapeValidator(validate: CompiledValidator): ShapeValidator {
  return (value) => {
    if (validate(value)) return undefined;
    return describe(pickError(validate.errors ?? []), value);
  };
}

const byId = new Map<string, ShapeValidator>();

/**
 * The validator of one of Proxar's own schemas, by `$id` (`proxar:snapshot`, `proxar:tool`,
 * `proxar:page:tools`, the configuration's): compiled when Proxar is built, so no schema is
 * compiled at run time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shapeValidatorFor } from "./validate.ts";
 * const check = shapeValidatorFor("proxar:tool");
 * assert.ok(check({ inputSchema: {} })?.message === 'missing required property "name"');
 * ```
 */
export function shapeValidatorFor(id: string): ShapeValidator {
  let validator = byId.get(id);
  if (!validator) {
    const compiled = SHAPE_VALIDATORS[id];
    if (!compiled) throw new Error(`No validator for "${id}": run scripts/gen_validators.ts`);
    validator = shapeValidator(compiled);
    byId.set(id, validator);
  }
  return validator;
}

/** The deepest error wins: it names the most specific place. */
function pickError(errors: ErrorObject[]): ErrorObject | undefined {
  let best: ErrorObject | undefined;
  for (const error of errors) {
    if (error.keyword === "if" || error.keyword === "anyOf" || error.keyword === "oneOf") continue;
    if (!best || depth(error) > depth(best)) best = error;
  }
  return best ?? errors[0];
}

function depth(error: ErrorObject): number {
  const base = error.instancePath.split("/").length;
  return error.keyword === "required" || error.keyword === "additionalProperties"
    ? base + 0.5
    : base;
}

function describe(error: ErrorObject | undefined, root: unknown): ShapeProblem {
  if (!error) return { pointer: "", message: "the value does not have the expected shape" };
  const pointer = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return { pointer, message: `missing required property "${params.missingProperty}"` };
    case "additionalProperties": {
      const key = String(params.additionalProperty);
      const known = Object.keys((error.parentSchema?.properties ?? {}) as object);
      return {
        pointer,
        message: `unexpected property "${key}"${didYouMean(key, known)}`,
        at: `${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`,
      };
    }
    case "type":
      return {
        pointer,
        message: `expected ${article(String(params.type))}, found ${
          kindOf(valueAt(root, pointer))
        }`,
      };
    case "minLength":
      return { pointer, message: "expected a non-empty string" };
    case "enum": {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const found = valueAt(root, pointer);
      const hint = typeof found === "string" ? didYouMean(found, allowed) : "";
      return {
        pointer,
        message: `expected one of ${allowed.map((v) => `"${v}"`).join(", ")}, found ${
          JSON.stringify(found)
        }${hint}`,
      };
    }
    default:
      return { pointer, message: error.message ?? "invalid value" };
  }
}

function article(types: string): string {
  return types.split(",").map((t) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`)).join(" or ");
}

/** A short description of a JSON value's kind, for messages. */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return "a string";
  if (typeof value === "number") return Number.isInteger(value) ? "an integer" : "a number";
  return `a ${typeof value}`;
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of pointerTokens(pointer)) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

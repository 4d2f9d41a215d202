/**
 * Checks a result's `structuredContent` against the tool's declared `outputSchema` with ajv, at
 * the moment the result is seen, and keeps only where it failed: the keyword, the schema path
 * and the place in the result with array indexes and unrecordable keys replaced by `*`. The
 * values themselves are never kept, so the check can be repeated from the store without them.
 * @module
 */
import { Ajv, type ValidateFunction } from "ajv";
import { isObject, type JsonValue, pointerOf, pointerTokens } from "../json.ts";
import { isRecordableKey } from "./keys.ts";
import { MAX_VIOLATIONS, type Violation } from "./result.ts";

const compiled = new WeakMap<object, ValidateFunction | null>();

function validatorFor(schema: object): ValidateFunction | null {
  let validate = compiled.get(schema);
  if (validate !== undefined) return validate;
  try {
    const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
    const copy = { ...(schema as Record<string, unknown>) };
    delete copy.$schema;
    delete copy.$id;
    validate = ajv.compile(copy);
  } catch {
    validate = null;
  }
  compiled.set(schema, validate);
  return validate;
}

/**
 * Where `structured` breaks `outputSchema`; an empty list when it conforms, when the tool
 * declares no schema, or when the schema cannot be compiled (a remote `$ref`, say). A missing
 * `structuredContent` where a schema is declared is one violation with keyword
 * `structuredContent`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { outputViolations } from "./violations.ts";
 * const schema = { type: "object", properties: { items: { type: "array", items: { type: "string" } } } };
 * assert.deepEqual(outputViolations(schema, { items: ["a", 42] }), [
 *   { keyword: "type", schemaPath: "#/properties/items/items/type", at: "/items/*" },
 * ]);
 * ```
 */
export function outputViolations(outputSchema: unknown, structured: unknown): Violation[] {
  if (!isObject(outputSchema)) return [];
  if (structured === undefined) {
    return [{ keyword: "structuredContent", schemaPath: "#", at: "" }];
  }
  const validate = validatorFor(outputSchema);
  if (!validate || validate(structured)) return [];
  const out: Violation[] = [];
  for (const error of validate.errors ?? []) {
    out.push({
      keyword: error.keyword,
      schemaPath: error.schemaPath,
      at: maskPath(structured as JsonValue, error.instancePath),
    });
    if (out.length >= MAX_VIOLATIONS) break;
  }
  return out;
}

/** An instance path with array indexes and keys that may not be recorded written `*`. */
function maskPath(root: JsonValue, path: string): string {
  let node: JsonValue | undefined = root;
  const tokens: string[] = [];
  for (const token of pointerTokens(path)) {
    if (Array.isArray(node)) {
      tokens.push("*");
      node = node[Number(token)];
    } else {
      tokens.push(isRecordableKey(token) ? token : "*");
      node = isObject(node) && Object.hasOwn(node, token) ? node[token] : undefined;
    }
  }
  return pointerOf(tokens);
}

/**
 * The one value a schema accepts, when it is written so plainly that no proof is needed: a
 * `const`, an `enum` of one value, `type: "null"`, or an object closed to every name
 * (`{type: "object", additionalProperties: false}` with no property, as Speakeasy writes an
 * operation that takes no argument), each beside annotations only, or a lone local `$ref` to
 * one. Private to the walk.
 * @module
 */
import { isObject, jsonEqual, type JsonObject, type JsonValue } from "../json.ts";
import { resolveLocal } from "./_catch_all_json.ts";
import { loneRefOf } from "./_lone_ref.ts";
import { isAnnotationKeyword } from "./types.ts";

/** How many lone `$ref` a reading follows. */
const MAX_REFS = 8;

const JSON_TYPE = (v: JsonValue): string =>
  v === null
    ? "null"
    : Array.isArray(v)
    ? "array"
    : typeof v === "number"
    ? (Number.isInteger(v) ? "integer" : "number")
    : typeof v;

/** Whether `type` (absent, a name or a list) admits `value`. */
function typeAdmits(type: JsonValue | undefined, value: JsonValue): boolean {
  if (type === undefined) return true;
  const names = Array.isArray(type) ? type : [type];
  const own = JSON_TYPE(value);
  return names.some((t) => t === own || (t === "number" && own === "integer"));
}

/** `s`'s keywords but annotations and those in `own`; empty when only those stand there. */
function others(s: JsonObject, own: readonly string[]): string[] {
  return Object.keys(s).filter((k) => !own.includes(k) && !isAnnotationKeyword(k));
}

/**
 * The value `schema` accepts alone, references resolved in `root`; `undefined` when it accepts
 * none, several, or Proxar would need a proof to tell.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { soleValue } from "./_sole_value.ts";
 * const empty = { type: "object", properties: {}, additionalProperties: false };
 * assert.deepEqual(soleValue(empty, {}), { value: {} });
 * assert.deepEqual(soleValue({ const: "v1", description: "the version" }, {}), { value: "v1" });
 * assert.deepEqual(soleValue({ enum: [3] }, {}), { value: 3 });
 * assert.equal(soleValue({ enum: [3, 4] }, {}), undefined);
 * assert.equal(soleValue({ additionalProperties: false }, {}), undefined); // strings too
 * ```
 */
export function soleValue(
  schema: JsonValue | undefined,
  root: JsonValue | undefined,
  depth = 0,
): { value: JsonValue } | undefined {
  if (!isObject(schema) || depth > MAX_REFS) return undefined;
  const ref = loneRefOf(schema);
  if (ref !== undefined) {
    const target = resolveLocal(root, ref);
    return target === undefined ? undefined : soleValue(target.value, root, depth + 1);
  }
  if (Object.hasOwn(schema, "const")) {
    const value = schema.const!;
    if (others(schema, ["const", "type", "enum"]).length > 0) return undefined;
    if (!typeAdmits(schema.type, value)) return undefined;
    if (schema.enum !== undefined) {
      if (!Array.isArray(schema.enum) || !schema.enum.some((e) => jsonEqual(e, value))) {
        return undefined;
      }
    }
    return { value };
  }
  if (Array.isArray(schema.enum)) {
    if (schema.enum.length !== 1 || others(schema, ["enum", "type"]).length > 0) return undefined;
    const value = schema.enum[0]!;
    return typeAdmits(schema.type, value) ? { value } : undefined;
  }
  if (schema.type === "null" && others(schema, ["type"]).length === 0) return { value: null };
  const closed = schema.type === "object" && schema.additionalProperties === false &&
    (schema.properties === undefined ||
      (isObject(schema.properties) && Object.keys(schema.properties).length === 0)) &&
    others(schema, ["type", "additionalProperties", "properties"]).length === 0;
  return closed ? { value: {} } : undefined;
}

/**
 * The value a property removed from `old` carried when `old` required it and its schema accepts
 * that value alone (see {@link soleValue}): every call sent it, so an object open to the name
 * now loses nothing by ignoring it. `undefined` otherwise, and when `next` still requires it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { carriedNothing } from "./_sole_value.ts";
 * const empty = { type: "object", additionalProperties: false };
 * const old = { properties: { request: empty }, required: ["request"] };
 * assert.deepEqual(carriedNothing(old, {}, "request", old), { value: {} });
 * assert.equal(carriedNothing({ ...old, required: [] }, {}, "request", old), undefined);
 * ```
 */
export function carriedNothing(
  old: JsonObject,
  next: JsonObject,
  name: string,
  root: JsonValue | undefined,
): { value: JsonValue } | undefined {
  const required = (s: JsonObject) => Array.isArray(s.required) && s.required.includes(name);
  if (!required(old) || required(next) || !isObject(old.properties)) return undefined;
  return soleValue(old.properties[name], root);
}

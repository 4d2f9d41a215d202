/**
 * The root of a tool's inputSchema and outputSchema only ever meets objects: MCP sends a call's
 * arguments and returns its structuredContent as JSON objects. So at the root, a `type` that
 * admits objects means the same whatever else it lists or leaves out: `{}`, `{type: "object"}`
 * and `{type: ["object", "null"]}` accept the same arguments. Whether the root declares exactly
 * `type: "object"`, as the specification requires, is another matter, which the
 * `tool.*.root.*` rules grade (clients that validate tools/list reject a list without it).
 * @module
 */
import { isObject, type JsonValue } from "../json.ts";
import type { SchemaDelta } from "./types.ts";
import { admitsObjects } from "./_type_keywords.ts";

/**
 * Whether a schema's root says `type: "object"`, the literal the MCP specification's Tool requires
 * of inputSchema and outputSchema (a list holding "object" is not it).
 */
export function declaresObjectRoot(schema: JsonValue | undefined): boolean {
  return isObject(schema) && schema.type === "object";
}

/** Whether anything in `value` may refer to the root: a `$ref` of `#`, or any `$id`. */
function refersToRoot(value: JsonValue | undefined): boolean {
  const stack: (JsonValue | undefined)[] = [value];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (Array.isArray(next)) stack.push(...next);
    else if (isObject(next)) {
      for (const [key, inner] of Object.entries(next)) {
        // Any `$id` may name the root by a relative URI: then the root's type may meet others.
        // (A property named `$id` keeps the finding too: rare, and the stricter reading.)
        if (key === "$id") return true;
        if (/^\$(ref|dynamicRef|recursiveRef)$/.test(key) && (inner === "#" || inner === "")) {
          return true;
        }
        stack.push(inner);
      }
    }
  }
  return false;
}

/**
 * `deltas` without a change of the root's `type` that no value MCP carries can see: both roots
 * admit objects, and nothing inside refers to the root (where other values would meet its type).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withoutRootTypeChange } from "./_root_object.ts";
 * const delta = {
 *   facet: "type", location: "", path: "t.inputSchema.type", pointer: "/tools/0/inputSchema",
 *   rule: "tool.input.type.narrowed", severity: "BREAKING" as const, message: "type narrowed",
 * };
 * const kept = withoutRootTypeChange([delta], {}, { type: "object" }, "t.inputSchema");
 * assert.deepEqual(kept, []);
 * assert.deepEqual(withoutRootTypeChange([delta], {}, { type: "string" }, "t.inputSchema"), [delta]);
 * ```
 */
export function withoutRootTypeChange(
  deltas: SchemaDelta[],
  old: JsonValue | undefined,
  next: JsonValue | undefined,
  basePath: string,
): SchemaDelta[] {
  const atRoot = (d: SchemaDelta) =>
    d.path === `${basePath}.type` &&
    /^tool\.(input|output)\.type\.(widened|narrowed)$/.test(d.rule);
  if (!deltas.some(atRoot) || !typeUnseen(old, next)) return deltas;
  return deltas.filter((d) => !atRoot(d));
}

/**
 * Whether a change of the root's `type` between `old` and `next` is unseen by every value MCP
 * carries there (objects): both admit objects, and nothing inside refers to the root.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { typeUnseen } from "./_root_object.ts";
 * assert.equal(typeUnseen({}, { type: ["object", "null"] }), true);
 * assert.equal(typeUnseen({ type: "object" }, { type: "array" }), false);
 * assert.equal(typeUnseen({}, { type: "object", properties: { next: { $ref: "#" } } }), false);
 * ```
 */
export function typeUnseen(old: JsonValue | undefined, next: JsonValue | undefined): boolean {
  return admitsObjects(old) && admitsObjects(next) && !refersToRoot(old) && !refersToRoot(next);
}

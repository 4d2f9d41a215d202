/**
 * What an object schema admits as the value of one property, read from its own keywords:
 * `properties`, then `patternProperties`, then `additionalProperties`. Shared by `disjoint()`
 * (a name one schema requires and the other forbids) and by the differs, which compare a
 * property added with what the branches of a union admitted for its name before.
 * @module
 */
import { isObject, jsonEqual, type JsonObject, type JsonValue } from "../json.ts";
import { kindsOf } from "./_subsume_facts.ts";
import { patternMatches } from "./pattern.ts";

/** A path of keys and indexes inside a schema. */
export type Tail = (string | number)[];

/** What a schema admits for a name, and where it says so (none: it does not say). */
export interface PropertyRule {
  schema: JsonValue;
  tail?: Tail;
}

/**
 * What a schema object admits as the value of property `name`, or a schema holding more: its
 * declared schema (a pattern may constrain it further), `false` where a pattern that matches the
 * name or `additionalProperties` (no pattern matching) forbids it, `true` where it cannot tell.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { propertyRule } from "./_property_schema.ts";
 * const closed = { properties: { a: { type: "string" } }, additionalProperties: false };
 * assert.deepEqual(propertyRule(closed, "a"), { schema: { type: "string" }, tail: ["properties", "a"] });
 * assert.deepEqual(propertyRule(closed, "b"), { schema: false, tail: ["additionalProperties"] });
 * assert.deepEqual(propertyRule({}, "b"), { schema: true });
 * ```
 */
export function propertyRule(s: JsonObject, name: string): PropertyRule {
  if (isObject(s.properties) && Object.hasOwn(s.properties, name)) {
    return { schema: s.properties[name] as JsonValue, tail: ["properties", name] };
  }
  // Before draft 2019-09 the keywords beside a $ref are ignored; which draft is not known here.
  if (s.$ref !== undefined || s.$dynamicRef !== undefined) return { schema: true };
  // Every pattern that matches the name applies, and additionalProperties only where none does.
  let found: PropertyRule | undefined;
  let unknown = false;
  if (isObject(s.patternProperties)) {
    for (const [pattern, schema] of Object.entries(s.patternProperties)) {
      const hit = patternMatches(pattern, name);
      if (hit === true && schema === false) {
        return { schema: false, tail: ["patternProperties", pattern] };
      }
      if (hit === true) {
        found ??= { schema: schema as JsonValue, tail: ["patternProperties", pattern] };
      }
      if (hit === undefined) unknown = true;
    }
  }
  if (unknown) return { schema: true };
  if (found !== undefined) return found;
  const additional = s.additionalProperties;
  return additional === undefined
    ? { schema: true }
    : { schema: additional as JsonValue, tail: ["additionalProperties"] };
}

/**
 * What the branches of an object schema's `anyOf` (else its `oneOf`) admit together for property
 * `name`: the distinct schemas of the branches that admit it, each with its place. Every object
 * the schema accepts matches a branch, so the name holds a value one of them admits (or more
 * where the branch constrains it further). Undefined when there is no union or a branch may
 * leave the name open (no rule for it, a `$ref`); empty when every branch forbids it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { heldByBranches } from "./_property_schema.ts";
 * const xor = { anyOf: [
 *   { properties: { x: { type: "string" } }, additionalProperties: false },
 *   { properties: { y: { type: "number" } }, additionalProperties: false },
 * ] };
 * assert.deepEqual(heldByBranches(xor, "x"), [
 *   { schema: { type: "string" }, tail: ["anyOf", 0, "properties", "x"] },
 * ]);
 * assert.equal(heldByBranches({ anyOf: [{ properties: { x: {} } }, {}] }, "x"), undefined);
 * ```
 */
export function heldByBranches(s: JsonObject, name: string): Required<PropertyRule>[] | undefined {
  for (const key of ["anyOf", "oneOf"]) {
    const branches = s[key];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const out: Required<PropertyRule>[] = [];
    let open = false;
    branches.forEach((branch, i) => {
      if (branch === false || open) return;
      // A branch that accepts no object holds no property (its values are of another type).
      if (!isObject(branch)) return void (open = true);
      if (!kindsOf(branch).set.has("object")) return;
      const rule = propertyRule(branch, name);
      if (rule.tail === undefined || rule.schema === true) return void (open = true);
      if (rule.schema === false || out.some((r) => jsonEqual(r.schema, rule.schema))) return;
      out.push({ schema: rule.schema, tail: [key, i, ...rule.tail] });
    });
    if (!open) return out;
  }
  return undefined;
}

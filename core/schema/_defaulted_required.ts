/**
 * When a name added to `required` on an input schema is graded POTENTIALLY_BREAKING rather than
 * a narrowing: its new property schema carries a `default`. zod 4's `toJSONSchema` (its default
 * "output" mode) lists every defaulted field as required, while the server still fills the
 * default when a call leaves the field out; only clients that validate their arguments against
 * the schema reject such calls. Shared by the structured walk and the catch-all differ, so both
 * grade it alike.
 * @module
 */
import { isObject, type JsonValue } from "../json.ts";

/**
 * Whether every name in `added` (names new to `required`) has a property schema with a
 * `default` in `properties`, on an input schema outside `not`. An empty list, the output side,
 * a property declared elsewhere (a branch, a reference) or one without a default is not.
 */
export function defaultedRequired(
  added: readonly string[],
  properties: JsonValue | undefined,
  at: { side: "input" | "output"; negated: boolean },
): boolean {
  if (at.side !== "input" || at.negated || added.length === 0 || !isObject(properties)) {
    return false;
  }
  return added.every((name) => {
    const schema = Object.hasOwn(properties, name) ? properties[name] : undefined;
    return isObject(schema) && schema.default !== undefined;
  });
}

/**
 * When a name added to `required` on an input schema is graded POTENTIALLY_BREAKING rather than
 * a narrowing: its new property schema carries a `default` that is valid against that schema.
 * zod 4's `toJSONSchema` (its default "output" mode) lists every defaulted field as required,
 * while the server still fills the default when a call leaves the field out; only clients that
 * validate their arguments against the schema reject such calls. A default the schema rejects
 * (`{"type": "integer", "minimum": 1, "default": 0}`) cannot fill a call, and one Proxar cannot
 * check keeps the strict grade. Shared by the structured walk and the catch-all differ, so both
 * grade it alike.
 * @module
 */
import { isObject, type JsonValue } from "../json.ts";
import { validAgainst } from "./_default_valid.ts";

function show(value: JsonValue): string {
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * Whether every name in `added` (names new to `required`) has a property schema in
 * `properties` with a `default` valid against it, on an input schema outside `not`: `true` when
 * so; `false` when the exemption does not apply (an empty list, the output side, under `not`, a
 * property declared elsewhere such as a branch or a reference, or one without a default); and
 * when every name has a default but one is not valid, or Proxar cannot tell, the reason in words.
 * `root` resolves local references inside the property schemas.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultedRequired } from "./_defaulted_required.ts";
 * const at = { side: "input", negated: false } as const;
 * assert.equal(defaultedRequired(["n"], { n: { type: "integer", default: 1 } }, at, {}), true);
 * assert.equal(typeof defaultedRequired(["n"], { n: { minimum: 1, default: 0 } }, at, {}), "string");
 * assert.equal(defaultedRequired(["n"], { n: { type: "integer" } }, at, {}), false);
 * ```
 */
export function defaultedRequired(
  added: readonly string[],
  properties: JsonValue | undefined,
  at: { side: "input" | "output"; negated: boolean },
  root: JsonValue,
): boolean | string {
  if (at.side !== "input" || at.negated || added.length === 0 || !isObject(properties)) {
    return false;
  }
  const schemas = added.map((name) =>
    Object.hasOwn(properties, name) ? properties[name] : undefined
  );
  if (!schemas.every((s) => isObject(s) && s.default !== undefined)) return false;
  for (const [i, name] of added.entries()) {
    const schema = schemas[i] as { default: JsonValue };
    const valid = validAgainst(schema.default, schema, root);
    if (valid === false) {
      return `the default of "${name}" (${
        show(schema.default)
      }) is not valid against its own schema, so a call without it cannot be filled`;
    }
    if (typeof valid === "string") {
      return `Proxar cannot tell whether the default of "${name}" (${
        show(schema.default)
      }) is valid against its own schema (${valid}), so it does not count it`;
    }
  }
  return true;
}

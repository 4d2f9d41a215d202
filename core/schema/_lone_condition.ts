/**
 * Whether an `if` without `then` and `else` decides anything. It rejects no value, and ajv 8
 * (draft-07, 2019-09 and 2020-12) accepts the same values whatever it says; but from 2019-09 on an
 * `unevaluatedProperties` or `unevaluatedItems` sees the annotations of a condition that holds
 * (the JSON Schema Test Suite's "unevaluatedProperties can see annotations from if without then
 * and else": `{if: {patternProperties: {foo: {type: string}}}, unevaluatedProperties: false}`
 * accepts `{foo: "a"}`, which ajv 8 rejects), so there the condition decides which names or items
 * are evaluated. Proxar does not model which names such a condition marks, so where either schema
 * writes one of those keywords, the condition is read as deciding, as one with then or else is;
 * the specification, not ajv, is followed. Private to the structured walk and the catch-all.
 * @module
 */
import type { JsonValue } from "../json.ts";

const seen = new WeakMap<object, boolean>();

/** Whether `root` writes unevaluatedProperties or unevaluatedItems anywhere (remembered). */
function writesUnevaluated(root: JsonValue | undefined): boolean {
  if (typeof root !== "object" || root === null) return false;
  let found = seen.get(root);
  if (found === undefined) {
    const text = JSON.stringify(root);
    found = text.includes('"unevaluatedProperties"') || text.includes('"unevaluatedItems"');
    seen.set(root, found);
  }
  return found;
}

/**
 * Whether an `if` without then and else may decide something in the schemas `oldRoot` and
 * `newRoot`: either writes unevaluatedProperties or unevaluatedItems (see the module).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loneConditionsDecide } from "./_lone_condition.ts";
 * const cond = { if: { properties: { a: { minLength: 2 } } } };
 * assert.equal(loneConditionsDecide(cond, cond), false);
 * assert.equal(loneConditionsDecide(cond, { ...cond, unevaluatedProperties: false }), true);
 * ```
 */
export function loneConditionsDecide(
  oldRoot: JsonValue | undefined,
  newRoot: JsonValue | undefined,
): boolean {
  return writesUnevaluated(oldRoot) || writesUnevaluated(newRoot);
}

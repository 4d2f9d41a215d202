/**
 * Whether a subschema written alike on both sides also means the same: every local `$ref` it
 * reaches, directly or through the definitions it reaches, points at equal values in the old
 * and the new document. A union whose branches are written alike may still have changed in a
 * definition one of them refers to. A remote reference, never fetched, reads the same on both.
 * @module
 */
import { isObject, jsonEqual, type JsonValue } from "../json.ts";
import { isLocalRef, resolveLocal } from "./resolve.ts";

/**
 * Whether `schema`, read in `oldRoot` and in `newRoot`, reaches the same values through its
 * references; false when a local one cannot be resolved on a side. A `$dynamicRef` is read as
 * written, as before this check: its target depends on where the walk entered.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sameThroughRefs } from "./_same_through_refs.ts";
 * const use = { anyOf: [{ $ref: "#/$defs/B" }, { type: "null" }] };
 * const oldRoot = { $defs: { B: { type: ["string", "null"] } } };
 * assert.equal(sameThroughRefs(use, oldRoot, { $defs: { B: { type: "string" } } }), false);
 * assert.equal(sameThroughRefs(use, oldRoot, { $defs: { B: { type: ["string", "null"] } } }), true);
 * assert.equal(sameThroughRefs({ type: "string" }, oldRoot, {}), true);
 * ```
 */
export function sameThroughRefs(
  schema: JsonValue,
  oldRoot: JsonValue | undefined,
  newRoot: JsonValue | undefined,
): boolean {
  return targetsRewritten(schema, oldRoot, newRoot, (a, b) => jsonEqual(a, b))?.length === 0;
}

/** A local reference's target on each side, written otherwise. */
export interface RewrittenTarget {
  ref: string;
  old: JsonValue;
  new: JsonValue;
}

/**
 * The local references `schema` reaches, directly or through the definitions it reaches, whose
 * targets differ between `oldRoot` and `newRoot` though `alike` holds for them, each once; or
 * `undefined` when one is not alike or a local one cannot be resolved on a side. An `if` written
 * alike whose definition was reworded only in prose applies to the same values: its text is
 * compared where the definition writes it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { targetsRewritten } from "./_same_through_refs.ts";
 * import { withoutProse } from "./_unreached_prose.ts";
 * import { jsonEqual } from "../json.ts";
 * const alike = (a: unknown, b: unknown) =>
 *   jsonEqual(withoutProse(a as never), withoutProse(b as never));
 * const use = { $ref: "#/$defs/d" };
 * const oldRoot = { $defs: { d: { minLength: 2, description: "A" } } };
 * const newRoot = { $defs: { d: { minLength: 2, description: "B" } } };
 * assert.deepEqual(targetsRewritten(use, oldRoot, newRoot, alike), [
 *   { ref: "#/$defs/d", old: oldRoot.$defs.d, new: newRoot.$defs.d },
 * ]);
 * assert.equal(
 *   targetsRewritten(use, oldRoot, { $defs: { d: { minLength: 3 } } }, alike),
 *   undefined,
 * );
 * ```
 */
export function targetsRewritten(
  schema: JsonValue,
  oldRoot: JsonValue | undefined,
  newRoot: JsonValue | undefined,
  alike: (a: JsonValue, b: JsonValue) => boolean,
): RewrittenTarget[] | undefined {
  const out: RewrittenTarget[] = [];
  const seen = new Set<string>();
  const stack: JsonValue[] = [schema];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      stack.push(...v);
      continue;
    }
    if (!isObject(v)) continue;
    for (const key of Object.keys(v)) if (key !== "$ref") stack.push(v[key]!);
    const ref = v.$ref;
    if (ref === undefined) continue;
    if (typeof ref !== "string") return undefined;
    // A remote reference is never fetched: the same address means the same on both sides.
    if (!isLocalRef(ref)) continue;
    if (seen.has(ref)) continue;
    seen.add(ref);
    const a = oldRoot === undefined ? undefined : resolveLocal(oldRoot, ref);
    const b = newRoot === undefined ? undefined : resolveLocal(newRoot, ref);
    if (a === undefined || b === undefined || !alike(a, b)) return undefined;
    if (!jsonEqual(a, b)) out.push({ ref, old: a, new: b });
    stack.push(a);
  }
  return out;
}

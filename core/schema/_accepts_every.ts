/**
 * Whether a schema accepts every value: besides `true`, `{}` and annotations only, a lone local
 * `$ref` to such a schema, a `not` of a schema that rejects every value (`{not: {not: {}}}`,
 * `{not: false}`, `{not: {anyOf: [false]}}`; {@link rejectsEvery}), and any schema the subsumption proof shows `true` is contained in
 * (`{minLength: 0}`, `{anyOf: [true]}`, a list of every type). Private to the walkers.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { acceptsAll } from "./_catch_all_types.ts";
import { resolveLocal } from "./_catch_all_json.ts";
import { FACET_OF, Vocabulary } from "./types.ts";
import { loneRefOf } from "./_lone_ref.ts";
import { subsumes } from "./subsume.ts";

const KNOWN = new Vocabulary(Object.keys(FACET_OF));

/** How many `not` and lone `$ref` a reading goes through: `not` of `not` is read this deep. */
const MAX_DEPTH = 8;

/**
 * `s` without a `not` that rejects every value ({@link rejectsEvery}: it then constrains
 * nothing), references resolved in `root`; else `s`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withoutInertNot } from "./_accepts_every.ts";
 * assert.deepEqual(withoutInertNot({ type: "string", not: { not: {} } }, {}), { type: "string" });
 * const s = { not: { type: "string" } };
 * assert.equal(withoutInertNot(s, {}), s);
 * ```
 */
export function withoutInertNot(
  s: JsonObject,
  root: JsonValue | undefined,
  depth = 0,
): JsonObject {
  if (s.not === undefined || !rejectsEvery(s.not, root, depth + 1)) return s;
  const { not: _, ...rest } = s;
  return rest;
}

/**
 * Whether `value` (absent too), its references resolved in `root`, accepts every value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { acceptsEvery } from "./_accepts_every.ts";
 * const root = { $defs: { D: { description: "any" } } };
 * assert.equal(acceptsEvery({ $ref: "#/$defs/D" }, root), true);
 * assert.equal(acceptsEvery({ minLength: 0 }, root), true);
 * assert.equal(acceptsEvery({ not: { not: {} } }, root), true);
 * assert.equal(acceptsEvery({ type: "string" }, root), false);
 * ```
 */
export function acceptsEvery(
  value: JsonValue | undefined,
  root: JsonValue | undefined,
  depth = 0,
): boolean {
  if (acceptsAll(value)) return true;
  if (!isObject(value) || value === undefined || depth > MAX_DEPTH) return false;
  const s = withoutInertNot(value, root, depth);
  if (s !== value && acceptsAll(s)) return true;
  const r = root ?? {};
  return subsumes(true, s, { rootA: r, rootB: r, known: KNOWN, old: "none" }) === true;
}

/**
 * Whether `value`, its references resolved in `root`, rejects every value: `false`, a schema
 * whose `not` accepts every value ({@link acceptsEvery}: `{not: {}}`, `{not: {not: false}}`), a
 * lone local `$ref` (annotations beside it) to such a schema, read up to a few levels deep, an
 * allOf with such a branch, whatever the others are, or one the subsumption proof shows is
 * contained in `false` (`{anyOf: [false]}`, `{type: []}`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rejectsEvery } from "./_accepts_every.ts";
 * assert.equal(rejectsEvery({ not: {} }, {}), true);
 * assert.equal(rejectsEvery({ type: "string", not: { description: "any" } }, {}), true);
 * assert.equal(rejectsEvery({ not: { type: "string" } }, {}), false);
 * assert.equal(rejectsEvery({ allOf: [false, { $ref: "https://x.example/s.json" }] }, {}), true);
 * ```
 */
export function rejectsEvery(
  value: JsonValue | undefined,
  root: JsonValue | undefined,
  depth = 0,
): boolean {
  if (value === false) return true;
  if (!isObject(value) || depth > MAX_DEPTH) return false;
  if (value.not !== undefined && acceptsEvery(value.not, root, depth + 1)) return true;
  // A conjunction with a branch that rejects every value rejects every value, whatever the other
  // branches are (the proof, met with a reference it cannot follow first, may not get that far).
  if (Array.isArray(value.allOf) && value.allOf.some((b) => rejectsEvery(b, root, depth + 1))) {
    return true;
  }
  const ref = loneRefOf(value);
  const target = ref === undefined ? undefined : resolveLocal(root, ref);
  if (target !== undefined && rejectsEvery(target.value, root, depth + 1)) return true;
  const r = root ?? {};
  return subsumes(value, false, { rootA: r, rootB: r, known: KNOWN, old: "none" }) === true;
}

/**
 * Whether a schema accepts every value: besides `true`, `{}` and annotations only, a lone local
 * `$ref` to such a schema, and any schema the subsumption proof shows `true` is contained in
 * (`{minLength: 0}`, `{anyOf: [true]}`, a list of every type). Private to the walkers.
 * @module
 */
import { isObject, type JsonValue } from "../json.ts";
import { acceptsAll } from "./_catch_all_types.ts";
import { FACET_OF, Vocabulary } from "./types.ts";
import { subsumes } from "./subsume.ts";

const KNOWN = new Vocabulary(Object.keys(FACET_OF));

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
 * assert.equal(acceptsEvery({ type: "string" }, root), false);
 * ```
 */
export function acceptsEvery(value: JsonValue | undefined, root: JsonValue | undefined): boolean {
  if (acceptsAll(value)) return true;
  if (!isObject(value) || value === undefined) return false;
  const r = root ?? {};
  return subsumes(true, value, { rootA: r, rootB: r, known: KNOWN, old: "none" }) === true;
}

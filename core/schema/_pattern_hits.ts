/**
 * Which patternProperties match a property name, with those whose schema accepts every value set
 * apart: such a pattern governs nothing, yet a name it matches is evaluated, so
 * additionalProperties and unevaluatedProperties do not apply to it. Private to the walkers.
 * @module
 */
import type { JsonObject, JsonValue } from "../json.ts";
import { acceptsAll } from "./_catch_all_types.ts";
import { patternMatches } from "./pattern.ts";

/** What the patterns of an object say of one name. */
export interface PatternHits {
  /** The patterns that match it and constrain its values. */
  hits: string[];
  /** Whether a pattern that accepts every value matches it. */
  open: boolean;
  /** A pattern Proxar cannot match that accepts every value (matters only if nothing else does). */
  unknownOpen?: string;
  /** A pattern Proxar cannot match that constrains: what governs the name is untold. */
  unknown?: string;
}

/**
 * The patterns of `patterns` that match `name`, see {@link PatternHits}; `acceptsEvery` tells
 * which schemas accept every value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { patternHits } from "./_pattern_hits.ts";
 * assert.deepEqual(patternHits({ "^x": { type: "string" }, "x$": {} }, "x"), {
 *   hits: ["^x"],
 *   open: true,
 * });
 * ```
 */
export function patternHits(
  patterns: JsonObject,
  name: string,
  acceptsEvery: (v: JsonValue | undefined) => boolean = acceptsAll,
): PatternHits {
  const out: PatternHits = { hits: [], open: false };
  for (const pattern of Object.keys(patterns)) {
    const match = patternMatches(pattern, name);
    const open = acceptsEvery(patterns[pattern]);
    if (match === undefined) {
      if (!open) return { ...out, unknown: pattern };
      out.unknownOpen ??= pattern;
    } else if (match && open) out.open = true;
    else if (match) out.hits.push(pattern);
  }
  return out;
}

/**
 * The safe-integer limit, shared by both schema comparisons: on a schema that accepts integers
 * only, a bound at ±(2^53 − 1) or beyond rejects no integer a JSON client can send exactly
 * (RFC 7493, section 2.2), so it is compared as no bound. zod's `.int()` writes these bounds.
 * @module
 */

/** The largest integer every JSON implementation reads exactly: 2^53 − 1. */
export const SAFE_INTEGER_LIMIT = Number.MAX_SAFE_INTEGER;

/** Whether a type list accepts integers and no other numbers (other kinds have no bounds). */
export function integerOnly(types: Iterable<string> | undefined): boolean {
  if (types === undefined) return false;
  const set = new Set(types);
  return set.has("integer") && !set.has("number");
}

/** Whether a lower (`lower`) or upper bound lets every safe integer through. */
export function admitsEverySafeInteger(
  bound: { value: number; exclusive: boolean },
  lower: boolean,
): boolean {
  const edge = lower ? -SAFE_INTEGER_LIMIT : SAFE_INTEGER_LIMIT;
  if (bound.value === edge) return !bound.exclusive;
  return lower ? bound.value < edge : bound.value > edge;
}

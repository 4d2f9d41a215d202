/**
 * An object with these own entries, in this order, `__proto__` included as a plain key, as
 * `JSON.parse` makes one (an assignment would set the prototype instead).
 */
export function objectOf<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** A copy of a JSON value with every object's keys in reverse order: equal, other objects. */
export function reversed<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversed) as T;
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).reverse();
  return objectOf(entries.map(([key, v]) => [key, reversed(v)] as const)) as T;
}

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

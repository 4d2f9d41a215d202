/**
 * The two helpers ajv's generated validators call at run time (`core/shape_validators.ts`), so
 * that running them loads nothing of ajv: its `ucs2length` and the `fast-deep-equal` it uses,
 * ported line for line (a test compares them with the originals).
 * @module
 */

/** The length of `text` in code points, as ajv counts it for `minLength` and `maxLength`. */
export function ucs2length(text: string): number {
  const len = text.length;
  let length = 0;
  let pos = 0;
  while (pos < len) {
    length++;
    const value = text.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      // A high surrogate with a next character: a low surrogate completes the pair.
      if ((text.charCodeAt(pos) & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}

/** Deep equality as `fast-deep-equal` decides it (for `uniqueItems`, `const` and `enum`). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a && b && typeof a === "object" && typeof b === "object") {
    if (a.constructor !== b.constructor) return false;
    if (Array.isArray(a)) {
      const other = b as unknown[];
      if (a.length !== other.length) return false;
      for (let i = a.length; i-- !== 0;) if (!equal(a[i], other[i])) return false;
      return true;
    }
    if (a.constructor === RegExp) {
      return (a as RegExp).source === (b as RegExp).source &&
        (a as RegExp).flags === (b as RegExp).flags;
    }
    if (a.valueOf !== Object.prototype.valueOf) return a.valueOf() === b.valueOf();
    if (a.toString !== Object.prototype.toString) return a.toString() === b.toString();
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (let i = keys.length; i-- !== 0;) {
      if (!Object.prototype.hasOwnProperty.call(b, keys[i]!)) return false;
    }
    for (let i = keys.length; i-- !== 0;) {
      const key = keys[i]!;
      if (
        !equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])
      ) return false;
    }
    return true;
  }
  // True when both are NaN.
  return a !== a && b !== b;
}

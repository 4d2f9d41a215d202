/**
 * Maps JSON pointers and parse errors to 1-based line and column positions in a JSON text.
 * @module
 */
import { parse, type ParseError } from "jsonc-parser";

/** A 1-based position in a text. */
export interface Position {
  line: number;
  column: number;
}

/** The 1-based line and column of a character offset. */
export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/**
 * The position of the value a JSON pointer names, or of its nearest existing ancestor.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { locatePointer } from "./positions.ts";
 * const at = locatePointer('{\n  "a": [1, 2]\n}', "/a");
 * assert.ok(at?.line === 2 && at?.column === 3);
 * ```
 */
export function locatePointer(text: string, pointer: string): Position | undefined {
  return locatePointers(text, [pointer]).get(pointer);
}

/**
 * Positions of many JSON pointers in one pass over the text. Only the values on a path to a
 * wanted pointer are parsed; every other value is skipped by scanning for its end, and no tree
 * or token is built. A pointer that does not exist gets the position of its nearest existing
 * ancestor; a property is located at its key. Lines are counted on the way (JSON strings hold
 * no raw line breaks). Text that is not JSON yields what was found before the first error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { locatePointers } from "./positions.ts";
 * const at = locatePointers('{\n  "a": {\n    "b": [1, 2]\n  }\n}', ["/a/b/1", "/a/missing"]);
 * assert.deepEqual(at.get("/a/b/1"), { line: 3, column: 14 });
 * assert.deepEqual(at.get("/a/missing"), { line: 2, column: 3 });
 * ```
 */
export function locatePointers(text: string, pointers: Iterable<string>): Map<string, Position> {
  const wanted = new Set<string>([""]);
  const list = [...pointers];
  for (const pointer of list) {
    for (let i = pointer.length; i > 0; i = pointer.lastIndexOf("/", i - 1)) {
      const prefix = pointer.slice(0, i);
      if (wanted.has(prefix)) break;
      wanted.add(prefix);
    }
  }
  const found = new PointerScanner(text, wanted).scan();
  const out = new Map<string, Position>();
  for (const pointer of list) {
    let p = pointer;
    while (!found.has(p) && p !== "") p = p.slice(0, p.lastIndexOf("/"));
    const at = found.get(p);
    if (at !== undefined) out.set(pointer, at);
  }
  return out;
}

/** Thrown where the text stops being JSON; the positions found so far stand. */
class NotJson extends Error {}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * A recursive-descent reader of JSON text that records the offset of each wanted pointer (keys
 * for properties, values for array items and the root) and skips everything off those paths.
 */
class PointerScanner {
  #i = 0;
  /** The line of the cursor, and the offset where that line starts. */
  #line = 1;
  #lineStart = 0;
  readonly #found = new Map<string, Position>();

  constructor(readonly text: string, readonly wanted: ReadonlySet<string>) {}

  scan(): Map<string, Position> {
    try {
      this.#space();
      this.#found.set("", this.#here());
      this.#value("");
    } catch (error) {
      if (!(error instanceof NotJson)) throw error;
    }
    return this.#found;
  }

  #here(): Position {
    return { line: this.#line, column: this.#i - this.#lineStart + 1 };
  }

  #space(): void {
    const text = this.text;
    let i = this.#i;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0d || c === 0x09) i++;
      else if (c === 0x0a) {
        i++;
        this.#line++;
        this.#lineStart = i;
      } else break;
    }
    this.#i = i;
  }

  #expect(code: number): void {
    this.#space();
    if (this.text.charCodeAt(this.#i) !== code) throw new NotJson();
    this.#i++;
  }

  /** Reads the value at the cursor, whose pointer is on a wanted path. */
  #value(pointer: string): void {
    const c = this.text.charCodeAt(this.#i);
    if (c === 0x7b) this.#object(pointer);
    else if (c === 0x5b) this.#array(pointer);
    else this.#skip();
  }

  #object(pointer: string): void {
    this.#i++;
    this.#space();
    if (this.text.charCodeAt(this.#i) === 0x7d) {
      this.#i++;
      return;
    }
    for (;;) {
      this.#space();
      const keyLine = this.#line;
      const keyColumn = this.#i - this.#lineStart + 1;
      const key = this.#key();
      const child = `${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
      this.#expect(0x3a);
      this.#space();
      if (this.wanted.has(child)) {
        this.#found.set(child, { line: keyLine, column: keyColumn });
        this.#value(child);
      } else this.#skip();
      this.#space();
      const c = this.text.charCodeAt(this.#i++);
      if (c === 0x7d) return;
      if (c !== 0x2c) throw new NotJson();
    }
  }

  #array(pointer: string): void {
    this.#i++;
    this.#space();
    if (this.text.charCodeAt(this.#i) === 0x5d) {
      this.#i++;
      return;
    }
    for (let index = 0;; index++) {
      this.#space();
      const child = `${pointer}/${index}`;
      if (this.wanted.has(child)) {
        this.#found.set(child, this.#here());
        this.#value(child);
      } else this.#skip();
      this.#space();
      const c = this.text.charCodeAt(this.#i++);
      if (c === 0x5d) return;
      if (c !== 0x2c) throw new NotJson();
    }
  }

  /** Reads a key: its text, unescaped. */
  #key(): string {
    const start = this.#i;
    if (this.text.charCodeAt(start) !== QUOTE) throw new NotJson();
    const end = this.#stringEnd(start);
    this.#i = end;
    const raw = this.text.slice(start + 1, end - 1);
    if (!raw.includes("\\")) return raw;
    try {
      return JSON.parse(this.text.slice(start, end)) as string;
    } catch {
      throw new NotJson();
    }
  }

  /** The offset just past the string starting at `start` (its opening quote). */
  #stringEnd(start: number): number {
    const text = this.text;
    let at = start;
    for (;;) {
      at = text.indexOf('"', at + 1);
      if (at === -1) throw new NotJson();
      // Most quotes follow no backslash; otherwise an even run of them escapes nothing.
      if (text.charCodeAt(at - 1) !== BACKSLASH) return at + 1;
      let backslashes = 1;
      while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
      if (backslashes % 2 === 0) return at + 1;
    }
  }

  /** Moves the cursor past the value there, without reading it. */
  #skip(): void {
    const text = this.text;
    let i = this.#i;
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      this.#i = this.#stringEnd(i);
      return;
    }
    if (c !== 0x7b && c !== 0x5b) {
      // A literal or a number: up to the next delimiter.
      for (;;) {
        const d = text.charCodeAt(i);
        if (
          d === 0x2c || d === 0x7d || d === 0x5d || d === 0x20 || d === 0x0a || d === 0x0d ||
          d === 0x09 || Number.isNaN(d)
        ) break;
        i++;
      }
      if (i === this.#i) throw new NotJson();
      this.#i = i;
      return;
    }
    // An object or an array: to its closing bracket, counting lines (in locals: this loop
    // visits most of a large file).
    let depth = 0;
    let line = this.#line;
    let lineStart = this.#lineStart;
    for (;;) {
      const d = text.charCodeAt(i);
      if (d === QUOTE) {
        i = this.#stringEnd(i);
        continue;
      }
      i++;
      if (d <= 0x20) {
        if (d === 0x0a) {
          line++;
          lineStart = i;
          // The indentation of pretty-printed JSON.
          while (text.charCodeAt(i) === 0x20) i++;
        }
      } else if (d === 0x7b || d === 0x5b) depth++;
      else if (d === 0x7d || d === 0x5d) {
        if (--depth === 0) break;
      } else if (Number.isNaN(d)) throw new NotJson();
    }
    this.#i = i;
    this.#line = line;
    this.#lineStart = lineStart;
  }
}

const PARSE_ERRORS: Record<number, string> = {
  1: "invalid symbol",
  2: "invalid number",
  3: "expected a property name",
  4: "expected a value",
  5: "expected a colon",
  6: "expected a comma",
  7: "expected a closing brace",
  8: "expected a closing bracket",
  9: "expected the end of the file (a file holds one JSON value)",
  10: "unexpected end of comment",
  11: "unexpected end of string",
  12: "unexpected end of number",
  13: "invalid unicode escape",
  14: "invalid escape character",
  15: "invalid character",
  16: "comments are not allowed in JSON",
};

/** Where and why a text is not valid JSON, or undefined if it is. */
export function findJsonError(text: string): { position: Position; reason: string } | undefined {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (!first) return undefined;
  return {
    position: positionAt(text, first.offset),
    reason: PARSE_ERRORS[first.error] ?? "invalid JSON",
  };
}

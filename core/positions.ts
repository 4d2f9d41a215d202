/**
 * Maps JSON pointers and parse errors to 1-based line and column positions in a JSON text.
 * @module
 */
import { parse, type ParseError, visit } from "jsonc-parser";

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
 * Positions of many JSON pointers in one pass over the text (no tree is built, and subtrees off
 * every wanted path are only scanned). A pointer that does not exist gets the position of its
 * nearest existing ancestor; a property is located at its key.
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
  const found = new Map<string, number>();
  type Frame = { pointer: string | undefined; index: number; key: string | undefined };
  const frames: Frame[] = [];
  const valueAt = (offset: number): string | undefined => {
    const top = frames[frames.length - 1];
    if (!top) {
      found.set("", offset);
      return "";
    }
    if (top.pointer === undefined) return undefined;
    let pointer: string;
    if (top.key === undefined) pointer = `${top.pointer}/${++top.index}`;
    else {
      pointer = `${top.pointer}/${top.key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
      top.key = undefined;
      if (!wanted.has(pointer)) return undefined;
      return pointer;
    }
    if (!wanted.has(pointer)) return undefined;
    found.set(pointer, offset);
    return pointer;
  };
  visit(text, {
    onObjectBegin: (offset) =>
      void frames.push({ pointer: valueAt(offset), index: -1, key: undefined }),
    onArrayBegin: (offset) =>
      void frames.push({ pointer: valueAt(offset), index: -1, key: undefined }),
    onObjectEnd: () => void frames.pop(),
    onArrayEnd: () => void frames.pop(),
    onLiteralValue: (_value, offset) => void valueAt(offset),
    onObjectProperty: (property, offset) => {
      const top = frames[frames.length - 1]!;
      top.key = property;
      if (top.pointer === undefined) return;
      const pointer = `${top.pointer}/${property.replaceAll("~", "~0").replaceAll("/", "~1")}`;
      if (wanted.has(pointer)) found.set(pointer, offset);
    },
  }, { disallowComments: true });
  const starts = lineStarts(text);
  const position = (offset: number): Position => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  };
  const out = new Map<string, Position>();
  for (const pointer of list) {
    let p = pointer;
    while (!found.has(p) && p !== "") p = p.slice(0, p.lastIndexOf("/"));
    const offset = found.get(p);
    if (offset !== undefined) out.set(pointer, position(offset));
  }
  return out;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
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

/**
 * Maps JSON pointers and parse errors to 1-based line and column positions in a JSON text.
 * @module
 */
import { findNodeAtLocation, type Node, parse, type ParseError, parseTree } from "jsonc-parser";
import { pointerTokens } from "./json.ts";

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
  const root = parseTree(text);
  if (!root) return undefined;
  let best = root;
  for (const token of pointerTokens(pointer)) {
    const key = best.type === "array" ? Number(token) : token;
    const node = findNodeAtLocation(best, [key]);
    if (!node) break;
    best = node;
  }
  return positionAt(text, keyOffset(best));
}

/** The offset of a property's key when the node is a property value, so lines name the key. */
function keyOffset(node: Node): number {
  const parent = node.parent;
  if (parent?.type === "property" && parent.children?.[1] === node) return parent.offset;
  return node.offset;
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

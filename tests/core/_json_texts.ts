/**
 * JSON texts for the scanner's tests: random values, formatted with random whitespace, edited at
 * random places, and the reference locator the scanner must agree with.
 * @module
 */
import fc from "fast-check";
import { visit } from "jsonc-parser";
import { type Position, withAncestors } from "../../core/positions.ts";
/**
 * The locator before it scanned by hand: jsonc-parser's visitor over every token. The reference
 * the scanner must agree with.
 */
export function referenceLocate(text: string, pointers: Iterable<string>): Map<string, Position> {
  const list = [...pointers];
  const wanted = withAncestors(list);
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

export const SPACES = ["", " ", "\n", "  ", "\r\n", "\t", "\n    "];

/** JSON text of a value with whitespace between tokens chosen by `pick`. */
export function format(value: unknown, pick: () => string): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return `[${pick()}]`;
    return `[${value.map((v) => `${pick()}${format(v, pick)}${pick()}`).join(",")}]`;
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return `{${pick()}}`;
    return `{${
      entries.map(([k, v]) =>
        `${pick()}${JSON.stringify(k)}${pick()}:${pick()}${format(v, pick)}${pick()}`
      )
        .join(",")
    }}`;
  }
  return JSON.stringify(value);
}

/** Every pointer in a value, each one token longer with a token that names nothing. */
export function pointersOf(value: unknown, at = ""): string[] {
  const out = [at, `${at}/missing`, `${at}/99`];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pointersOf(v, `${at}/${i}`)));
  else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.push(...pointersOf(v, `${at}/${k.replaceAll("~", "~0").replaceAll("/", "~1")}`));
    }
  }
  return out;
}

const key = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.constantFrom("a/b", "~0", "~", 'q"uote', "back\\slash", "é", "\u{1F600}", "\n", "0", "12"),
);
export const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.oneof(fc.string(), fc.constantFrom('"', "\\", '\\"', "\\\\", "[{", '\n"}')),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(key, tie("value"), { maxKeys: 4 }),
  ),
}));

/** A value edited at one random place: a subtree replaced, or an array item added or removed. */
export function edited(
  v: unknown,
  edit: { path: number[]; kind: number; with: unknown },
  depth = 0,
): unknown {
  const step = edit.path[depth];
  if (Array.isArray(v)) {
    if (step === undefined || v.length === 0) {
      if (edit.kind === 0) return edit.with;
      const at = (step ?? 0) % (v.length + 1);
      return edit.kind === 1
        ? [...v.slice(0, at), edit.with, ...v.slice(at)]
        : [...v.slice(0, at), ...v.slice(at + 1)];
    }
    const at = step % v.length;
    return v.map((item, i) => i === at ? edited(item, edit, depth + 1) : item);
  }
  if (typeof v === "object" && v !== null) {
    const keys = Object.keys(v);
    if (step === undefined || keys.length === 0) return edit.kind === 0 ? edit.with : v;
    const at = keys[step % keys.length]!;
    return Object.fromEntries(
      Object.entries(v).map(([k, item]) => [k, k === at ? edited(item, edit, depth + 1) : item]),
    );
  }
  return edit.kind === 0 ? edit.with : v;
}

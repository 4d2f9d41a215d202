import assert from "node:assert/strict";
import fc from "fast-check";
import { visit } from "jsonc-parser";
import { locatePointers, type Position, SkippedValues } from "../../core/positions.ts";

/**
 * The locator before it scanned by hand: jsonc-parser's visitor over every token. The reference
 * the scanner must agree with.
 */
function referenceLocate(text: string, pointers: Iterable<string>): Map<string, Position> {
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

const SPACES = ["", " ", "\n", "  ", "\r\n", "\t", "\n    "];

/** JSON text of a value with whitespace between tokens chosen by `pick`. */
function format(value: unknown, pick: () => string): string {
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
function pointersOf(value: unknown, at = ""): string[] {
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
const { value } = fc.letrec((tie) => ({
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

Deno.test("locatePointers() agrees with the jsonc-parser visitor on random documents", () => {
  fc.assert(
    fc.property(
      value,
      fc.array(fc.nat(SPACES.length - 1), { minLength: 1, maxLength: 50 }),
      fc.infiniteStream(fc.boolean()),
      (v, spaces, keep) => {
        let n = 0;
        const text = format(v, () => SPACES[spaces[n++ % spaces.length]!]!);
        const all = pointersOf(v);
        const asked = all.filter(() => keep.next().value);
        const got = locatePointers(text, asked);
        assert.deepEqual(got, referenceLocate(text, asked), text);
      },
    ),
    { numRuns: 1500 },
  );
});

Deno.test("locatePointers() keeps the last of duplicate keys and locates properties at their key", () => {
  const text = '{"a": {"x": 1},\n "a": {"y":\n 2}}';
  const got = locatePointers(text, ["/a", "/a/y", "/a/x"]);
  assert.deepEqual(got, referenceLocate(text, ["/a", "/a/y", "/a/x"]));
  assert.deepEqual(got.get("/a/y"), { line: 2, column: 8 } satisfies Position);
});

Deno.test("locatePointers() stops at text that is not JSON and keeps what it found", () => {
  const got = locatePointers('{"a": 1, "b": [1, oops', ["/a", "/b/1"]);
  assert.deepEqual(got.get("/a"), { line: 1, column: 2 });
  assert.deepEqual(got.get("/b/1"), { line: 1, column: 19 });
});

/** A value edited at one random place: a subtree replaced, or an array item added or removed. */
function edited(
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

Deno.test("locatePointers() finds the same positions with the values a scan of a similar text skipped", () => {
  fc.assert(
    fc.property(
      value,
      fc.array(
        fc.record({ path: fc.array(fc.nat(), { maxLength: 5 }), kind: fc.nat(2), with: value }),
        { maxLength: 3 },
      ),
      fc.array(fc.nat(SPACES.length - 1), { minLength: 1, maxLength: 50 }),
      fc.boolean(),
      // Few pointers: the values off their paths are skipped, and passed over when the same.
      fc.infiniteStream(fc.nat(9)),
      (v, edits, spaces, sameSpaces, draw) => {
        const few = () => draw.next().value === 0;
        const w = edits.reduce<unknown>((acc, edit) => edited(acc, edit), v);
        let n = 0;
        const pick = () => SPACES[spaces[n++ % spaces.length]!]!;
        const before = format(v, pick);
        n = sameSpaces ? 0 : 1;
        const after = format(w, pick);
        const all = pointersOf(w);
        const asked = all.filter(few);
        const skipped = new SkippedValues(before, { minLength: 0 });
        locatePointers(before, pointersOf(v).filter(few), { skipped });
        const got = locatePointers(after, asked, { similar: skipped });
        assert.deepEqual(got, referenceLocate(after, asked), `${before}\n---\n${after}`);
      },
    ),
    { numRuns: 1500 },
  );
});

Deno.test("locatePointers() passes over array items that moved in the similar text", () => {
  const item = (n: number) => `{\n  "name": "t${n}",\n  "x": [1, 2]\n}`;
  const before = `{"tools": [\n${[0, 1, 2, 3, 4, 5].map(item).join(",\n")}\n]}`;
  // t1 removed, t9 added before t4: the items after move by -1, then by 0.
  const after = `{"tools": [\n${[0, 2, 3, 9, 4, 5].map(item).join(",\n")}\n]}`;
  const skipped = new SkippedValues(before, { minLength: 0 });
  locatePointers(before, ["/tools/9"], { skipped });
  const asked = ["/tools/5/x/1", "/tools/3/name"];
  const got = locatePointers(after, asked, { similar: skipped });
  assert.deepEqual(got, referenceLocate(after, asked));
  assert.deepEqual(got.get("/tools/5/x/1"), { line: 24, column: 12 });
  // Passed over: t0, then t2 and t3 one place away, then t4 at its place again.
  assert.equal(skipped.reused, 4);
  // The line and column after a value passed over, on its last line.
  const text = '{"a": {\n  "x": [\n1]\n  }, "b": 2}';
  const values = new SkippedValues(text, { minLength: 0 });
  locatePointers(text, ["/b"], { skipped: values });
  assert.deepEqual(locatePointers(text, ["/b"], { similar: values }).get("/b"), {
    line: 4,
    column: 6,
  });
  assert.equal(values.reused, 1);
});

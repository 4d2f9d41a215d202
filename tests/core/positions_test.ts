import assert from "node:assert/strict";
import fc from "fast-check";
import { locatePointers, type Position, SkippedValues } from "../../core/positions.ts";
import { edited, format, pointersOf, referenceLocate, SPACES, value } from "./_json_texts.ts";

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

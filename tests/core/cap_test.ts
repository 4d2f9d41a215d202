import assert from "node:assert/strict";
import fc from "fast-check";
import { cap } from "../../core/sanitize.ts";

Deno.test("cap keeps at most max characters, whatever the text's length and max", () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string({ maxLength: 200, unit: "binary" }),
        fc.integer({ min: 0, max: 200_000 }).map((n) => "x".repeat(n)),
      ),
      fc.oneof(fc.integer({ min: -5, max: 300 }), fc.integer({ min: 0, max: 250_000 })),
      (text, max) => {
        const out = cap(text, max);
        assert.ok(out.length <= Math.max(0, max), `${out.length} > ${max}`);
        if (text.length <= max) assert.equal(out, text);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("cap's note counts toward max, past 9,999 cut characters too", () => {
  // The SARIF rule text: 1,000 characters; a rationale of 11,000 left a 1,025-character text.
  for (const length of [1_025, 10_999, 11_000, 11_025, 101_030]) {
    const out = cap("r".repeat(length), 1000);
    assert.equal(out.length, 1000, `${length}`);
    const cut = Number(/… \((\d+) more characters\)$/.exec(out)?.[1]);
    assert.equal(out.indexOf("…") + cut, length, "the note counts what is cut");
  }
  assert.equal(cap("x".repeat(50), 30), `${"x".repeat(8)}… (42 more characters)`);
  // Too small for the note: what fits, and "…".
  assert.equal(cap("x".repeat(50), 10), `${"x".repeat(9)}…`);
  assert.equal(cap("abc", 1), "…");
  assert.equal(cap("abc", 0), "");
  assert.equal(cap("abc", Number.NaN), "");
  assert.equal(cap("abc", Infinity), "abc");
});

Deno.test("cap splits no surrogate pair", () => {
  const out = cap(`${"a".repeat(7)}😀${"b".repeat(40)}`, 30);
  assert.equal(out, `${"a".repeat(7)}… (42 more characters)`);
  assert.equal(cap("ab😀", 3), "ab…");
  assert.equal(cap("a😀b", 2), "a…");
  assert.equal(cap("😀b", 2), "…");
});

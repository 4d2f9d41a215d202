/**
 * An npm range written as two comparators that a caret or tilde range writes in one accepts the
 * same versions (`>=1.2.0 <2.0.0` and `^1.2.0`), so the classifier reads no marker changed where
 * only its form did, both ways; a pair no caret or tilde range writes stays a marker.
 */
import assert from "node:assert/strict";
import { classifyProse, describeVerdict } from "../../core/prose.ts";
import { asShortRanges } from "../../core/prose_version_ranges.ts";

const text = (range: string) => `Installs the SDK at the range ${range} from the registry.`;

Deno.test("classifyProse() reads an npm range of two comparators as the caret or tilde range it is, both ways", () => {
  for (
    const [long, short] of [
      [">=1.2.0 <2.0.0", "^1.2.0"],
      [">= 0.2.3 < 0.3.0", "^0.2.3"],
      [">=0.0.3 <0.0.4-0", "^0.0.3"],
      [">=1.2.3 <1.3.0", "~1.2.3"],
      ["≥1.2.0 <2.0.0", "^1.2.0"],
    ]
  ) {
    for (const [a, b] of [[long, short], [short, long]] as const) {
      const verdict = classifyProse(text(a!), text(b!));
      assert.equal(verdict.severity, "DOCUMENTATION", `${a} → ${b}`);
      assert.equal(
        describeVerdict(verdict),
        `the number "${a}" written as "${b}" (edit 1, overlap 1)`,
      );
    }
  }
});

Deno.test("classifyProse() keeps a range that accepts other versions a marker", () => {
  for (
    const [a, b] of [
      [">=1.2.0 <1.5.0", "^1.2.0"],
      [">=1.2.0 <2.0.0", "^1.3.0"],
      [">=1.2.0 <2.0.0", "~1.2.0"],
      [">=1.2.0 <2.0.0-beta", "^1.2.0"],
      [">=1.2 <2.0", "^1.2"],
    ]
  ) {
    for (const [x, y] of [[a, b], [b, a]] as const) {
      const verdict = classifyProse(text(x!), text(y!));
      assert.equal(verdict.severity, "POTENTIALLY_BREAKING", `${x} → ${y}`);
      assert.equal(verdict.step, "marker", `${x} → ${y}`);
    }
  }
  // Not rewritten where it is glued to another version or operator.
  assert.equal(asShortRanges("1.0.0>=1.2.0 <2.0.0"), "1.0.0>=1.2.0 <2.0.0");
  assert.equal(asShortRanges(">=1.2.0 <2.0.0.1"), ">=1.2.0 <2.0.0.1");
});

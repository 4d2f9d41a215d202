import assert from "node:assert/strict";
import { classifyProse, DEFAULT_PROSE_OPTIONS, normaliseProse } from "../../core/prose.ts";

Deno.test("classifyProse() grades a changed number as POTENTIALLY_BREAKING by marker", () => {
  assert.deepEqual(classifyProse("limit defaults to 10", "limit defaults to 100"), {
    severity: "POTENTIALLY_BREAKING",
    step: "marker",
    marker: "10",
  });
});

Deno.test("classifyProse() grades the same words in another order as POTENTIALLY_BREAKING", () => {
  assert.deepEqual(classifyProse("use search before create", "use create before search"), {
    severity: "POTENTIALLY_BREAKING",
    step: "order",
  });
});

Deno.test("classifyProse() grades one typo in a four-word description as DOCUMENTATION", () => {
  assert.deepEqual(classifyProse("Search the issue tracker", "Search the isue tracker"), {
    severity: "DOCUMENTATION",
    step: "similarity",
    edit: 0.958,
    jaccard: 0.6,
  });
});

Deno.test("classifyProse() grades a rewritten sentence of the same length as POTENTIALLY_BREAKING", () => {
  const pairs = [
    ["Returns the open issues of a repository", "Archives the old issues of a repository"],
    ["Search issues by title and label", "Delete issues by title and label"],
  ] as const;
  for (const [before, after] of pairs) {
    assert.equal(before.length, after.length, "the pair must have the same length");
    const verdict = classifyProse(before, after);
    assert.equal(verdict.severity, "POTENTIALLY_BREAKING", `${before} → ${after}`);
    assert.equal(verdict.step, "similarity", `${before} → ${after}`);
  }
  assert.deepEqual(
    classifyProse("Search issues by title and label", "Delete issues by title and label"),
    { severity: "POTENTIALLY_BREAKING", step: "similarity", edit: 0.844, jaccard: 0.714 },
  );
});

Deno.test("classifyProse() treats case, whitespace and trailing punctuation as equal", () => {
  assert.deepEqual(classifyProse("Search issues.", "  search   ISSUES  "), {
    severity: "DOCUMENTATION",
    step: "equal",
  });
  assert.equal(normaliseProse("  Search\n\tISSUES!?  "), "search issues");
});

Deno.test("classifyProse() grades a description added or removed as POTENTIALLY_BREAKING", () => {
  const expected = { severity: "POTENTIALLY_BREAKING", step: "emptiness" };
  assert.deepEqual(classifyProse(undefined, "Search issues"), expected);
  assert.deepEqual(classifyProse("Search issues", ""), expected);
  assert.deepEqual(classifyProse(undefined, " . "), { severity: "DOCUMENTATION", step: "equal" });
});

Deno.test("classifyProse() detects negations, contractions and modality as markers", () => {
  const cases = [
    ["The call is idempotent", "The call is not idempotent", "not"],
    ["Returns closed issues", "Doesn't return closed issues", "not"],
    ["Use with care", "Use without care", "without"],
    ["Search issues by free text", "Search open issues only by free text", "only"],
    ["The repo argument is optional", "The repo argument is required", "optional"],
  ] as const;
  for (const [before, after, marker] of cases) {
    assert.deepEqual(
      classifyProse(before, after),
      { severity: "POTENTIALLY_BREAKING", step: "marker", marker },
      `${before} → ${after}`,
    );
  }
});

Deno.test("classifyProse() uses extra markers and thresholds from its options", () => {
  const before = "Marks the tool deprecated soon";
  const after = "Marks the tool soon";
  assert.equal(classifyProse(before, after).step, "similarity");
  assert.deepEqual(
    classifyProse(before, after, { ...DEFAULT_PROSE_OPTIONS, extraMarkers: ["Deprecated"] }),
    { severity: "POTENTIALLY_BREAKING", step: "marker", marker: "deprecated" },
  );
  // The typo case is DOCUMENTATION by default only because its edit similarity (0.958) is high.
  const strict = { ...DEFAULT_PROSE_OPTIONS, high: 0.99 };
  assert.equal(
    classifyProse("Search the issue tracker", "Search the isue tracker", strict).severity,
    "POTENTIALLY_BREAKING",
  );
});

Deno.test({
  name: "classifyProse() sees a marker inside a hyphenated word",
  fn: () => {
    const verdict = classifyProse(
      "Search the issue tracker by free text and labels, read-only",
      "Search the issue tracker by free text and labels, read-write",
    );
    assert.deepEqual(verdict, { severity: "POTENTIALLY_BREAKING", step: "marker", marker: "only" });
  },
});

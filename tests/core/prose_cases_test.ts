/**
 * The labelled table of description changes (`tests/fixtures/prose_cases.json`): every row must be
 * graded with its severity, by its step (and marker), under the default thresholds.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { classifyProse } from "../../core/prose.ts";
import { FIXTURES } from "../helpers.ts";

interface Case {
  case: string;
  category: string;
  old: string;
  new: string;
  severity: string;
  step: string;
  marker?: string;
  note?: string;
}

const CASES = JSON.parse(readFileSync(join(FIXTURES, "prose_cases.json"), "utf8")) as Case[];

Deno.test("classifyProse() grades every row of the labelled table as labelled", () => {
  const wrong = CASES.flatMap((c) => {
    const v = classifyProse(c.old, c.new);
    const expected = { severity: c.severity, step: c.step, marker: c.marker ?? v.marker };
    const actual = { severity: v.severity, step: v.step, marker: v.marker };
    return JSON.stringify(actual) === JSON.stringify(expected)
      ? []
      : [`${c.case}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(v)}`];
  });
  assert.deepEqual(wrong, []);
});

Deno.test("classifyProse() labelled table is large, unique and covers every category and step", () => {
  assert.ok(CASES.length >= 60, `${CASES.length} rows`);
  assert.equal(new Set(CASES.map((c) => c.case)).size, CASES.length, "case names are unique");
  assert.equal(new Set(CASES.map((c) => `${c.old}\u0000${c.new}`)).size, CASES.length);
  assert.deepEqual([...new Set(CASES.map((c) => c.category))].sort(), [
    "code",
    "emptiness",
    "limit",
    "long",
    "modality",
    "negation",
    "never",
    "only",
    "punctuation",
    "reversed",
    "rewording",
    "seed",
    "swap",
    "typo",
    "unit",
    "warning",
  ]);
  for (const step of ["equal", "emptiness", "marker", "order", "similarity"]) {
    for (const severity of ["DOCUMENTATION", "POTENTIALLY_BREAKING"]) {
      const possible = step === "similarity" ||
        (step === "equal") === (severity === "DOCUMENTATION");
      if (!possible) continue;
      assert.ok(
        CASES.some((c) => c.step === step && c.severity === severity),
        `no ${severity} row decided by ${step}`,
      );
    }
  }
  for (const c of CASES) {
    if (c.step === "marker") assert.ok(c.marker, `${c.case}: a marker row names its marker`);
  }
  assert.ok(CASES.some((c) => c.old.length > 500), "a long-instructions row");
});

Deno.test("classifyProse() labelled table holds the seed's cases verbatim", () => {
  const row = (old: string, next: string) => CASES.find((c) => c.old === old && c.new === next);
  assert.deepEqual(
    row("limit defaults to 10", "limit defaults to 100")?.severity,
    "POTENTIALLY_BREAKING",
  );
  assert.deepEqual(
    row("use search before create", "use create before search")?.step,
    "order",
  );
  const typo = CASES.find((c) => c.case === "seed: one typo in a four-word description")!;
  assert.equal(typo.old.split(" ").length, 4);
  assert.equal(typo.severity, "DOCUMENTATION");
  const rewrite = CASES.find((c) => c.case === "seed: a rewritten sentence of the same length")!;
  assert.equal(rewrite.old.length, rewrite.new.length);
  assert.equal(rewrite.severity, "POTENTIALLY_BREAKING");
  assert.equal(rewrite.step, "similarity");
});

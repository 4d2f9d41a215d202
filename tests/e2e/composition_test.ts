/**
 * End-to-end tests of how `proxar diff` grades composition and subsumption (issue 11, items 1
 * and 2): each case under `tests/fixtures/composition/<case>/` holds the same schema change as an
 * input schema (`in.old.json` → `in.new.json`) and as an output schema (`out.*.json`). Every case
 * runs in four directions: input, input reversed (the mirror change), output, output reversed,
 * with the exact findings and exit code of each, so the variance table is checked both ways and
 * an extra or a missing finding fails.
 */
import assert from "node:assert/strict";
import { findings, runCli } from "../helpers.ts";

type Run = [code: number, findings: string[]];
interface Case {
  input: Run;
  inputReversed: Run;
  output: Run;
  outputReversed: Run;
}

const CASES: Record<string, Case> = {
  lone_to_anyof: {
    input: [0, ["tool.input.anyOf.widened|t.inputSchema.anyOf|NON_BREAKING"]],
    inputReversed: [1, ["tool.input.anyOf.narrowed|t.inputSchema.anyOf|BREAKING"]],
    output: [1, ["tool.output.anyOf.widened|t.outputSchema.anyOf|BREAKING"]],
    outputReversed: [0, ["tool.output.anyOf.narrowed|t.outputSchema.anyOf|NON_BREAKING"]],
  },
  anyof_branch_added: {
    input: [0, ["tool.input.anyOf.widened|t.inputSchema.properties.v.anyOf|NON_BREAKING"]],
    inputReversed: [1, ["tool.input.anyOf.narrowed|t.inputSchema.properties.v.anyOf|BREAKING"]],
    output: [1, ["tool.output.anyOf.widened|t.outputSchema.properties.v.anyOf|BREAKING"]],
    outputReversed: [0, [
      "tool.output.anyOf.narrowed|t.outputSchema.properties.v.anyOf|NON_BREAKING",
    ]],
  },
  allof_branch_removed: {
    input: [0, ["tool.input.allOf.widened|t.inputSchema.properties.v.allOf|NON_BREAKING"]],
    inputReversed: [1, ["tool.input.allOf.narrowed|t.inputSchema.properties.v.allOf|BREAKING"]],
    output: [1, ["tool.output.allOf.widened|t.outputSchema.properties.v.allOf|BREAKING"]],
    outputReversed: [0, [
      "tool.output.allOf.narrowed|t.outputSchema.properties.v.allOf|NON_BREAKING",
    ]],
  },
  allof_reordered: {
    input: [0, []],
    inputReversed: [0, []],
    output: [0, []],
    outputReversed: [0, []],
  },
  oneof_to_allof: {
    input: [0, []],
    inputReversed: [0, []],
    output: [0, []],
    outputReversed: [0, []],
  },
  string_to_oneof: {
    input: [0, [
      "tool.input.maxLength.widened|t.inputSchema.properties.v.oneOf.1.maxLength|NON_BREAKING",
      "tool.input.oneOf.widened|t.inputSchema.properties.v.oneOf|NON_BREAKING",
    ]],
    inputReversed: [1, [
      "tool.input.maxLength.narrowed|t.inputSchema.properties.v.oneOf.0.maxLength|BREAKING",
      "tool.input.oneOf.narrowed|t.inputSchema.properties.v.oneOf|BREAKING",
    ]],
    output: [1, [
      "tool.output.maxLength.widened|t.outputSchema.properties.v.oneOf.1.maxLength|BREAKING",
      "tool.output.oneOf.widened|t.outputSchema.properties.v.oneOf|BREAKING",
    ]],
    outputReversed: [0, [
      "tool.output.maxLength.narrowed|t.outputSchema.properties.v.oneOf.0.maxLength|NON_BREAKING",
      "tool.output.oneOf.narrowed|t.outputSchema.properties.v.oneOf|NON_BREAKING",
    ]],
  },
  allof_annotation_branch: {
    input: [0, []],
    inputReversed: [0, []],
    output: [0, []],
    outputReversed: [0, []],
  },
  if_then_else_whole: {
    input: [0, ["tool.input.if.widened|t.inputSchema.if|NON_BREAKING"]],
    inputReversed: [1, ["tool.input.if.narrowed|t.inputSchema.if|BREAKING"]],
    output: [1, ["tool.output.if.widened|t.outputSchema.if|BREAKING"]],
    outputReversed: [0, ["tool.output.if.narrowed|t.outputSchema.if|NON_BREAKING"]],
  },
  if_changed: {
    input: [1, ["tool.input.if.changed|t.inputSchema.if|BREAKING"]],
    inputReversed: [1, ["tool.input.if.changed|t.inputSchema.if|BREAKING"]],
    output: [1, ["tool.output.if.changed|t.outputSchema.if|BREAKING"]],
    outputReversed: [1, ["tool.output.if.changed|t.outputSchema.if|BREAKING"]],
  },
  pattern_properties_whole: {
    input: [0, [
      "tool.input.patternProperties.widened|t.inputSchema.patternProperties|NON_BREAKING",
    ]],
    inputReversed: [1, [
      "tool.input.patternProperties.narrowed|t.inputSchema.patternProperties|BREAKING",
    ]],
    output: [1, [
      "tool.output.patternProperties.widened|t.outputSchema.patternProperties|BREAKING",
    ]],
    outputReversed: [0, [
      "tool.output.patternProperties.narrowed|t.outputSchema.patternProperties|NON_BREAKING",
    ]],
  },
  pattern_properties_closed: {
    input: [0, [
      "tool.input.patternProperties.widened|t.inputSchema.patternProperties|NON_BREAKING",
    ]],
    inputReversed: [1, [
      "tool.input.patternProperties.narrowed|t.inputSchema.patternProperties|BREAKING",
    ]],
    output: [1, [
      "tool.output.patternProperties.widened|t.outputSchema.patternProperties|BREAKING",
    ]],
    outputReversed: [0, [
      "tool.output.patternProperties.narrowed|t.outputSchema.patternProperties|NON_BREAKING",
    ]],
  },
  pattern_superset: {
    input: [0, ["tool.input.pattern.widened|t.inputSchema.properties.v.pattern|NON_BREAKING"]],
    inputReversed: [1, ["tool.input.pattern.narrowed|t.inputSchema.properties.v.pattern|BREAKING"]],
    output: [1, ["tool.output.pattern.widened|t.outputSchema.properties.v.pattern|BREAKING"]],
    outputReversed: [0, [
      "tool.output.pattern.narrowed|t.outputSchema.properties.v.pattern|NON_BREAKING",
    ]],
  },
  pattern_incomparable: {
    input: [1, ["tool.input.pattern.changed|t.inputSchema.properties.v.pattern|BREAKING"]],
    inputReversed: [1, ["tool.input.pattern.changed|t.inputSchema.properties.v.pattern|BREAKING"]],
    output: [1, ["tool.output.pattern.changed|t.outputSchema.properties.v.pattern|BREAKING"]],
    outputReversed: [1, [
      "tool.output.pattern.changed|t.outputSchema.properties.v.pattern|BREAKING",
    ]],
  },
  pattern_undecidable: {
    input: [1, ["tool.input.pattern.changed|t.inputSchema.properties.v.pattern|BREAKING"]],
    inputReversed: [1, ["tool.input.pattern.changed|t.inputSchema.properties.v.pattern|BREAKING"]],
    output: [1, ["tool.output.pattern.changed|t.outputSchema.properties.v.pattern|BREAKING"]],
    outputReversed: [1, [
      "tool.output.pattern.changed|t.outputSchema.properties.v.pattern|BREAKING",
    ]],
  },
  forbidden_property_removed: {
    input: [0, []],
    inputReversed: [0, []],
    output: [0, []],
    outputReversed: [0, []],
  },
  property_added_partially_open: {
    input: [1, [
      "tool.input.enum.narrowed|t.inputSchema.properties.mode.enum|BREAKING",
      "tool.input.property.added|t.inputSchema.properties.mode|NON_BREAKING",
    ]],
    inputReversed: [1, [
      "tool.input.enum.widened|t.inputSchema.properties.mode.enum|NON_BREAKING",
      "tool.input.property.removed|t.inputSchema.properties.mode|BREAKING",
    ]],
    output: [0, [
      "tool.output.enum.narrowed|t.outputSchema.properties.mode.enum|NON_BREAKING",
      "tool.output.property.added|t.outputSchema.properties.mode|NON_BREAKING",
    ]],
    outputReversed: [1, [
      "tool.output.enum.widened|t.outputSchema.properties.mode.enum|BREAKING",
      "tool.output.property.removed|t.outputSchema.properties.mode|BREAKING",
    ]],
  },
  property_added_unevaluated: {
    input: [1, [
      "tool.input.minimum.narrowed|t.inputSchema.properties.depth.minimum|BREAKING",
      "tool.input.property.added|t.inputSchema.properties.depth|NON_BREAKING",
    ]],
    inputReversed: [1, [
      "tool.input.minimum.widened|t.inputSchema.properties.depth.minimum|NON_BREAKING",
      "tool.input.property.removed|t.inputSchema.properties.depth|BREAKING",
    ]],
    output: [0, [
      "tool.output.minimum.narrowed|t.outputSchema.properties.depth.minimum|NON_BREAKING",
      "tool.output.property.added|t.outputSchema.properties.depth|NON_BREAKING",
    ]],
    outputReversed: [1, [
      "tool.output.minimum.widened|t.outputSchema.properties.depth.minimum|BREAKING",
      "tool.output.property.removed|t.outputSchema.properties.depth|BREAKING",
    ]],
  },
  items_after_prefix: {
    input: [1, [
      "tool.input.maxLength.narrowed|t.inputSchema.properties.v.prefixItems.1.maxLength|BREAKING",
    ]],
    inputReversed: [0, [
      "tool.input.maxLength.widened|t.inputSchema.properties.v.prefixItems.1.maxLength|NON_BREAKING",
    ]],
    output: [0, [
      "tool.output.maxLength.narrowed|t.outputSchema.properties.v.prefixItems.1.maxLength|NON_BREAKING",
    ]],
    outputReversed: [1, [
      "tool.output.maxLength.widened|t.outputSchema.properties.v.prefixItems.1.maxLength|BREAKING",
    ]],
  },
  oneof_overlapping_branch: {
    input: [1, [
      "tool.input.keyword.changed|t.inputSchema.properties.v.oneOf|BREAKING",
      "tool.input.oneOf.widened|t.inputSchema.properties.v.oneOf|NON_BREAKING",
    ]],
    inputReversed: [1, [
      "tool.input.keyword.changed|t.inputSchema.properties.v.oneOf|BREAKING",
      "tool.input.oneOf.widened|t.inputSchema.properties.v.oneOf|NON_BREAKING",
    ]],
    output: [1, [
      "tool.output.keyword.changed|t.outputSchema.properties.v.oneOf|BREAKING",
      "tool.output.oneOf.narrowed|t.outputSchema.properties.v.oneOf|NON_BREAKING",
    ]],
    outputReversed: [1, [
      "tool.output.keyword.changed|t.outputSchema.properties.v.oneOf|BREAKING",
      "tool.output.oneOf.narrowed|t.outputSchema.properties.v.oneOf|NON_BREAKING",
    ]],
  },
};

const FILES = {
  input: ["in.old", "in.new"],
  inputReversed: ["in.new", "in.old"],
  output: ["out.old", "out.new"],
  outputReversed: ["out.new", "out.old"],
} as const;

async function diff(name: string, [a, b]: readonly [string, string]) {
  const result = await runCli([
    "diff",
    `composition/${name}/${a}.json`,
    `composition/${name}/${b}.json`,
    "--format",
    "json",
  ]);
  assert.equal(result.stderr, "");
  return result;
}

for (const [name, expected] of Object.entries(CASES)) {
  Deno.test(`proxar diff grades the composition case ${name} in every direction`, async () => {
    for (const direction of Object.keys(FILES) as (keyof typeof FILES)[]) {
      const result = await diff(name, FILES[direction]);
      assert.deepEqual(
        [result.code, findings(result.stdout)],
        expected[direction],
        `${name}, ${direction}`,
      );
    }
  });
}

Deno.test("proxar diff names why a pattern with a backreference cannot be compared", async () => {
  const result = await diff("pattern_undecidable", FILES.input);
  const [change] = JSON.parse(result.stdout).changes;
  assert.match(change.message, /cannot compare them .*backreference/);
});

Deno.test("proxar diff says an overlapping oneOf branch may reject values that matched one branch", async () => {
  const result = await diff("oneof_overlapping_branch", FILES.input);
  const change = JSON.parse(result.stdout).changes.find((c: { rule: string }) =>
    c.rule === "tool.input.keyword.changed"
  );
  assert.match(change.message, /may overlap/);
});

/**
 * Four-direction cases for end-to-end schema tests: a folder under `tests/fixtures/<group>/<case>/`
 * holds the same schema change as an input schema (`in.old.json` → `in.new.json`) and as an
 * output schema (`out.*.json`). Each case runs as input, input reversed (the mirror change),
 * output and output reversed, with the exact findings and exit code of each, so the variance
 * table is checked both ways and an extra or a missing finding fails.
 */
import assert from "node:assert/strict";
import { type CliResult, findings, runCli } from "../helpers.ts";

/** The exit code and the `rule|path|severity` findings of one run. */
export type Run = [code: number, findings: string[]];

/** The expected runs of one case, by direction. */
export interface Case {
  input: Run;
  inputReversed: Run;
  output: Run;
  outputReversed: Run;
}

/** The finding `rule|path|severity` of `keyword`'s `effect` at `at`, graded by the variance table. */
export function finding(
  side: "input" | "output",
  keyword: string,
  effect: string,
  at: string,
): string {
  const severity = effect === "changed" || (effect === "widened") === (side === "output")
    ? "BREAKING"
    : "NON_BREAKING";
  return `tool.${side}.${keyword}.${effect}|t.${side}Schema${at}|${severity}`;
}

/** One run that reports only `keyword`'s `effect`: exit 1 when that is BREAKING. */
function run(side: "input" | "output", keyword: string, effect: string, at: string): Run {
  const only = finding(side, keyword, effect, at);
  return [only.endsWith("|BREAKING") ? 1 : 0, [only]];
}

/**
 * A case with one finding, graded by the variance table: `keyword` at `at` (a path below the
 * schema, such as `.properties.v.anyOf`) has the effect `forward` from old to new and `backward`
 * from new to old.
 */
function single(keyword: string, at: string, forward: string, backward: string): Case {
  return {
    input: run("input", keyword, forward, at),
    inputReversed: run("input", keyword, backward, at),
    output: run("output", keyword, forward, at),
    outputReversed: run("output", keyword, backward, at),
  };
}

/** `keyword` accepts more values than before: NON_BREAKING for an input, BREAKING for an output. */
export const widens = (keyword: string, at: string): Case =>
  single(keyword, at, "widened", "narrowed");
/** `keyword` accepts fewer values than before: the mirror of {@link widens}. */
export const narrows = (keyword: string, at: string): Case =>
  single(keyword, at, "narrowed", "widened");
/** Neither side holds the other's values: BREAKING whichever way. */
export const changes = (keyword: string, at: string): Case =>
  single(keyword, at, "changed", "changed");

/**
 * `c` where the old root declares `type: "object"` and the new one does not (a union or an allOf
 * at the root): each forward direction also loses it (`root.notObject`, BREAKING, exit 1), each
 * reversed one gains it (`root.object`, NON_BREAKING).
 */
export function rootLost(c: Case): Case {
  const add = ([code, found]: Run, side: "input" | "output", lost: boolean): Run => [
    lost ? 1 : code,
    [
      ...found,
      `tool.${side}.root.${lost ? "notObject" : "object"}|t.${side}Schema|${
        lost ? "BREAKING" : "NON_BREAKING"
      }`,
    ].sort(),
  ];
  return {
    input: add(c.input, "input", true),
    inputReversed: add(c.inputReversed, "input", false),
    output: add(c.output, "output", true),
    outputReversed: add(c.outputReversed, "output", false),
  };
}

/** A case whose change accepts exactly the same values: no finding in any direction. */
export const UNCHANGED: Case = {
  input: [0, []],
  inputReversed: [0, []],
  output: [0, []],
  outputReversed: [0, []],
};

/** The files each direction compares. */
export const FILES = {
  input: ["in.old", "in.new"],
  inputReversed: ["in.new", "in.old"],
  output: ["out.old", "out.new"],
  outputReversed: ["out.new", "out.old"],
} as const;

/** Runs `proxar diff --format json` on two files of a case folder under `tests/fixtures/`. */
export async function diffCase(
  folder: string,
  [a, b]: readonly [string, string],
): Promise<CliResult> {
  const result = await runCli([
    "diff",
    `${folder}/${a}.json`,
    `${folder}/${b}.json`,
    "--format",
    "json",
  ]);
  assert.equal(result.stderr, "");
  return result;
}

/** One test per case of `group`, each running its four directions. */
export function testCases(group: string, cases: Record<string, Case>): void {
  for (const [name, expected] of Object.entries(cases)) {
    Deno.test(`proxar diff grades the ${group} case ${name} in every direction`, async () => {
      for (const direction of Object.keys(FILES) as (keyof typeof FILES)[]) {
        const result = await diffCase(`${group}/${name}`, FILES[direction]);
        assert.deepEqual(
          [result.code, findings(result.stdout)],
          expected[direction],
          `${name}, ${direction}`,
        );
      }
    });
  }
}

/**
 * End-to-end grades of bounds at the safe-integer limit (±(2^53 − 1)), which zod's `.int()` adds
 * to every integer: each case under `tests/fixtures/safe_integer/<case>/` runs in four directions
 * (see `_directions.ts`). On input the bound is exempt while both sides accept some safe integer;
 * on output it is graded by variance, like any bound.
 */
import { type Case, narrows, testCases, UNCHANGED } from "./_directions.ts";

const SAFE_LIMIT = (at: string): Case => {
  const exempt = `tool.input.maximum.safeIntegerLimit|t.inputSchema${at}|NON_BREAKING`;
  return {
    input: [0, [exempt]],
    inputReversed: [0, [exempt]],
    output: [0, [`tool.output.maximum.narrowed|t.outputSchema${at}|NON_BREAKING`]],
    // The server may now return integers that JSON clients read inexactly.
    outputReversed: [1, [`tool.output.maximum.widened|t.outputSchema${at}|BREAKING`]],
  };
};

/** The minimum and maximum at the limit in the schema at `at`, exempt on input. */
const LIMITS = (at: string): string[] =>
  ["maximum", "minimum"].map((k) =>
    `tool.input.${k}.safeIntegerLimit|t.inputSchema${at}.${k}|NON_BREAKING`
  );

/**
 * Bounds added to the integer branch of an output union, graded by variance: whether or not they
 * are the limit, the server promises fewer (or, reversed, more) integers.
 */
const BRANCH_BOUNDED_OUTPUT: Pick<Case, "output" | "outputReversed"> = {
  output: [0, [
    "tool.output.maximum.narrowed|t.outputSchema.properties.limit.anyOf.0.maximum|NON_BREAKING",
    "tool.output.minimum.narrowed|t.outputSchema.properties.limit.anyOf.0.minimum|NON_BREAKING",
  ]],
  outputReversed: [1, [
    "tool.output.maximum.widened|t.outputSchema.properties.limit.anyOf.0.maximum|BREAKING",
    "tool.output.minimum.widened|t.outputSchema.properties.limit.anyOf.0.minimum|BREAKING",
  ]],
};

testCases("safe_integer", {
  zod_bounds_added: SAFE_LIMIT(".properties.limit.maximum"),
  // Every accepted value lies beyond the limit: bounded, the schema accepts nothing.
  nanoseconds_bounded: narrows("maximum", ".properties.since.maximum"),
  unsafe_enum_bounded: narrows("maximum", ".properties.id.maximum"),
  // The safe value 1 stays: only the unsafe one goes.
  mixed_enum_bounded: SAFE_LIMIT(".properties.id.maximum"),
  // The integer type is in the definition the $ref beside the bound reaches; both differs report
  // the bound where it is written, so their findings merge.
  ref_sibling_bounded: SAFE_LIMIT(".properties.limit.maximum"),
  // The target's maximum 10 is tighter than the limit beside the $ref: nothing changes.
  ref_sibling_looser: UNCHANGED,
  // Whether an integer that is a multiple of 1.5 is left is not decided: graded as a bound.
  fractional_multiple_bounded: narrows("maximum", ".properties.step.maximum"),
  // zod 3 writes a nullable .int() as {type: [integer, null]}, zod 4 as anyOf [{type: integer,
  // minimum: -(2^53-1), maximum: 2^53-1}, {type: null}]: on input the union proof reads the limit
  // as the bounds do, and the limits are named where zod 4 writes them.
  zod4_nullable_int: {
    input: [0, LIMITS(".properties.limit.anyOf.0")],
    inputReversed: [0, LIMITS(".properties.limit.anyOf.0")],
    // The type list meets the union type by type: the bounds are graded where they are written.
    ...BRANCH_BOUNDED_OUTPUT,
  },
  // The limits added inside one branch of a union that stays: anyOf.narrowed BREAKING before.
  anyof_branch_bounded: {
    input: [0, LIMITS(".properties.limit.anyOf.0")],
    inputReversed: [0, LIMITS(".properties.limit.anyOf.0")],
    ...BRANCH_BOUNDED_OUTPUT,
  },
  // A maximum of 100 in the branch is a real bound: graded by its variance in every direction.
  anyof_branch_real_bound: {
    input: [1, [
      "tool.input.maximum.narrowed|t.inputSchema.properties.limit.anyOf.0.maximum|BREAKING",
      "tool.input.minimum.safeIntegerLimit|t.inputSchema.properties.limit.anyOf.0.minimum|NON_BREAKING",
    ]],
    inputReversed: [0, [
      "tool.input.maximum.widened|t.inputSchema.properties.limit.anyOf.0.maximum|NON_BREAKING",
      "tool.input.minimum.safeIntegerLimit|t.inputSchema.properties.limit.anyOf.0.minimum|NON_BREAKING",
    ]],
    ...BRANCH_BOUNDED_OUTPUT,
  },
  // The limit in an allOf beside the type (zod 4 writes such wrappers in some versions).
  allof_bound_added: {
    input: [0, [
      `tool.input.maximum.safeIntegerLimit|t.inputSchema.properties.limit.allOf.0.maximum|NON_BREAKING`,
    ]],
    inputReversed: [0, [
      `tool.input.maximum.safeIntegerLimit|t.inputSchema.properties.limit.allOf.0.maximum|NON_BREAKING`,
    ]],
    // The branch beside the type is read as its keyword (_merged_conjuncts.ts): the bound named
    // where it is written, graded by variance on output (it read allOf narrowed and widened).
    output: [0, [
      "tool.output.maximum.narrowed|t.outputSchema.properties.limit.allOf.0.maximum|NON_BREAKING",
    ]],
    outputReversed: [1, [
      "tool.output.maximum.widened|t.outputSchema.properties.limit.allOf.0.maximum|BREAKING",
    ]],
  },
});

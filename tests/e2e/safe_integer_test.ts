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
});

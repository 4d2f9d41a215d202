/**
 * End-to-end tests of how `proxar diff` grades composition and subsumption (issue 11, items 1
 * and 2): each case under `tests/fixtures/composition/<case>/` holds the same schema change as an
 * input schema (`in.old.json` → `in.new.json`) and as an output schema (`out.*.json`). Every case
 * runs in four directions: input, input reversed (the mirror change), output, output reversed,
 * with the exact findings and exit code of each, so the variance table is checked both ways and
 * an extra or a missing finding fails.
 */
import assert from "node:assert/strict";
import {
  type Case,
  changes,
  diffCase,
  FILES,
  finding,
  narrows,
  rootLost,
  type Run,
  testCases,
  UNCHANGED,
  widens,
} from "./_directions.ts";

/**
 * An optional property added at `at` to an object closed to other names (unevaluatedProperties
 * false): NON_BREAKING on input, POTENTIALLY_BREAKING on output; removed, BREAKING both ways.
 */
const addedToClosed = (at: string): Case => ({
  input: [0, [`tool.input.property.added|t.inputSchema${at}|NON_BREAKING`]],
  inputReversed: [1, [`tool.input.property.removed|t.inputSchema${at}|BREAKING`]],
  output: [0, [`tool.output.property.added|t.outputSchema${at}|POTENTIALLY_BREAKING`]],
  outputReversed: [1, [`tool.output.property.removed|t.outputSchema${at}|BREAKING`]],
});

/** Where the versioned variant's moved tag and its new property are. */
const VERSION = ".properties.result.oneOf.0.properties.schemaVersion.const";
const PRODUCTS = ".properties.result.oneOf.0.properties.testProductsPath";

/**
 * A property added at `at` beside a pattern or additionalProperties that governed its name and
 * still applies: both meet, fewer values (allOf.narrowed: BREAKING on input, NON_BREAKING on
 * output). Removed, the name is still governed: the values widen back (allOf.widened), and the
 * name no longer declared is property.removed, POTENTIALLY_BREAKING on input (no call is
 * rejected for it, the server may ignore it), NON_BREAKING on output.
 */
const metPattern = (at: string): Case => ({
  input: [1, [`tool.input.allOf.narrowed|t.inputSchema${at}|BREAKING`]],
  inputReversed: [0, [
    `tool.input.allOf.widened|t.inputSchema${at}|NON_BREAKING`,
    `tool.input.property.removed|t.inputSchema${at}|POTENTIALLY_BREAKING`,
  ]],
  output: [0, [`tool.output.allOf.narrowed|t.outputSchema${at}|NON_BREAKING`]],
  outputReversed: [1, [
    `tool.output.allOf.widened|t.outputSchema${at}|BREAKING`,
    `tool.output.property.removed|t.outputSchema${at}|NON_BREAKING`,
  ]],
});

/** Where PostalCode is used below the nullable Venue: Venue → Address → PostalCode. */
const POSTAL = ".properties.location.anyOf.0.properties.address.properties.postal_code";

/**
 * A string property `changed` (below `at`) narrowed by a maxLength in a cycle of definitions
 * that closes at the nullable union `closes` (below `at` too), each with the variance: the walk
 * stops there and grades that union, whose definition narrowed, as a whole.
 */
const cycleNarrowed = (at: string, changed: string, closes: string): Case => {
  const both = (side: "input" | "output", effect: string): string[] =>
    [
      finding(side, "anyOf", effect, `${at}.${closes}.anyOf`),
      finding(side, "maxLength", effect, `${at}.${changed}.maxLength`),
    ].sort();
  return {
    input: [1, both("input", "narrowed")],
    inputReversed: [0, both("input", "widened")],
    output: [0, both("output", "narrowed")],
    outputReversed: [1, both("output", "widened")],
  };
};

const CASES: Record<string, Case> = {
  // The root became a union: no longer type "object", which strict clients of tools/list reject.
  lone_to_anyof: rootLost(widens("anyOf", ".anyOf")),
  // allOf [allOf [$ref A]] → allOf [anyOf [allOf [$ref A], null]], A a oneOf whose branches
  // overlap: the old branch is the new union's, reached through the same reference, whatever A
  // holds (proven through A's keywords, the overlap failed it, and the branch read "added"). A
  // (oneOf [string, {maxLength: 2}]) already holds null, in its second branch alone (ajv): no
  // change every way, where allOf.widened was BREAKING on output and input reversed.
  allof_ref_to_nullable: UNCHANGED,
  anyof_branch_added: widens("anyOf", ".properties.v.anyOf"),
  allof_branch_removed: widens("allOf", ".properties.v.allOf"),
  allof_reordered: UNCHANGED,
  // allOf [$ref Query, $ref Paging] beside unevaluatedProperties false, limit added to Query:
  // the other branch is followed (cursor only), so limit is added to a closed object, as inline
  // (it read property.changed, BREAKING on input: "allOf branch 1 may evaluate names through $ref").
  unevaluated_ref_branches: addedToClosed(".allOf.0.properties.limit"),
  // {$ref: Query, unevaluatedProperties: false}: Query is evaluated with the unevaluatedProperties
  // beside the reference, as an allOf branch; on output limit added read NON_BREAKING (open).
  unevaluated_beside_ref: addedToClosed(".properties.limit"),
  // A branch that is a $ref to a definition declaring only optional properties: those properties
  // added, as the same branch written inline (it read allOf.narrowed, BREAKING on input).
  unevaluated_ref_branch_added: addedToClosed(".allOf.1.properties.cursor"),
  // An allOf branch with if/then beside unevaluatedProperties false, whose then declares another
  // name (verbose): limit was the object's before (it read property.changed, BREAKING).
  unevaluated_branch_conditional: addedToClosed(".allOf.0.properties.limit"),
  // The branch's then declares limit too (maximum 100 when id is there): what limit held before
  // depends on the condition, undecided, so the addition stays BREAKING on both sides ({id, limit:
  // "x"} is valid before, rejected now).
  unevaluated_branch_conditional_same_name: {
    input: [1, [
      "tool.input.keyword.changed|t.inputSchema.allOf.0.properties.limit.type|BREAKING",
      "tool.input.property.changed|t.inputSchema.allOf.0.properties.limit|BREAKING",
    ]],
    // Removed, what governs limit then is as untold: property.changed, BREAKING.
    inputReversed: [1, [
      "tool.input.property.changed|t.inputSchema.allOf.0.properties.limit|BREAKING",
    ]],
    output: [1, [
      "tool.output.keyword.changed|t.outputSchema.allOf.0.properties.limit.type|NON_BREAKING",
      "tool.output.property.changed|t.outputSchema.allOf.0.properties.limit|BREAKING",
    ]],
    outputReversed: [1, [
      "tool.output.property.changed|t.outputSchema.allOf.0.properties.limit|BREAKING",
    ]],
  },
  // allOf [$ref Q, {properties: {x}}] beside unevaluatedProperties false, Q patternProperties
  // {^y: integer}, yy: string added to the second branch: Q still governs yy, so the two meet and
  // {yy: 5} is rejected (it read property.added NON_BREAKING on input). Removed, the convention's
  // property.removed.
  property_meets_ref_pattern: metPattern(".allOf.1.properties.yy"),
  // The same inline with additionalProperties {type: string} in the other branch, y: integer added.
  property_meets_additional: metPattern(".allOf.1.properties.y"),
  // {$ref: Q, properties: {x}}: the property beside the reference meets Q's pattern too.
  property_meets_ref_chain: metPattern(".properties.yy"),
  // A whole branch {properties: {yy}} added beside the pattern: not an optional parameter
  // offered (it read property.added), the allOf grade by proof.
  branch_meets_pattern: {
    input: [1, ["tool.input.allOf.narrowed|t.inputSchema.allOf|BREAKING"]],
    inputReversed: [1, [
      "tool.input.allOf.widened|t.inputSchema.allOf|NON_BREAKING",
      "tool.input.property.removed|t.inputSchema.allOf.2.properties.yy|BREAKING",
    ]],
    output: [0, ["tool.output.allOf.narrowed|t.outputSchema.allOf|NON_BREAKING"]],
    outputReversed: [1, [
      "tool.output.allOf.widened|t.outputSchema.allOf|BREAKING",
      "tool.output.property.removed|t.outputSchema.allOf.2.properties.yy|BREAKING",
    ]],
  },
  // The pattern widened (maximum 5 dropped) as yy {minimum: 3} was added: yy held integers up to
  // 5, now integers from 3; neither holds the other, so undecided, BREAKING on both sides.
  property_meets_changed_pattern: {
    input: [1, [
      "tool.input.allOf.changed|t.inputSchema.allOf.1.properties.yy|BREAKING",
      "tool.input.maximum.widened|t.inputSchema.allOf.0.patternProperties.^y.maximum|NON_BREAKING",
    ]],
    inputReversed: [1, [
      "tool.input.allOf.changed|t.inputSchema.allOf.1.properties.yy|BREAKING",
      "tool.input.maximum.narrowed|t.inputSchema.allOf.0.patternProperties.^y.maximum|BREAKING",
      "tool.input.property.removed|t.inputSchema.allOf.1.properties.yy|POTENTIALLY_BREAKING",
    ]],
    output: [1, [
      "tool.output.allOf.changed|t.outputSchema.allOf.1.properties.yy|BREAKING",
      "tool.output.maximum.widened|t.outputSchema.allOf.0.patternProperties.^y.maximum|BREAKING",
    ]],
    outputReversed: [1, [
      "tool.output.allOf.changed|t.outputSchema.allOf.1.properties.yy|BREAKING",
      "tool.output.maximum.narrowed|t.outputSchema.allOf.0.patternProperties.^y.maximum|NON_BREAKING",
      "tool.output.property.removed|t.outputSchema.allOf.1.properties.yy|NON_BREAKING",
    ]],
  },
  // The pattern sits in an anyOf branch beside: it governs yy for some objects only, so what yy
  // held before is untold: property.changed, BREAKING on both sides.
  property_beside_union_pattern: {
    input: [1, ["tool.input.property.changed|t.inputSchema.allOf.1.properties.yy|BREAKING"]],
    inputReversed: [1, [
      "tool.input.property.removed|t.inputSchema.allOf.1.properties.yy|BREAKING",
    ]],
    output: [1, ["tool.output.property.changed|t.outputSchema.allOf.1.properties.yy|BREAKING"]],
    outputReversed: [1, [
      "tool.output.property.removed|t.outputSchema.allOf.1.properties.yy|BREAKING",
    ]],
  },
  // yy: integer beside ^y: integer accepts what it did: an optional property declared; removed,
  // the pattern still accepts every value it held.
  property_repeats_pattern: {
    input: [0, ["tool.input.property.added|t.inputSchema.allOf.1.properties.yy|NON_BREAKING"]],
    inputReversed: [0, [
      "tool.input.property.removed|t.inputSchema.allOf.1.properties.yy|POTENTIALLY_BREAKING",
    ]],
    output: [0, ["tool.output.property.added|t.outputSchema.allOf.1.properties.yy|NON_BREAKING"]],
    outputReversed: [0, [
      "tool.output.property.removed|t.outputSchema.allOf.1.properties.yy|NON_BREAKING",
    ]],
  },
  // oneOf [string, string ≤ 3] → anyOf [oneOf [string, string ≤ 4], null]: the oneOf wrapped in
  // a nullable anyOf, its branch changed; undecided both ways (the messages are checked below).
  oneof_wrapped_nullable_changed: {
    input: [1, ["tool.input.anyOf.changed|t.inputSchema.properties.v.anyOf|BREAKING"]],
    inputReversed: [1, ["tool.input.oneOf.changed|t.inputSchema.properties.v.oneOf|BREAKING"]],
    output: [1, ["tool.output.anyOf.changed|t.outputSchema.properties.v.anyOf|BREAKING"]],
    outputReversed: [1, ["tool.output.oneOf.changed|t.outputSchema.properties.v.oneOf|BREAKING"]],
  },
  // An object closed by unevaluatedProperties that became one branch of anyOf [it, null], one
  // of its properties widened on the way: the branch's unevaluatedProperties governs its own
  // names, so the union is proven as a whole, not read as the object's keywords removed.
  closed_to_nullable_widened: {
    input: [0, [
      "tool.input.anyOf.widened|t.inputSchema.properties.v.anyOf|NON_BREAKING",
      "tool.input.enum.widened|t.inputSchema.properties.v.anyOf.0.properties.b.enum|NON_BREAKING",
    ]],
    inputReversed: [1, [
      "tool.input.anyOf.narrowed|t.inputSchema.properties.v.anyOf|BREAKING",
      "tool.input.enum.narrowed|t.inputSchema.properties.v.anyOf.0.properties.b.enum|BREAKING",
    ]],
    output: [1, [
      "tool.output.anyOf.widened|t.outputSchema.properties.v.anyOf|BREAKING",
      "tool.output.enum.widened|t.outputSchema.properties.v.anyOf.0.properties.b.enum|BREAKING",
    ]],
    outputReversed: [0, [
      "tool.output.anyOf.narrowed|t.outputSchema.properties.v.anyOf|NON_BREAKING",
      "tool.output.enum.narrowed|t.outputSchema.properties.v.anyOf.0.properties.b.enum|NON_BREAKING",
    ]],
  },
  // A property declared only in the dropped branch is removed (BREAKING both ways); the
  // conjunct dropped still widens the values.
  allof_property_removed: {
    input: [1, [
      "tool.input.allOf.widened|t.inputSchema.allOf|NON_BREAKING",
      "tool.input.property.removed|t.inputSchema.allOf.1.properties.b|BREAKING",
    ]],
    inputReversed: [1, ["tool.input.allOf.narrowed|t.inputSchema.allOf|BREAKING"]],
    output: [1, [
      "tool.output.allOf.widened|t.outputSchema.allOf|BREAKING",
      "tool.output.property.removed|t.outputSchema.allOf.1.properties.b|BREAKING",
    ]],
    outputReversed: [0, ["tool.output.allOf.narrowed|t.outputSchema.allOf|NON_BREAKING"]],
  },
  // A branch that only declares an optional property is that property added, as it would be
  // in properties; removed, the property is gone and the conjunct dropped widens.
  allof_property_branch_added: {
    input: [0, ["tool.input.property.added|t.inputSchema.allOf.0.properties.limit|NON_BREAKING"]],
    inputReversed: [1, [
      "tool.input.allOf.widened|t.inputSchema.allOf|NON_BREAKING",
      "tool.input.property.removed|t.inputSchema.allOf.0.properties.limit|BREAKING",
    ]],
    output: [0, [
      "tool.output.property.added|t.outputSchema.allOf.0.properties.limit|NON_BREAKING",
    ]],
    outputReversed: [1, [
      "tool.output.allOf.widened|t.outputSchema.allOf|BREAKING",
      "tool.output.property.removed|t.outputSchema.allOf.0.properties.limit|BREAKING",
    ]],
  },
  // zod 4's object → zod 3's allOf of objects: b moved into a branch and lost maximum 5.
  zod3_intersection_widened: rootLost(widens("allOf", ".allOf")),
  // zod 4 → zod 2020-12 style tuple end: the same arrays.
  tuple_end_unevaluated: UNCHANGED,
  oneof_to_allof: UNCHANGED,
  // The string branch is oneOf.1 on whichever side has the union (it was named oneOf.0, the
  // number branch, when the union was the old side's).
  string_to_oneof: {
    input: [0, [
      "tool.input.maxLength.widened|t.inputSchema.properties.v.oneOf.1.maxLength|NON_BREAKING",
      "tool.input.oneOf.widened|t.inputSchema.properties.v.oneOf|NON_BREAKING",
    ]],
    inputReversed: [1, [
      "tool.input.maxLength.narrowed|t.inputSchema.properties.v.oneOf.1.maxLength|BREAKING",
      "tool.input.oneOf.narrowed|t.inputSchema.properties.v.oneOf|BREAKING",
    ]],
    output: [1, [
      "tool.output.maxLength.widened|t.outputSchema.properties.v.oneOf.1.maxLength|BREAKING",
      "tool.output.oneOf.widened|t.outputSchema.properties.v.oneOf|BREAKING",
    ]],
    outputReversed: [0, [
      "tool.output.maxLength.narrowed|t.outputSchema.properties.v.oneOf.1.maxLength|NON_BREAKING",
      "tool.output.oneOf.narrowed|t.outputSchema.properties.v.oneOf|NON_BREAKING",
    ]],
  },
  allof_annotation_branch: UNCHANGED,
  if_then_else_whole: widens("if", ".if"),
  if_changed: changes("if", ".if"),
  // A changed condition does not hide its branches: then is compared all the same, so the
  // bound and the unmodelled keyword inside it are reported (they were silent).
  if_changed_then_changed: {
    input: [1, [
      "tool.input.if.changed|t.inputSchema.if|BREAKING",
      "tool.input.keyword.unmodelled|t.inputSchema.then.properties.depth.vndUnit|BREAKING",
      "tool.input.maximum.narrowed|t.inputSchema.then.properties.depth.maximum|BREAKING",
    ]],
    inputReversed: [1, [
      "tool.input.if.changed|t.inputSchema.if|BREAKING",
      "tool.input.keyword.unmodelled|t.inputSchema.then.properties.depth.vndUnit|BREAKING",
      "tool.input.maximum.widened|t.inputSchema.then.properties.depth.maximum|NON_BREAKING",
    ]],
    output: [1, [
      "tool.output.if.changed|t.outputSchema.if|BREAKING",
      "tool.output.keyword.unmodelled|t.outputSchema.then.properties.depth.vndUnit|BREAKING",
      "tool.output.maximum.narrowed|t.outputSchema.then.properties.depth.maximum|NON_BREAKING",
    ]],
    outputReversed: [1, [
      "tool.output.if.changed|t.outputSchema.if|BREAKING",
      "tool.output.keyword.unmodelled|t.outputSchema.then.properties.depth.vndUnit|BREAKING",
      "tool.output.maximum.widened|t.outputSchema.then.properties.depth.maximum|BREAKING",
    ]],
  },
  // A reference back to the root is the schema being compared: each change is reported once,
  // where it is written (the walk repeated it once per reference that leads back).
  recursive_root_union: narrows("maxLength", ".anyOf.0.maxLength"),
  recursive_root_tree: narrows("maxLength", ".properties.v.maxLength"),
  pattern_properties_whole: widens("patternProperties", ".patternProperties"),
  pattern_properties_closed: widens("patternProperties", ".patternProperties"),
  pattern_superset: widens("pattern", ".properties.v.pattern"),
  pattern_incomparable: changes("pattern", ".properties.v.pattern"),
  pattern_undecidable: changes("pattern", ".properties.v.pattern"),
  forbidden_property_removed: UNCHANGED,
  property_added_partially_open: {
    input: [1, [
      "tool.input.enum.narrowed|t.inputSchema.properties.mode.enum|BREAKING",
      "tool.input.property.added|t.inputSchema.properties.mode|NON_BREAKING",
    ]],
    inputReversed: [0, [
      "tool.input.enum.widened|t.inputSchema.properties.mode.enum|NON_BREAKING",
      "tool.input.property.removed|t.inputSchema.properties.mode|POTENTIALLY_BREAKING",
    ]],
    output: [0, [
      "tool.output.enum.narrowed|t.outputSchema.properties.mode.enum|NON_BREAKING",
      "tool.output.property.added|t.outputSchema.properties.mode|NON_BREAKING",
    ]],
    outputReversed: [1, [
      "tool.output.enum.widened|t.outputSchema.properties.mode.enum|BREAKING",
      "tool.output.property.removed|t.outputSchema.properties.mode|NON_BREAKING",
    ]],
  },
  // x-trace: string added under ^x-: {string, minLength: 1}: both apply, so x-trace holds what
  // it did (it read minLength.widened, BREAKING on output); removed, the pattern still governs.
  property_under_own_pattern: {
    input: [0, ["tool.input.property.added|t.inputSchema.properties.x-trace|NON_BREAKING"]],
    inputReversed: [0, [
      "tool.input.property.removed|t.inputSchema.properties.x-trace|POTENTIALLY_BREAKING",
    ]],
    output: [0, ["tool.output.property.added|t.outputSchema.properties.x-trace|NON_BREAKING"]],
    outputReversed: [0, [
      "tool.output.property.removed|t.outputSchema.properties.x-trace|NON_BREAKING",
    ]],
  },
  // label: string removed beside additionalProperties: string: the same values under the name
  // (it read property.removed, BREAKING on both sides).
  property_removed_still_governed: {
    input: [0, [
      "tool.input.property.removed|t.inputSchema.properties.label|POTENTIALLY_BREAKING",
    ]],
    inputReversed: [0, ["tool.input.property.added|t.inputSchema.properties.label|NON_BREAKING"]],
    output: [0, ["tool.output.property.removed|t.outputSchema.properties.label|NON_BREAKING"]],
    outputReversed: [0, [
      "tool.output.property.added|t.outputSchema.properties.label|NON_BREAKING",
    ]],
  },
  // label removed beside additionalProperties {description}: it accepts every value as {} does,
  // so the object is open to the name and the removal keeps the convention (it read
  // POTENTIALLY_BREAKING on input, type.widened and two description findings).
  property_removed_beside_annotated_rest: {
    input: [1, ["tool.input.property.removed|t.inputSchema.properties.label|BREAKING"]],
    inputReversed: [0, ["tool.input.property.added|t.inputSchema.properties.label|NON_BREAKING"]],
    output: [1, ["tool.output.property.removed|t.outputSchema.properties.label|BREAKING"]],
    outputReversed: [0, [
      "tool.output.property.added|t.outputSchema.properties.label|NON_BREAKING",
    ]],
  },
  property_added_unevaluated: {
    input: [1, [
      "tool.input.minimum.narrowed|t.inputSchema.properties.depth.minimum|BREAKING",
      "tool.input.property.added|t.inputSchema.properties.depth|NON_BREAKING",
    ]],
    inputReversed: [0, [
      "tool.input.minimum.widened|t.inputSchema.properties.depth.minimum|NON_BREAKING",
      "tool.input.property.removed|t.inputSchema.properties.depth|POTENTIALLY_BREAKING",
    ]],
    output: [0, [
      "tool.output.minimum.narrowed|t.outputSchema.properties.depth.minimum|NON_BREAKING",
      "tool.output.property.added|t.outputSchema.properties.depth|NON_BREAKING",
    ]],
    outputReversed: [1, [
      "tool.output.minimum.widened|t.outputSchema.properties.depth.minimum|BREAKING",
      "tool.output.property.removed|t.outputSchema.properties.depth|NON_BREAKING",
    ]],
  },
  // 2020-12: a property an allOf branch declares is evaluated, so unevaluatedProperties false
  // beside the allOf no longer rejects it: added on output, it is graded as a property added to
  // a closed object (validator oracle, 2020-12 survey).
  allof_property_unevaluated: {
    input: [0, [
      "tool.input.property.added|t.inputSchema.allOf.0.properties.depth|NON_BREAKING",
    ]],
    inputReversed: [1, [
      "tool.input.property.removed|t.inputSchema.allOf.0.properties.depth|BREAKING",
    ]],
    output: [0, [
      "tool.output.property.added|t.outputSchema.allOf.0.properties.depth|POTENTIALLY_BREAKING",
    ]],
    outputReversed: [1, [
      "tool.output.property.removed|t.outputSchema.allOf.0.properties.depth|BREAKING",
    ]],
  },
  // additionalProperties true in an allOf branch evaluates every name the branch does not
  // declare: unevaluatedProperties false beside the allOf rejects none of them any more.
  allof_rest_unevaluated: widens("additionalProperties", ".allOf.0.additionalProperties"),
  // anyOf [[string, null], integer] → oneOf [string, integer, [null, boolean]]: one union of
  // disjoint branches, only widened (null moved to the branch added); the message names both
  // keywords (see the test below).
  // anyOf → oneOf whose branches overlap (strings up to 3 characters match both): the union
  // became exclusive, so those strings are now rejected: narrowed, said once at the oneOf (it
  // read "anyOf removed" and "oneOf added").
  anyof_to_oneof_overlapping: {
    input: [1, ["tool.input.oneOf.narrowed|t.inputSchema.properties.v.oneOf|BREAKING"]],
    inputReversed: [0, ["tool.input.anyOf.widened|t.inputSchema.properties.v.anyOf|NON_BREAKING"]],
    output: [0, ["tool.output.oneOf.narrowed|t.outputSchema.properties.v.oneOf|NON_BREAKING"]],
    outputReversed: [1, ["tool.output.anyOf.widened|t.outputSchema.properties.v.anyOf|BREAKING"]],
  },
  // The same with an integer branch added: strings lost, integers gained, neither side holds the
  // other: changed, BREAKING both ways.
  anyof_to_oneof_overlapping_changed: {
    input: [1, ["tool.input.oneOf.changed|t.inputSchema.properties.v.oneOf|BREAKING"]],
    inputReversed: [1, ["tool.input.anyOf.changed|t.inputSchema.properties.v.anyOf|BREAKING"]],
    output: [1, ["tool.output.oneOf.changed|t.outputSchema.properties.v.oneOf|BREAKING"]],
    outputReversed: [1, ["tool.output.anyOf.changed|t.outputSchema.properties.v.anyOf|BREAKING"]],
  },
  // A discriminated union's variant replaced by another tag and shape (monday-api-mcp's
  // agent-toolkit 5.59.0 → 5.62.0 update_doc: delete_block {block_id} → delete_blocks
  // {block_ids}): one variant removed, one added, named by their tags. Paired, it read as three
  // BREAKING changes of one variant (tag, block_id removed, block_ids required).
  discriminated_variant_replaced: {
    input: [1, [
      "tool.input.oneOf.narrowed|t.inputSchema.properties.operations.items.oneOf|BREAKING",
      "tool.input.oneOf.widened|t.inputSchema.properties.operations.items.oneOf|NON_BREAKING",
    ]],
    inputReversed: [1, [
      "tool.input.oneOf.narrowed|t.inputSchema.properties.operations.items.oneOf|BREAKING",
      "tool.input.oneOf.widened|t.inputSchema.properties.operations.items.oneOf|NON_BREAKING",
    ]],
    output: [1, [
      "tool.output.oneOf.narrowed|t.outputSchema.properties.operations.items.oneOf|NON_BREAKING",
      "tool.output.oneOf.widened|t.outputSchema.properties.operations.items.oneOf|BREAKING",
    ]],
    outputReversed: [1, [
      "tool.output.oneOf.narrowed|t.outputSchema.properties.operations.items.oneOf|NON_BREAKING",
      "tool.output.oneOf.widened|t.outputSchema.properties.operations.items.oneOf|BREAKING",
    ]],
  },
  // A variant that keeps one tag (schema "build-result") while another moves (schemaVersion "2" →
  // "3") and gains a property: the same variant, compared in place (xcodebuildmcp 2.6.2 → 2.7.0
  // build_sim read 'oneOf branch 0 (schema "build-result") was removed' and '… was added'). The
  // moved tag is BREAKING every way (enum.changed); the property follows the variance table.
  discriminated_variant_versioned: {
    input: [1, [
      "tool.input.enum.changed|t.inputSchema" + VERSION + "|BREAKING",
      "tool.input.property.added|t.inputSchema" + PRODUCTS + "|NON_BREAKING",
    ]],
    inputReversed: [1, [
      "tool.input.enum.changed|t.inputSchema" + VERSION + "|BREAKING",
      "tool.input.property.removed|t.inputSchema" + PRODUCTS + "|BREAKING",
    ]],
    output: [1, [
      "tool.output.enum.changed|t.outputSchema" + VERSION + "|BREAKING",
      "tool.output.property.added|t.outputSchema" + PRODUCTS + "|POTENTIALLY_BREAKING",
    ]],
    outputReversed: [1, [
      "tool.output.enum.changed|t.outputSchema" + VERSION + "|BREAKING",
      "tool.output.property.removed|t.outputSchema" + PRODUCTS + "|BREAKING",
    ]],
  },
  // The same variant under another tag, its shape unchanged: the tag change, said once.
  discriminated_variant_renamed: changes(
    "enum",
    ".properties.operations.items.oneOf.2.properties.operation_type.const",
  ),
  anyof_to_oneof_whole: {
    input: [0, ["tool.input.oneOf.widened|t.inputSchema.properties.v.oneOf|NON_BREAKING"]],
    inputReversed: [1, ["tool.input.anyOf.narrowed|t.inputSchema.properties.v.anyOf|BREAKING"]],
    output: [1, ["tool.output.oneOf.widened|t.outputSchema.properties.v.oneOf|BREAKING"]],
    outputReversed: [0, [
      "tool.output.anyOf.narrowed|t.outputSchema.properties.v.anyOf|NON_BREAKING",
    ]],
  },
  // A branch added that only declares depth, beside unevaluatedProperties false: depth is
  // evaluated now, so the object no longer rejects it, as if added to properties: a property
  // added to a closed object. It was allOf.narrowed (BREAKING on input). Removed, the property
  // is gone from a closed object (BREAKING both ways); the conjunct dropped read allOf.widened.
  allof_branch_added_unevaluated: {
    input: [0, ["tool.input.property.added|t.inputSchema.allOf.1.properties.depth|NON_BREAKING"]],
    inputReversed: [1, [
      "tool.input.property.removed|t.inputSchema.allOf.1.properties.depth|BREAKING",
    ]],
    output: [0, [
      "tool.output.property.added|t.outputSchema.allOf.1.properties.depth|POTENTIALLY_BREAKING",
    ]],
    outputReversed: [1, [
      "tool.output.property.removed|t.outputSchema.allOf.1.properties.depth|BREAKING",
    ]],
  },
  // The same branch also requiring depth: old objects lack it, new ones must hold it, which the
  // old schema rejected. Neither holds the other's values: BREAKING both ways.
  allof_branch_added_constrains_unevaluated: {
    input: [1, ["tool.input.allOf.narrowed|t.inputSchema.allOf|BREAKING"]],
    inputReversed: [1, [
      "tool.input.allOf.widened|t.inputSchema.allOf|NON_BREAKING",
      "tool.input.property.removed|t.inputSchema.allOf.1.properties.depth|BREAKING",
    ]],
    output: [1, [
      "tool.output.allOf.narrowed|t.outputSchema.allOf|NON_BREAKING",
      "tool.output.keyword.changed|t.outputSchema.allOf|BREAKING",
    ]],
    outputReversed: [1, [
      "tool.output.allOf.widened|t.outputSchema.allOf|BREAKING",
      "tool.output.property.removed|t.outputSchema.allOf.1.properties.depth|BREAKING",
    ]],
  },
  // additionalProperties {type: string} in the branch lets string values of names nothing else
  // evaluates past unevaluatedProperties false (id, declared at the top, is a string already):
  // widened. It was type.narrowed, BREAKING on input, as the proof could not show that the old
  // object rejects such names.
  allof_typed_rest_unevaluated: {
    input: [0, ["tool.input.allOf.widened|t.inputSchema.allOf|NON_BREAKING"]],
    inputReversed: [1, [
      "tool.input.additionalProperties.narrowed|t.inputSchema.allOf.0.additionalProperties|BREAKING",
    ]],
    output: [1, [
      "tool.output.additionalProperties.widened|t.outputSchema.allOf.0.additionalProperties|BREAKING",
    ]],
    outputReversed: [0, ["tool.output.allOf.narrowed|t.outputSchema.allOf|NON_BREAKING"]],
  },
  // query leaves the object's properties, and every branch of the anyOf beside them still
  // declares it the same: the proof finds the same values on both sides, nothing was removed.
  property_kept_by_branches: UNCHANGED,
  // A union branch that differs from another only by a keyword of no draft ("vndK") accepts no
  // string the other does not: removed, no value is lost. Added, it is an unmodelled
  // keyword where it now stands (BREAKING), though the values are the same.
  vendor_branch_removed: {
    input: [0, []],
    inputReversed: [1, [
      "tool.input.keyword.unmodelled|t.inputSchema.properties.query.anyOf.1.vndK|BREAKING",
    ]],
    output: [0, []],
    outputReversed: [1, [
      "tool.output.keyword.unmodelled|t.outputSchema.properties.query.anyOf.1.vndK|BREAKING",
    ]],
  },
  // vndFoo moved from the string branch to the number branch, which swapped places: the
  // branches pair by type, so vndFoo is added to one and removed from the other (named at the
  // branch that lost it, which exists), not "types string became number".
  vendor_moved_between_branches: (() => {
    const run = (side: "input" | "output"): [number, string[]] => [1, [
      `tool.${side}.keyword.unmodelled|t.${side}Schema.properties.v.anyOf.0.vndFoo|BREAKING`,
      `tool.${side}.keyword.unmodelled|t.${side}Schema.properties.v.anyOf.1|BREAKING`,
    ]];
    return {
      input: run("input"),
      inputReversed: run("input"),
      output: run("output"),
      outputReversed: run("output"),
    };
  })(),
  // zod 3 ends a tuple with maxItems, zod 4 with items: false: the same arrays.
  tuple_zod3_to_zod4: UNCHANGED,
  items_after_prefix: narrows("maxLength", ".properties.v.prefixItems.1.maxLength"),
  oneof_overlapping_branch: {
    // The walk grades the added branch changed itself: it may overlap the string branch.
    input: [1, ["tool.input.oneOf.changed|t.inputSchema.properties.v.oneOf|BREAKING"]],
    inputReversed: [1, [
      "tool.input.keyword.changed|t.inputSchema.properties.v.oneOf|BREAKING",
      "tool.input.oneOf.widened|t.inputSchema.properties.v.oneOf|NON_BREAKING",
    ]],
    output: [1, [
      "tool.output.keyword.changed|t.outputSchema.properties.v.oneOf|BREAKING",
      "tool.output.oneOf.narrowed|t.outputSchema.properties.v.oneOf|NON_BREAKING",
    ]],
    outputReversed: [1, ["tool.output.oneOf.changed|t.outputSchema.properties.v.oneOf|BREAKING"]],
  },
  // Definitions two references below a union branch (e63b364): anyOf [{$ref Venue}, null],
  // Venue → Address → PostalCode, each a $ref in properties, graded where PostalCode is used.
  // PostalCode [string, integer] → string: {postal_code: 12345} is rejected now.
  chain_nullable_type_narrowed: narrows("type", `${POSTAL}.type`),
  // PostalCode gains maxLength 10.
  chain_nullable_max_length: narrows("maxLength", `${POSTAL}.maxLength`),
  // Only PostalCode's description changes (a typo): the same values, prose only.
  chain_nullable_description: (() => {
    const run = (side: "input" | "output"): Run => [0, [
      `tool.${side}.description.changed|t.${side}Schema${POSTAL}.description|DOCUMENTATION`,
    ]];
    return {
      input: run("input"),
      inputReversed: run("input"),
      output: run("output"),
      outputReversed: run("output"),
    };
  })(),
  // anyOf [{not: {$ref Venue}}, null], PostalCode narrowed: Venue accepts fewer values, so its
  // not accepts more ({location: {name, address: {street, postal_code: 12345}}} is valid now):
  // the variance flips, NON_BREAKING on input. The catch-all read PostalCode's only use (inside
  // Address) as narrowed and added keyword.changed at $defs.PostalCode, BREAKING on input.
  chain_not_type_narrowed: (() => {
    const at = ".properties.location.anyOf.0.not.properties.address.properties.postal_code.type";
    const run = (side: "input" | "output", effect: string, severity: string): Run => [
      severity === "BREAKING" ? 1 : 0,
      [`tool.${side}.type.${effect}|t.${side}Schema${at}|${severity}`],
    ];
    return {
      input: run("input", "narrowed", "NON_BREAKING"),
      inputReversed: run("input", "widened", "BREAKING"),
      output: run("output", "narrowed", "BREAKING"),
      outputReversed: run("output", "widened", "NON_BREAKING"),
    };
  })(),
  // oneOf [{$ref CardPayment}, {$ref BankPayment}], each tagged by kind const: the variants
  // cannot overlap, so PostalCode two references below narrowed is graded by the variance (it
  // read "a oneOf branch that may overlap another", BREAKING in all four directions).
  chain_oneof_type_narrowed: narrows(
    "type",
    ".properties.payment.oneOf.0.properties.billing.properties.postal_code.type",
  ),
  // anyOf [{$ref Home}, {$ref Office}, null], both → Address → PostalCode: the one change is
  // reported once, at the definition both branches reach.
  chain_two_branches_type_narrowed: narrows("type", ".$defs.PostalCode.type"),
  // anyOf [{$ref Comment}, null], Comment → Author → Profile → anyOf [{$ref Comment}, null]:
  // Author's handle gains maxLength 39.
  chain_cyclic_max_length: cycleNarrowed(
    ".properties.reply_to.anyOf.0.properties.author.properties",
    "handle",
    "profile.properties.pinned",
  ),
  // The same through Folder → Metadata → Owner → anyOf [{$ref Folder}, null], Metadata's note
  // given maxLength 280 beside 205 properties that each refer to a definition of their own: 208
  // references, past the 200 the proof reads before it stops taking two texts as the same.
  chain_cyclic_many_refs: cycleNarrowed(
    ".properties.folder.anyOf.0.properties.meta.properties",
    "note",
    "owner.properties.home",
  ),
};

testCases("composition", CASES);

/** One direction of a composition case. */
const diff = (name: string, files: readonly [string, string]) =>
  diffCase(`composition/${name}`, files);

Deno.test("proxar diff names why a pattern with a backreference cannot be compared", async () => {
  const result = await diff("pattern_undecidable", FILES.input);
  const [change] = JSON.parse(result.stdout).changes;
  assert.match(change.message, /cannot compare them .*backreference/);
});

Deno.test("proxar diff says an overlapping oneOf branch may reject values that matched one branch", async () => {
  const result = await diff("oneof_overlapping_branch", FILES.input);
  const change = JSON.parse(result.stdout).changes.find((c: { rule: string }) =>
    c.rule === "tool.input.oneOf.changed"
  );
  assert.match(change.message, /may overlap another branch, and a value both accept is rejected/);
});

Deno.test("proxar diff names both keywords when an anyOf that became a oneOf is graded as a whole", async () => {
  const messages = async (files: readonly [string, string]) =>
    JSON.parse((await diff("anyof_to_oneof_whole", files)).stdout).changes.map((
      c: { message: string },
    ) => c.message);
  assert.deepEqual(await messages(FILES.input), [
    "t.inputSchema.properties.v: anyOf of 2 branches became oneOf of 3 branches; every value the old schema accepts, the new one accepts too",
  ]);
  assert.deepEqual(await messages(FILES.outputReversed), [
    "t.outputSchema.properties.v: oneOf of 3 branches became anyOf of 2 branches; every value the new schema accepts, the old one accepts too",
  ]);
  // The branch removed was the old oneOf's; the keyword change is named, and what it does.
  assert.deepEqual(await messages(FILES.inputReversed), [
    "t.inputSchema.properties.v: oneOf became anyOf, whose branches cannot overlap, so that alone changes no value; oneOf branch 2 was removed",
  ]);
  // Forward on output the branch findings stand (they agree with the proof): the keyword
  // change is named there too, where it read "oneOf branch 2 was added" alone.
  assert.deepEqual(await messages(FILES.output), [
    "t.outputSchema.properties.v: anyOf became oneOf, whose branches cannot overlap, so that alone changes no value; oneOf branch 2 was added",
  ]);
  // Each variant removed or added is named by its tag.
  assert.deepEqual(
    JSON.parse((await diff("discriminated_variant_replaced", FILES.input)).stdout).changes.map((
      c: { message: string },
    ) => c.message.replace(/^.*?: /, "")),
    [
      'oneOf branch 2 (operation_type "delete_block") was removed',
      'oneOf branch 2 (operation_type "delete_blocks") was added',
    ],
  );
  // Overlapping branches: the union became exclusive, said once.
  const [exclusive] = JSON.parse((await diff("anyof_to_oneof_overlapping", FILES.input)).stdout)
    .changes.map((c: { message: string }) => c.message);
  assert.match(
    exclusive,
    /became exclusive, so a value that matches more than one branch is now rejected/,
  );
  // The branches changed too (an integer branch added): the one finding says so, in both
  // directions, where it named the keyword change alone.
  const changed = async (files: readonly [string, string]) =>
    JSON.parse((await diff("anyof_to_oneof_overlapping_changed", files)).stdout).changes
      .map((c: { message: string }) => c.message.replace(/^.*?: /, ""));
  assert.deepEqual(await changed(FILES.input), [
    "anyOf of 2 branches became oneOf of 3 branches: the union became exclusive, so a value that matches more than one branch is now rejected (new branches 0 and 1 may overlap); besides, oneOf branch 2 was added; Proxar could not prove that it only lets values in or only keeps them out",
  ]);
  assert.deepEqual(await changed(FILES.outputReversed), [
    "oneOf of 3 branches became anyOf of 2 branches: the union is no longer exclusive, so a value that matched more than one branch is now accepted (old branches 0 and 1 may overlap); besides, oneOf branch 2 was removed; Proxar could not prove that it only lets values in or only keeps them out",
  ]);
});

Deno.test("proxar diff says a union wrapped in a nullable anyOf was wrapped, not made non-exclusive", async () => {
  const message = async (files: readonly [string, string]) =>
    JSON.parse((await diff("oneof_wrapped_nullable_changed", files)).stdout).changes
      .map((c: { message: string }) => c.message.replace(/^.*?: /, "").replace(/;.*$/, ""));
  // It read "oneOf of 2 branches became anyOf of 2 branches: the union is no longer exclusive".
  assert.deepEqual(await message(FILES.input), [
    'the oneOf of 2 branches became branch 0 of an anyOf, beside branch 1 ({"type":"null"}), and its branches changed',
  ]);
  assert.deepEqual(await message(FILES.inputReversed), [
    'anyOf branch 0, a oneOf of 2 branches, became the whole schema, without branch 1 ({"type":"null"}), and its branches changed',
  ]);
});

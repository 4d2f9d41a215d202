import type { Change } from "../../../core/change.ts";
import { diffContracts } from "../../../core/engine.ts";
import type { JsonValue } from "../../../core/json.ts";
import { contractFromValue } from "../../../core/load_contract.ts";
import { createRegistry } from "../../../core/registry.ts";
import { builtinRules } from "../../../rules/mod.ts";
import { catchAllDiff } from "../../../core/schema/catch_all.ts";
import type { SchemaDelta, Side } from "../../../core/schema/types.ts";
import { STRUCTURED_VOCABULARY } from "../../../core/schema/walk.ts";

export const registry = createRegistry(builtinRules);

/** Options of {@link catchAll}. */
export interface CatchAllWhere {
  /** Input unless given. */
  side?: Side;
  /** The keywords the differ takes as modelled: the structured walk's vocabulary unless given. */
  known?: ReadonlySet<string>;
  /** The root at tool 0's schema on `side` (`t.inputSchema`), not at `t` (pointer ""). */
  tool?: boolean;
}

/** The catch-all differ alone on the schema pair `a` → `b` (see {@link CatchAllWhere}). */
export function catchAll(
  a: JsonValue | undefined,
  b: JsonValue | undefined,
  options: CatchAllWhere = {},
): SchemaDelta[] {
  const side = options.side ?? "input";
  const [basePath, basePointer] = options.tool
    ? [`t.${side}Schema`, `/tools/0/${side}Schema`]
    : ["t", ""];
  const known = options.known ?? STRUCTURED_VOCABULARY;
  return catchAllDiff(a, b, { side, basePath, basePointer, known });
}

/**
 * The changes of tool `t` when its property `name` goes from schema `a` to `b`, in its input
 * schema or (beside an empty input) its output schema.
 */
export function propertyChanges(
  side: "input" | "output",
  name: string,
  a: JsonValue,
  b: JsonValue,
): Change[] {
  const wrap = (value: JsonValue) => {
    const schema = { type: "object", properties: { [name]: value } };
    return contractFromValue({
      tools: [
        side === "input"
          ? { name: "t", inputSchema: schema }
          : { name: "t", inputSchema: { type: "object" }, outputSchema: schema },
      ],
    });
  };
  return diffContracts(wrap(a), wrap(b), { registry }).changes;
}

/**
 * The rules about whether a root declares `type: "object"` (rules/schema_root.ts): they grade the
 * validity of the tools/list result, not the values a schema accepts, which the tests using these
 * helpers compare with roots written any way (tests/rules/schema_root_test.ts tests them).
 */
export const ROOT_RULE = /^tool\.(input|output)\.root\./;

/**
 * The changes of one tool whose schema on `side` goes from `a` to `b`, the {@link ROOT_RULE}
 * findings aside.
 */
export function schemaChanges(side: "input" | "output", a: JsonValue, b: JsonValue): Change[] {
  const wrap = (s: JsonValue) => ({
    tools: [
      side === "input"
        ? { name: "t", inputSchema: s }
        : { name: "t", inputSchema: { type: "object" }, outputSchema: s },
    ],
  });
  const { changes } = diffContracts(contractFromValue(wrap(a)), contractFromValue(wrap(b)), {
    registry,
  });
  return changes.filter((c) => !ROOT_RULE.test(c.rule));
}

/** `rule path severity` of every finding of {@link schemaChanges}, sorted. */
export function schemaFindings(
  side: "input" | "output",
  a: JsonValue,
  b: JsonValue,
): string[] {
  return schemaChanges(side, a, b).map((c) => `${c.rule} ${c.path} ${c.severity}`).sort();
}

/** {@link schemaFindings} of a change on both sides, forwards and backwards. */
export function fourWays(a: JsonValue, b: JsonValue): Record<
  "input" | "inputReversed" | "output" | "outputReversed",
  string[]
> {
  return {
    input: schemaFindings("input", a, b),
    inputReversed: schemaFindings("input", b, a),
    output: schemaFindings("output", a, b),
    outputReversed: schemaFindings("output", b, a),
  };
}

/**
 * What {@link fourWays} gives for one finding of `rule` (as `keyword.unmodelled`) at `path` (below
 * the schema) with `severity`, the same every way, and nothing else.
 */
export function sameFourWays(
  rule: string,
  path: string,
  severity: string,
): ReturnType<typeof fourWays> {
  const at = (side: string) => [`tool.${side}.${rule} t.${side}Schema.${path} ${severity}`];
  return {
    input: at("input"),
    inputReversed: at("input"),
    output: at("output"),
    outputReversed: at("output"),
  };
}

/**
 * What {@link fourWays} gives for `keyword` narrowed from old to new at `path` (below the
 * schema, as `properties.v.maxLength`) and nothing else.
 */
export function narrowedFourWays(keyword: string, path: string): ReturnType<typeof fourWays> {
  const at = (side: string) => `t.${side}Schema.${path}`;
  return {
    input: [`tool.input.${keyword}.narrowed ${at("input")} BREAKING`],
    inputReversed: [`tool.input.${keyword}.widened ${at("input")} NON_BREAKING`],
    output: [`tool.output.${keyword}.narrowed ${at("output")} NON_BREAKING`],
    outputReversed: [`tool.output.${keyword}.widened ${at("output")} BREAKING`],
  };
}

/** The mirror of {@link narrowedFourWays}: `keyword` widened forward, narrowed reversed. */
export function widenedFourWays(keyword: string, path: string): ReturnType<typeof fourWays> {
  const narrowed = narrowedFourWays(keyword, path);
  return {
    input: narrowed.inputReversed,
    inputReversed: narrowed.input,
    output: narrowed.outputReversed,
    outputReversed: narrowed.output,
  };
}

/**
 * What {@link fourWays} gives for the property at `path` (as `properties.x`) declared in the old
 * schema and gone from an open new one, and nothing else: removed is BREAKING on both sides.
 */
export function removedFourWays(path: string): ReturnType<typeof fourWays> {
  const at = (side: string) => `t.${side}Schema.${path}`;
  return {
    input: [`tool.input.property.removed ${at("input")} BREAKING`],
    inputReversed: [`tool.input.property.added ${at("input")} NON_BREAKING`],
    output: [`tool.output.property.removed ${at("output")} BREAKING`],
    outputReversed: [`tool.output.property.added ${at("output")} NON_BREAKING`],
  };
}

/**
 * What {@link fourWays} gives for the property at `path` (as `properties.x`) removed while a
 * schema that accepts more of its values still governs its name, met by `keyword` (as
 * `patternProperties`): the values widened, the removal itself a warning on input.
 */
export function removedWidenedFourWays(
  keyword: string,
  path: string,
): ReturnType<typeof fourWays> {
  const at = (side: string) => `t.${side}Schema.${path}`;
  return {
    input: [
      `tool.input.${keyword}.widened ${at("input")} NON_BREAKING`,
      `tool.input.property.removed ${at("input")} POTENTIALLY_BREAKING`,
    ],
    inputReversed: [`tool.input.${keyword}.narrowed ${at("input")} BREAKING`],
    output: [
      `tool.output.${keyword}.widened ${at("output")} BREAKING`,
      `tool.output.property.removed ${at("output")} NON_BREAKING`,
    ],
    outputReversed: [`tool.output.${keyword}.narrowed ${at("output")} NON_BREAKING`],
  };
}

/**
 * What {@link fourWays} gives for an if without then and else that decides, at `path` (below the
 * schema): changed, if.changed BREAKING every way; added, if.widened by variance (removed,
 * reversed, if.narrowed).
 */
export function decidingFourWays(
  path: string,
): Record<"changed" | "added", ReturnType<typeof fourWays>> {
  return {
    changed: sameFourWays("if.changed", path, "BREAKING"),
    added: widenedFourWays("if", path),
  };
}

/** What {@link fourWays} gives for two schemas it finds no difference between. */
export const NOTHING_FOUR_WAYS: ReturnType<typeof fourWays> = {
  input: [],
  inputReversed: [],
  output: [],
  outputReversed: [],
};

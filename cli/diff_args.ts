/**
 * The arguments of `proxar diff` read without commander, for the usual command lines: operands
 * and the diff's own options. Loading commander, with the Node built-ins it requires, and building
 * the program took about a tenth of the demo diff's start-up in a compiled binary. Anything else
 * (help, `--server`, `--`, an unknown or malformed option, a third operand) gives `undefined`,
 * and commander reads the line, answers help and words every error.
 * @module
 */
import { DIFF_OPTIONS, optionShape, type OptionSpec, thresholdNamed } from "./option_table.ts";
import type { DiffCommandOptions } from "./diff_command.ts";

/** `proxar diff`'s operands and options, as commander's action receives them. */
export interface DiffArguments {
  old: string | undefined;
  new: string | undefined;
  options: DiffCommandOptions;
}

/** Keys of the options object, written through an index. */
type Options = Record<string, unknown>;

/** The diff's options this reader takes, with their names and keys. */
const READ = DIFF_OPTIONS.filter((spec) => !spec.ownParser).map((spec) => ({
  spec,
  shape: optionShape(spec),
}));

/** Every name of an option that takes a value. */
const VALUES: ReadonlyMap<string, { key: string; spec: OptionSpec }> = new Map(
  READ.filter(({ shape }) => shape.takesValue).flatMap(({ spec, shape }) =>
    [shape.short, shape.long].filter((name) => name !== undefined).map((name) => [
      name,
      { key: shape.key, spec },
    ])
  ),
);

/** Options without a value, and the value each sets. */
const FLAGS: ReadonlyMap<string, [key: string, value: boolean]> = new Map(
  READ.filter(({ shape }) => !shape.takesValue).map(({ shape }) => [
    shape.long,
    [shape.key, !shape.negated],
  ]),
);

const PROGRAM_OPTION = /^(?:-[hV]|--help|--version)/;

/**
 * The defaults commander gives, in the order it gives them, so the options object has the same
 * keys in the same order.
 */
function defaults(): Options {
  const options: Options = {};
  for (const { spec, shape } of READ) {
    if (spec.repeat) options[shape.key] = [];
    else if (shape.negated) options[shape.key] = true;
  }
  return options;
}

/**
 * `args` (after `diff`) read as commander reads them, or `undefined` when they are not a usual
 * diff command line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { diffArguments } from "./diff_args.ts";
 * const read = diffArguments(["old.json", "new.json", "--format", "sarif", "--fail-on", "never"]);
 * assert.deepEqual(read?.options.format, ["sarif"]);
 * assert.equal(read?.options.failOn, "never");
 * assert.equal(diffArguments(["old.json", "--help"]), undefined);
 * ```
 */
export function diffArguments(args: readonly string[]): DiffArguments | undefined {
  const options = defaults();
  const operands: string[] = [];
  // The program's own options (help, version) are commander's wherever they stand, even where
  // they would be another option's value.
  if (args.some((arg) => PROGRAM_OPTION.test(arg))) return undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "-" || !arg.startsWith("-")) {
      if (operands.length === 2) return undefined;
      operands.push(arg);
      continue;
    }
    const flag = FLAGS.get(arg);
    if (flag !== undefined) {
      options[flag[0]] = flag[1];
      continue;
    }
    // `--name=value`, `--name value`, `-xvalue`, `-x value`.
    const equals = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const name = equals !== -1
      ? arg.slice(0, equals)
      : arg.startsWith("--")
      ? arg
      : arg.slice(0, 2);
    const option = VALUES.get(name);
    if (option === undefined) return undefined;
    let value: string | undefined;
    if (equals !== -1) value = arg.slice(equals + 1);
    else if (arg.length > name.length) value = arg.slice(name.length);
    else value = args[++i];
    if (value === undefined) return undefined;
    if (option.spec.repeat) {
      options[option.key] = [...(options[option.key] as string[]), value];
    } else if (option.spec.threshold) {
      const threshold = thresholdNamed(value);
      if (threshold === undefined) return undefined;
      options[option.key] = threshold;
    } else {
      options[option.key] = value;
    }
  }
  return { old: operands[0], new: operands[1], options: options as unknown as DiffCommandOptions };
}

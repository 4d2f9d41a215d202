/**
 * The arguments of `proxar diff` read without commander, for the usual command lines: operands
 * and the diff's own options. Loading commander, with the Node built-ins it requires, and building
 * the program took about a tenth of the demo diff's start-up in a compiled binary. Anything else
 * (help, `--server`, `--`, an unknown or malformed option, a third operand) gives `undefined`,
 * and commander reads the line, answers help and words every error.
 * @module
 */
import { SEVERITIES, type Threshold } from "../core/severity.ts";
import type { DiffCommandOptions } from "./diff_command.ts";

/** `proxar diff`'s operands and options, as commander's action receives them. */
export interface DiffArguments {
  old: string | undefined;
  new: string | undefined;
  options: DiffCommandOptions;
}

type ValueKey = "config" | "output" | "against" | "timeout" | "connectTimeout" | "lists";

/** Options that take a value, by every name commander knows them by. */
const VALUES: ReadonlyMap<string, ValueKey | "plugin" | "format" | "failOn" | "warnOn"> = new Map([
  ["-c", "config"],
  ["--config", "config"],
  ["-p", "plugin"],
  ["--plugin", "plugin"],
  ["--fail-on", "failOn"],
  ["--warn-on", "warnOn"],
  ["-f", "format"],
  ["--format", "format"],
  ["-o", "output"],
  ["--output", "output"],
  ["--against", "against"],
  ["--timeout", "timeout"],
  ["--connect-timeout", "connectTimeout"],
  ["--lists", "lists"],
]);

/** Options without a value. */
type FlagKey = "stepSummary" | "sarifOmitSuppressed" | "semantic" | "locations";
const FLAGS: ReadonlyMap<string, [key: FlagKey, value: boolean]> = new Map([
  ["--no-step-summary", ["stepSummary", false]],
  ["--sarif-omit-suppressed", ["sarifOmitSuppressed", true]],
  ["--semantic", ["semantic", true]],
  ["--no-locations", ["locations", false]],
]);

const PROGRAM_OPTION = /^(?:-[hV]|--help|--version)/;

const THRESHOLDS: readonly Threshold[] = [...SEVERITIES, "never"];

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
  // The defaults first, in commander's order: the options object has the same keys in the same
  // order.
  const options: DiffCommandOptions = {
    plugin: [],
    format: [],
    stepSummary: true,
    locations: true,
  };
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
    const key = VALUES.get(name);
    if (key === undefined) return undefined;
    let value: string | undefined;
    if (equals !== -1) value = arg.slice(equals + 1);
    else if (arg.length > name.length) value = arg.slice(name.length);
    else value = args[++i];
    if (value === undefined) return undefined;
    if (key === "plugin" || key === "format") {
      options[key] = [...(options[key] ?? []), value];
    } else if (key === "failOn" || key === "warnOn") {
      const threshold = THRESHOLDS.find((t) => t.toLowerCase() === value.toLowerCase());
      if (threshold === undefined) return undefined;
      options[key] = threshold;
    } else {
      options[key] = value;
    }
  }
  return { old: operands[0], new: operands[1], options };
}

/**
 * Options several commands share, and their value parsers, as commander options built from the
 * tables of `cli/option_table.ts`. Registering a command needs only these, so this module loads
 * nothing that running one needs.
 * @module
 */
import { type Command, InvalidArgumentError, Option } from "commander";
import type { Threshold } from "../core/severity.ts";
import {
  LISTS_OPTION,
  optionShape,
  type OptionSpec,
  REPORT_OPTIONS,
  thresholdNamed,
  THRESHOLDS,
  TIMEOUT_OPTIONS,
} from "./option_table.ts";

/** The report options as commander parses them. */
export interface ReportFlags {
  config?: string;
  plugin?: string[];
  failOn?: Threshold;
  warnOn?: Threshold;
  format: string[];
  output?: string;
  /** `--no-locations`. */
  locations?: boolean;
  sarifOmitSuppressed?: boolean;
  /** `--semantic`: advisory notes from the configured model. */
  semantic?: boolean;
  /** `--no-step-summary`. */
  stepSummary?: boolean;
}

/** The time-limit options every live command accepts. */
export interface TimeoutFlags {
  timeout?: string;
  connectTimeout?: string;
  listTimeout?: string;
  maxMessageMb?: string;
  /** `--lists tools,prompts`: the lists a snapshot reads (commands that take snapshots). */
  lists?: string;
}

/** Collects a repeated option's values. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * Parses `--server NAME` on a command that works on one server: given twice, an error rather than
 * the last one silently (`proxar sample --server a --server b` sampled only b and exited 0).
 */
export function oneServer(value: string, previous: string | undefined): string {
  if (previous !== undefined && previous !== value) {
    throw new InvalidArgumentError(
      `This command takes one server, and "${previous}" was given already; run it once per server`,
    );
  }
  return value;
}

/** Reads a `--fail-on`/`--warn-on` value: any letter case, stored as the config spells it. */
function threshold(value: string): Threshold {
  const found = thresholdNamed(value);
  if (found === undefined) {
    throw new InvalidArgumentError(`Allowed choices are ${THRESHOLDS.join(", ")}.`);
  }
  return found;
}

/**
 * Adds the options `specs` describes to a command, in their order; `parsers` reads the values of
 * those with a parser of their own, by key.
 */
export function addOptions(
  command: Command,
  specs: readonly OptionSpec[],
  parsers: Readonly<Record<string, (value: string, previous: string | undefined) => string>> = {},
): Command {
  for (const spec of specs) {
    const option = new Option(spec.flags, spec.description);
    if (spec.repeat) option.default([]).argParser(collect);
    else if (spec.threshold) option.choices(THRESHOLDS).argParser(threshold);
    else if (spec.ownParser) {
      const key = optionShape(spec).key;
      const parser = parsers[key];
      if (parser === undefined) throw new Error(`Option "${spec.flags}" needs a parser`);
      option.argParser(parser);
    }
    command.addOption(option);
  }
  return command;
}

/** Adds the report options to a command. */
export function addReportOptions(command: Command): Command {
  return addOptions(command, REPORT_OPTIONS);
}

/** Adds `--lists`, the lists a live server's snapshot reads, to a command. */
export function addListsOption(command: Command): Command {
  return addOptions(command, [LISTS_OPTION]);
}

/** Adds the time limits of live servers to a command. */
export function addTimeoutOptions(command: Command): Command {
  return addOptions(command, TIMEOUT_OPTIONS);
}

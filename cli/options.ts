/**
 * Options several commands share, and their value parsers. Registering a command needs only
 * these, so this module loads nothing that running one needs.
 * @module
 */
import { type Command, InvalidArgumentError, Option } from "commander";
import { SEVERITIES, type Threshold } from "../core/severity.ts";
import { BUILTIN_REPORTER_NAMES } from "../reporters/names.ts";

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

/** Collects repeated `--plugin PATH` values. */
export function collectPlugin(value: string, previous: string[]): string[] {
  return [...previous, value];
}

const THRESHOLDS = [...SEVERITIES, "never"];

/** A `--fail-on`/`--warn-on` option: any letter case, shown and stored as the config spells it. */
function thresholdOption(flags: string, description: string): Option {
  return new Option(flags, description).choices(THRESHOLDS).argParser((value) => {
    const found = THRESHOLDS.find((t) => t.toLowerCase() === value.toLowerCase());
    if (found === undefined) {
      throw new InvalidArgumentError(`Allowed choices are ${THRESHOLDS.join(", ")}.`);
    }
    return found as Threshold;
  });
}

/** Adds the report options to a command. */
export function addReportOptions(command: Command): Command {
  return command
    .option("-c, --config <file>", "configuration file (default: ./proxar.yaml when present)")
    .option("-p, --plugin <path>", "load a plugin module (repeatable)", collectPlugin, [])
    .addOption(thresholdOption("--fail-on <level>", "exit 1 at or above this severity"))
    .addOption(thresholdOption("--warn-on <level>", "warn at or above this severity"))
    .option(
      "-f, --format <name[=file]>",
      `report format, repeatable: ${BUILTIN_REPORTER_NAMES.join(", ")} and plugin formats`,
      collect,
      [],
    )
    .option(
      "-o, --output <file>",
      "write the report to a file instead of standard output (- is standard output)",
    )
    .option(
      "--no-step-summary",
      "with --format markdown, do not also append to $GITHUB_STEP_SUMMARY when it is set",
    )
    .option(
      "--sarif-omit-suppressed",
      "leave suppressed changes out of SARIF (GitHub shows suppressed results as open alerts)",
    )
    .option(
      "--semantic",
      "ask the model under semantic: in proxar.yaml about prose and potentially breaking changes; its answers become advisory notes and never change a grade",
    )
    .option(
      "--no-locations",
      "do not look up line and column of each change (faster on huge files)",
    );
}

/** Adds `--lists`, the lists a snapshot of a live server reads, to a command. */
export function addListsOption(command: Command): Command {
  return command.option(
    "--lists <names>",
    "the lists a live server's snapshot reads, comma-separated: tools (always), prompts, resources, resourceTemplates (default: every list it announces)",
  );
}

/** Adds the time limits of live servers to a command. */
export function addTimeoutOptions(command: Command): Command {
  return command
    .option("--timeout <seconds>", "time limit for each request to a live server (default 30)")
    .option(
      "--connect-timeout <seconds>",
      "time limit for starting a live server and its initialize answer (default 30)",
    )
    .option(
      "--list-timeout <seconds>",
      "time limit for reading all pages of a live server's lists (default 300)",
    )
    .option(
      "--max-message-mb <megabytes>",
      "the largest message or HTTP response accepted from a live server (default 100)",
    );
}

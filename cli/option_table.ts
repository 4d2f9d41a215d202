/**
 * The options several commands share, and `proxar diff`'s own, as data: commander's definitions
 * (`cli/options.ts`, `cli/commands/diff.ts`) and the reader of a usual diff command line that runs
 * without commander (`cli/diff_args.ts`) are both built from these tables, so an option, a name
 * or a default is changed in one place. This module loads neither commander nor a Node built-in.
 * @module
 */
import { SEVERITIES, type Threshold } from "../core/severity.ts";
import { BUILTIN_REPORTER_NAMES } from "../reporters/names.ts";

/** One option as commander is given it. */
export interface OptionSpec {
  /** Commander's flags, such as `-c, --config <file>` or `--no-step-summary`. */
  readonly flags: string;
  readonly description: string;
  /** Repeatable: each value is collected into a list whose default is empty. */
  readonly repeat?: true;
  /** A severity threshold (`--fail-on`), any letter case, stored as the config spells it. */
  readonly threshold?: true;
  /** Read by a parser of the command's own (`--server`): left to commander. */
  readonly ownParser?: true;
}

/** An option's names and what it takes, read from its flags as commander reads them. */
export interface OptionShape {
  readonly short: string | undefined;
  readonly long: string;
  /** The key of the options object commander builds. */
  readonly key: string;
  readonly takesValue: boolean;
  /** `--no-name`: sets `name` to false, and its default is true. */
  readonly negated: boolean;
}

/**
 * The names of `spec`'s option and the key commander stores it under.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { optionShape } from "./option_table.ts";
 * assert.deepEqual(optionShape({ flags: "-c, --config <file>", description: "" }), {
 *   short: "-c", long: "--config", key: "config", takesValue: true, negated: false,
 * });
 * assert.equal(optionShape({ flags: "--no-step-summary", description: "" }).key, "stepSummary");
 * ```
 */
export function optionShape(spec: OptionSpec): OptionShape {
  const words = spec.flags.split(/[ ,]+/);
  const short = words.find((word) => /^-[^-]$/.test(word));
  const long = words.find((word) => word.startsWith("--"));
  if (long === undefined) throw new Error(`Option "${spec.flags}" has no long name`);
  const negated = long.startsWith("--no-");
  const name = negated ? long.slice("--no-".length) : long.slice("--".length);
  return {
    short,
    long,
    key: name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()),
    takesValue: words.some((word) => word.startsWith("<")),
    negated,
  };
}

/** What `--fail-on` and `--warn-on` accept. */
export const THRESHOLDS: readonly Threshold[] = [...SEVERITIES, "never"];

/** The threshold `value` names in any letter case, as the config spells it, or `undefined`. */
export function thresholdNamed(value: string): Threshold | undefined {
  return THRESHOLDS.find((t) => t.toLowerCase() === value.toLowerCase());
}

/** The report options every command that grades changes takes. */
export const REPORT_OPTIONS: readonly OptionSpec[] = [
  {
    flags: "-c, --config <file>",
    description: "configuration file (default: ./proxar.yaml when present)",
  },
  { flags: "-p, --plugin <path>", description: "load a plugin module (repeatable)", repeat: true },
  { flags: "--fail-on <level>", description: "exit 1 at or above this severity", threshold: true },
  { flags: "--warn-on <level>", description: "warn at or above this severity", threshold: true },
  {
    flags: "-f, --format <name[=file]>",
    description: `report format, repeatable: ${
      BUILTIN_REPORTER_NAMES.join(", ")
    } and plugin formats`,
    repeat: true,
  },
  {
    flags: "-o, --output <file>",
    description: "write the report to a file instead of standard output (- is standard output)",
  },
  {
    flags: "--no-step-summary",
    description:
      "with --format markdown, do not also append to $GITHUB_STEP_SUMMARY when it is set",
  },
  {
    flags: "--sarif-omit-suppressed",
    description:
      "leave suppressed changes out of SARIF (GitHub shows suppressed results as open alerts)",
  },
  {
    flags: "--semantic",
    description:
      "ask the model under semantic: in proxar.yaml about prose and potentially breaking changes; its answers become advisory notes and never change a grade",
  },
  {
    flags: "--no-locations",
    description: "do not look up line and column of each change (faster on huge files)",
  },
];

/** `--lists`, the lists a live server's snapshot reads. */
export const LISTS_OPTION: OptionSpec = {
  flags: "--lists <names>",
  description:
    "the lists a live server's snapshot reads, comma-separated: tools (always), prompts, resources, resourceTemplates (default: every list it announces)",
};

/** The time limits of live servers. */
export const TIMEOUT_OPTIONS: readonly OptionSpec[] = [
  {
    flags: "--timeout <seconds>",
    description: "time limit for each request to a live server (default 30)",
  },
  {
    flags: "--connect-timeout <seconds>",
    description: "time limit for starting a live server and its initialize answer (default 30)",
  },
  {
    flags: "--list-timeout <seconds>",
    description: "time limit for reading all pages of a live server's lists (default 300)",
  },
  {
    flags: "--max-message-mb <megabytes>",
    description: "the largest message or HTTP response accepted from a live server (default 100)",
  },
];

/** `proxar diff`'s options, in the order its help lists them. */
export const DIFF_OPTIONS: readonly OptionSpec[] = [
  {
    flags: "-s, --server <name>",
    description: "compare this configured server, live now, with --against",
    ownParser: true,
  },
  {
    flags: "--against <ref>",
    description: "with --server: pinned (default), latest, HASH or FILE",
  },
  TIMEOUT_OPTIONS[0]!,
  // Shorter than the other commands' wording: a diff reads the server's lists only.
  {
    flags: "--connect-timeout <seconds>",
    description: "time limit for starting a live server (default 30)",
  },
  LISTS_OPTION,
  ...REPORT_OPTIONS,
];

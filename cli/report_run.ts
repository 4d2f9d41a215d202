/**
 * What every command that compares contracts and writes a report shares: the report options,
 * reading the config and loading plugins, comparing (plugin rules included), locating changes,
 * and writing every requested format.
 * @module
 */
import { type Command, InvalidArgumentError, Option } from "commander";
import { fixedToday } from "../core/dates.ts";
import type { Config } from "../core/config.ts";
import { compareContractsAsync } from "../core/engine.ts";
import type { LoadedContract } from "../core/load_contract.ts";
import { locateChanges } from "../core/locate.ts";
import type { Registry } from "../core/registry.ts";
import type { Report } from "../core/report.ts";
import { SEVERITIES, type Threshold } from "../core/severity.ts";
import { checkConfigRules } from "../core/suppress.ts";
import { builtinReporters } from "../reporters/mod.ts";
import { readConfig } from "./config_file.ts";
import { UserError } from "../core/errors.ts";
import type { Io } from "./io.ts";
import { addSemanticNotes } from "./semantic_pass.ts";
import { type OutputSpec, parseFormats, writeOutputs } from "./outputs.ts";
import { collectPlugin, withPlugins } from "./plugins.ts";

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

function collect(value: string, previous: string[]): string[] {
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
      `report format, repeatable: ${
        builtinReporters.map((r) => r.name).join(", ")
      } and plugin formats`,
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

/** A prepared run: configuration, rules (with plugins), reporters and the requested outputs. */
export interface ReportRun {
  config: Config;
  registry: Registry;
  outputs: OutputSpec[];
  withPlugins: boolean;
}

/** Reads the config, applies threshold flags, loads plugins and checks formats and rule ids. */
export async function prepareReportRun(io: Io, flags: ReportFlags): Promise<ReportRun> {
  const config = await readConfig(io.cwd, flags.config);
  if (flags.failOn) config.fail_on = flags.failOn;
  if (flags.warnOn) config.warn_on = flags.warnOn;
  const { registry, reporters, plugins } = await withPlugins(io, config, flags.plugin);
  const outputs = parseFormats(flags.format, flags.output, reporters);
  checkConfigRules(config, registry);
  if (flags.semantic && !config.semantic) {
    throw new UserError(
      `--semantic needs a semantic: section (url and model) in ${
        config.file ?? "proxar.yaml"
      }; see docs/semantic.md`,
    );
  }
  return { config, registry, outputs, withPlugins: plugins.length > 0 };
}

/** Compares two contracts with every rule and locates the changes in their files. */
export async function compareForReport(
  run: ReportRun,
  old: LoadedContract,
  next: LoadedContract,
  io: Io,
  flags: ReportFlags,
): Promise<Report> {
  const today = fixedToday(io.env);
  const report = await compareContractsAsync(old, next, {
    registry: run.registry,
    config: run.config,
    ruleTimeoutMs: run.config.rule_timeout * 1000,
    // Plugin rules read copies in their workers; built-in rules do not write to what they read
    // (tests/rules/examples_test.ts runs them on frozen inputs). Freezing both contracts of a
    // large diff took longer than comparing them. As in the proxy, frozen when plugins run.
    freezeInputs: run.withPlugins,
    ...(today ? { today } : {}),
  });
  if (flags.locations !== false) locateChanges(report.changes, old, next);
  return flags.semantic ? await addSemanticNotes(report, run.config, io) : report;
}

/** Writes every requested format of a report. */
export async function writeReport(
  run: ReportRun,
  report: Report,
  io: Io,
  flags: ReportFlags,
): Promise<void> {
  await writeOutputs(run.outputs, report, run.registry, io, {
    omitSuppressed: flags.sarifOmitSuppressed === true,
    today: fixedToday(io.env) ?? new Date().toISOString().slice(0, 10),
  }, { stepSummary: flags.stepSummary !== false });
}

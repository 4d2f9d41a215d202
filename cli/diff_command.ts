/**
 * `proxar diff OLD NEW`.
 * @module
 */
import { compareContractsAsync } from "../core/engine.ts";
import { locateChanges } from "../core/locate.ts";
import { SEVERITIES, type Threshold } from "../core/severity.ts";
import { type Command, Option } from "commander";
import { checkConfigRules } from "../core/suppress.ts";
import { readConfig } from "./config_file.ts";
import type { CliContext } from "./context.ts";
import type { Io } from "./io.ts";
import { parseFormats, writeOutputs } from "./outputs.ts";
import { collectPlugin, withPlugins } from "./plugins.ts";
import { type DiffSourceOptions, diffSources } from "./server_sources.ts";

/** Options of `proxar diff`. */
export interface DiffCommandOptions extends DiffSourceOptions {
  config?: string;
  failOn?: Threshold;
  warnOn?: Threshold;
  format: string[];
  output?: string;
  /** `--no-locations`: skip finding each change's line and column in the files. */
  locations?: boolean;
  /** Leave suppressed changes out of SARIF. */
  sarifOmitSuppressed?: boolean;
  /** `--no-step-summary`: do not append Markdown to `GITHUB_STEP_SUMMARY`. */
  stepSummary?: boolean;
  /** `--plugin PATH`, repeatable. */
  plugin?: string[];
}

/** Runs a diff and writes its reports; returns the exit code. */
export async function diffCommand(
  oldSpec: string | undefined,
  newSpec: string | undefined,
  options: DiffCommandOptions,
  env: { io: Io },
): Promise<number> {
  const { io } = env;
  const config = await readConfig(io.cwd, options.config);
  if (options.failOn) config.fail_on = options.failOn;
  if (options.warnOn) config.warn_on = options.warnOn;
  const { registry, reporters, plugins } = await withPlugins(io, config, options.plugin);
  const outputs = parseFormats(options.format, options.output, reporters);
  checkConfigRules(config, registry);
  const [old, next] = await diffSources(oldSpec, newSpec, options, config, io);
  const today = io.env.PROXAR_TODAY;
  const report = await compareContractsAsync(old, next, {
    registry,
    config,
    ruleTimeoutMs: config.rule_timeout * 1000,
    freezeInputs: plugins.length > 0,
    ...(today ? { today } : {}),
  });
  if (options.locations !== false) locateChanges(report.changes, old, next);
  await writeOutputs(outputs, report, registry, io, {
    omitSuppressed: options.sarifOmitSuppressed === true,
  }, { stepSummary: options.stepSummary !== false });
  return report.decision.exitCode;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

const THRESHOLDS = [...SEVERITIES, "never"];

/** Adds `proxar diff`. */
export function registerDiff(program: Command, context: CliContext): void {
  program.command("diff")
    .description("Compare two contracts and grade every change")
    .argument("[old]", "old contract: FILE, DIR, -, git:REF:PATH, stdio:CMD, URL, server:NAME")
    .argument("[new]", "new contract: FILE, DIR, -, git:REF:PATH, stdio:CMD, URL, server:NAME")
    .option("-s, --server <name>", "compare this configured server, live now, with --against")
    .option("--against <ref>", "with --server: pinned (default), latest, HASH or FILE")
    .option("--timeout <seconds>", "time limit for each request to a live server (default 30)")
    .option("--connect-timeout <seconds>", "time limit for starting a live server (default 30)")
    .option("-c, --config <file>", "configuration file (default: ./proxar.yaml when present)")
    .option("-p, --plugin <path>", "load a plugin module (repeatable)", collectPlugin, [])
    .addOption(
      new Option("--fail-on <level>", "exit 1 at or above this severity").choices(THRESHOLDS),
    )
    .addOption(
      new Option("--warn-on <level>", "warn at or above this severity").choices(THRESHOLDS),
    )
    .option(
      "-f, --format <name[=file]>",
      `report format, repeatable: ${context.reporters.map((r) => r.name).join(", ")}`,
      collect,
      [],
    )
    .option("-o, --output <file>", "write the report to a file instead of standard output")
    .option(
      "--no-step-summary",
      "with --format markdown, do not also append to $GITHUB_STEP_SUMMARY when it is set",
    )
    .option(
      "--sarif-omit-suppressed",
      "leave suppressed changes out of SARIF (GitHub shows suppressed results as open alerts)",
    )
    .option(
      "--no-locations",
      "do not look up line and column of each change (faster on huge files)",
    )
    .action(async (oldSpec: string | undefined, newSpec: string | undefined, opts) => {
      context.exitCode = await diffCommand(oldSpec, newSpec, {
        ...opts,
        failOn: opts.failOn as Threshold | undefined,
        warnOn: opts.warnOn as Threshold | undefined,
      }, context);
    });
}

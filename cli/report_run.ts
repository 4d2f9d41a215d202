/**
 * What every command that compares contracts and writes a report shares: the report options,
 * reading the config and loading plugins, comparing (plugin rules included), locating changes,
 * and writing every requested format.
 * @module
 */
import { fixedToday } from "../core/dates.ts";
import type { Config } from "../core/config.ts";
import { compareContractsAsync } from "../core/engine.ts";
import type { LoadedContract } from "../core/load_contract.ts";
import { locateChanges } from "../core/locate.ts";
import type { Registry } from "../core/registry.ts";
import type { Report } from "../core/report.ts";
import { checkConfigRules } from "../core/suppress.ts";
import { readConfig } from "./config_file.ts";
import { UserError } from "../core/errors.ts";
import type { Io } from "./io.ts";
import { type OutputSpec, parseFormats, writeOutputs } from "./outputs.ts";
import type { ReportFlags } from "./options.ts";
import { withPlugins } from "./plugins.ts";

export type { ReportFlags } from "./options.ts";

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
  if (flags.locations !== false) {
    const oldBesideNew = !run.outputs.every((o) => o.reporter.oldLocationOnlyWithoutNew === true);
    locateChanges(report.changes, old, next, { oldBesideNew });
  }
  if (!flags.semantic) return report;
  // Loaded only for --semantic: its client and cache are no part of a plain diff's start-up.
  const { addSemanticNotes } = await import("./semantic_pass.ts");
  return await addSemanticNotes(report, run.config, io);
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

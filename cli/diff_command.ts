/**
 * `proxar diff OLD NEW`.
 * @module
 */
import { compareContracts } from "../core/engine.ts";
import { readSource } from "../core/read_source.ts";
import type { Registry } from "../core/registry.ts";
import type { Threshold } from "../core/severity.ts";
import { checkConfigRules } from "../core/suppress.ts";
import type { Reporter } from "../reporters/reporter.ts";
import { readConfig } from "./config_file.ts";
import type { Io } from "./io.ts";
import { parseFormats, writeOutputs } from "./outputs.ts";

/** Options of `proxar diff`. */
export interface DiffCommandOptions {
  config?: string;
  failOn?: Threshold;
  warnOn?: Threshold;
  format: string[];
  output?: string;
}

/** Runs a diff and writes its reports; returns the exit code. */
export async function diffCommand(
  oldSpec: string,
  newSpec: string,
  options: DiffCommandOptions,
  env: { io: Io; registry: Registry; reporters: readonly Reporter[] },
): Promise<number> {
  const { io, registry } = env;
  const outputs = parseFormats(options.format, options.output, env.reporters);
  const config = await readConfig(io.cwd, options.config);
  if (options.failOn) config.fail_on = options.failOn;
  if (options.warnOn) config.warn_on = options.warnOn;
  checkConfigRules(config, registry);
  const ctx = { cwd: io.cwd, readStdin: io.readStdin };
  const [old, next] = [await readSource(oldSpec, ctx), await readSource(newSpec, ctx)];
  const today = io.env.PROXAR_TODAY;
  const report = compareContracts(old, next, { registry, config, ...(today ? { today } : {}) });
  await writeOutputs(outputs, report, registry, io);
  return report.decision.exitCode;
}

/**
 * Loads the plugins named in `proxar.yaml` (relative to the config file) and with `--plugin`
 * (relative to the working directory), and assembles what a command runs with.
 * @module
 */
import { dirname, resolve } from "node:path";
import type { Config } from "../core/config.ts";
import { builtinReporters } from "../reporters/mod.ts";
import { builtinRules } from "../rules/mod.ts";
import { assemble, type Assembled } from "../plugins/assemble.ts";
import type { Io } from "./io.ts";

/** The built-in rules and reporters plus every configured and flagged plugin. */
export function withPlugins(
  io: Io,
  config: Config,
  flags: readonly string[] = [],
): Promise<Assembled> {
  const configDir = config.file ? dirname(resolve(io.cwd, config.file)) : io.cwd;
  return assemble(
    [
      ...config.plugins.map((path) => ({ path, base: configDir })),
      ...flags.map((path) => ({ path, base: io.cwd })),
    ],
    { rules: builtinRules, reporters: builtinReporters },
    {
      timeoutMs: config.rule_timeout * 1000,
      loadTimeoutMs: (config.plugin_load_timeout ?? config.rule_timeout) * 1000,
      prose: config.prose,
    },
  );
}

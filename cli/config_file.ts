/**
 * Finds and reads `proxar.yaml`.
 * @module
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { relativePortable } from "../core/portable_path.ts";
import { type Config, defaultConfig } from "../core/config.ts";
import { UserError } from "../core/errors.ts";

/** Reads the config named by `--config`, or `proxar.yaml` in `cwd` when it exists. */
export async function readConfig(cwd: string, explicit: string | undefined): Promise<Config> {
  const path = resolve(cwd, explicit ?? "proxar.yaml");
  let text: string;
  try {
    // Read synchronously: a config is small, and in a compiled Bun binary node:fs/promises costs
    // about a millisecond more to load and to report a missing file than node:fs.
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (explicit === undefined && (error as { code?: string }).code === "ENOENT") {
      return defaultConfig();
    }
    throw new UserError(`Cannot read config "${explicit ?? path}": ${(error as Error).message}`);
  }
  // The YAML parser and the config's validator load only when there is a config to read.
  const { parseConfig } = await import("../core/config_load.ts");
  return parseConfig(text, explicit ?? relativePortable(cwd, path));
}

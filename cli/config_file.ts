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
  // The config's validator loads only when there is a config to read, and the YAML parser only
  // when the config is not in plain block style or has a problem (it words the errors): in a
  // compiled binary, loading and running it took about 10 ms of a 75 ms demo diff.
  const file = explicit ?? relativePortable(cwd, path);
  const { parseSimpleConfig } = await import("../core/config_simple.ts");
  const simple = parseSimpleConfig(text, file);
  if (simple !== undefined) return simple;
  const { parseYamlConfig } = await import("../core/config_load.ts");
  return parseYamlConfig(text, file);
}

/**
 * Reads `proxar.yaml` text written in plain block style without loading the YAML parser, with
 * the same result. Text outside that style, and a configuration with any problem, give
 * `undefined`: the caller then reads it with the YAML parser, which words every error.
 * @module
 */
import type { Config } from "./config.ts";
import { configFromValue } from "./config_build.ts";
import { UserError } from "./errors.ts";
import { readSimpleYaml } from "./simple_yaml.ts";

/**
 * The configuration `text` describes, read from `file`, when it is plain block-style YAML and
 * has no problem; `undefined` otherwise.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSimpleConfig } from "./config_simple.ts";
 * const config = parseSimpleConfig("severity_overrides:\n  tool.added: BREAKING\n", "proxar.yaml");
 * assert.deepEqual(config?.overrideWhere, { "tool.added": "proxar.yaml:2:3" });
 * assert.equal(parseSimpleConfig("fail_on: SOMETIMES\n", "proxar.yaml"), undefined);
 * ```
 */
export function parseSimpleConfig(text: string, file: string): Config | undefined {
  const read = readSimpleYaml(text);
  if (read === undefined) return undefined;
  const lineStarts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) {
    lineStarts.push(at + 1);
  }
  const where = (tokens: readonly (string | number)[], key?: boolean) => {
    const offset = read.offsetOf(tokens, key);
    let line = lineStarts.length;
    while (lineStarts[line - 1]! > offset) line--;
    return `${file}:${line}:${offset - lineStarts[line - 1]! + 1}`;
  };
  try {
    return configFromValue(read.value ?? {}, file, { where });
  } catch (error) {
    if (error instanceof UserError) return undefined;
    throw error;
  }
}

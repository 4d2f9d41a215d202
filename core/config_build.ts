/**
 * Builds a {@link Config} from the value a `proxar.yaml` holds, once read: validates it against
 * the configuration's schema and checks what the schema cannot say, each error naming
 * `file:line:column` through the reader's places. Pure.
 * @module
 */
import {
  type Config,
  defaultConfig,
  type IgnoreEntry,
  type SampleEntry,
  type SemanticConfig,
  type ServerConfig,
} from "./config.ts";
import { configSchema } from "./config_schema.ts";
import { dateProblem } from "./dates.ts";
import { UserError } from "./errors.ts";
import { pointerTokens } from "./json.ts";
import { serverNameProblem } from "./server_name.ts";
import { didYouMean } from "./suggest.ts";
import type { Severity, Threshold } from "./severity.ts";
import { shapeValidatorFor } from "./validate.ts";

/** Where a node of the configuration is written: `file:line:column`. */
export interface Located {
  /**
   * The place of the node at `tokens` (mapping keys and sequence indexes); with `key`, of the last
   * token's key itself.
   */
  where(tokens: readonly (string | number)[], key?: boolean): string;
}

/**
 * The configuration `raw` describes, defaults filled in, read from `file`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { configFromValue } from "./config_build.ts";
 * const at = { where: () => "proxar.yaml:1:1" };
 * const config = configFromValue({ fail_on: "never" }, "proxar.yaml", at);
 * assert.equal(config.fail_on, "never");
 * ```
 */
export function configFromValue(value: unknown, file: string, at: Located): Config {
  // deno-lint-ignore no-explicit-any
  const raw = value as any;
  const problem = shapeValidatorFor(String(configSchema.$id))(raw);
  if (problem) {
    const tokens = pointerTokens(problem.pointer);
    const isKey = problem.message.startsWith("unexpected property");
    const keyTokens = isKey ? [...tokens, /"([^"]*)"/.exec(problem.message)?.[1] ?? ""] : tokens;
    const where = at.where(keyTokens, isKey);
    const name = problem.pointer === "" ? "" : `${tokens.join(".")}: `;
    throw new UserError(`${where}: ${name}${problem.message}`);
  }
  const config = defaultConfig();
  config.file = file;
  if (raw.fail_on !== undefined) config.fail_on = raw.fail_on as Threshold;
  if (raw.warn_on !== undefined) config.warn_on = raw.warn_on as Threshold;
  config.severity_overrides = (raw.severity_overrides ?? {}) as Record<string, Severity>;
  config.overrideWhere = Object.fromEntries(
    Object.keys(config.severity_overrides).map((id) => [
      id,
      at.where(["severity_overrides", id], true),
    ]),
  );
  config.ignore = ((raw.ignore ?? []) as IgnoreEntry[]).map((entry, i) => {
    const problem = entry.expires === undefined ? undefined : dateProblem(entry.expires);
    if (problem !== undefined) {
      throw new UserError(
        `${
          at.where(["ignore", i, "expires"])
        }: ignore.${i}.expires: "${entry.expires}" is not a date: ${problem}`,
      );
    }
    return { ...entry, where: at.where(["ignore", i]) };
  });
  if (raw.plugins) config.plugins = raw.plugins;
  if (raw.prose) {
    config.prose = {
      high: raw.prose.high ?? config.prose.high,
      low: raw.prose.low ?? config.prose.low,
      extraMarkers: raw.prose.markers?.extra ?? [],
    };
    if (config.prose.low > config.prose.high) {
      const set = raw.prose.low === undefined ? "high" : "low";
      const low = `${config.prose.low}${raw.prose.low === undefined ? ", the default" : ""}`;
      const high = `${config.prose.high}${raw.prose.high === undefined ? ", the default" : ""}`;
      throw new UserError(
        `${at.where(["prose", set])}: prose.low (${low}) must not exceed prose.high (${high})`,
      );
    }
  }
  if (raw.servers) config.servers = checkServers(raw.servers, at);
  if (raw.store) config.store = raw.store;
  if (raw.rule_timeout !== undefined) config.rule_timeout = raw.rule_timeout;
  if (raw.plugin_load_timeout !== undefined) config.plugin_load_timeout = raw.plugin_load_timeout;
  if (raw.semantic !== undefined) config.semantic = raw.semantic as SemanticConfig;
  if (raw.proxy?.policy) config.proxy = { policy: raw.proxy.policy };
  if (raw.alerts) config.alerts = { ...raw.alerts };
  if (raw.samples) config.samples = checkSamples(raw.samples, config, at);
  if (raw.sampling) config.sampling = { ...config.sampling, ...raw.sampling };
  return config;
}

/** Every server named under `samples:` must be configured under `servers:`. */
function checkSamples(
  samples: Record<string, SampleEntry[]>,
  config: Config,
  at: Located,
): Record<string, SampleEntry[]> {
  for (const name of Object.keys(samples)) {
    if (!Object.hasOwn(config.servers, name)) {
      const known = Object.keys(config.servers);
      throw new UserError(
        `${at.where(["samples", name], true)}: samples: there is no server ${
          JSON.stringify(name)
        } under servers:${didYouMean(name, known)}`,
      );
    }
  }
  return samples;
}

/**
 * Server names must be usable as file names; `secret_env` must name entries of `env`; `lists`
 * must hold tools.
 */
function checkServers(
  servers: Record<string, ServerConfig>,
  at: Located,
): Record<string, ServerConfig> {
  for (const [name, server] of Object.entries(servers)) {
    const problem = serverNameProblem(name);
    if (problem !== undefined) {
      throw new UserError(
        `${at.where(["servers", name], true)}: servers: the server name ${
          JSON.stringify(name)
        } cannot be used (it names files in the store): ${problem}`,
      );
    }
    for (const [i, key] of (server.secret_env ?? []).entries()) {
      if (!Object.hasOwn(server.env ?? {}, key)) {
        throw new UserError(
          `${at.where(["servers", name, "secret_env", i])}: servers.${name}.secret_env: ${
            JSON.stringify(key)
          } is not an entry of env`,
        );
      }
    }
    if (server.lists !== undefined && !server.lists.includes("tools")) {
      throw new UserError(
        `${
          at.where(["servers", name, "lists"])
        }: servers.${name}.lists: must include tools (a snapshot always reads them), found [${
          server.lists.join(", ")
        }]`,
      );
    }
  }
  return servers;
}

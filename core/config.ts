/**
 * The configuration model (`proxar.yaml`) and its defaults; its JSON Schema is in
 * `config_schema.ts`.
 * @module
 */
import type { ListName } from "./contract.ts";
import type { JsonObject } from "./json.ts";
import { DEFAULT_PROSE_OPTIONS, type ProseOptions } from "./prose_options.ts";
import type { Severity, Threshold } from "./severity.ts";

/** An `ignore` entry: suppresses matching changes, which stay in every report. */
export interface IgnoreEntry {
  /** A rule id, or a glob over rule ids. */
  rule: string;
  /** A glob over entity names (tool, prompt, resource URI …). */
  entity?: string;
  /** A glob over dotted paths. */
  path?: string;
  reason?: string;
  /** `YYYY-MM-DD`: from the day after, the entry stops suppressing and is reported as expired. */
  expires?: string;
  /** `file:line:column` of the entry, for messages. */
  where?: string;
}

/** How to reach a live server (used by `snapshot`, `pin`, `check`). */
export interface ServerConfig {
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  /** Names of `env` entries whose values are secrets (beyond those whose names say so). */
  secret_env?: string[];
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  /** Seconds to wait for each request (and for connecting, unless `connect_timeout` is set). */
  timeout?: number;
  /** Seconds to wait for the server to start and answer `initialize`. */
  connect_timeout?: number;
  /** Seconds for reading all pages of all lists together. */
  list_timeout?: number;
  /** The largest message (or HTTP response body) accepted from the server, in megabytes. */
  max_message_mb?: number;
  /** The lists a snapshot reads (default: every list the server announces); `tools` is one. */
  lists?: ListName[];
}

/** What `proxar proxy` does with a tool whose changes reach a severity. */
export type PolicyAction = "pass" | "withhold";

/** `proxy:` settings. */
export interface ProxyConfig {
  /** Severity to action; severities not named pass. */
  policy: Partial<Record<Severity, PolicyAction>>;
}

/** `alerts:` settings of `proxar proxy`. */
export interface AlertsConfig {
  /** An http(s) URL each alert is POSTed to as JSON. */
  webhook?: string;
  /** Headers of the webhook request (values may hold `${VAR}`; never logged). */
  headers?: Record<string, string>;
}

/** One sample call of `proxar sample` (docs/sampling.md). */
export interface SampleEntry {
  /** The tool to call. */
  tool: string;
  /** Its arguments. */
  arguments?: JsonObject;
  /** Call the tool even when it is not annotated `readOnlyHint: true`. */
  allow_side_effects?: boolean;
  /** Seconds the call may take (default: the server's `timeout`, else 30). */
  timeout?: number;
}

/** `sampling:` settings: passive sampling of results passing `proxar proxy`. */
export interface SamplingConfig {
  /** Share of `tools/call` results sampled, 0 (off) to 1 (every call, the default). */
  rate: number;
  /** At most this many results sampled per minute, all tools together (default 60). */
  per_minute: number;
}

/** The `--semantic` pass: an OpenAI-compatible chat-completions endpoint asked about changes. */
export interface SemanticConfig {
  /** The API's base URL (`http://localhost:11434/v1`) or its `/chat/completions` endpoint. */
  url: string;
  model: string;
  /** The environment variable holding the API key, sent as a bearer token. */
  api_key_env?: string;
  /** Seconds one answer may take, start to end (default 20). */
  timeout?: number;
}

/** A loaded configuration. */
export interface Config {
  fail_on: Threshold;
  warn_on: Threshold;
  severity_overrides: Record<string, Severity>;
  ignore: IgnoreEntry[];
  plugins: string[];
  /** How long one plugin rule or reporter may run, in seconds. */
  rule_timeout: number;
  /** How long loading one plugin may take, in seconds; `rule_timeout` when unset. */
  plugin_load_timeout?: number;
  /** Where `--semantic` asks; absent unless configured. */
  semantic?: SemanticConfig;
  prose: ProseOptions;
  servers: Record<string, ServerConfig>;
  store: string;
  proxy: ProxyConfig;
  alerts: AlertsConfig;
  /** Sample calls per configured server, in the order they are made. */
  samples: Record<string, SampleEntry[]>;
  /** Passive sampling of results passing `proxar proxy`. */
  sampling: SamplingConfig;
  /** The file it was read from, if any. */
  file?: string;
  /** `file:line:column` of each severity override key, for messages. */
  overrideWhere?: Record<string, string>;
}

/** The configuration used when there is no `proxar.yaml`. */
export function defaultConfig(): Config {
  return {
    fail_on: "BREAKING",
    warn_on: "POTENTIALLY_BREAKING",
    severity_overrides: {},
    ignore: [],
    plugins: [],
    rule_timeout: 10,
    prose: { ...DEFAULT_PROSE_OPTIONS },
    servers: {},
    store: ".proxar",
    proxy: { policy: {} },
    alerts: {},
    samples: {},
    sampling: { rate: 1, per_minute: 60 },
  };
}

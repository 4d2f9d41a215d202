/**
 * The configuration model (`proxar.yaml`), its defaults and its JSON Schema.
 * @module
 */
import type { JsonObject } from "./json.ts";
import { DEFAULT_PROSE_OPTIONS, type ProseOptions } from "./prose.ts";
import { SEVERITIES, type Severity, type Threshold } from "./severity.ts";

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
  /** How long one plugin rule may run, in seconds. */
  rule_timeout: number;
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

const threshold = {
  enum: [...SEVERITIES, "never"],
  description: "A severity, or never to disable the threshold",
};
const stringMap = { type: "object", additionalProperties: { type: "string" } };

/** The JSON Schema of `proxar.yaml`, published as `schemas/proxar.schema.json`. */
export const configSchema: JsonObject = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://proxar.dev/schemas/proxar.schema.json",
  title: "Proxar configuration",
  type: "object",
  additionalProperties: false,
  properties: {
    $schema: { type: "string", description: "The JSON Schema of this file, for editors" },
    fail_on: { ...threshold, description: "Exit with code 1 at or above this severity" },
    warn_on: { ...threshold, description: "Report a warning at or above this severity" },
    severity_overrides: {
      type: "object",
      description: "Rule id to the severity its findings get in this project",
      additionalProperties: { enum: [...SEVERITIES], description: "The severity for this rule id" },
    },
    ignore: {
      type: "array",
      description: "Changes to suppress; they stay visible in every report",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["rule"],
        properties: {
          rule: { type: "string", minLength: 1, description: "A rule id, or a glob" },
          entity: { type: "string", minLength: 1, description: "A glob over entity names" },
          path: { type: "string", minLength: 1, description: "A glob over dotted paths" },
          reason: { type: "string", minLength: 1, description: "Why; printed in every report" },
          expires: {
            type: "string",
            pattern: "^\\d{4}-\\d{2}-\\d{2}$",
            description: "YYYY-MM-DD; after this day the entry stops suppressing",
          },
        },
      },
    },
    plugins: {
      type: "array",
      items: { type: "string", minLength: 1 },
      description: "Plugin modules, relative to this file",
    },
    prose: {
      type: "object",
      additionalProperties: false,
      description: "The prose classifier for descriptions, titles and instructions (docs/prose.md)",
      properties: {
        high: {
          type: "number",
          minimum: 0,
          maximum: 1,
          description:
            `A similarity score at or above this is high (default ${DEFAULT_PROSE_OPTIONS.high})`,
        },
        low: {
          type: "number",
          minimum: 0,
          maximum: 1,
          description:
            `A similarity score below this is low (default ${DEFAULT_PROSE_OPTIONS.low})`,
        },
        markers: {
          type: "object",
          additionalProperties: false,
          description:
            "Semantic markers: words whose change makes a prose edit more than a typo fix",
          properties: {
            extra: {
              type: "array",
              items: { type: "string", minLength: 1 },
              description: "Words or phrases whose appearing or disappearing is never a typo fix",
            },
          },
        },
      },
    },
    servers: {
      type: "object",
      description:
        "Live servers by name, for --server NAME and server:NAME (docs/live-servers.md); a server has command or url",
      additionalProperties: {
        type: "object",
        additionalProperties: false,
        description: "One server: a command started over stdio, or an http(s) URL",
        properties: {
          command: {
            type: "string",
            minLength: 1,
            description: "The program that runs a stdio server; ${VAR} expands",
          },
          args: {
            type: "array",
            items: { type: "string" },
            description: "Its arguments; ${VAR} expands",
          },
          env: {
            ...stringMap,
            description: "Environment variables for the command; ${VAR} expands",
          },
          secret_env: {
            type: "array",
            items: { type: "string", minLength: 1 },
            description:
              "Names of env entries whose values are secrets, redacted from messages; names with TOKEN, KEY, SECRET, PASSWORD and the like are secrets without it",
          },
          cwd: {
            type: "string",
            description: "The command's working directory (default: the directory of this file)",
          },
          url: {
            type: "string",
            pattern: "^https?://",
            description: "A Streamable HTTP (or HTTP+SSE) server's URL",
          },
          headers: {
            ...stringMap,
            description: "HTTP headers sent to url; ${VAR} expands; values are never printed",
          },
          timeout: {
            type: "number",
            exclusiveMinimum: 0,
            description: "Seconds to wait for each request (default 30)",
          },
          connect_timeout: {
            type: "number",
            exclusiveMinimum: 0,
            description: "Seconds to wait for the server to start and answer initialize",
          },
          list_timeout: {
            type: "number",
            exclusiveMinimum: 0,
            description:
              "Seconds for reading all pages of all lists together (default 300, or timeout when longer)",
          },
          max_message_mb: {
            type: "number",
            exclusiveMinimum: 0,
            description:
              "The largest message or HTTP response body accepted from the server, in megabytes (default 100)",
          },
        },
      },
    },
    store: {
      type: "string",
      minLength: 1,
      description: "The directory of pins and history, relative to this file (default .proxar)",
    },
    proxy: {
      type: "object",
      additionalProperties: false,
      description: "proxar proxy (docs/proxy.md)",
      properties: {
        policy: {
          type: "object",
          additionalProperties: false,
          description:
            "Severity to action: pass (forward and alert, the default) or withhold (hide the tools whose changes reach it)",
          properties: Object.fromEntries(
            SEVERITIES.map((s) => [s, { enum: ["pass", "withhold"] }]),
          ),
        },
      },
    },
    alerts: {
      type: "object",
      additionalProperties: false,
      description: "Where proxar proxy sends drift alerts besides standard error and alerts.jsonl",
      properties: {
        webhook: {
          type: "string",
          pattern: "^https?://",
          description: "An http(s) URL each alert is POSTed to as JSON",
        },
        headers: { ...stringMap, description: "Headers of the webhook request; ${VAR} expands" },
      },
    },
    samples: {
      type: "object",
      description:
        "Sample calls of proxar sample, per configured server: their result shapes are recorded and compared (docs/sampling.md)",
      additionalProperties: {
        type: "array",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["tool"],
          properties: {
            tool: { type: "string", minLength: 1, description: "The tool to call" },
            arguments: { type: "object", description: "Its arguments" },
            allow_side_effects: {
              type: "boolean",
              description:
                "Call the tool even when it is not annotated readOnlyHint: true (default false)",
            },
            timeout: {
              type: "number",
              exclusiveMinimum: 0,
              description: "Seconds the call may take (default: the server's timeout)",
            },
          },
        },
      },
    },
    sampling: {
      type: "object",
      additionalProperties: false,
      description:
        "Passive sampling of tools/call results passing proxar proxy, compared with the pinned samples (docs/sampling.md)",
      properties: {
        rate: {
          type: "number",
          minimum: 0,
          maximum: 1,
          description:
            "Share of results sampled: 1 every call (the default), 0.25 every fourth, 0 off",
        },
        per_minute: {
          type: "integer",
          minimum: 1,
          description:
            "At most this many results sampled per minute, all tools together (default 60)",
        },
      },
    },
    semantic: {
      type: "object",
      additionalProperties: false,
      required: ["url", "model"],
      description:
        "Advisory notes from a model for --semantic (docs/semantic.md); never changes a grade",
      properties: {
        url: {
          type: "string",
          pattern: "^https?://",
          description:
            "Base URL of an OpenAI-compatible API (such as http://localhost:11434/v1), or its /chat/completions endpoint",
        },
        model: { type: "string", minLength: 1, description: "The model to ask" },
        api_key_env: {
          type: "string",
          pattern: "^[A-Za-z_][A-Za-z0-9_]*$",
          description: "Environment variable holding the API key (sent as a bearer token)",
        },
        timeout: {
          type: "number",
          exclusiveMinimum: 0,
          description: "Seconds one answer may take, start to end (default 20)",
        },
      },
    },
    rule_timeout: {
      type: "number",
      exclusiveMinimum: 0,
      description:
        "Seconds a plugin may take to load, to run one rule or to render a report before Proxar stops its worker and the run fails (default 10; held at about 24.8 days)",
    },
  },
};

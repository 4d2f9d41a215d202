/**
 * The JSON Schema of `proxar.yaml`, apart from the configuration's types and defaults
 * (`core/config.ts`), which commands load without it when there is no config file.
 * @module
 */
import type { JsonObject } from "./json.ts";
import { DEFAULT_PROSE_OPTIONS } from "./prose_options.ts";
import { SEVERITIES } from "./severity.ts";

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
          path: {
            type: "string",
            minLength: 1,
            description:
              "A glob over dotted paths; a change reported once in a shared definition also matches when the glob matches every place that uses it",
          },
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
          lists: {
            type: "array",
            items: { enum: ["tools", "prompts", "resources", "resourceTemplates"] },
            uniqueItems: true,
            description:
              "The lists a snapshot reads (default: every list the server announces); tools must be one. A list left out is recorded as not captured, not as empty: for a server whose resources are its data, or whose resources/list fails without its backing service",
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
        "Seconds a plugin may take to run one rule or to render a report before Proxar stops its worker and the run fails (default 10; held at about 24.8 days)",
    },
    plugin_load_timeout: {
      type: "number",
      exclusiveMinimum: 0,
      description:
        "Seconds a plugin may take to load (to import its module) before Proxar stops its worker and the run fails (default: rule_timeout; held at about 24.8 days)",
    },
  },
};

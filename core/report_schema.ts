/**
 * The JSON Schema of the JSON report (`--format json`), published as
 * `schemas/report.schema.json`. The format only ever gains fields: consumers must ignore
 * properties they do not know.
 * @module
 */
import type { JsonObject } from "./json.ts";
import { RELEASE_LEVELS } from "./semver.ts";
import { SEVERITIES } from "./severity.ts";

const severity = { enum: [...SEVERITIES] };
const position = {
  type: "object",
  required: ["file", "line", "column"],
  properties: {
    file: { type: "string" },
    line: { type: "integer", minimum: 1 },
    column: { type: "integer", minimum: 1 },
  },
};
const side = {
  type: "object",
  required: ["source", "server", "hash", "counts"],
  properties: {
    source: {
      type: "string",
      description: "What the user named: a path, -, git:REF:PATH, a server",
    },
    server: {
      type: "object",
      required: ["name", "version"],
      properties: { name: { type: "string" }, version: { type: "string" } },
    },
    hash: { type: "string", pattern: "^sha256:[0-9a-f]{64}$" },
    counts: {
      type: "object",
      required: ["tools", "prompts", "resources", "resourceTemplates"],
      additionalProperties: { type: "integer", minimum: 0 },
    },
  },
};
const threshold = { enum: [...SEVERITIES, "never"] };

/** The report's JSON Schema. */
export const reportSchema: JsonObject = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://proxar.dev/schemas/report.schema.json",
  title: "Proxar report",
  type: "object",
  required: ["schemaVersion", "proxar", "old", "new", "changes", "summary", "decision"],
  properties: {
    schemaVersion: { const: 1 },
    proxar: {
      type: "object",
      required: ["version"],
      properties: { version: { type: "string" } },
    },
    old: side,
    new: side,
    changes: {
      type: "array",
      description: "Sorted by severity, entity, path, rule, then values",
      items: {
        type: "object",
        required: ["rule", "severity", "entity", "path", "pointer", "message"],
        properties: {
          rule: { type: "string", description: "Rule id; see `proxar rules`" },
          severity,
          overriddenFrom: {
            ...severity,
            description: "The default, when severity_overrides changed it",
          },
          entity: {
            type: "object",
            required: ["kind", "name"],
            properties: {
              kind: { enum: ["server", "tool", "prompt", "resource", "resourceTemplate"] },
              name: { type: "string" },
            },
          },
          path: { type: "string", description: "Dotted path: search_issues.inputSchema.required" },
          pointer: { type: "string", description: "RFC 6901 pointer into the snapshot form" },
          oldPointer: {
            type: "string",
            description:
              "RFC 6901 pointer into the old snapshot form, when the element stood at another place there (a union's branch renamed or moved, a renamed tool), or, for an element added to a list, the list",
          },
          newPointer: {
            type: "string",
            description:
              "RFC 6901 pointer into the new snapshot form of the nearest place holding the element, when `pointer` names a place only the old snapshot has (a union's branch removed: its list)",
          },
          usedAt: {
            type: "array",
            items: { type: "string" },
            description:
              "Dotted paths of the places that use a shared definition, when a change inside it is reported once, at the definition",
          },
          old: {
            description: "The old value, when there was one. In a rule of a tool's schemas " +
              "(tool.input.*, tool.output.*) other than keyword.* and default.*, null stands " +
              "for a keyword or subschema that was absent: their values cannot be null.",
          },
          new: {
            description: "The new value, when there is one; null as for old",
          },
          message: { type: "string" },
          hint: { type: "string" },
          prose: {
            type: "object",
            required: ["severity", "step"],
            properties: {
              severity,
              step: {
                enum: [
                  "equal",
                  "identifierCase",
                  "codeSpan",
                  "constant",
                  "alternative",
                  "toolName",
                  "unit",
                  "emptiness",
                  "marker",
                  "order",
                  "similarity",
                ],
              },
              marker: { type: "string" },
              caseChange: {
                type: "object",
                description:
                  "The identifier or quoted token whose case changed (step identifierCase)",
                required: ["old", "new"],
                properties: { old: { type: "string" }, new: { type: "string" } },
              },
              codeSpan: {
                type: "object",
                description:
                  "The code span replaced by another, or only removed (no new), without backticks (step codeSpan)",
                required: ["old"],
                properties: { old: { type: "string" }, new: { type: "string" } },
              },
              constant: {
                type: "object",
                description:
                  "The upper-case identifier-like words replaced or removed, and those added in their place (step constant)",
                required: ["removed", "added"],
                properties: {
                  removed: { type: "array", items: { type: "string" } },
                  added: { type: "array", items: { type: "string" } },
                },
              },
              alternative: {
                type: "string",
                description:
                  "The words of the alternative (or …) the new text dropped (step alternative)",
              },
              toolName: {
                type: "string",
                description:
                  "The tool name of the contract the new text names fewer times, or the name that is no tool and that a tool name replaced (step toolName)",
              },
              replacedBy: {
                type: "string",
                description:
                  "The tool name of the contract that came in place of toolName when that is no tool (step toolName)",
              },
              unit: {
                type: "object",
                description:
                  'The first run of sentences, lines or list items that differs ("" when added or removed whole) and the verdict the other steps gave it alone (step unit)',
                required: ["old", "new", "verdict"],
                properties: {
                  old: { type: "string" },
                  new: { type: "string" },
                  verdict: { type: "object", required: ["severity", "step"] },
                },
              },
              counts: {
                type: "object",
                description: "How often the marker occurs in the old and the new text",
                properties: { old: { type: "integer" }, new: { type: "integer" } },
              },
              edit: { type: "number", description: "1 − Levenshtein distance / longer length" },
              rewritten: {
                type: "array",
                description:
                  "The numbers written another way, as written in the old and the new text (step similarity, edit 1)",
                items: {
                  type: "object",
                  required: ["old", "new"],
                  properties: { old: { type: "string" }, new: { type: "string" } },
                },
              },
              jaccard: { type: "number", description: "Token-set overlap" },
              thresholds: {
                type: "object",
                description: "The high and low thresholds the scores were held against",
                properties: { high: { type: "number" }, low: { type: "number" } },
              },
            },
          },
          locations: {
            type: "object",
            properties: { old: position, new: position },
          },
          notes: { type: "array", items: { type: "string" } },
          server: {
            type: "string",
            description: "The configured server the change was found on (proxar check)",
          },
          suppressed: {
            type: "object",
            required: ["reason", "by"],
            properties: { reason: { type: "string" }, by: { type: "string" } },
          },
        },
      },
    },
    summary: {
      type: "object",
      required: ["total", "counts", "suppressed", "expiredIgnores"],
      properties: {
        total: { type: "integer", minimum: 0 },
        counts: {
          type: "object",
          required: [...SEVERITIES],
          additionalProperties: { type: "integer", minimum: 0 },
        },
        suppressed: {
          type: "object",
          required: ["total", "reasons"],
          properties: {
            total: { type: "integer", minimum: 0 },
            reasons: {
              type: "array",
              items: {
                type: "object",
                required: ["reason", "count"],
                properties: { reason: { type: "string" }, count: { type: "integer", minimum: 1 } },
              },
            },
          },
        },
        expiredIgnores: {
          type: "array",
          items: {
            type: "object",
            required: ["rule", "expires", "matched"],
            properties: {
              rule: { type: "string" },
              entity: { type: "string" },
              path: { type: "string" },
              reason: { type: "string" },
              expires: { type: "string" },
              where: { type: "string" },
              matched: { type: "integer", minimum: 0 },
            },
          },
        },
      },
    },
    decision: {
      type: "object",
      required: ["failOn", "warnOn", "highest", "status", "exitCode"],
      properties: {
        failOn: threshold,
        warnOn: threshold,
        highest: { oneOf: [severity, { type: "null" }] },
        status: { enum: ["fail", "warn", "pass"] },
        exitCode: { enum: [0, 1] },
      },
    },
    release: {
      type: "object",
      description:
        "The smallest SemVer release that fits the changes (absent from proxar check's combined report)",
      required: ["level", "old", "new"],
      properties: {
        level: {
          enum: [...RELEASE_LEVELS],
          description:
            "major for BREAKING, minor for other non-documentation changes, patch for documentation alone",
        },
        old: { type: "string", description: "serverInfo.version of the old contract" },
        new: { type: "string", description: "serverInfo.version of the new contract" },
        suggested: {
          type: "string",
          description:
            "The smallest version a release of this level may carry (when old is SemVer): under 0.y.z a major release is the next minor, and under 0.0.z every release is breaking to a caret range, so any level is the next patch",
        },
        preReleaseOf: {
          type: "string",
          description:
            "When old is a pre-release, the version it leads to (3.0.0 for 3.0.0-beta.41): SemVer promises nothing between pre-releases, so a later pre-release of it, or it, fits any change",
        },
        sufficient: {
          type: "boolean",
          description:
            "Whether new is at least suggested, or a later pre-release of preReleaseOf or preReleaseOf itself (when both are SemVer)",
        },
      },
    },
  },
};

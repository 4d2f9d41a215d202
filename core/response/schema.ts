/**
 * The JSON Schema of recorded response shapes (`responses` in a samples file or a contract),
 * checked on load so the comparison never meets a malformed shape. It admits no strings or
 * numbers from results: only counts, type names, keys and schema paths.
 * @module
 */
import type { JsonObject } from "../json.ts";
import { LENGTH_BUCKETS } from "./node.ts";
import { CONTENT_KINDS, FAILURE_REASONS } from "./result.ts";

const count = { type: "integer", minimum: 0 };
const TYPES = ["array", "boolean", "integer", "null", "number", "object", "string"];

/** One node of a JSON type tree. */
export const shapeNodeShape: JsonObject = {
  $id: "proxar:shapeNode",
  type: "object",
  required: ["count", "types"],
  additionalProperties: false,
  properties: {
    count,
    types: { type: "array", items: { enum: TYPES }, uniqueItems: true },
    objects: count,
    properties: { type: "object", additionalProperties: { $ref: "proxar:shapeNode" } },
    otherKeys: { $ref: "proxar:shapeNode" },
    items: { $ref: "proxar:shapeNode" },
    lengths: { type: "array", items: { enum: [...LENGTH_BUCKETS] }, uniqueItems: true },
    order: {
      type: "object",
      required: ["observed", "keys"],
      additionalProperties: false,
      properties: {
        observed: count,
        keys: { type: "array", items: { type: "string", pattern: ":(asc|desc)$" } },
      },
    },
    truncated: { const: true },
  },
};

/** Everything recorded about one tool's results. */
export const toolResponseShape: JsonObject = {
  $id: "proxar:toolResponse",
  type: "object",
  required: ["calls", "errors", "content"],
  additionalProperties: false,
  properties: {
    calls: count,
    errors: count,
    failures: {
      type: "object",
      additionalProperties: false,
      properties: Object.fromEntries(FAILURE_REASONS.map((r) => [r, count])),
    },
    content: { type: "array", items: { enum: [...CONTENT_KINDS] }, uniqueItems: true },
    structured: { $ref: "proxar:shapeNode" },
    text: { $ref: "proxar:shapeNode" },
    violations: {
      type: "array",
      items: {
        type: "object",
        required: ["keyword", "schemaPath", "at"],
        additionalProperties: false,
        properties: {
          keyword: { type: "string" },
          schemaPath: { type: "string" },
          at: { type: "string" },
        },
      },
    },
  },
};

/** Tool name to its response shape. */
export const responsesShape: JsonObject = {
  $id: "proxar:responses",
  type: "object",
  additionalProperties: { $ref: "proxar:toolResponse" },
};

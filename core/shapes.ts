/**
 * JSON Schemas for the inputs Proxar accepts: tools, prompts, resources, whole contracts and
 * snapshot files. Loaders validate against them so that errors name the exact place.
 * @module
 */
import type { JsonObject } from "./json.ts";
import { responsesShape, shapeNodeShape, toolResponseShape } from "./response/schema.ts";

const text = { type: "string" };
const nonEmpty = { type: "string", minLength: 1 };

/** A tool as advertised by `tools/list`. */
export const toolShape: JsonObject = {
  $id: "proxar:tool",
  type: "object",
  required: ["name", "inputSchema"],
  properties: {
    name: nonEmpty,
    title: text,
    description: text,
    inputSchema: { type: ["object", "boolean"] },
    outputSchema: { type: ["object", "boolean"] },
    annotations: { type: "object" },
    icons: { type: "array" },
    _meta: { type: "object" },
  },
};

/** A prompt as advertised by `prompts/list`. */
export const promptShape: JsonObject = {
  $id: "proxar:prompt",
  type: "object",
  required: ["name"],
  properties: {
    name: nonEmpty,
    title: text,
    description: text,
    arguments: {
      type: "array",
      items: {
        type: "object",
        required: ["name"],
        properties: {
          name: nonEmpty,
          title: text,
          description: text,
          required: { type: "boolean" },
        },
      },
    },
  },
};

/** A resource as advertised by `resources/list`. */
export const resourceShape: JsonObject = {
  $id: "proxar:resource",
  type: "object",
  required: ["uri", "name"],
  properties: { uri: nonEmpty, name: text, title: text, description: text, mimeType: text },
};

/** A resource template as advertised by `resources/templates/list`. */
export const resourceTemplateShape: JsonObject = {
  $id: "proxar:resourceTemplate",
  type: "object",
  required: ["uriTemplate", "name"],
  properties: { uriTemplate: nonEmpty, name: text, title: text, description: text, mimeType: text },
};

const lists = {
  tools: { type: "array", items: { $ref: "proxar:tool" } },
  prompts: { type: "array", items: { $ref: "proxar:prompt" } },
  resources: { type: "array", items: { $ref: "proxar:resource" } },
  resourceTemplates: { type: "array", items: { $ref: "proxar:resourceTemplate" } },
};

const serverInfo = {
  type: "object",
  required: ["name"],
  // icons as a tool's are: a list (review: "notalist" loaded here, and the same in a tool exits 2).
  properties: { name: text, version: text, title: text, icons: { type: "array" } },
};

/**
 * A page or a combined listing: a `tools/list` result, or an object holding any of the lists
 * plus optional server information (as `initialize` reports it).
 */
export const listingShape: JsonObject = {
  $id: "proxar:listing",
  type: "object",
  properties: {
    ...lists,
    nextCursor: text,
    server: serverInfo,
    serverInfo,
    protocolVersion: text,
    instructions: text,
    capabilities: { type: "object" },
    responses: { $ref: "proxar:responses" },
  },
};

/** A Proxar snapshot file. */
export const snapshotShape: JsonObject = {
  $id: "proxar:snapshot",
  type: "object",
  required: ["proxar", "server", "tools"],
  additionalProperties: false,
  properties: {
    $schema: text,
    proxar: { type: "integer", minimum: 1 },
    server: { ...serverInfo, required: ["name", "version"] },
    protocolVersion: text,
    capturedAt: text,
    hash: { type: "string", pattern: "^sha256:[0-9a-f]{64}$" },
    instructions: text,
    capabilities: { type: "object" },
    ...lists,
  },
};

/** The list a page of each `…/list` request holds, and the shape of its items. */
export const PAGE_ITEMS = {
  tools: "proxar:tool",
  prompts: "proxar:prompt",
  resources: "proxar:resource",
  resourceTemplates: "proxar:resourceTemplate",
} as const;

/** One page of a `…/list` answer holding `key` (`$id` `proxar:page:KEY`). */
export function pageShape(key: keyof typeof PAGE_ITEMS): JsonObject {
  return {
    $id: `proxar:page:${key}`,
    type: "object",
    required: [key],
    properties: {
      [key]: { type: "array", items: { $ref: PAGE_ITEMS[key] } },
      nextCursor: { type: ["string", "null"] },
    },
  };
}

/** Every shape, in the order they must be registered (referenced ones first). */
export const ALL_SHAPES: readonly JsonObject[] = [
  shapeNodeShape,
  toolResponseShape,
  responsesShape,
  toolShape,
  promptShape,
  resourceShape,
  resourceTemplateShape,
  listingShape,
  snapshotShape,
];

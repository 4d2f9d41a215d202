/**
 * The contract model: what an MCP server advertises, keyed by identity.
 * @module
 */
import type { JsonObject, JsonValue } from "./json.ts";
import type { ToolResponseShape } from "./response/result.ts";

/** The identity and version a server reports in `initialize`. */
export interface ServerInfo {
  name: string;
  version: string;
  title?: string;
  [key: string]: JsonValue | undefined;
}

/** A tool as listed by `tools/list`. Unknown fields are kept so that they can be compared. */
export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonValue;
  outputSchema?: JsonValue;
  annotations?: JsonObject;
  icons?: JsonValue;
  _meta?: JsonObject;
  [key: string]: JsonValue | undefined;
}

/** An argument of a prompt. */
export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
  [key: string]: JsonValue | undefined;
}

/** A prompt as listed by `prompts/list`. */
export interface Prompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  [key: string]: JsonValue | PromptArgument[] | undefined;
}

/** A resource as listed by `resources/list`. */
export interface Resource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  [key: string]: JsonValue | undefined;
}

/** A resource template as listed by `resources/templates/list`. */
export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  [key: string]: JsonValue | undefined;
}

/** Everything a server advertises. Lists are sorted by identity. */
export interface Contract {
  server: ServerInfo;
  protocolVersion?: string;
  instructions?: string;
  capabilities?: JsonObject;
  tools: Tool[];
  prompts: Prompt[];
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
  /**
   * The lists the source did not record, in {@link ENTITY_LISTS} order; absent when it recorded
   * every list. A file may leave a list out (a `tools/list` result has no prompts; an older or
   * hand-written contract may omit one): that list then reads as empty, but "not captured" is not
   * "none", so a rule that reasons from an empty list treats it as unknown. Not part of the
   * content hash: leaving a list out and writing it empty hash alike, as they always did.
   */
  uncaptured?: ListName[];
  /** Recorded shapes of tool results by tool name (`proxar sample`), when there are any. */
  responses?: Record<string, ToolResponseShape>;
}

/** The kinds of entity a change can be about. */
export type EntityKind = "tool" | "prompt" | "resource" | "resourceTemplate" | "server";

/** The entity a change is about. */
export interface EntityRef {
  kind: EntityKind;
  name: string;
}

/** The contract lists, with the field that identifies their entries. */
export const ENTITY_LISTS = [
  { kind: "tool", list: "tools", key: "name" },
  { kind: "prompt", list: "prompts", key: "name" },
  { kind: "resource", list: "resources", key: "uri" },
  { kind: "resourceTemplate", list: "resourceTemplates", key: "uriTemplate" },
] as const;

/** One of the contract's lists of entities. */
export type EntityList = (typeof ENTITY_LISTS)[number];

/** The name of one of the contract's lists: `tools`, `prompts`, `resources`, `resourceTemplates`. */
export type ListName = EntityList["list"];

/** The server capability under which clients ask for each list. */
const CAPABILITY_OF: Readonly<Record<ListName, string>> = {
  tools: "tools",
  prompts: "prompts",
  resources: "resources",
  resourceTemplates: "resources",
};

/**
 * Whether a contract records what `list` holds: an empty list recorded is "none", one left out
 * is "not captured", unless the contract records capabilities without the one the list belongs
 * to (a server that does not announce prompts serves clients none, whether a file lists them).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { emptyContract, recorded } from "./contract.ts";
 * assert.ok(recorded(emptyContract(), "prompts"));
 * assert.ok(!recorded({ ...emptyContract(), uncaptured: ["prompts"] }, "prompts"));
 * const noPrompts = { ...emptyContract(), capabilities: { tools: {} } };
 * assert.ok(recorded({ ...noPrompts, uncaptured: ["prompts"] }, "prompts"));
 * ```
 */
export function recorded(contract: Contract, list: ListName): boolean {
  if (!(contract.uncaptured?.includes(list) ?? false)) return true;
  const capabilities = contract.capabilities;
  return capabilities !== undefined && !Object.hasOwn(capabilities, CAPABILITY_OF[list]);
}

/** The identity of an entry of a list. */
export function identityOf(list: EntityList, entry: Record<string, unknown>): string {
  return String(entry[list.key]);
}

/**
 * An empty contract for a server, useful as a base in examples and tests.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { emptyContract } from "./contract.ts";
 * assert.ok(emptyContract().tools.length === 0);
 * ```
 */
export function emptyContract(server: ServerInfo = { name: "unknown", version: "0" }): Contract {
  return { server, tools: [], prompts: [], resources: [], resourceTemplates: [] };
}

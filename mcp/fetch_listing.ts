/**
 * Reads every page of every list a server's capabilities announce: `tools/list`,
 * `prompts/list`, `resources/list` and `resources/templates/list`, following `nextCursor` with a
 * guard against repeated cursors and a page limit. Each page is validated as it arrives.
 * @module
 */
import type { ListName } from "../core/contract.ts";
import { isObject, type JsonObject, type JsonValue } from "../core/json.ts";
import { type ShapeValidator, shapeValidatorFor } from "../core/validate.ts";
import type { Connection } from "./connect.ts";
import { LiveError } from "./live_error.ts";
import type { Redactor } from "./redact.ts";

/**
 * The entity lists of a server, each in the order the server sent it. A list the options left
 * out is absent (not captured), not empty.
 */
export interface Listing {
  tools: JsonObject[];
  prompts?: JsonObject[];
  resources?: JsonObject[];
  resourceTemplates?: JsonObject[];
}

/** One list request and the capability that announces it. */
interface ListMethod {
  method: string;
  key: keyof Listing;
  capability: "tools" | "prompts" | "resources";
}

/** The list requests, in the order they are sent. */
export const LIST_METHODS: readonly ListMethod[] = [
  { method: "tools/list", key: "tools", capability: "tools" },
  { method: "prompts/list", key: "prompts", capability: "prompts" },
  { method: "resources/list", key: "resources", capability: "resources" },
  {
    method: "resources/templates/list",
    key: "resourceTemplates",
    capability: "resources",
  },
];

/** Pages read per list before Proxar gives up on a server that never stops paging. */
export const DEFAULT_MAX_PAGES = 1000;

/** Options of {@link fetchListing}. */
export interface FetchOptions {
  maxPages?: number;
  /** Milliseconds for all pages of all lists together; unlimited when absent. */
  listMs?: number;
  /** Secrets to hide in failure messages (redacted before server text is cut to length). */
  redactor?: Redactor;
  /** The lists to read (`tools` is always read); every announced list when absent. */
  lists?: readonly ListName[];
  /** Whether the server is configured in proxar.yaml (a failed list's hint names `lists:`). */
  configured?: boolean;
}

/** Whether a snapshot reading `lists` (every list when absent) reads `key`; tools always. */
export function reads(lists: readonly ListName[] | undefined, key: ListName): boolean {
  return key === "tools" || lists === undefined || lists.includes(key);
}

const METHOD_NOT_FOUND = -32601;
/** The SDK's code for a connection that closed while a request waited. */
const CONNECTION_CLOSED = -32000;
/** The SDK's code for a request that timed out. */
const REQUEST_TIMEOUT = -32001;

function pageValidator(list: ListMethod): ShapeValidator {
  return shapeValidatorFor(`proxar:page:${list.key}`);
}

/**
 * Fetches every announced list from an initialised connection.
 * Throws a {@link LiveError} naming the request and page when a server misbehaves.
 */
export async function fetchListing(
  connection: Connection,
  options: FetchOptions = {},
): Promise<Listing> {
  const listing: Listing = { tools: [] };
  const capabilities = connection.info.capabilities;
  const deadline = options.listMs === undefined ? Infinity : Date.now() + options.listMs;
  for (const list of LIST_METHODS) {
    if (!reads(options.lists, list.key)) continue;
    listing[list.key] = [];
    if (!isObject(capabilities[list.capability])) continue;
    try {
      listing[list.key] = await fetchPages(connection, list, options, deadline);
    } catch (error) {
      // A server may announce prompts or resources and still not know the method (many have
      // no templates; tavily-mcp 0.1.4 to 0.2.10 announce prompts and resources and list
      // neither): a client then sees none, and so does the snapshot. A server that does not
      // know tools/list is broken, and says so.
      const code = ((error as Error).cause as { code?: unknown } | undefined)?.code;
      if (list.key !== "tools" && code === METHOD_NOT_FOUND) continue;
      if (list.key !== "tools" && answeredWithFailure(error)) {
        throw withListsHint(error, list, options);
      }
      throw error;
    }
  }
  return listing;
}

async function fetchPages(
  connection: Connection,
  list: ListMethod,
  options: FetchOptions,
  deadline: number,
): Promise<JsonObject[]> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const entries: JsonObject[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1;; page++) {
    if (page > maxPages) {
      throw new LiveError(
        `${list.method} did not end after ${maxPages} pages; the server keeps sending new cursors`,
      );
    }
    const overdue = () =>
      new LiveError(
        `reading the lists took longer than ${
          options.listMs! / 1000
        }s, the time limit for all pages (stopped at ${list.method} page ${page})`,
      );
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw overdue();
    let result: JsonObject;
    try {
      result = await connection.request(
        list.method,
        cursor === undefined ? undefined : { cursor },
        Number.isFinite(remaining) ? Math.ceil(remaining) : undefined,
      );
    } catch (error) {
      const code = ((error as Error).cause as { code?: unknown } | undefined)?.code;
      if (code === REQUEST_TIMEOUT && Date.now() >= deadline) throw overdue();
      throw error;
    }
    const problem = pageValidator(list)(result);
    if (problem) {
      const where = problem.pointer === "" ? "" : `${problem.pointer}: `;
      throw new LiveError(
        `${list.method} returned a malformed result (page ${page}): ${where}${problem.message}`,
      );
    }
    for (const entry of result[list.key] as JsonValue[]) entries.push(entry as JsonObject);
    const next = result.nextCursor;
    if (typeof next !== "string" || next === "") return entries;
    if (seen.has(next)) {
      throw new LiveError(
        `${list.method} sent the cursor ${quote(next, options.redactor)} a second time ` +
          `(page ${page}); ` +
          "its pagination loops",
      );
    }
    seen.add(next);
    cursor = next;
  }
}

/**
 * Whether a list request failed in the server's own answer (a JSON-RPC error, or none in time),
 * not with the connection: that failure is the list's alone.
 */
function answeredWithFailure(error: unknown): error is LiveError {
  const code = ((error as Error).cause as { code?: unknown } | undefined)?.code;
  return error instanceof LiveError && typeof code === "number" && code !== CONNECTION_CLOSED;
}

/**
 * A failed prompt or resource list, with how to snapshot the server without it: many servers
 * list their data as resources (a database's tables), which fails when the data cannot be reached.
 */
function withListsHint(error: LiveError, list: ListMethod, options: FetchOptions): LiveError {
  const kept = (options.lists ?? LIST_METHODS.map((m) => m.key)).filter((key) => key !== list.key);
  const config = options.configured
    ? ` or set lists: [${kept.join(", ")}] on it in proxar.yaml`
    : "";
  return new LiveError(
    `${error.message}; to snapshot this server without its ${list.key}, pass --lists ${
      kept.join(",")
    }${config}`,
    { cause: error.cause },
  );
}

function quote(text: string, redactor?: Redactor): string {
  const json = redactor?.text(JSON.stringify(text)) ?? JSON.stringify(text);
  return json.length > 80 ? `${json.slice(0, 79)}…"` : json;
}

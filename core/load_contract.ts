/**
 * Turns parsed JSON in any of the accepted forms into a {@link Contract}: a Proxar snapshot, a
 * `tools/list` result (or any listing), a JSON-RPC response envelope, an array of pages, a bare
 * array of tools, or a set of per-tool files. Pure: callers read the files.
 * @module
 */
import {
  type Contract,
  emptyContract,
  ENTITY_LISTS,
  type EntityKind,
  type EntityList,
  identityOf,
  type ListName,
  type ServerInfo,
} from "./contract.ts";
import { UserError } from "./errors.ts";
import { isObject, type JsonObject, type JsonValue, pointerOf, stableStringify } from "./json.ts";
import { locatePointer } from "./positions.ts";
import { listingShape, snapshotShape, toolShape } from "./shapes.ts";
import type { ToolResponseShape } from "./response/result.ts";
import { kindOf, type ShapeValidator, shapeValidatorFor } from "./validate.ts";
import { scannedWithin, sharedItems } from "./parse_alike.ts";
import { expectLongRun, singlePass } from "./single_pass.ts";

/** A parsed JSON document and where it came from. */
export interface JsonDocument {
  /** What the user named: a path, `-`, `git:REF:PATH`. */
  label: string;
  /** The file's path, when it is a file (used for source locations). */
  file?: string;
  /** The text, when available (used for line and column in messages and reports). */
  text?: string;
  value: JsonValue;
}

/** Where an entity was found: the file and the JSON pointer within it. */
export interface Origin {
  file: string;
  pointer: string;
}

/** A contract with where it came from. */
export interface LoadedContract {
  contract: Contract;
  label: string;
  /**
   * Where things are in the files read: each entity keyed `kind:identity`, each list keyed
   * `list:tools` (…), the listing holding server information keyed `root`, and that information
   * (`server` or `serverInfo`) keyed `server`. First occurrence.
   */
  origins: Map<string, Origin>;
  /** The documents read, by file, for locating pointers later. */
  texts: Map<string, string>;
  /** The documents the contract was built from, when it was (not for a live server's). */
  documents?: readonly JsonDocument[];
}

function validatorFor(shape: JsonObject): ShapeValidator {
  return shapeValidatorFor(String(shape.$id));
}

/** The key of an entity in {@link LoadedContract.origins}. */
export function originKey(kind: EntityKind, identity: string): string {
  return `${kind}:${identity}`;
}

class Builder {
  server: ServerInfo | undefined;
  protocolVersion: string | undefined;
  instructions: string | undefined;
  capabilities: JsonObject | undefined;
  responses: Record<string, ToolResponseShape> | undefined;
  lists = {
    tools: [] as JsonObject[],
    prompts: [] as JsonObject[],
    resources: [] as JsonObject[],
    resourceTemplates: [] as JsonObject[],
  };
  /** The lists some document holds (as an array), captured even when empty. */
  captured = new Set<ListName>();
  origins = new Map<string, Origin>();
  texts = new Map<string, string>();

  addListing(doc: JsonDocument, listing: JsonObject, base: (string | number)[]): void {
    const server = listing.server ?? listing.serverInfo;
    if (isObject(server) && !this.server) {
      this.server = {
        ...server,
        name: String(server.name),
        version: String(server.version ?? "unknown"),
      } as ServerInfo;
    }
    if (typeof listing.protocolVersion === "string") {
      this.protocolVersion ??= listing.protocolVersion;
    }
    if (typeof listing.instructions === "string") this.instructions ??= listing.instructions;
    if (isObject(listing.capabilities)) this.capabilities ??= listing.capabilities;
    if (isObject(listing.responses)) {
      this.responses ??= listing.responses as unknown as Record<string, ToolResponseShape>;
    }
    const root = pointerOf(base);
    this.place(doc, "root", root);
    // Server information is `server` in a snapshot and `serverInfo` in an initialize result.
    if (isObject(server)) {
      this.place(
        doc,
        "server",
        `${root}/${
          listing.server === undefined || listing.server === null ? "serverInfo" : "server"
        }`,
      );
    }
    for (const list of ENTITY_LISTS) {
      const entries = listing[list.list];
      if (!Array.isArray(entries)) continue;
      this.captured.add(list.list);
      // Pointers are built from the list's own, once: a listing may hold many thousand entries.
      const at = `${root}/${list.list}`;
      this.place(doc, `list:${list.list}`, at);
      for (let index = 0; index < entries.length; index++) {
        this.addEntry(doc, list, entries[index] as JsonObject, `${at}/${index}`);
      }
    }
  }

  /** Records where something is (a JSON pointer) in a file, first occurrence wins. */
  place(doc: JsonDocument, key: string, pointer: string): void {
    if (doc.file && !this.origins.has(key)) {
      this.origins.set(key, { file: doc.file, pointer });
    }
  }

  addEntry(doc: JsonDocument, list: EntityList, entry: JsonObject, pointer: string): void {
    this.captured.add(list.list);
    this.lists[list.list].push(entry);
    this.place(doc, originKey(list.kind, identityOf(list, entry)), pointer);
  }

  build(label: string, documents: readonly JsonDocument[]): LoadedContract {
    const contract = emptyContract(this.server ?? { name: "unknown", version: "unknown" });
    if (this.protocolVersion !== undefined) contract.protocolVersion = this.protocolVersion;
    if (this.instructions !== undefined) contract.instructions = this.instructions;
    if (this.capabilities !== undefined) contract.capabilities = this.capabilities;
    if (this.responses !== undefined) contract.responses = this.responses;
    for (const list of ENTITY_LISTS) {
      const sorted = sortByIdentity(this.lists[list.list], (e) => identityOf(list, e));
      (contract[list.list] as JsonObject[]) = sorted;
    }
    const uncaptured = ENTITY_LISTS.map((l) => l.list).filter((l) => !this.captured.has(l));
    if (uncaptured.length > 0) contract.uncaptured = uncaptured;
    return { contract, label, origins: this.origins, texts: this.texts, documents };
  }
}

/** Sorts entries by identity; equal identities (duplicates) by their canonical form. */
function sortByIdentity<T>(entries: T[], identity: (entry: T) => string): T[] {
  const byId = new Map<string, T>();
  for (const entry of entries) byId.set(identity(entry), entry);
  if (byId.size === entries.length) {
    // Distinct identities, as usual: the built-in sort of strings orders them as compare() does
    // (by UTF-16 code units) without a call per comparison, which costs in the one cold run of a
    // large contract (2,000 tools: loading both sides took about 2.5 ms more).
    return [...byId.keys()].sort().map((id) => byId.get(id)!);
  }
  const keyed = entries.map((entry) => ({ entry, id: identity(entry), canon: "" }));
  const counts = new Map<string, number>();
  for (const k of keyed) counts.set(k.id, (counts.get(k.id) ?? 0) + 1);
  for (const k of keyed) if (counts.get(k.id)! > 1) k.canon = stableStringify(k.entry);
  return keyed.sort((a, b) => compare(a.id, b.id) || compare(a.canon, b.canon)).map((x) => x.entry);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function fail(doc: JsonDocument, pointer: string, message: string, place = pointer): never {
  const at = doc.text === undefined ? undefined : locatePointer(doc.text, place);
  const where = at ? `${doc.label}:${at.line}:${at.column}` : doc.label;
  throw new UserError(`${where}: ${pointer === "" ? "" : `${pointer}: `}${message}`);
}

function check(
  doc: JsonDocument,
  shape: JsonObject,
  value: unknown,
  base: (string | number)[],
): void {
  const problem = validatorFor(shape)(value);
  if (problem) {
    const pointer = pointerOf(base) + problem.pointer;
    fail(doc, pointer, problem.message, pointerOf(base) + (problem.at ?? problem.pointer));
  }
}

const TOOLS = ENTITY_LISTS.find((l) => l.list === "tools")!;

const LISTING_KEYS = ["tools", "prompts", "resources", "resourceTemplates", "responses"];

/** Documents whose values {@link refused} found nothing in (only the objects among them). */
const accepted = new WeakSet<object>();

/** Deepest nesting of arrays and objects accepted; real contracts stay far below it. */
export const MAX_NESTING = 1000;

/**
 * The first value Proxar refuses, depth first: one nested deeper than `limit`, or a number too
 * large for a double (`1e400` parses as Infinity, which no JSON output can hold). The recursion
 * stops at `limit` + 1 levels, so the stack stays bounded whatever the nesting; it allocates
 * nothing on the way, since it visits every value of every contract read.
 */
function refused(
  value: JsonValue,
  limit: number,
  checked: ReadonlySet<object> | undefined,
): { pointer: string; why: "deep" | "number" } | undefined {
  if (typeof value !== "object" || value === null) {
    return typeof value === "number" && !Number.isFinite(value)
      ? { pointer: "", why: "number" }
      : undefined;
  }
  const path: (string | number)[] = [];
  const why = refusedIn(value, 1, limit, path, checked);
  return why === undefined ? undefined : { pointer: pointerOf(path.reverse()), why };
}

/**
 * What {@link refused} finds in the array or object `node` at `depth`; `path` gets the way
 * there, innermost first. Only arrays and objects are called for: the other values, most of a
 * contract, are checked in the loop (the one run of a diff meets this loop before the JIT has
 * compiled it, when a call per value costs; `x - x` is NaN for ±Infinity and NaN alone). The
 * items of arrays in `checked` were found fine at the same depth already.
 */
function refusedIn(
  node: JsonObject | JsonValue[],
  depth: number,
  limit: number,
  path: (string | number)[],
  checked: ReadonlySet<object> | undefined,
): "deep" | "number" | undefined {
  if (depth > limit) return "deep";
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const item = node[i];
      if (typeof item === "object") {
        if (item === null || (checked !== undefined && checked.has(item))) continue;
        const why = refusedIn(item, depth + 1, limit, path, checked);
        if (why !== undefined) {
          path.push(i);
          return why;
        }
      } else if (typeof item === "number" && item - item !== 0) {
        path.push(i);
        return "number";
      }
    }
    return undefined;
  }
  for (const key in node) {
    const item = node[key];
    if (typeof item === "object") {
      if (item === null || !Object.hasOwn(node, key)) continue;
      const why = refusedIn(item, depth + 1, limit, path, checked);
      if (why !== undefined) {
        path.push(key);
        return why;
      }
    } else if (typeof item === "number" && item - item !== 0 && Object.hasOwn(node, key)) {
      path.push(key);
      return "number";
    }
  }
  return undefined;
}
singlePass(refusedIn);

function addValue(b: Builder, doc: JsonDocument, value: JsonValue, base: (string | number)[]) {
  if (Array.isArray(value)) {
    const pages = value.length > 0 && value.every((v) => isPage(v));
    const at = pointerOf(base);
    // A bare array of tools records the tools, even an empty one.
    if (!pages) b.captured.add("tools");
    value.forEach((item, index) => {
      if (pages) addValue(b, doc, item, [...base, index]);
      else {
        check(doc, toolShape, item, [...base, index]);
        b.addEntry(doc, TOOLS, item as JsonObject, `${at}/${index}`);
      }
    });
    return;
  }
  if (!isObject(value)) {
    fail(
      doc,
      pointerOf(base),
      `expected a contract (a Proxar snapshot, a tools/list result, a JSON-RPC response or an array of tools), found ${
        kindOf(value)
      }`,
    );
  }
  if ("proxar" in value) {
    check(doc, snapshotShape, value, base);
    b.addListing(doc, value, base);
    return;
  }
  if ("jsonrpc" in value || ("id" in value && ("result" in value || "error" in value))) {
    if (isObject(value.error)) {
      fail(
        doc,
        pointerOf([...base, "error"]),
        `the file holds a JSON-RPC error response, not a listing: ${
          JSON.stringify(value.error.message ?? value.error)
        }`,
      );
    }
    if (!("result" in value)) fail(doc, pointerOf(base), 'missing required property "result"');
    addValue(b, doc, value.result as JsonValue, [...base, "result"]);
    return;
  }
  if (!LISTING_KEYS.some((k) => k in value) && "name" in value && "inputSchema" in value) {
    check(doc, toolShape, value, base);
    b.addEntry(doc, TOOLS, value, pointerOf(base));
    return;
  }
  if (!LISTING_KEYS.some((k) => k in value)) {
    const keys = Object.keys(value).slice(0, 5).map((k) => `"${k}"`).join(", ");
    fail(
      doc,
      pointerOf(base),
      `expected a Proxar snapshot, a tools/list result or a JSON-RPC response, found an object with ${
        keys === "" ? "no keys" : `keys ${keys}`
      }`,
    );
  }
  check(doc, listingShape, value, base);
  b.addListing(doc, value, base);
}

function isPage(value: JsonValue): boolean {
  return isObject(value) &&
    (LISTING_KEYS.some((k) => Array.isArray(value[k])) || "jsonrpc" in value ||
      "result" in value);
}

/**
 * Builds a contract from one parsed document in any accepted form.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { contractFromDocument } from "./load_contract.ts";
 * const { contract } = contractFromDocument({
 *   label: "inline",
 *   value: { tools: [{ name: "b", inputSchema: {} }, { name: "a", inputSchema: {} }] },
 * });
 * assert.ok(contract.tools.map((t) => t.name).join() === "a,b");
 * ```
 */
export function contractFromDocument(doc: JsonDocument): LoadedContract {
  return contractFromDocuments(doc.label, [doc]);
}

/**
 * Builds one contract from several documents: pages, or per-tool files of a directory.
 * Each document may hold any accepted form, including a single tool object.
 */
export function contractFromDocuments(
  label: string,
  docs: readonly JsonDocument[],
): LoadedContract {
  // A large input makes the diff's walks long runs (see singlePass).
  expectLongRun(docs.reduce((chars, doc) => chars + (doc.text?.length ?? 0), 0));
  const b = new Builder();
  for (const doc of docs) {
    if (doc.file !== undefined && doc.text !== undefined) b.texts.set(doc.file, doc.text);
    // The tools a parse took from a document loaded before were checked there, at this depth.
    const shared = sharedItems(doc.value);
    // A scan of the text that found nothing to refuse spares the walk of the value.
    const bad = scannedWithin(doc, MAX_NESTING) ? undefined : refused(
      doc.value,
      MAX_NESTING,
      shared && accepted.has(shared.from) ? shared.items : undefined,
    );
    if (bad?.why === "deep") {
      const deep = bad.pointer;
      throw new UserError(
        `${doc.label}: ${deep.slice(0, 200)}${
          deep.length > 200 ? "…" : ""
        }: values are nested more than ${MAX_NESTING} levels deep; Proxar refuses them rather than risk exhausting the stack`,
      );
    }
    if (bad?.why === "number") {
      fail(
        doc,
        bad.pointer,
        "the number is out of range (beyond ±1.8e308), so it cannot be compared",
      );
    }
    if (typeof doc.value === "object" && doc.value !== null) accepted.add(doc.value);
    addValue(b, doc, doc.value, []);
  }
  return b.build(label, docs);
}

/** A document for tests and library callers that already hold a value. */
export function documentOf(label: string, value: JsonValue): JsonDocument {
  return { label, value };
}

/** Loads a contract from an in-memory value (no source positions). */
export function contractFromValue(value: JsonValue, label = "<value>"): Contract {
  return contractFromDocument(documentOf(label, value)).contract;
}

/**
 * The observer beside the relay: assembles the lists that pass (and those it fetches itself in
 * the same session) into the server's current contract, hashes it, compares a changed contract
 * with the reference (the pinned snapshot, or else the last one seen) through the same diff the
 * CLI runs, records it in the store's history, raises each alert once per pair of hashes, and
 * keeps the set of tools the policy withholds. It never holds a message, except `tools/list`
 * answers while a withhold policy needs their verdict.
 * @module
 */
import { Buffer } from "node:buffer";
import type { Change } from "../../core/change.ts";
import type { Contract, ListName, ServerInfo } from "../../core/contract.ts";
import type { LoadedContract } from "../../core/load_contract.ts";
import type { Report } from "../../core/report.ts";
import type { Connection, InitializeInfo } from "../connect.ts";
import { fetchListing, LIST_METHODS, type Listing, reads } from "../fetch_listing.ts";
import { LiveError } from "../live_error.ts";
import type { Redactor } from "../redact.ts";
import { contractFromLive, type Snapshot, snapshotOf } from "../snapshot.ts";
import { type AlertEntry, alertKey, alertOf } from "./alert.ts";
import type { Peeked } from "./peek.ts";
import {
  type Policy,
  withheldError,
  withheldTools,
  withholdsAny,
  withoutWithheld,
} from "./policy.ts";
import {
  parseObject,
  type RelayEvent,
  type RelayHooks,
  RelayTimeout,
  type RequestVerdict,
  UpstreamRpcError,
} from "./relay.ts";

/** A `tools/call` result that passed, for response sampling. */
export interface ToolResultEvent {
  /** The tool's name, from the request. */
  tool: string;
  /** The request's arguments and the whole response, parsed on demand. */
  request: () => Record<string, unknown> | undefined;
  response: () => Record<string, unknown> | undefined;
  latencyMs: number;
}

/**
 * How the observer reaches the server for requests of its own: in the client's session (the
 * stdio relay), or over a connection of its own (HTTP).
 */
export interface ObserverChannel {
  /** Sends a request; `timeoutMs` bounds the wait (the channel then gives up on it). */
  request(
    method: string,
    params?: Record<string, unknown>,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  /** Sends a notification to the client, where the transport allows it. */
  notifyClient(message: Record<string, unknown>): void;
  /** Whether the server is gone. */
  readonly closed: boolean;
  /**
   * The capabilities the client declared; a channel of its own declares the same, since servers
   * may offer other tools to other clients.
   */
  clientCapabilities?(capabilities: Record<string, unknown>): void;
}

/** What the observer needs from its surroundings. */
export interface ObserverOptions {
  /** How alerts name the server: the configured name, or the source as given. */
  name: string;
  /** The configured server name, when it is one (used in "how to accept"). */
  server?: string;
  policy: Policy;
  redactor: Redactor;
  /** Time limit of the observer's own requests, in milliseconds. */
  requestMs: number;
  /** Time limit for reading all pages of all lists together, in milliseconds. */
  listMs?: number;
  /** The lists to read, when not every announced list (`lists:` of the server). */
  lists?: readonly ListName[];
  now(): Date;
  /** The pinned snapshot now, if any. */
  pinned(): Promise<Snapshot | undefined>;
  /** The last snapshot seen before this run (the store's latest), if any. */
  lastSeen(): Promise<Snapshot | undefined>;
  /** Records a snapshot in the store's history. */
  record(snapshot: Snapshot): Promise<void>;
  /** The CLI's diff: same config, rules and plugins. */
  compare(old: LoadedContract, next: LoadedContract): Promise<Report>;
  /**
   * Whether a plugin rule did not run in `report` (its finding says so): the alert is marked
   * incomplete, and the same pair of hashes is compared and alerted again when seen again.
   */
  incomplete?(report: Report): boolean;
  /** Whether an alert was already raised for this pair of hashes (in an earlier run). */
  alerted(oldHash: string, newHash: string): boolean;
  /** Delivers an alert to the sinks. */
  alert(entry: AlertEntry): Promise<void>;
  /**
   * Tools withheld again for a change alerted before (in this session or an earlier one), which
   * raises no alert of its own: the client's tools vanish all the same.
   */
  withheldAgain?(tools: string[]): void;
  log(text: string): void;
  /** Called when the current contract's hash changes (for the metrics). */
  onContract?(snapshot: Snapshot): void;
  /** Called for every `tools/call` result that passed (the response sampling hook). */
  onToolResult?(event: ToolResultEvent): void;
}

const LIST_KEYS: Readonly<Record<string, keyof Listing>> = Object.fromEntries(
  LIST_METHODS.map((list) => [list.method, list.key]),
);
const CHANGED_LISTS: Readonly<Record<string, (keyof Listing)[]>> = {
  "notifications/tools/list_changed": ["tools"],
  "notifications/prompts/list_changed": ["prompts"],
  "notifications/resources/list_changed": ["resources", "resourceTemplates"],
};

/** The observer of one proxy session. */
export class Observer {
  readonly #options: ObserverOptions;
  #relay: ObserverChannel | undefined;
  #info: InitializeInfo | undefined;
  /** The protocol revision the client proposed in its `initialize`. */
  #proposed: string | undefined;
  #listing: Listing | undefined;
  #reference: { snapshot: Snapshot; pinned: boolean } | undefined;
  #currentHash: string | undefined;
  #current: Snapshot | undefined;
  #withheld = new Map<string, Change>();
  readonly #alerted = new Set<string>();
  /** Observer work runs one step at a time, in order. */
  #queue: Promise<void> = Promise.resolve();
  #ready: Promise<void> | undefined;
  #closed = false;
  /** The last warning about the lists, so that a repeated failure is logged once. */
  #warned: string | undefined;
  /** `tools/list` answers the policy already handed to {@link #onList}. */
  readonly #judged = new WeakSet<Buffer>();
  /** Per list, how many change notices the server sent, and how many of them a reading covered. */
  readonly #notices = new Map<keyof Listing, number>();
  readonly #covered = new Map<keyof Listing, number>();

  /** An observer; it starts watching once {@link attach}ed to a relay. */
  constructor(options: ObserverOptions) {
    this.#options = options;
  }

  /** The relay hooks: observation, and the policy's checks when it withholds anything. */
  hooks(): Omit<RelayHooks, "log"> {
    const hooks: Omit<RelayHooks, "log"> = { observe: (event) => this.#observe(event) };
    if (withholdsAny(this.#options.policy)) {
      hooks.checkRequest = (peeked, line) => this.#checkCall(peeked, line);
      hooks.rewriteResponse = (method, line, request) =>
        method === "tools/list" ? this.#filterTools(line, request) : undefined;
    }
    return hooks;
  }

  /** Gives the observer its channel to the server (the relay, for the client's session). */
  attach(relay: ObserverChannel): void {
    this.#relay = relay;
  }

  /** Tools withheld now, with the change that withholds each. */
  get withheld(): ReadonlyMap<string, Change> {
    return this.#withheld;
  }

  /** The current contract's snapshot, once known. */
  get current(): Snapshot | undefined {
    return this.#current;
  }

  /**
   * Lists the server announced as changed (`notifications/…/list_changed`) that were not read
   * since: a proxy stopping with some says so, as no snapshot records what they hold now.
   */
  get unread(): readonly (keyof Listing)[] {
    return [...this.#notices].filter(([key, n]) => n > (this.#covered.get(key) ?? 0))
      .map(([key]) => key).sort();
  }

  /** The notices sent so far for each of `keys`: what a reading begun now covers. */
  #noticesNow(keys: readonly (keyof Listing)[]): [keyof Listing, number][] {
    return keys.map((key) => [key, this.#notices.get(key) ?? 0]);
  }

  /** Marks the notices a reading began after as read. */
  #cover(seen: readonly [keyof Listing, number][]): void {
    for (const [key, n] of seen) this.#covered.set(key, Math.max(this.#covered.get(key) ?? 0, n));
  }

  /** The server's name and version as its `initialize` answer gave them, once it came. */
  get serverInfo(): ServerInfo | undefined {
    const info = this.#info?.serverInfo;
    if (!info) return undefined;
    return { name: String(info.name ?? "unknown"), version: String(info.version ?? "unknown") };
  }

  /**
   * Waits for queued work (bounded by `ms`), then stops observing; true when the work ended in
   * time. Work still under way goes on: calling it again waits for it again.
   */
  async close(ms = 5000): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ended = await Promise.race([
      this.#queue.then(() => true),
      new Promise<boolean>((done) => (timer = setTimeout(() => done(false), ms))),
    ]);
    clearTimeout(timer);
    this.#closed = true;
    return ended;
  }

  /** Re-reads the pin (after `proxar pin` or `unpin`) and re-evaluates the current contract. */
  pinChanged(): Promise<void> {
    return this.#enqueue(async () => {
      const before = this.#reference?.snapshot.hash;
      await this.#loadReference(true);
      if (this.#reference?.snapshot.hash === before || !this.#current) return;
      this.#options.log(
        this.#reference
          ? `the pin changed to ${this.#reference.snapshot.hash}; comparing again`
          : "the pin was removed; the last snapshot seen is the reference now",
      );
      // The contract records the protocol revision by the reference (#recordedInfo).
      const current = this.#listing && this.#info ? this.#snapshotNow() : undefined;
      if (current) {
        this.#current = current;
        this.#currentHash = current.hash;
      }
      await this.#evaluate(this.#current, true);
    });
  }

  #observe(event: RelayEvent): void {
    if (this.#closed) return;
    const { peeked } = event;
    if (event.from === "upstream" && peeked.kind === "response") {
      if (event.method === "initialize") this.#onInitialize(event.line, event.request);
      else if (event.method === "tools/call") this.#onToolResult(event);
      else if (event.method && LIST_KEYS[event.method] && !this.#judged.delete(event.line)) {
        this.#onList(event);
      }
    } else if (event.from === "upstream" && peeked.kind === "notification") {
      const lists = CHANGED_LISTS[peeked.method!];
      if (lists) {
        for (const key of lists) {
          if (reads(this.#options.lists, key)) {
            this.#notices.set(key, (this.#notices.get(key) ?? 0) + 1);
          }
        }
        this.#refetch(lists);
      }
    } else if (event.from === "client" && peeked.method === "notifications/initialized") {
      this.#ready = this.#enqueue(() => this.#fetchAll());
    }
  }

  #onInitialize(line: Buffer, request: Buffer | undefined): void {
    const params = request ? parseObject(request)?.params : undefined;
    const proposed = (params as { protocolVersion?: unknown } | undefined)?.protocolVersion;
    this.#proposed = typeof proposed === "string" ? proposed : undefined;
    const capabilities = (params as { capabilities?: unknown } | undefined)?.capabilities;
    if (capabilities && typeof capabilities === "object") {
      this.#relay?.clientCapabilities?.(capabilities as Record<string, unknown>);
    }
    const result = parseObject(line)?.result as Record<string, unknown> | undefined;
    if (!result || typeof result.protocolVersion !== "string") return;
    const info: InitializeInfo = {
      protocolVersion: result.protocolVersion,
      serverInfo: (result.serverInfo ?? {}) as InitializeInfo["serverInfo"],
      capabilities: (result.capabilities ?? {}) as InitializeInfo["capabilities"],
    };
    if (typeof result.instructions === "string") info.instructions = result.instructions;
    this.#info = info;
  }

  #onToolResult(event: RelayEvent): void {
    const hook = this.#options.onToolResult;
    if (!hook) return;
    const request = event.request;
    const name = request ? (parseObject(request)?.params as { name?: unknown })?.name : undefined;
    try {
      hook({
        tool: typeof name === "string" ? name : "",
        request: () => (request ? parseObject(request) : undefined),
        response: () => parseObject(event.line),
        latencyMs: event.latencyMs ?? 0,
      });
    } catch (error) {
      this.#options.log(`the tool result hook failed: ${(error as Error).message}`);
    }
  }

  /** A list answer the client read: a whole list updates the contract; a page asks for all. */
  #onList(event: RelayEvent): void {
    const key = LIST_KEYS[event.method!]!;
    // A list the server's `lists:` leaves out stays uncaptured, whatever the client reads.
    if (!reads(this.#options.lists, key)) return;
    const message = parseObject(event.line);
    const result = message?.result as Record<string, unknown> | undefined;
    if (!result || !Array.isArray(result[key])) return;
    const params = event.request ? parseObject(event.request)?.params : undefined;
    const paged = typeof (params as { cursor?: unknown } | undefined)?.cursor === "string" ||
      (typeof result.nextCursor === "string" && result.nextCursor !== "");
    if (paged) {
      this.#refetch([key]);
      return;
    }
    const entries = result[key] as Listing[typeof key];
    // The answer came after the notices so far: it holds what they announced.
    const seen = this.#noticesNow([key]);
    void this.#enqueue(async () => {
      await this.#ready;
      if (!this.#listing) return;
      this.#listing = { ...this.#listing, [key]: entries };
      this.#cover(seen);
      await this.#assemble();
    });
  }

  #refetch(keys: (keyof Listing)[]): void {
    void this.#enqueue(async () => {
      await this.#ready;
      if (!this.#listing) return;
      const seen = this.#noticesNow(keys);
      const fresh = await this.#fetch();
      if (!fresh) return;
      const listing = { ...this.#listing };
      for (const key of keys) listing[key] = fresh[key] as never;
      this.#listing = listing;
      this.#cover(seen);
      await this.#assemble();
    });
  }

  async #fetchAll(): Promise<void> {
    await this.#loadReference(false);
    // Notices that came before the first reading (even before the client's `initialized`).
    const seen = this.#noticesNow(LIST_METHODS.map((list) => list.key));
    const listing = await this.#fetch();
    if (!listing) return;
    this.#listing = listing;
    this.#cover(seen);
    await this.#assemble();
  }

  /** Every list, read in the client's session; undefined (logged) on failure. */
  async #fetch(): Promise<Listing | undefined> {
    const relay = this.#relay;
    const info = this.#info;
    if (!relay || !info) return undefined;
    const { requestMs, listMs, lists, redactor } = this.#options;
    const connection: Connection = {
      info,
      transport: "stdio",
      request: async (method, params, timeoutMs) => {
        const limit = Math.min(requestMs, timeoutMs ?? requestMs);
        try {
          return await relay.request(method, params, limit) as never;
        } catch (error) {
          if (error instanceof UpstreamRpcError) {
            throw new LiveError(`${method} failed: ${error.message}`, {
              cause: { code: error.code },
            });
          }
          if (error instanceof RelayTimeout) {
            throw new LiveError(error.message, { cause: { code: REQUEST_TIMEOUT } });
          }
          throw error;
        }
      },
      close: () => Promise.resolve(),
    };
    try {
      const listing = await fetchListing(connection, {
        redactor,
        ...(listMs === undefined ? {} : { listMs }),
        ...(lists === undefined ? {} : { lists }),
        configured: this.#options.server !== undefined,
      });
      this.#warned = undefined;
      return listing;
    } catch (error) {
      const message = `cannot read the server's lists: ${(error as Error).message}; ` +
        "the relay goes on, and the contract is read again on the next list or change notice";
      // A server that fails the same way every time is reported once, not on every list.
      if (!this.#closed && !relay.closed && message !== this.#warned) {
        this.#warned = message;
        this.#options.log(message);
      }
      return undefined;
    }
  }

  /** The snapshot of the lists read so far; undefined (logged) when they make no contract. */
  #snapshotNow(): Snapshot | undefined {
    const { name } = this.#options;
    let contract: Contract;
    try {
      // As in snapshots, the contract is kept as the server sent it; redaction is for messages.
      contract = contractFromLive(name, this.#recordedInfo(), this.#listing!);
    } catch (error) {
      this.#options.log(`cannot read the server's contract: ${(error as Error).message}`);
      return undefined;
    }
    return snapshotOf(contract, this.#options.now().toISOString(), name);
  }

  async #assemble(): Promise<void> {
    const snapshot = this.#snapshotNow();
    if (!snapshot || snapshot.hash === this.#currentHash) return;
    this.#currentHash = snapshot.hash;
    this.#current = snapshot;
    this.#options.onContract?.(snapshot);
    try {
      await this.#options.record(snapshot);
    } catch (error) {
      this.#options.log(`cannot record the snapshot: ${(error as Error).message}`);
    }
    await this.#evaluate(snapshot, false);
  }

  /**
   * The `initialize` answer as the contract records it. A server answers with the revision the
   * client proposed when it speaks it (MCP lifecycle, version negotiation), so its answer tells
   * what it speaks only for that proposal, and a snapshot records the answer to Proxar's own
   * client. An agent that proposed another revision than the reference recorded says nothing of
   * that one: the contract keeps the reference's revision. Recording the agent's would read
   * "protocolVersion changed" (POTENTIALLY_BREAKING for an older one) in every session of a client
   * that speaks an older revision than Proxar, against a pin of an unchanged server.
   */
  #recordedInfo(): InitializeInfo {
    const info = this.#info!;
    const recorded = this.#reference?.snapshot.loaded.contract.protocolVersion;
    if (recorded === undefined || this.#proposed === recorded) return info;
    return { ...info, protocolVersion: recorded };
  }

  async #loadReference(force: boolean): Promise<void> {
    if (this.#reference && !force) return;
    try {
      const pinned = await this.#options.pinned();
      if (pinned) {
        this.#reference = { snapshot: pinned, pinned: true };
      } else if (!this.#reference?.pinned && this.#reference) {
        // keep the last seen
      } else {
        const last = await this.#options.lastSeen();
        this.#reference = last ? { snapshot: last, pinned: false } : undefined;
      }
    } catch (error) {
      this.#options.log(`cannot read the reference snapshot: ${(error as Error).message}`);
    }
  }

  /** Compares the current contract with the reference; alerts once per pair of hashes. */
  async #evaluate(snapshot: Snapshot, again: boolean): Promise<void> {
    const reference = this.#reference;
    const before = this.#withheld;
    if (!reference) {
      this.#reference = { snapshot, pinned: false };
      this.#setWithheld(new Map(), before);
      return;
    }
    if (reference.snapshot.hash === snapshot.hash) {
      this.#setWithheld(new Map(), before);
      return;
    }
    let report: Report;
    try {
      report = await this.#options.compare(reference.snapshot.loaded, snapshot.loaded);
    } catch (error) {
      this.#options.log(`cannot compare the contracts: ${(error as Error).message}`);
      return;
    }
    const withheld = withheldTools(report, this.#options.policy);
    this.#setWithheld(withheld, before);
    const { name } = this.#options;
    const key = alertKey(name, reference.snapshot.hash, snapshot.hash);
    const seen = this.#alerted.has(key) ||
      this.#options.alerted(reference.snapshot.hash, snapshot.hash);
    const incomplete = this.#options.incomplete?.(report) ?? false;
    if (!incomplete) this.#alerted.add(key);
    if (!reference.pinned) this.#reference = { snapshot, pinned: false };
    if (seen && withheld.size > 0 && !sameTools(withheld, before)) {
      this.#options.withheldAgain?.([...withheld.keys()]);
    }
    if (seen || report.changes.length === 0) return;
    void again;
    const entry = alertOf(report, {
      time: this.#options.now().toISOString(),
      server: name,
      against: reference.pinned ? "pinned" : "last-seen",
      withheld: [...withheld.keys()],
      incomplete,
    });
    try {
      await this.#options.alert(entry);
    } catch (error) {
      this.#options.log(`cannot deliver the alert: ${(error as Error).message}`);
    }
  }

  /** Sets the withheld tools; tells the client to list again when the set changed. */
  #setWithheld(next: Map<string, Change>, before: ReadonlyMap<string, Change>): void {
    this.#withheld = next;
    if (sameTools(next, before) || !this.#listing || !this.#relay) return;
    if (before.size > 0 || next.size > 0) {
      this.#relay.notifyClient({ method: "notifications/tools/list_changed" });
    }
  }

  #checkCall(peeked: Peeked, line: Buffer): RequestVerdict {
    if (peeked.method !== "tools/call" || this.#withheld.size === 0) return undefined;
    const name = (parseObject(line)?.params as { name?: unknown } | undefined)?.name;
    const change = typeof name === "string" ? this.#withheld.get(name) : undefined;
    if (!change) return undefined;
    return { error: withheldError(name as string, change, this.#options.server) };
  }

  /**
   * Holds a `tools/list` answer until the observer has judged it (bounded by the request time
   * limit), then removes the withheld tools from it.
   */
  #filterTools(line: Buffer, request: Buffer | undefined): Promise<Buffer> | undefined {
    this.#judged.add(line);
    const judged = new Promise<void>((done) => {
      this.#onList({
        from: "upstream",
        peeked: { kind: "response" },
        line,
        method: "tools/list",
        ...(request ? { request } : {}),
      });
      void this.#queue.then(done, done);
    });
    const limit = new Promise<void>((done) => setTimeout(done, this.#options.requestMs).unref());
    return Promise.race([judged, limit]).then(() => {
      const filtered = withoutWithheld(line, this.#withheld);
      return filtered ?? Buffer.concat([line, NEWLINE]);
    });
  }

  #enqueue(step: () => Promise<void>): Promise<void> {
    const next = this.#queue.then(step).catch((error) => {
      this.#options.log(`observer error: ${(error as Error).message}`);
    });
    this.#queue = next;
    return next;
  }
}

/** Whether two sets of withheld tools name the same tools. */
function sameTools(a: ReadonlyMap<string, Change>, b: ReadonlyMap<string, Change>): boolean {
  return a.size === b.size && [...a.keys()].every((tool) => b.has(tool));
}

const NEWLINE = Buffer.from("\n");
/** The SDK's code for a request that timed out (fetchListing reads it). */
const REQUEST_TIMEOUT = -32001;

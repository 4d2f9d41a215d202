/**
 * The relay: moves newline-delimited JSON-RPC messages between a client and an upstream server,
 * byte for byte and in order, and keeps only what it needs to answer for them: the method and
 * start time of each client request still waiting for its response. It never waits on the
 * observer; only a policy hook may hold or rewrite a message.
 * @module
 */
import { Buffer } from "node:buffer";
import { performance } from "node:perf_hooks";
import type { Readable, Writable } from "node:stream";
import { LineSplitter } from "./line_splitter.ts";
import { envelope, peek, type Peeked } from "./peek.ts";

/** A JSON-RPC error object. */
export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** Something that happened on the relay, for observers (called synchronously: keep it cheap). */
export interface RelayEvent {
  /** Who sent the message. */
  from: "client" | "upstream";
  peeked: Peeked;
  line: Buffer;
  /** For a response to a client request: that request's method and how long it took. */
  method?: string;
  latencyMs?: number;
  /** For a response to a client request: the request's line (kept for list methods only). */
  request?: Buffer;
}

/** What a policy may do with a client request: pass it, or answer it in the upstream's place. */
export type RequestVerdict = { error: RpcError } | undefined;

/** Hooks of a relay. */
export interface RelayHooks {
  /** Decides a client request before it goes upstream. */
  checkRequest?(peeked: Peeked, line: Buffer): RequestVerdict;
  /**
   * Rewrites the response to a client request before the client sees it. Returning a promise
   * holds this and every later message to the client, in order, until it settles.
   */
  rewriteResponse?(
    method: string,
    line: Buffer,
    request: Buffer | undefined,
  ): Buffer | Promise<Buffer> | undefined;
  /** Sees every relayed message after it was written. */
  observe?(event: RelayEvent): void;
  /** Proxar's own diagnostics (the caller writes them to standard error). */
  log(text: string): void;
}

/** The four streams of a relay. */
export interface RelayStreams {
  clientIn: Readable;
  clientOut: Writable;
  upstreamIn: Writable;
  upstreamOut: Readable;
}

/** Client request methods whose request line observers get with the response. */
const KEEP_REQUEST = new Set([
  "initialize",
  "tools/call",
  "tools/list",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
]);

/** The id prefix of Proxar's own requests to the upstream. */
const OWN_ID_PREFIX = "proxar-";

interface Pending {
  method: string;
  started: number;
  request: Buffer | undefined;
}

interface OwnRequest {
  resolve(result: Record<string, unknown>): void;
  reject(error: Error): void;
}

/** An error answer to an in-band request of Proxar's own. */
export class UpstreamRpcError extends Error {
  /** The JSON-RPC error code. */
  readonly code: number;
  /** The error the upstream answered with. */
  constructor(error: RpcError) {
    super(error.message);
    this.code = error.code;
  }
}

/** A request of Proxar's own that was not answered in time (and was cancelled). */
export class RelayTimeout extends Error {
  /** The request's method and its time limit. */
  constructor(readonly method: string, readonly timeoutMs: number) {
    super(`${method} was not answered within ${timeoutMs / 1000}s`);
  }
}

/**
 * Relays messages between a client and an upstream server. Start with {@link Relay.start}.
 */
export class Relay {
  readonly #streams: RelayStreams;
  readonly #hooks: RelayHooks;
  readonly #pending = new Map<string, Pending>();
  readonly #own = new Map<string, OwnRequest>();
  readonly #toClient: OrderedWriter;
  readonly #toUpstream: OrderedWriter;
  #nextOwnId = 1;
  #closed = false;

  /** A relay over `streams`; nothing moves until {@link start}. */
  constructor(streams: RelayStreams, hooks: RelayHooks) {
    this.#streams = streams;
    this.#hooks = hooks;
    this.#toClient = new OrderedWriter(streams.clientOut, streams.upstreamOut, hooks.log);
    this.#toUpstream = new OrderedWriter(streams.upstreamIn, streams.clientIn, hooks.log);
  }

  /** Starts reading both sides. */
  start(): void {
    const { clientIn, upstreamOut } = this.#streams;
    const tooLong = (who: string) => (bytes: number) =>
      this.#hooks.log(`dropped a message from the ${who} longer than the limit (${bytes} bytes)`);
    const fromClient = new LineSplitter((line, framed) => this.#fromClient(line, framed), {
      onOversize: tooLong("client"),
    });
    const fromUpstream = new LineSplitter((line, framed) => this.#fromUpstream(line, framed), {
      onOversize: tooLong("server"),
    });
    clientIn.on("data", (chunk: Buffer) => fromClient.push(chunk));
    upstreamOut.on("data", (chunk: Buffer) => fromUpstream.push(chunk));
  }

  /** Whether the upstream is gone (after {@link failPending}). */
  get closed(): boolean {
    return this.#closed;
  }

  /** Client requests still waiting for their response. */
  get pendingCount(): number {
    return this.#pending.size;
  }

  /**
   * Answers every client request still waiting with `error`, and fails Proxar's own requests;
   * used when the upstream is gone. Resolves when the answers are written.
   */
  async failPending(error: RpcError): Promise<void> {
    this.#closed = true;
    for (const [id, request] of this.#own) {
      this.#own.delete(id);
      request.reject(new Error(error.message));
    }
    const ids = [...this.#pending.keys()];
    this.#pending.clear();
    for (const id of ids) this.#toClient.write(errorLine(id, error));
    await this.#toClient.flushed();
  }

  /** Sends a message of Proxar's own to the client (a notification). */
  notifyClient(message: Record<string, unknown>): void {
    this.#toClient.write(Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\n"));
  }

  /**
   * Sends a request of Proxar's own to the upstream, in the same session as the client's
   * (its id never collides with the client's), and returns the result. Unanswered within
   * `timeoutMs`, it is cancelled (the server is sent `notifications/cancelled`) and rejects with
   * a {@link RelayTimeout}.
   */
  request(
    method: string,
    params?: Record<string, unknown>,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>> {
    if (this.#closed) return Promise.reject(new Error("the server connection is closed"));
    const id = `${OWN_ID_PREFIX}${RUN_TAG}-${this.#nextOwnId++}`;
    const key = JSON.stringify(id);
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settle = () => {
        clearTimeout(timer);
        this.#own.delete(key);
      };
      this.#own.set(key, {
        resolve: (result) => (settle(), resolve(result)),
        reject: (error) => (settle(), reject(error)),
      });
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          settle();
          const cancel = { method: "notifications/cancelled", params: { requestId: id } };
          this.#toUpstream.write(Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...cancel }) + "\n"));
          reject(new RelayTimeout(method, timeoutMs));
        }, timeoutMs);
        timer.unref?.();
      }
      const message = { jsonrpc: "2.0", id, method, ...(params ? { params } : {}) };
      this.#toUpstream.write(Buffer.from(JSON.stringify(message) + "\n"));
    });
  }

  /** A line from the client; `framed` is the line and its newline, as forwarded. */
  #fromClient(line: Buffer, framed: Buffer): void {
    const peeked = peek(line);
    if (peeked?.kind === "request") {
      const verdict = this.#hooks.checkRequest?.(peeked, line);
      if (verdict) {
        this.#toClient.write(errorLine(peeked.id!, verdict.error));
        return;
      }
      const method = peeked.method!;
      this.#pending.set(peeked.id!, {
        method,
        started: performance.now(),
        request: KEEP_REQUEST.has(method) ? line : undefined,
      });
    } else if (peeked?.kind === "notification" && peeked.method === "notifications/cancelled") {
      // A cancelled request may never be answered; forget it so nothing waits for it.
      const requestId = parseObject(line)?.params;
      const id = (requestId as { requestId?: unknown } | undefined)?.requestId;
      if (typeof id === "string" || typeof id === "number") {
        this.#pending.delete(JSON.stringify(id));
      }
    }
    this.#toUpstream.write(framed);
    if (peeked) this.#hooks.observe?.({ from: "client", peeked, line });
  }

  /** A line from the upstream; `framed` is the line and its newline, as forwarded. */
  #fromUpstream(line: Buffer, framed: Buffer): void {
    const peeked = peek(line);
    if (!peeked) {
      this.#hooks.log(`ignored a line from the server that is not JSON-RPC: ${preview(line)}`);
      return;
    }
    if (peeked.kind !== "response") {
      this.#toClient.write(framed);
      this.#hooks.observe?.({ from: "upstream", peeked, line });
      return;
    }
    const id = peeked.id!;
    if (id.startsWith(`"${OWN_ID_PREFIX}`)) {
      const own = this.#own.get(id);
      if (own) {
        this.#own.delete(id);
        settleOwn(own, line);
        return;
      }
    }
    const pending = this.#pending.get(id);
    if (!pending) {
      // An answer to a request Proxar did not see (or one cancelled): pass it on unchanged.
      this.#toClient.write(framed);
      this.#hooks.observe?.({ from: "upstream", peeked, line });
      return;
    }
    this.#pending.delete(id);
    const rewritten = this.#hooks.rewriteResponse?.(pending.method, line, pending.request);
    this.#toClient.write(rewritten === undefined ? framed : rewritten);
    const observe = this.#hooks.observe;
    if (observe === undefined) return;
    const event: RelayEvent = {
      from: "upstream",
      peeked,
      line,
      method: pending.method,
      latencyMs: performance.now() - pending.started,
    };
    if (pending.request) event.request = pending.request;
    observe(event);
  }
}

const RUN_TAG = Math.random().toString(36).slice(2, 8);

function settleOwn(own: OwnRequest, line: Buffer): void {
  const message = parseObject(line);
  const error = message?.error as RpcError | undefined;
  if (error && typeof error === "object") {
    own.reject(new UpstreamRpcError(error));
  } else if (message && typeof message.result === "object" && message.result !== null) {
    own.resolve(message.result as Record<string, unknown>);
  } else {
    own.reject(new Error("the server answered with a malformed response"));
  }
}

/** Parses a line as a JSON object, or undefined. */
export function parseObject(line: Buffer): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(line.toString("utf8"));
    return envelope(value) ? value as Record<string, unknown> : undefined;
  } catch {
    return undefined;
  }
}

function errorLine(id: string, error: RpcError): Buffer {
  return Buffer.from(`{"jsonrpc":"2.0","id":${id},"error":${JSON.stringify(error)}}\n`);
}

/** The start of a line for a log message, with control characters shown escaped. */
function preview(line: Buffer): string {
  const text = line.subarray(0, 200).toString("utf8");
  const shown = JSON.stringify(text).slice(1, -1);
  return line.length > 200 ? `${shown}… (${line.length} bytes)` : shown;
}

/**
 * Writes to a stream in order, letting promised items hold later ones, and pauses the source
 * while the destination's buffer is full (so memory stays flat under a fast producer).
 */
class OrderedWriter {
  #chain: Promise<void> | undefined;
  #batch: Buffer[] = [];
  #batchBytes = 0;
  #scheduled = false;
  #waiting = 0;
  readonly #dest: Writable;
  readonly #source: Readable;
  readonly #log: (text: string) => void;

  constructor(dest: Writable, source: Readable, log: (text: string) => void) {
    this.#dest = dest;
    this.#source = source;
    this.#log = log;
    dest.on("error", (error: Error) => log(`cannot write: ${error.message}`));
  }

  write(item: Buffer | Promise<Buffer>): void {
    if (this.#chain === undefined && !(item instanceof Promise)) {
      this.#add(item);
      return;
    }
    this.#waiting++;
    const previous = this.#chain ?? Promise.resolve();
    const next = previous.then(async () => {
      try {
        this.#add(await item);
      } catch (error) {
        this.#log(`a held message was dropped: ${(error as Error).message}`);
      }
    });
    this.#chain = next.finally(() => {
      if (--this.#waiting === 0) this.#chain = undefined;
    });
  }

  /** Resolves when every queued item is written and flushed to the stream. */
  async flushed(): Promise<void> {
    while (this.#chain) await this.#chain;
    this.#flushBatch();
    if (this.#dest.writableNeedDrain) {
      await new Promise<void>((done) => this.#dest.once("drain", done));
    }
  }

  /**
   * Collects the messages of one turn of the event loop and writes them with one system call
   * (Deno writes every chunk to a pipe at once, cork or not); a large part goes out on its own,
   * uncopied. The batch is written before the turn ends, so nothing waits.
   */
  #add(part: Buffer): void {
    if (part.length >= COPY_LIMIT) {
      this.#flushBatch();
      this.#write(part);
      return;
    }
    this.#batch.push(part);
    this.#batchBytes += part.length;
    if (this.#batchBytes >= COPY_LIMIT) this.#flushBatch();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      queueMicrotask(() => this.#flushBatch());
    }
  }

  #flushBatch(): void {
    this.#scheduled = false;
    const batch = this.#batch;
    if (batch.length === 0) return;
    this.#batch = [];
    this.#batchBytes = 0;
    this.#write(batch.length === 1 ? batch[0]! : Buffer.concat(batch));
  }

  #write(chunk: Buffer): void {
    if (this.#dest.destroyed || this.#dest.writableEnded) return;
    const ok = this.#dest.write(chunk);
    if (!ok && !this.#source.isPaused()) {
      this.#source.pause();
      this.#dest.once("drain", () => this.#source.resume());
    }
  }
}

/** Parts at least this large are written as they are; smaller ones are batched by copying. */
const COPY_LIMIT = 64 * 1024;

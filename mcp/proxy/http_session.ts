/**
 * One Streamable HTTP session in front of a stdio server: the session has a server process of
 * its own, and the same relay as `proxar proxy` over stdio (so observation and policy are the
 * same), fed by the SDK's Streamable HTTP server transport. Messages from the server go to the
 * client as the transport allows: a response on the stream of its request; a progress
 * notification on the stream of the request that carried its token; any other request or
 * notification on the session's GET stream when one is open, otherwise on the stream of the
 * newest request still waiting; when the client has no stream open (a server's notices right
 * after `initialize`), they are held, in order, until it opens one.
 * @module
 */
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { Buffer } from "node:buffer";
import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { PassThrough, Writable } from "node:stream";
import type { StdioTarget } from "../target.ts";
import { LineSplitter } from "./line_splitter.ts";
import type { ProxyMetrics } from "./metrics.ts";
import { Relay, type RelayHooks } from "./relay.ts";
import { startStdioUpstream, type StdioUpstream, type UpstreamExit } from "./stdio_upstream.ts";

type Message = Record<string, unknown>;
/** Server messages held for a client with no stream open, at most (the oldest are dropped). */
const MAX_HELD = 1000;
type Id = string | number;

/** What a session needs from the proxy. */
export interface SessionOptions {
  target: StdioTarget;
  hooks: Omit<RelayHooks, "log">;
  metrics: ProxyMetrics;
  log(text: string): void;
  /** The server's standard error, as it arrives. */
  serverStderr(chunk: Buffer): void;
  /** Called once the relay runs. */
  onRelay(relay: Relay): void;
  /** Called when the session got its id (at `initialize`, before the answer is sent). */
  onId(session: HttpSession): void;
  /** Called once the session has ended (its server is gone). */
  onEnd(session: HttpSession): void;
}

interface Waiting {
  id: Id;
  method: string;
  started: number;
}

/** One client session and its server process. */
export class HttpSession {
  /** The `Mcp-Session-Id`, once `initialize` was received. */
  id: string | undefined;
  /** Why the server is gone, once it is (requests are then answered with 502). */
  gone: string | undefined;
  readonly transport: StreamableHTTPServerTransport;
  readonly #options: SessionOptions;
  readonly #upstream: StdioUpstream;
  readonly #relay: Relay;
  readonly #clientIn = new PassThrough();
  readonly #waiting = new Map<string, Waiting>();
  readonly #progress = new Map<string, Id>();
  #getStreams = 0;
  /** Server messages waiting for a stream to the client. */
  #held: Message[] = [];
  #sending: Promise<void> = Promise.resolve();
  #ended: Promise<void> | undefined;

  private constructor(
    options: SessionOptions,
    upstream: StdioUpstream,
    transport: StreamableHTTPServerTransport,
  ) {
    this.#options = options;
    this.#upstream = upstream;
    this.transport = transport;
    const split = new LineSplitter((line) => this.#toClient(line));
    const clientOut = new Writable({
      highWaterMark: 1 << 20,
      write(chunk: Buffer, _encoding, done) {
        split.push(chunk);
        done();
      },
    });
    this.#relay = new Relay({
      clientIn: this.#clientIn,
      clientOut,
      upstreamIn: upstream.stdin,
      upstreamOut: upstream.stdout,
    }, { ...options.hooks, log: options.log });
    transport.onmessage = (message) => this.#fromClient(message as Message);
    transport.onclose = () => void this.end();
    upstream.stderr.on("data", (chunk: Buffer) => options.serverStderr(chunk));
    this.#relay.start();
    options.onRelay(this.#relay);
    void Promise.all([
      upstream.exited,
      new Promise<void>((done) => {
        if (upstream.stdout.readableEnded) done();
        upstream.stdout.once("close", () => done());
      }),
    ]).then(([exit]) => this.#serverExited(exit));
  }

  /** Starts the session's server; rejects when it cannot be started. */
  static async start(options: SessionOptions): Promise<HttpSession> {
    const [{ StreamableHTTPServerTransport }, { randomUUID }] = await Promise.all([
      import("@modelcontextprotocol/sdk/server/streamableHttp.js"),
      import("node:crypto"),
    ]);
    const upstream = await startStdioUpstream(options.target);
    const made: { session?: HttpSession } = {};
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id: string) => {
        made.session!.id = id;
        options.onId(made.session!);
      },
    });
    made.session = new HttpSession(options, upstream, transport);
    return made.session;
  }

  /** The server's process id. */
  get pid(): number | undefined {
    return this.#upstream.pid;
  }

  /** Requests and streams of this session open now. */
  active = 0;

  /** Handles one HTTP request of this session. */
  async handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    this.active++;
    res.once("close", () => this.active--);
    const handling = this.transport.handleRequest(req, res, body);
    if (req.method === "GET") void this.#whenStreaming(res);
    await handling;
  }

  /** Counts a GET stream once the transport accepted it, and sends it what was held. */
  async #whenStreaming(res: ServerResponse): Promise<void> {
    while (!res.headersSent && !res.destroyed) await new Promise((done) => setTimeout(done, 5));
    if (res.destroyed || res.statusCode !== 200) return;
    this.#getStreams++;
    res.once("close", () => this.#getStreams--);
    this.#flushHeld(undefined);
  }

  #flushHeld(related: Id | undefined): void {
    const held = this.#held;
    this.#held = [];
    for (const message of held) this.#send(message, related);
  }

  #send(message: Message, related: Id | undefined): void {
    const options = related === undefined ? undefined : { relatedRequestId: related };
    this.#sending = this.#sending.then(() =>
      this.transport.send(message as never, options).catch(() => {
        // The client's stream is gone (it disconnected): nothing can carry the message.
      })
    );
  }

  /** Ends the session: the server is shut down (its whole process group), waiting requests fail. */
  end(): Promise<void> {
    this.#ended ??= (async () => {
      const pending = this.#relay.pendingCount;
      await this.#upstream.shutdown();
      await this.#relay.failPending({
        code: -32000,
        message: "The session ended; the request was not answered (reported by Proxar)",
      });
      this.gone ??= "the session ended";
      await this.#sending;
      await this.transport.close().catch(() => {});
      if (pending > 0) {
        this.#options.log(`session ${this.id} ended with ${pending} requests waiting`);
      }
      this.#options.onEnd(this);
    })();
    return this.#ended;
  }

  #fromClient(message: Message): void {
    const id = message.id;
    const method = message.method;
    if ((typeof id === "string" || typeof id === "number") && typeof method === "string") {
      this.#options.metrics.request(method);
      this.#waiting.set(JSON.stringify(id), { id, method, started: performance.now() });
      const meta = (message.params as { _meta?: { progressToken?: unknown } } | undefined)?._meta;
      const token = meta?.progressToken;
      if (typeof token === "string" || typeof token === "number") {
        this.#progress.set(JSON.stringify(token), id);
      }
      // The transport has opened this request's stream: what was held goes there first.
      if (this.#held.length > 0 && this.#getStreams === 0) this.#flushHeld(id);
    }
    this.#clientIn.write(JSON.stringify(message) + "\n");
  }

  #toClient(line: Buffer): void {
    let message: Message;
    try {
      message = JSON.parse(line.toString("utf8"));
    } catch {
      return;
    }
    let related: Id | undefined;
    const isResponse = "result" in message || "error" in message;
    if (isResponse) {
      const key = JSON.stringify(message.id);
      const waiting = this.#waiting.get(key);
      if (waiting) {
        this.#waiting.delete(key);
        const { metrics } = this.#options;
        metrics.latency(waiting.method, (performance.now() - waiting.started) / 1000);
        if ("error" in message) metrics.error(waiting.method);
        for (const [token, id] of this.#progress) {
          if (id === waiting.id) this.#progress.delete(token);
        }
      }
    } else if (message.method === "notifications/progress") {
      const token = (message.params as { progressToken?: unknown } | undefined)?.progressToken;
      related = this.#progress.get(JSON.stringify(token));
    }
    if (!isResponse && related === undefined && this.#getStreams === 0) {
      related = [...this.#waiting.values()].at(-1)?.id;
      if (related === undefined) {
        if (this.#held.length >= MAX_HELD) this.#held.shift();
        this.#held.push(message);
        return;
      }
    }
    this.#send(message, related);
  }

  async #serverExited(exit: UpstreamExit): Promise<void> {
    if (this.#ended) return;
    const why = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
    this.gone = `The MCP server ${why} (reported by Proxar)`;
    const pending = this.#relay.pendingCount;
    await this.#relay.failPending({
      code: -32000,
      message: `The MCP server ${why} before answering (reported by Proxar)`,
    });
    this.#options.log(
      `the server of session ${this.id} ${why}` +
        (pending > 0 ? `; ${pending} waiting requests were answered with an error` : "") +
        "; later requests of the session are answered with HTTP 502",
    );
    await this.#upstream.shutdown();
  }
}

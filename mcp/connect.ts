/**
 * Connections to live MCP servers through the official SDK client: stdio (a child process),
 * Streamable HTTP, and the older HTTP+SSE transport as a fallback. The SDK is imported lazily,
 * so commands that never talk to a server never load it.
 * @module
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import process from "node:process";
import { isObject, type JsonObject } from "../core/json.ts";
import { VERSION } from "../core/version.ts";
import { explainFailure } from "./explain_failure.ts";
import { LiveError, MessageTooLarge, ServerErrorAnswer } from "./live_error.ts";
import type { Redactor } from "./redact.ts";
import { StderrTail } from "./stderr_tail.ts";
import { boundedFetch } from "./bounded_fetch.ts";
import { DEFAULT_MAX_MESSAGE_BYTES } from "./message_limit.ts";
import { ServerProcess } from "./stdio_transport.ts";
import type { HttpTarget, ServerTarget, StdioTarget, Timeouts } from "./target.ts";

/** What the server said in `initialize`, as it said it. */
export interface InitializeInfo {
  /** The negotiated protocol revision. */
  protocolVersion: string;
  serverInfo: JsonObject;
  capabilities: JsonObject;
  instructions?: string;
}

/** The transport a connection ended up using. */
export type TransportName = "stdio" | "streamable-http" | "sse";

/** An initialised session with a server. */
export interface Connection {
  info: InitializeInfo;
  transport: TransportName;
  /**
   * Sends one request and returns its raw result; failures are {@link LiveError}s. `timeoutMs`
   * shortens the connection's time limit for this request.
   */
  request(method: string, params?: JsonObject, timeoutMs?: number): Promise<JsonObject>;
  /** Ends the session; for stdio, waits until the process is gone. Never throws. */
  close(): Promise<void>;
}

/** Options of {@link connect}. */
export interface ConnectOptions {
  timeouts: Timeouts;
  /** The client capabilities to declare (default none); a proxy declares its client's. */
  capabilities?: JsonObject;
  /** Receives the server's standard error (stdio only). */
  stderr?: StderrTail;
  /** Secrets to hide in failure messages (redacted before server text is cut to length). */
  redactor?: Redactor;
  /** The largest message (or HTTP response body) accepted, in bytes. */
  maxMessageBytes?: number;
}

type Transport = Parameters<Client["connect"]>[0];

type Sdk = {
  Client: typeof import("@modelcontextprotocol/sdk/client/index.js").Client;
  ResultSchema: typeof import("@modelcontextprotocol/sdk/types.js").ResultSchema;
  JSONRPCMessageSchema: typeof import("@modelcontextprotocol/sdk/types.js").JSONRPCMessageSchema;
};

async function loadSdk(): Promise<Sdk> {
  const [{ Client }, { ResultSchema, JSONRPCMessageSchema }] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  return { Client, ResultSchema, JSONRPCMessageSchema };
}

/**
 * Connects to a server and completes `initialize` within `timeouts.connectMs`.
 * Throws a {@link LiveError} saying what went wrong; nothing is left running then.
 */
export async function connect(target: ServerTarget, options: ConnectOptions): Promise<Connection> {
  const sdk = await loadSdk();
  return target.kind === "stdio"
    ? await connectStdio(sdk, target, options)
    : await connectHttp(sdk, target, options);
}

async function connectStdio(
  sdk: Sdk,
  target: StdioTarget,
  options: ConnectOptions,
): Promise<Connection> {
  const { StdioClientTransport, getDefaultEnvironment } = await import(
    "@modelcontextprotocol/sdk/client/stdio.js"
  );
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  if (process.platform !== "win32") {
    const server = new ServerProcess({
      command: target.command,
      args: target.args,
      env: { ...getDefaultEnvironment(), ...target.env },
      ...(target.cwd === undefined ? {} : { cwd: target.cwd }),
      maxMessageBytes,
      schema: sdk.JSONRPCMessageSchema,
    });
    server.stderr.on("data", (chunk: Uint8Array) => options.stderr?.push(chunk));
    return await open(sdk, server, "stdio", options);
  }
  const transport = new StdioClientTransport({
    command: target.command,
    args: target.args,
    env: target.env,
    ...(target.cwd === undefined ? {} : { cwd: target.cwd }),
    stderr: "pipe",
    // One JSON-RPC line holds a whole page; the SDK's default of 10 MB is too small for the
    // largest single-page listings seen in the wild.
    maxBufferSize: maxMessageBytes,
  });
  const tail = options.stderr;
  transport.stderr?.on("data", (chunk: Uint8Array) => tail?.push(chunk));
  let pid: number | null = null;
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    pid = transport.pid;
  };
  const afterClose = () => waitForExit(pid);
  return await open(sdk, transport, "stdio", options, afterClose);
}

async function connectHttp(
  sdk: Sdk,
  target: HttpTarget,
  options: ConnectOptions,
): Promise<Connection> {
  const url = new URL(target.url);
  const requestInit = { headers: target.headers };
  const limit = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const tripwire = new Tripwire();
  const bounded = boundedFetch(limit, (error) => tripwire.trip(error));
  const { StreamableHTTPClientTransport, StreamableHTTPError } = await import(
    "@modelcontextprotocol/sdk/client/streamableHttp.js"
  );
  let postStatus: number;
  try {
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit,
      fetch: withoutGetStream(bounded),
    });
    return await open(sdk, transport, "streamable-http", options, undefined, tripwire);
  } catch (error) {
    const status = error instanceof LiveError && error.cause instanceof StreamableHTTPError
      ? error.cause.code
      : undefined;
    // The spec's backwards compatibility rule: a 4xx answer to the POST means an older
    // HTTP+SSE server. Authentication failures are real answers, not a reason to retry.
    if (
      status === undefined || status < 400 || status > 499 || status === 401 || status === 403 ||
      tripwire.fatal
    ) {
      throw error;
    }
    postStatus = status;
  }
  const { SSEClientTransport } = await import("@modelcontextprotocol/sdk/client/sse.js");
  const sseTripwire = new Tripwire();
  const transport = new SSEClientTransport(url, {
    requestInit,
    fetch: boundedFetch(limit, (error) => sseTripwire.trip(error)),
  });
  try {
    return await open(sdk, transport, "sse", options, undefined, sseTripwire);
  } catch (error) {
    const reason = (error as Error).message.replace(
      / with HTTP (\d+): Non-200 status code \(\1\)$/,
      " with HTTP $1",
    );
    throw new LiveError(
      `the Streamable HTTP POST was answered with HTTP ${postStatus}, and the older HTTP+SSE transport failed too: ${reason}`,
      { cause: (error as Error).cause },
    );
  }
}

/**
 * `fetch`, except that the optional standalone event stream (a GET after `initialize`) is
 * answered locally with 405, which the spec allows a server to answer. A snapshot needs no
 * server-initiated messages, and under Deno an event stream still open at close kept the
 * process alive.
 */
function withoutGetStream(
  inner: (url: string | URL, init?: RequestInit) => Promise<Response>,
): (url: string | URL, init?: RequestInit) => Promise<Response> {
  return (url, init) => {
    if ((init?.method ?? "GET").toUpperCase() === "GET") {
      return Promise.resolve(new Response(null, { status: 405, statusText: "Method Not Allowed" }));
    }
    return inner(url, init);
  };
}

/**
 * Errors that answer the request in flight (a message over the size limit, an error answer the
 * SDK cannot match to its request): they end it at once instead of leaving it to time out.
 */
class Tripwire {
  /** The first such error. */
  fatal: Error | undefined;
  /** Rejects with it. */
  readonly tripped: Promise<never>;
  #reject: (error: Error) => void = () => {};

  constructor() {
    this.tripped = new Promise<never>((_, reject) => (this.#reject = reject));
    this.tripped.catch(() => {});
  }

  trip(error: Error): void {
    this.fatal ??= error;
    this.#reject(error);
  }
}

/** Runs `initialize` over a transport and wraps the client. */
async function open(
  sdk: Sdk,
  transport: Transport,
  name: TransportName,
  options: ConnectOptions,
  afterClose: () => Promise<void> = () => Promise.resolve(),
  tripwire: Tripwire = new Tripwire(),
): Promise<Connection> {
  const client: Client = new sdk.Client({ name: "proxar", version: VERSION }, {
    capabilities: (options.capabilities ?? {}) as never,
  });
  let initialize: JsonObject | undefined;
  let transportError: unknown;
  transport.onmessage = (message: unknown) => {
    const result = (message as { result?: unknown }).result;
    if (!initialize && isObject(result) && typeof result.protocolVersion === "string") {
      initialize = result;
    }
  };
  transport.onerror = (error: Error) => {
    transportError ??= error;
    if (error instanceof MessageTooLarge || error instanceof ServerErrorAnswer) {
      tripwire.trip(error);
    }
  };
  const { tripped } = tripwire;
  const explain = {
    get transportError() {
      return transportError;
    },
    // How a server process ended on its own, which explains a closed connection (stdio).
    get exit() {
      return transport instanceof ServerProcess ? transport.exit : undefined;
    },
    ...(options.redactor === undefined ? {} : { redactor: options.redactor }),
  };
  const close = async () => {
    await client.close().catch(() => {});
    await afterClose();
  };
  const { connectMs, requestMs } = options.timeouts;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new LiveError(`no answer to initialize within ${seconds(connectMs)}`)),
      connectMs,
    );
  });
  try {
    await Promise.race([client.connect(transport, { timeout: connectMs }), timedOut, tripped]);
  } catch (error) {
    await close();
    throw explainFailure(tripwire.fatal ?? error, {
      ...explain,
      method: "initialize",
      timeoutMs: connectMs,
    });
  } finally {
    clearTimeout(timer);
  }
  const info = initializeInfo(initialize, client);
  return {
    info,
    transport: name,
    async request(method, params, timeoutMs) {
      const timeout = Math.min(requestMs, timeoutMs ?? requestMs);
      try {
        const result = await Promise.race([
          client.request(
            { method, ...(params === undefined ? {} : { params }) },
            sdk.ResultSchema,
            { timeout },
          ),
          tripped,
        ]);
        return result as JsonObject;
      } catch (error) {
        throw explainFailure(tripwire.fatal ?? error, { ...explain, method, timeoutMs: timeout });
      }
    },
    close,
  };
}

function initializeInfo(raw: JsonObject | undefined, client: Client): InitializeInfo {
  const serverInfo = raw?.serverInfo ?? client.getServerVersion() ?? {};
  const capabilities = raw?.capabilities ?? client.getServerCapabilities() ?? {};
  const info: InitializeInfo = {
    protocolVersion: String(raw?.protocolVersion ?? "unknown"),
    serverInfo: (isObject(serverInfo) ? serverInfo : {}) as JsonObject,
    capabilities: (isObject(capabilities) ? capabilities : {}) as JsonObject,
  };
  const instructions = raw?.instructions ?? client.getInstructions();
  if (typeof instructions === "string") info.instructions = instructions;
  return info;
}

function seconds(ms: number): string {
  return `${ms / 1000}s`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits until a child process is gone (the SDK's close signals it but may return first), and
 * kills it if it outlives the SDK's own grace periods.
 */
async function waitForExit(pid: number | null): Promise<void> {
  if (pid === null) return;
  const deadline = Date.now() + 6_000;
  while (alive(pid) && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 25));
  }
  if (alive(pid)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

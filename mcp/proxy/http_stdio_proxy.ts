/**
 * Streamable HTTP in front of a stdio server: every client session (`Mcp-Session-Id`) gets a
 * server process of its own, started at its `initialize` and ended (with every process it
 * started) when the client DELETEs the session, when the session stays idle past the limit, or
 * when Proxar stops. The simplest design that keeps each client's session state (subscriptions,
 * log level, pending server requests) apart, exactly as when each client starts the server
 * itself. `/metrics` serves Prometheus text.
 * @module
 */
import { Buffer } from "node:buffer";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { StdioTarget } from "../target.ts";
import { HttpSession } from "./http_session.ts";
import { header, listen, readBody } from "./http_server.ts";
import type { ProxyMetrics } from "./metrics.ts";
import type { Relay, RelayHooks } from "./relay.ts";
import type { HttpProxy } from "./http_proxy.ts";

/** Options of {@link startHttpStdioProxy}. */
export interface HttpStdioProxyOptions {
  host: string;
  port: number;
  target: StdioTarget;
  hooks: Omit<RelayHooks, "log">;
  metrics: ProxyMetrics;
  log(text: string): void;
  /** Standard error of a session's server (a new writer per session). */
  serverStderr(): { push(chunk: Buffer): void; flush(): void };
  /** A session's relay started or ended (the observer's channel follows them). */
  onRelay(relay: Relay, open: boolean): void;
  /** Milliseconds a session may stay without any open request or stream. */
  idleMs: number;
}

const BAD_GATEWAY = -32000;

/** Starts the proxy; resolves once it listens. */
export async function startHttpStdioProxy(options: HttpStdioProxyOptions): Promise<HttpProxy> {
  const { log } = options;
  const sessions = new Map<string, HttpSession>();
  const starting = new Set<HttpSession>();
  const idle = new Map<HttpSession, ReturnType<typeof setTimeout>>();

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      log(`HTTP request failed: ${(error as Error).message}`);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });

  async function open(): Promise<HttpSession | string> {
    const stderr = options.serverStderr();
    let relay: Relay | undefined;
    try {
      const session = await HttpSession.start({
        target: options.target,
        hooks: options.hooks,
        metrics: options.metrics,
        log,
        serverStderr: (chunk) => stderr.push(chunk),
        onRelay: (r) => options.onRelay(relay = r, true),
        onId: (s) => {
          starting.delete(s);
          sessions.set(s.id!, s);
        },
        onEnd: (s) => {
          stderr.flush();
          if (relay) options.onRelay(relay, false);
          clearTimeout(idle.get(s));
          idle.delete(s);
          starting.delete(s);
          if (s.id !== undefined) sessions.delete(s.id);
        },
      });
      starting.add(session);
      return session;
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === "ENOENT"
        ? `command "${options.target.command}" not found`
        : (error as Error).message;
      log(`cannot start the server for a new session: ${reason}`);
      return `The MCP server cannot be started (reported by Proxar)`;
    }
  }

  /** Ends sessions that stay without requests or streams for the idle limit. */
  function watchIdle(session: HttpSession, res: ServerResponse): void {
    clearTimeout(idle.get(session));
    idle.delete(session);
    res.once("close", () => {
      // The response's own count drops in the same tick: look after it.
      setTimeout(() => {
        if (session.active > 0 || session.gone === "the session ended") return;
        clearTimeout(idle.get(session));
        const timer = setTimeout(() => {
          if (session.active > 0) return;
          log(
            `session ${session.id} was idle for ${options.idleMs / 1000}s; its server is shut down`,
          );
          void session.end();
        }, options.idleMs);
        timer.unref?.();
        idle.set(session, timer);
      }, 0);
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://proxy").pathname;
    if (req.method === "GET" && path === "/metrics") {
      const { text, contentType } = await options.metrics.render();
      res.writeHead(200, { "content-type": contentType }).end(text);
      return;
    }
    const body = req.method === "POST" ? parseBody(await readBody(req)) : undefined;
    const id = header(req, "mcp-session-id");
    let session: HttpSession | undefined;
    if (id !== undefined) {
      session = sessions.get(id);
      if (!session) {
        res.writeHead(404, { "content-type": "application/json" })
          .end(rpcError(body, -32001, "Session not found"));
        return;
      }
      if (session.gone !== undefined && req.method !== "DELETE") {
        for (const method of requestMethods(body)) options.metrics.request(method);
        for (const method of requestMethods(body)) options.metrics.error(method);
        res.writeHead(502, { "content-type": "application/json" })
          .end(rpcError(body, BAD_GATEWAY, session.gone));
        return;
      }
    } else if (req.method === "POST" && isInitialize(body)) {
      const opened = await open();
      if (typeof opened === "string") {
        options.metrics.request("initialize");
        options.metrics.error("initialize");
        res.writeHead(502, { "content-type": "application/json" })
          .end(rpcError(body, BAD_GATEWAY, opened));
        return;
      }
      session = opened;
    } else {
      res.writeHead(400, { "content-type": "application/json" })
        .end(rpcError(body, -32000, "Bad Request: No valid session ID provided"));
      return;
    }
    watchIdle(session, res);
    await session.handle(req, res, body);
    // An initialize the transport refused leaves a session without an id: end its server.
    if (session.id === undefined && starting.has(session)) void session.end();
  }

  const url = await listen(server, options.host, options.port);
  return {
    url,
    async close() {
      const closed = new Promise<void>((done) => server.close(() => done()));
      await Promise.all([...sessions.values(), ...starting].map((s) => s.end()));
      server.closeAllConnections();
      await closed;
    },
  };
}

function parseBody(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

function messagesOf(body: unknown): Record<string, unknown>[] {
  const items = Array.isArray(body) ? body : [body];
  return items.filter((m): m is Record<string, unknown> => typeof m === "object" && m !== null);
}

function isInitialize(body: unknown): boolean {
  return messagesOf(body).some((m) => m.method === "initialize");
}

function requestMethods(body: unknown): string[] {
  return messagesOf(body).filter((m) => m.id !== undefined && typeof m.method === "string")
    .map((m) => m.method as string);
}

/** A JSON-RPC error answering each request of the body (or one with id null). */
function rpcError(body: unknown, code: number, message: string): string {
  const ids = messagesOf(body).filter((m) => typeof m.method === "string" && m.id !== undefined)
    .map((m) => m.id);
  const answers = (ids.length === 0 ? [null] : ids).map((id) => ({
    jsonrpc: "2.0",
    id,
    error: { code, message },
  }));
  return JSON.stringify(answers.length === 1 ? answers[0] : answers);
}

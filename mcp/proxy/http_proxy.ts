/**
 * The Streamable HTTP proxy: listens on a local address and forwards every request (POST, GET,
 * DELETE) to the upstream MCP endpoint with the configured headers added, passing status,
 * `Mcp-Session-Id`, `Last-Event-ID` and SSE streams through as they come. JSON-RPC messages in
 * request bodies, JSON answers and SSE events are shown to the observer; only the policy may
 * answer a request itself or rewrite a `tools/list` answer. `/metrics` serves Prometheus text.
 * @module
 */
import { Buffer } from "node:buffer";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import type { HttpTarget } from "../target.ts";
import { header, listen, readBody } from "./http_server.ts";
import type { ProxyMetrics } from "./metrics.ts";
import { envelope } from "./peek.ts";
import type { RelayEvent, RelayHooks } from "./relay.ts";

/** Options of {@link startHttpProxy}. */
export interface HttpProxyOptions {
  host: string;
  port: number;
  upstream: HttpTarget;
  hooks: Omit<RelayHooks, "log">;
  metrics: ProxyMetrics;
  log(text: string): void;
}

/** A running HTTP proxy. */
export interface HttpProxy {
  /** The address it listens on, `http://host:port`. */
  url: string;
  close(): Promise<void>;
}

/** Request headers never forwarded (hop by hop, or recomputed). */
const DROP_REQUEST = new Set([
  "host",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "upgrade",
  "proxy-connection",
  "te",
  "trailer",
]);
/** Response headers never copied (fetch has decoded the body already). */
const DROP_RESPONSE = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
]);

const BAD_GATEWAY = -32000;

interface Pending {
  method: string;
  started: number;
  request: Buffer;
}

/** Starts the proxy; resolves once it listens. */
export async function startHttpProxy(options: HttpProxyOptions): Promise<HttpProxy> {
  const pending = new Map<string, Pending>();
  const { hooks, metrics, log } = options;
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      log(`HTTP request failed: ${(error as Error).message}`);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://proxy").pathname;
    if (req.method === "GET" && path === "/metrics") {
      const { text, contentType } = await metrics.render();
      res.writeHead(200, { "content-type": contentType }).end(text);
      return;
    }
    const session = header(req, "mcp-session-id") ?? "";
    const body = req.method === "POST" ? await readBody(req) : undefined;
    const messages = body === undefined ? [] : parseMessages(body);
    for (const { message, line } of messages) {
      const peeked = envelope(message)!;
      if (peeked.kind === "request") {
        const verdict = hooks.checkRequest?.(peeked, line);
        metrics.request(peeked.method!);
        if (verdict && messages.length === 1) {
          metrics.error(peeked.method!);
          const answer = { jsonrpc: "2.0", id: JSON.parse(peeked.id!), error: verdict.error };
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
          return;
        }
        pending.set(`${session}\n${peeked.id}`, {
          method: peeked.method!,
          started: performance.now(),
          request: line,
        });
      }
      hooks.observe?.({ from: "client", peeked, line });
    }
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined || DROP_REQUEST.has(key)) continue;
      headers[key] = Array.isArray(value) ? value.join(", ") : value;
    }
    Object.assign(headers, options.upstream.headers);
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    let upstream: Response;
    try {
      upstream = await fetch(options.upstream.url + queryOf(req.url), {
        method: req.method ?? "GET",
        headers,
        ...(body === undefined ? {} : { body: new Uint8Array(body) }),
        signal: abort.signal,
      });
    } catch (error) {
      if (abort.signal.aborted) return;
      log(`the upstream server cannot be reached: ${(error as Error).message}`);
      for (const { message } of messages) {
        const id = envelope(message)?.id;
        if (id !== undefined) metrics.error(pending.get(`${session}\n${id}`)?.method ?? "");
        if (id !== undefined) pending.delete(`${session}\n${id}`);
      }
      const ids = messages.map((m) => envelope(m.message)?.id).filter((id) => id !== undefined);
      const error502 = ids.map((id) => ({
        jsonrpc: "2.0",
        id: JSON.parse(id!),
        error: {
          code: BAD_GATEWAY,
          message: "The MCP server cannot be reached (reported by Proxar)",
        },
      }));
      res.writeHead(502, { "content-type": "application/json" })
        .end(JSON.stringify(error502.length === 1 ? error502[0] : error502));
      return;
    }
    const answerSession = upstream.headers.get("mcp-session-id") ?? session;
    const outHeaders: Record<string, string> = {};
    upstream.headers.forEach((value, key) => {
      if (!DROP_RESPONSE.has(key)) outHeaders[key] = value;
    });
    const type = upstream.headers.get("content-type") ?? "";
    if (upstream.status >= 400) {
      for (const { message } of messages) {
        const peeked = envelope(message);
        const entry = peeked?.id === undefined
          ? undefined
          : pending.get(`${session}\n${peeked.id}`);
        if (entry) {
          metrics.error(entry.method);
          pending.delete(`${session}\n${peeked!.id}`);
        }
      }
    }
    const onMessage = async (line: Buffer): Promise<Buffer | undefined> => {
      let message: unknown;
      try {
        message = JSON.parse(line.toString("utf8"));
      } catch {
        return undefined;
      }
      const peeked = envelope(message);
      if (!peeked) return undefined;
      if (peeked.kind !== "response") {
        hooks.observe?.({ from: "upstream", peeked, line });
        return undefined;
      }
      const key = `${answerSession}\n${peeked.id}`;
      const entry = pending.get(key) ?? pending.get(`${session}\n${peeked.id}`);
      if (!entry) {
        hooks.observe?.({ from: "upstream", peeked, line });
        return undefined;
      }
      pending.delete(key);
      pending.delete(`${session}\n${peeked.id}`);
      const seconds = (performance.now() - entry.started) / 1000;
      metrics.latency(entry.method, seconds);
      if ((message as { error?: unknown }).error !== undefined) metrics.error(entry.method);
      const rewritten = await hooks.rewriteResponse?.(entry.method, line, entry.request);
      const event: RelayEvent = {
        from: "upstream",
        peeked,
        line,
        method: entry.method,
        latencyMs: seconds * 1000,
        request: entry.request,
      };
      hooks.observe?.(event);
      return rewritten === undefined ? undefined : stripNewline(rewritten);
    };
    if (type.startsWith("text/event-stream") && upstream.body) {
      res.writeHead(upstream.status, outHeaders);
      res.flushHeaders();
      await relayEvents(upstream.body, res, onMessage);
      res.end();
      return;
    }
    const bytes = Buffer.from(await upstream.arrayBuffer());
    let out: Uint8Array = bytes;
    if (type.startsWith("application/json") && bytes.length > 0) {
      const text = bytes.toString("utf8");
      const trimmed = text.trim();
      if (trimmed.startsWith("{")) {
        const rewritten = await onMessage(Buffer.from(trimmed));
        if (rewritten) out = rewritten;
      } else if (trimmed.startsWith("[")) {
        try {
          for (const item of JSON.parse(trimmed) as unknown[]) {
            await onMessage(Buffer.from(JSON.stringify(item)));
          }
        } catch {
          // not JSON: passed on as it is
        }
      }
    }
    res.writeHead(upstream.status, outHeaders).end(out);
  }

  const url = await listen(server, options.host, options.port);
  return {
    url,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

function queryOf(url: string | undefined): string {
  const at = url?.indexOf("?") ?? -1;
  return at === -1 ? "" : url!.slice(at);
}

/** The JSON-RPC messages of a POST body (one message or a batch). */
function parseMessages(body: Buffer): { message: unknown; line: Buffer }[] {
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    return [];
  }
  const items = Array.isArray(value) ? value : [value];
  return items.filter((item) => envelope(item) !== undefined).map((item) => ({
    message: item,
    line: items.length === 1 ? body : Buffer.from(JSON.stringify(item)),
  }));
}

function stripNewline(line: Buffer): Buffer {
  return line.length > 0 && line[line.length - 1] === 10 ? line.subarray(0, line.length - 1) : line;
}

/**
 * Copies an SSE stream event by event, showing each event's data to `onMessage`, which may
 * replace it. Event ids, types and comments pass unchanged.
 */
async function relayEvents(
  body: ReadableStream<Uint8Array>,
  res: ServerResponse,
  onMessage: (line: Buffer) => Promise<Buffer | undefined>,
): Promise<void> {
  let buffered = "";
  const decoder = new TextDecoder();
  const flush = async (event: string) => {
    const lines = event.split(/\r?\n/);
    const data = lines.filter((l) => l.startsWith("data:")).map((l) =>
      l.slice(5).replace(/^ /, "")
    );
    if (data.length > 0) {
      const replaced = await onMessage(Buffer.from(data.join("\n")));
      if (replaced) {
        const kept = lines.filter((l) => !l.startsWith("data:"));
        event = [...kept, `data: ${replaced.toString("utf8")}`].join("\n");
      }
    }
    res.write(`${event}\n\n`);
  };
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      let at;
      while ((at = boundary(buffered)) !== -1) {
        const event = buffered.slice(0, at);
        buffered = buffered.slice(at).replace(/^(\r?\n){2}/, "");
        await flush(event);
      }
    }
  } catch {
    // the client or the upstream went away
  }
  if (buffered.trim() !== "") await flush(buffered);
}

function boundary(text: string): number {
  const a = text.indexOf("\n\n");
  const b = text.indexOf("\r\n\r\n");
  if (a === -1) return b;
  if (b === -1) return a;
  return Math.min(a, b);
}

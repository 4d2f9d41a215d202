/**
 * Turns what the SDK, the network or the operating system threw into one plain sentence:
 * which request failed and why.
 * @module
 */
import { LiveError, megabytes, MessageTooLarge, ServerErrorAnswer } from "./live_error.ts";
import type { Redactor } from "./redact.ts";

/** What was going on when an error happened. */
export interface FailureContext {
  /** The request in flight (`initialize`, `tools/list` …). */
  method: string;
  timeoutMs: number;
  /** The first error the transport reported, which often explains a closed connection. */
  transportError?: unknown;
  /** How the server process ended on its own, when it did (stdio). */
  exit?: { code: number | null; signal: string | null } | undefined;
  /** Secrets to hide; text from the server is redacted before it is cut to length. */
  redactor?: Redactor;
}

// The SDK's own error codes (McpError.code) and JSON-RPC's.
const CONNECTION_CLOSED = -32000;
const REQUEST_TIMEOUT = -32001;

/**
 * A {@link LiveError} describing `error`; its `cause` keeps the original.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { explainFailure } from "./explain_failure.ts";
 * const error = Object.assign(new Error("spawn nope ENOENT"), { code: "ENOENT", path: "nope" });
 * assert.equal(
 *   explainFailure(error, { method: "initialize", timeoutMs: 1000 }).message,
 *   'the command "nope" was not found',
 * );
 * const closed = Object.assign(new Error("Connection closed"), { name: "McpError", code: -32000 });
 * assert.equal(
 *   explainFailure(closed, { method: "initialize", timeoutMs: 1000, exit: { code: 0, signal: null } })
 *     .message,
 *   "the server closed the connection before answering initialize: it exited with code 0",
 * );
 * ```
 */
export function explainFailure(error: unknown, context: FailureContext): LiveError {
  let message = error instanceof LiveError ? error.message : describe(error, context);
  const stray = context.transportError;
  if (isParseError(stray) && stray !== error && !message.includes(describeTransportError(stray))) {
    message += `; earlier, ${describeTransportError(stray)}`;
  }
  if (context.redactor) message = context.redactor.text(message);
  return new LiveError(message, { cause: error instanceof LiveError ? error.cause : error });
}

function describe(error: unknown, context: FailureContext): string {
  const { method } = context;
  const err = error as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
    path?: unknown;
    syscall?: unknown;
  };
  const message = String(err?.message ?? error);
  if (error instanceof ServerErrorAnswer) {
    const code = typeof error.code === "number" ? String(error.code) : JSON.stringify(error.code);
    return `the server answered ${method} with error ${code}: ${error.detail}`;
  }
  if (error instanceof MessageTooLarge) {
    return `the server's ${error.what} during ${method} is larger than ${
      megabytes(error.limit)
    }, the limit for one message (max_message_mb)`;
  }
  // Node and Deno say "spawn CMD ENOENT", Bun "Executable not found in $PATH"; all set syscall.
  const spawning = /^spawn/.test(String(err?.syscall ?? message));
  if (err?.code === "ENOENT" && spawning) {
    return `the command "${
      String(err.path ?? message.replace(/^spawn | ENOENT$/g, ""))
    }" was not found`;
  }
  if (err?.code === "EACCES" && spawning) {
    return `the command "${String(err.path ?? "")}" cannot be run: permission denied`;
  }
  if (err?.name === "McpError" && err.code === REQUEST_TIMEOUT) {
    return `no answer to ${method} within ${context.timeoutMs / 1000}s`;
  }
  if (err?.name === "McpError" && err.code === CONNECTION_CLOSED) {
    const cause = context.transportError;
    if (cause !== undefined) return `${describeTransportError(cause)} (during ${method})`;
    return `the server closed the connection before answering ${method}${ended(context.exit)}`;
  }
  if (err?.name === "McpError" && typeof err.code === "number") {
    return `the server answered ${method} with error ${err.code}: ${
      message.replace(/^(MCP error -?\d+: )+/, "")
    }`;
  }
  if (/^(Streamable HTTP error|SSE error): /.test(message)) {
    return describeHttp(err.code, context.redactor?.text(message) ?? message, method);
  }
  const network = networkProblem(error);
  if (network) return network;
  const unsupported = /^Server's protocol version is not supported: (.*)$/.exec(message);
  if (unsupported) {
    return `the server chose protocol revision "${
      unsupported[1]
    }", which the MCP SDK does not support`;
  }
  return `${method} failed: ${message}`;
}

/** How a server process ended, as the end of a sentence: `: it exited with code 3`. */
function ended(exit: FailureContext["exit"]): string {
  if (exit === undefined) return "";
  if (exit.signal !== null) return `: it was ended by signal ${exit.signal}`;
  return exit.code === null ? "" : `: it exited with code ${exit.code}`;
}

function describeHttp(code: unknown, message: string, method: string): string {
  const detail = message.replace(/^(Streamable HTTP error|SSE error): /, "")
    .replace(/^Error POSTing to endpoint: ?/, "").trim();
  const status = typeof code === "number" && code > 0 ? code : undefined;
  if (status === 401) {
    return `the server answered ${method} with HTTP 401 Unauthorized: check the credentials in the headers`;
  }
  if (status === 403) return `the server answered ${method} with HTTP 403 Forbidden`;
  const text = detail.length > 200 ? `${detail.slice(0, 200)}…` : detail;
  return status === undefined
    ? `the HTTP exchange for ${method} failed${text ? `: ${text}` : ""}`
    : `the server answered ${method} with HTTP ${status}${text ? `: ${text}` : ""}`;
}

/** Whether the transport failed to read a line of standard output as a JSON-RPC message. */
function isParseError(error: unknown): boolean {
  const name = (error as { name?: unknown } | undefined)?.name;
  return name === "SyntaxError" || name === "ZodError";
}

function describeTransportError(error: unknown): string {
  const err = error as { name?: unknown; message?: unknown };
  const message = String(err?.message ?? error);
  if (err?.name === "SyntaxError") {
    return `the server wrote something that is not JSON to standard output: ${message}`;
  }
  if (err?.name === "ZodError" || /invalid_union|invalid_type/.test(message)) {
    return "the server wrote JSON that is not a JSON-RPC message to standard output";
  }
  return networkProblem(error) ?? `the connection failed: ${message}`;
}

/** Connection refused, unknown host and the like, however the runtime words them. */
function networkProblem(error: unknown): string | undefined {
  const texts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    const e = current as { message?: unknown; code?: unknown; cause?: unknown };
    texts.push(`${String(e.code ?? "")} ${String(e.message ?? current)}`);
    current = e.cause;
  }
  const all = texts.join(" | ");
  if (/ECONNREFUSED|Connection refused|ConnectionRefused/i.test(all)) return "connection refused";
  if (/ENOTFOUND|EAI_AGAIN|dns error|failed to lookup|getaddrinfo/i.test(all)) {
    return "the host name could not be resolved";
  }
  if (/ECONNRESET|connection reset/i.test(all)) return "the connection was reset";
  if (/ETIMEDOUT|timed out/i.test(all)) return "the connection timed out";
  if (/certificate|TLS|SSL/i.test(all)) {
    return `the TLS handshake failed: ${texts[texts.length - 1]}`;
  }
  return undefined;
}

/**
 * One stdio proxy session: start the server, relay until either side ends, and end cleanly.
 * The client closing its side (or a signal) shuts the server down; the server exiting answers
 * every request still waiting with an error, then ends the session with a message.
 * @module
 */
import type { Buffer } from "node:buffer";
import type { Readable, Writable } from "node:stream";
import type { StdioTarget } from "../target.ts";
import { Relay, type RelayHooks } from "./relay.ts";
import { startStdioUpstream, type UpstreamExit } from "./stdio_upstream.ts";

/** The JSON-RPC error code of requests the upstream can no longer answer. */
export const UPSTREAM_GONE = -32000;

/**
 * How long the server gets after its input is closed, and again after SIGTERM, when the session
 * ends. A client that leaves gives Proxar itself 2 s before SIGTERM and 2 s more before SIGKILL
 * (the MCP SDK's close()): Proxar's own steps must end inside that, or the client's SIGKILL cuts
 * them short and leaves the server's process group running.
 */
export const SHUTDOWN_GRACE_MS = 1000;

/** Options of {@link runStdioProxy}. */
export interface StdioProxyOptions {
  target: StdioTarget;
  /** The client's side: what it writes, and where its answers go. */
  clientIn: Readable;
  clientOut: Writable;
  /** Policy and observer hooks of the relay. */
  hooks?: Omit<RelayHooks, "log">;
  /** Proxar's own diagnostics. */
  log(text: string): void;
  /** The server's standard error, as it arrives. */
  serverStderr(chunk: Buffer): void;
  /** Called once the relay runs, so an observer can send requests of its own. */
  onStart?(relay: Relay): void;
  /** Settles when Proxar is asked to stop (SIGINT, SIGTERM). */
  stop?: Promise<unknown>;
  /**
   * Called when the client has left or a signal came, while the server is shut down: what was
   * seen so far is written without waiting for the server to stop (a client kills Proxar within
   * seconds); an answer the server still sends during its shutdown is relayed but not recorded.
   */
  onStopping?(): Promise<void>;
}

/** How a session ended. */
export interface ProxyOutcome {
  /** 0: the client or a signal ended it; 1: the server exited; 2: the server did not start. */
  code: number;
  /** Why, for standard error (undefined for an ordinary end). */
  message?: string;
}

/** Runs one proxy session over stdio. */
export async function runStdioProxy(options: StdioProxyOptions): Promise<ProxyOutcome> {
  const { target, log } = options;
  let upstream;
  try {
    upstream = await startStdioUpstream(target);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT"
      ? `command "${target.command}" not found`
      : (error as Error).message;
    return { code: 2, message: `Cannot start the server: ${reason}` };
  }
  upstream.stderr.on("data", (chunk: Buffer) => options.serverStderr(chunk));
  const relay = new Relay({
    clientIn: options.clientIn,
    clientOut: options.clientOut,
    upstreamIn: upstream.stdin,
    upstreamOut: upstream.stdout,
  }, { ...options.hooks, log });
  relay.start();
  options.onStart?.(relay);

  const clientGone = new Promise<"client">((done) => {
    options.clientIn.once("end", () => done("client"));
    options.clientIn.once("close", () => done("client"));
    options.clientIn.once("error", () => done("client"));
  });
  // The server's output is fully read before its exit counts, so its last answers still pass.
  const serverGone = Promise.all([
    upstream.exited,
    new Promise<void>((done) => {
      if (upstream.stdout.readableEnded) done();
      upstream.stdout.once("close", () => done());
    }),
  ]).then(([exit]) => ({ exit }));
  const stopped = (options.stop ?? new Promise<never>(() => {})).then(() => "signal" as const);
  const first = await Promise.race([clientGone, serverGone, stopped]);
  if (first === "client" || first === "signal") {
    const pending = relay.pendingCount;
    await Promise.all([upstream.shutdown(SHUTDOWN_GRACE_MS), options.onStopping?.()]);
    await relay.failPending({
      code: UPSTREAM_GONE,
      message: "Proxar is shutting down; the request was not answered",
    });
    options.clientIn.pause();
    const note = pending > 0 ? ` (${pending} requests were still waiting)` : "";
    return first === "signal"
      ? { code: 0, message: `Stopped by a signal; the server was shut down${note}` }
      : { code: 0 };
  }
  const why = describeExit(first.exit);
  const pending = relay.pendingCount;
  await relay.failPending({
    code: UPSTREAM_GONE,
    message: `The MCP server ${why} before answering (reported by Proxar)`,
  });
  options.clientIn.pause();
  const answered = pending === 0
    ? ""
    : `; ${pending} waiting request${pending === 1 ? " was" : "s were"} answered with an error`;
  return { code: 1, message: `The server ${why}${answered}` };
}

function describeExit(exit: UpstreamExit): string {
  if (exit.signal) return `was killed by ${exit.signal}`;
  return `exited with code ${exit.code}`;
}

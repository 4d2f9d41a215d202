/**
 * The stdio transport to a server process: newline-delimited JSON-RPC over its standard streams,
 * as the MCP specification describes it. Compared with the SDK's transport it
 * - starts the server as the leader of its own process group, and ends the whole group (the
 *   server and every process it started) when the connection closes or Proxar exits;
 * - reads output in time linear in its size, and fails at once, naming the limit, when one
 *   message grows over it;
 * - reports a JSON-RPC error the SDK cannot match to a request (`"id": null`) as that error.
 * Windows has no process groups: there the SDK's own transport is used (see `connect.ts`).
 * @module
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Buffer } from "node:buffer";
import type { ChildProcess } from "node:child_process";
import { PassThrough } from "node:stream";
import { MessageTooLarge, ServerErrorAnswer } from "./live_error.ts";
import { endGroup, killGroup, spawnGroupLeaderNow } from "./process_group.ts";

type Transport = Parameters<Client["connect"]>[0];
type Message = Parameters<Transport["send"]>[0];
type MessageSchema = {
  safeParse(value: unknown): { success: boolean; data?: unknown; error?: unknown };
};

/** What to start and how large one message may be. */
export interface ServerProcessOptions {
  command: string;
  args: string[];
  /** The complete environment of the process. */
  env: Record<string, string>;
  cwd?: string;
  maxMessageBytes: number;
  /** The SDK's `JSONRPCMessageSchema`, which every message read must satisfy. */
  schema: MessageSchema;
}

/** How a server process ended: its exit code, or the signal that ended it. */
export interface ServerExit {
  code: number | null;
  signal: string | null;
}

/** Whether `promise` settles within `ms` milliseconds; the timer never outlives the answer. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((done) => (timer = setTimeout(() => done(false), ms)));
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A server process spoken to over stdio; an SDK {@link Transport}. */
export class ServerProcess implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport["onmessage"];
  /** The server's standard error, available before {@link start}. */
  readonly stderr: PassThrough = new PassThrough();
  readonly #options: ServerProcessOptions;
  #child: ChildProcess | undefined;
  #exited: Promise<void> = Promise.resolve();
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #failed = false;
  /** How the server ended on its own, before Proxar closed the connection. */
  #ended: ServerExit | undefined;
  #closing = false;
  /** The process id, which is also the process group id; kept after the process exits. */
  #pid: number | undefined;

  /** A transport that starts the server when the client connects. */
  constructor(options: ServerProcessOptions) {
    this.#options = options;
  }

  /**
   * How the server process ended on its own (exit code or signal), before Proxar closed the
   * connection; undefined while it runs, or when Proxar ended it.
   */
  get exit(): ServerExit | undefined {
    return this.#ended;
  }

  /** The server's process id (also its process group's), once started. */
  get pid(): number | undefined {
    return this.#pid;
  }

  /** Starts the server; rejects when it cannot be started. */
  start(): Promise<void> {
    const { command, args, env, cwd } = this.#options;
    const child = spawnGroupLeaderNow({
      command,
      args,
      env,
      ...(cwd === undefined ? {} : { cwd }),
    });
    this.#child = child;
    // "exit", not "close": a process the server started may hold its output pipes open.
    // A command that cannot start emits "error" and, under Node, never "exit".
    this.#exited = new Promise((done) => {
      child.once("exit", (code, signal) => {
        if (!this.#closing) this.#ended = { code, signal };
        done();
      });
      child.once("error", () => done());
    });
    child.once("close", () => {
      this.#child = undefined;
      this.onclose?.();
    });
    child.stdin!.on("error", (error) => {
      // A server that exited before reading its input: its exit explains this better.
      if ((error as { code?: string }).code !== "EPIPE") this.onerror?.(error);
    });
    child.stdout!.on("data", (chunk: Buffer) => this.#read(chunk));
    child.stderr!.pipe(this.stderr);
    return new Promise((started, failed) => {
      child.once("spawn", () => {
        this.#pid = child.pid;
        started();
      });
      child.once("error", (error) => {
        failed(error);
        this.onerror?.(error);
      });
    });
  }

  #read(chunk: Buffer): void {
    if (this.#failed) return;
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.#pending.push(chunk.subarray(start, newline));
      const line = Buffer.concat(this.#pending).toString("utf8").replace(/\r$/, "");
      this.#pending = [];
      this.#pendingBytes = 0;
      start = newline + 1;
      if (line.trim() !== "") this.#deliver(line);
    }
    if (start < chunk.length) {
      this.#pending.push(chunk.subarray(start));
      this.#pendingBytes += chunk.length - start;
    }
    if (this.#pendingBytes > this.#options.maxMessageBytes) {
      this.#failed = true;
      this.#pending = [];
      this.onerror?.(new MessageTooLarge(this.#options.maxMessageBytes));
      void this.close();
    }
  }

  #deliver(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    const parsed = this.#options.schema.safeParse(value);
    if (parsed.success) {
      this.onmessage?.(parsed.data as Message);
      return;
    }
    const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (typeof error === "object" && error !== null) {
      this.onerror?.(new ServerErrorAnswer(error.code, String(error.message ?? "")));
    } else {
      this.onerror?.(parsed.error as Error);
    }
  }

  /** Writes one message. */
  send(message: Message): Promise<void> {
    return new Promise((done, failed) => {
      const stdin = this.#child?.stdin;
      if (!stdin) return failed(new Error("Not connected"));
      if (stdin.write(JSON.stringify(message) + "\n")) done();
      else stdin.once("drain", () => done());
    });
  }

  /**
   * Ends the server the way the MCP specification asks (input closed, then SIGTERM, then
   * SIGKILL, two seconds apart), then whatever it left running in its process group.
   */
  async close(): Promise<void> {
    const child = this.#child;
    this.#closing = true;
    if (child) {
      child.stdin?.end();
      if (!(await within(this.#exited, 2000))) {
        this.#signal("SIGTERM");
        if (!(await within(this.#exited, 2000))) {
          this.#signal("SIGKILL");
          await this.#exited;
        }
      }
    }
    await endGroup(this.#pid);
  }

  #signal(signal: NodeJS.Signals): void {
    if (this.#pid !== undefined) killGroup(this.#pid, signal);
  }
}

/**
 * `proxar proxy` as a process spoken to in raw JSON-RPC lines, for the fault and hardening tests.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { baseEnv } from "../helpers.ts";
import { proxarArgv } from "./_proxy_client.ts";

/** A JSON-RPC message. */
export type Message = Record<string, unknown>;

/** The `initialize` request of a raw client (id 1, no capabilities). */
export const INITIALIZE: Message = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw", version: "1" },
  },
};

/** A `tools/call` request of tool `name` with `args`. */
export function toolCall(id: number, name: string, args: Message = {}): Message {
  return { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } };
}

/** Whether the store in `dir` holds `count` snapshots of `server` in its history. */
export function historyHas(dir: string, server: string, count = 1): boolean {
  try {
    return readdirSync(join(dir, ".proxar", "history", server)).length === count;
  } catch {
    return false;
  }
}

/** A running `proxar proxy` and its lines. */
export interface RawProxy {
  child: ChildProcess;
  stop(): Promise<void>;
  lines: string[];
  stderr(): string;
  exited: Promise<number | string | null>;
  until(what: string, check: () => boolean): Promise<void>;
  send(message: Message): boolean;
  answer(id: number): Promise<Message>;
  initialize(): Promise<void>;
}

/** Starts `proxar proxy ARGS` in `cwd`. */
export function startProxy(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): RawProxy {
  const [command, ...rest] = proxarArgv(["proxy", ...args]);
  const child = spawn(command!, rest, {
    cwd,
    env: { ...baseEnv(), ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const parsed: Message[] = [];
  let buffered: string[] = [];
  let stderr = "";
  const waiters: (() => void)[] = [];
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    let at;
    while ((at = chunk.indexOf("\n")) !== -1) {
      const line = buffered.join("") + chunk.slice(0, at);
      buffered = [];
      lines.push(line);
      parsed.push(JSON.parse(line));
      chunk = chunk.slice(at + 1);
    }
    if (chunk !== "") buffered.push(chunk);
    for (const wake of waiters.splice(0)) wake();
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | string | null>((done) =>
    child.on("close", (code, signal) => done(code ?? signal))
  );
  const until = async (what: string, check: () => boolean) => {
    const deadline = Date.now() + 60_000;
    while (!check()) {
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${what}; stderr: ${stderr}`);
      }
      await new Promise<void>((wake) => {
        waiters.push(wake);
        setTimeout(wake, 200);
      });
    }
  };
  const send = (message: Message) => child.stdin!.write(JSON.stringify(message) + "\n");
  const answer = async (id: number): Promise<Message> => {
    let found: Message | undefined;
    await until(`the answer to ${id}`, () => {
      found = parsed.find((m) => m.id === id && !m.method);
      return found !== undefined;
    });
    return found!;
  };
  const initialize = async () => {
    send(INITIALIZE);
    await answer(1);
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
  };
  /** Ends the proxy with SIGTERM if it still runs (for a test's finally). */
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, "SIGTERM");
    await exited;
  };
  return {
    child,
    stop,
    lines,
    stderr: () => stderr,
    exited,
    until,
    send,
    answer,
    initialize,
  };
}

/** Whether process `pid` runs. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid the test server printed (`--print-pid`). */
export async function serverPid(p: RawProxy): Promise<number> {
  await p.until("the server's pid", () => /^pid \d+/m.test(p.stderr()));
  return Number(/^pid (\d+)/m.exec(p.stderr())![1]);
}

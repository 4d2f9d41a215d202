/**
 * The upstream of a stdio proxy: the real server as a child process, started with the same
 * environment rules as a snapshot (the SDK's safe defaults plus the configured `env:`), and shut
 * down the way the MCP specification asks (close its input, then SIGTERM, then SIGKILL).
 * @module
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import type { StdioTarget } from "../target.ts";

/** How the upstream process ended. */
export interface UpstreamExit {
  code: number | null;
  signal: string | null;
}

/** A started upstream server process. */
export interface StdioUpstream {
  stdin: Writable;
  stdout: Readable;
  stderr: Readable;
  pid: number | undefined;
  /** Settles when the process has exited. */
  exited: Promise<UpstreamExit>;
  /** Ends the process: input closed, then SIGTERM after `graceMs`, then SIGKILL. */
  shutdown(graceMs?: number): Promise<UpstreamExit>;
}

/** Starts the server; rejects when it cannot be started at all (no such command). */
export async function startStdioUpstream(target: StdioTarget): Promise<StdioUpstream> {
  const { getDefaultEnvironment } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  const child: ChildProcess = spawn(target.command, target.args, {
    env: { ...getDefaultEnvironment(), ...target.env },
    ...(target.cwd === undefined ? {} : { cwd: target.cwd }),
    stdio: ["pipe", "pipe", "pipe"],
    windowsHide: true,
  });
  await new Promise<void>((started, failed) => {
    child.once("spawn", started);
    child.once("error", failed);
  });
  let exitInfo: UpstreamExit | undefined;
  const exited = new Promise<UpstreamExit>((done) => {
    child.once("exit", (code, signal) => done(exitInfo = { code, signal }));
  });
  // A write to a server that just died must not crash the proxy; the exit is reported instead.
  child.stdin!.on("error", () => {});
  return {
    stdin: child.stdin!,
    stdout: child.stdout!,
    stderr: child.stderr!,
    pid: child.pid,
    exited,
    async shutdown(graceMs = 2000) {
      if (exitInfo) return exitInfo;
      child.stdin!.end();
      const wait = (ms: number) =>
        Promise.race([
          exited,
          new Promise<undefined>((done) => setTimeout(() => done(undefined), ms).unref()),
        ]);
      if (await wait(graceMs)) return await exited;
      child.kill("SIGTERM");
      if (await wait(graceMs)) return await exited;
      child.kill("SIGKILL");
      return await exited;
    },
  };
}

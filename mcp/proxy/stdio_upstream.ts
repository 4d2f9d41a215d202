/**
 * The upstream of a stdio proxy: the real server as a child process, started with the same
 * environment rules as a snapshot (the SDK's safe defaults plus the configured `env:`) and, as
 * for a snapshot, as the leader of its own process group (`../process_group.ts`), so every
 * process it starts ends with it. Shut down the way the MCP specification asks (close its input,
 * then SIGTERM, then SIGKILL), then whatever it left running.
 * @module
 */
import type { Readable, Writable } from "node:stream";
import { endGroup, killGroup, spawnGroupLeader } from "../process_group.ts";
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
  /**
   * Ends the process (input closed, then SIGTERM after `graceMs`, then SIGKILL) and every
   * process left in its group.
   */
  shutdown(graceMs?: number): Promise<UpstreamExit>;
}

/** Starts the server; rejects when it cannot be started at all (no such command). */
export async function startStdioUpstream(target: StdioTarget): Promise<StdioUpstream> {
  const { getDefaultEnvironment } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  const child = await spawnGroupLeader({
    command: target.command,
    args: target.args,
    env: { ...getDefaultEnvironment(), ...target.env },
    ...(target.cwd === undefined ? {} : { cwd: target.cwd }),
  });
  let exitInfo: UpstreamExit | undefined;
  const exited = new Promise<UpstreamExit>((done) => {
    child.once("exit", (code, signal) => done(exitInfo = { code, signal }));
  });
  // A write to a server that just died must not crash the proxy; the exit is reported instead.
  child.stdin!.on("error", () => {});
  const pid = child.pid;
  return {
    stdin: child.stdin!,
    stdout: child.stdout!,
    stderr: child.stderr!,
    pid,
    exited,
    async shutdown(graceMs = 2000) {
      if (!exitInfo) {
        child.stdin!.end();
        const wait = (ms: number) =>
          Promise.race([
            exited,
            new Promise<undefined>((done) => setTimeout(() => done(undefined), ms).unref()),
          ]);
        if (!(await wait(graceMs))) {
          if (pid !== undefined) killGroup(pid, "SIGTERM");
          if (!(await wait(graceMs)) && pid !== undefined) killGroup(pid, "SIGKILL");
        }
      }
      const exit = await exited;
      await endGroup(pid, graceMs);
      return exit;
    },
  };
}

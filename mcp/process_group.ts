/**
 * Server processes as leaders of their own process groups: a server and every process it starts
 * are ended together, when the connection closes and whenever Proxar exits, so nothing is left
 * running. Used by the snapshot transport (`stdio_transport.ts`) and the proxy's upstream.
 * Windows has no process groups: there only the process itself is signalled.
 * @module
 */
import { type ChildProcess, spawn } from "node:child_process";
import process from "node:process";

/** What to start. */
export interface GroupLeaderOptions {
  command: string;
  args: string[];
  /** The complete environment of the process. */
  env: Record<string, string>;
  cwd?: string;
}

const GROUPS = process.platform !== "win32";

/** Process groups still running, ended when Proxar exits however it exits. */
const running = new Set<number>();

/** Sends `signal` to the group led by `pid` (to the process alone on Windows). */
export function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(GROUPS ? -pid : pid, signal);
  } catch {
    // the group is gone
  }
}

/** Whether any process of the group led by `pid` still runs. */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(GROUPS ? -pid : pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
}

function endAllGroups(): void {
  for (const pid of running) killGroup(pid, "SIGKILL");
  running.clear();
}

let guarding = false;
/**
 * Ends the groups on exit, and on the signals that would otherwise end Proxar without "exit".
 * A command that handles a signal itself (the proxy shuts its server down gracefully) is left to
 * do so; the groups are still ended when the process exits.
 */
function guardExit(): void {
  if (guarding) return;
  guarding = true;
  process.on("exit", endAllGroups);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    const onSignal = () => {
      if (process.listenerCount(signal) > 1) return;
      // Without other listeners the signal would have ended Proxar: let it do so now.
      endAllGroups();
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

/**
 * Starts `command` as the leader of a new process group, with piped standard streams. Resolves
 * once it runs; rejects when it cannot be started (no such command).
 */
export async function spawnGroupLeader(options: GroupLeaderOptions): Promise<ChildProcess> {
  const child = spawnGroupLeaderNow(options);
  await new Promise<void>((started, failed) => {
    child.once("spawn", started);
    child.once("error", failed);
  });
  return child;
}

/**
 * Like {@link spawnGroupLeader}, returning the child at once (its "spawn" or "error" event says
 * whether it started); the group is registered when it has started.
 */
export function spawnGroupLeaderNow(options: GroupLeaderOptions): ChildProcess {
  const { command, args, env, cwd } = options;
  const child = spawn(command, args, {
    env,
    ...(cwd === undefined ? {} : { cwd }),
    stdio: ["pipe", "pipe", "pipe"],
    detached: GROUPS,
    windowsHide: true,
  });
  child.once("spawn", () => {
    if (child.pid !== undefined) running.add(child.pid);
    guardExit();
  });
  // The leader is gone: what it left running in its group is ended, which closes the pipes.
  child.once("exit", () => {
    if (child.pid !== undefined) killGroup(child.pid, "SIGTERM");
  });
  return child;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Ends what is left of the group led by `pid` once its leader has exited: SIGTERM, then SIGKILL
 * after `graceMs` when something still runs.
 */
export async function endGroup(pid: number | undefined, graceMs = 2000): Promise<void> {
  if (pid === undefined || !running.has(pid)) return;
  if (groupAlive(pid)) {
    killGroup(pid, "SIGTERM");
    for (let waited = 0; waited < graceMs && groupAlive(pid); waited += 25) await sleep(25);
    killGroup(pid, "SIGKILL");
  }
  running.delete(pid);
}

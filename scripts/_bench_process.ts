/**
 * Whole-process measurements for the benchmarks: wall time, peak resident memory, CPU time and
 * page faults of a command. Memory, CPU time (user + system, every thread, to 10 ms) and minor
 * page faults are read with `/usr/bin/time` when it is installed; otherwise memory is polled from
 * the process's high-water mark (`VmHWM` in `/proc/PID/status`, Linux only) and CPU time and page
 * faults are unknown. On a machine other work shares, CPU time moves much less than wall time,
 * and page faults (the memory a short run first touches, most of a start-up's system time) not
 * at all.
 * @module
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const TIME = "/usr/bin/time";

/**
 * One run of a command: wall milliseconds, peak RSS in MiB, CPU milliseconds (user + system;
 * NaN when unknown, as the memory may be), minor page faults (NaN when unknown), exit code.
 */
export interface ProcessRun {
  ms: number;
  peakMiB: number;
  cpuMs: number;
  pageFaults: number;
  code: number;
}

function hwmKiB(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : NaN;
  } catch {
    return NaN;
  }
}

/** Runs `command` once with no output, measuring wall time, peak RSS and CPU time. */
export async function measureProcess(command: readonly string[], cwd: string): Promise<ProcessRun> {
  const useTime = existsSync(TIME);
  const dir = useTime ? mkdtempSync(join(tmpdir(), "proxar-bench-time-")) : "";
  const out = join(dir, "rss");
  const [program, ...args] =
    (useTime ? [TIME, "-f", "%M %U %S %R", "-o", out, ...command] : command) as [
      string,
      ...string[],
    ];
  try {
    const start = performance.now();
    const child = spawn(program, args, { cwd, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => stderr = (stderr + chunk).slice(-2000));
    let peak = NaN;
    let cpuMs = NaN;
    let pageFaults = NaN;
    const poll = useTime ? undefined : setInterval(() => {
      const kib = hwmKiB(child.pid ?? 0);
      if (!Number.isNaN(kib)) peak = Number.isNaN(peak) ? kib : Math.max(peak, kib);
    }, 5);
    const code = await new Promise<number>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (status) => resolve(status ?? -1));
    });
    const ms = performance.now() - start;
    if (poll) clearInterval(poll);
    if (useTime) {
      // The last line: a command killed by a signal has a line about it before.
      const lines = readFileSync(out, "utf8").trim().split("\n");
      const [kib, user, system, minor] = (lines[lines.length - 1] ?? "").split(" ").map(Number);
      peak = kib ?? NaN;
      cpuMs = ((user ?? NaN) + (system ?? NaN)) * 1000;
      pageFaults = minor ?? NaN;
    }
    if (code > 1) throw new Error(`${command.join(" ")} exited ${code}: ${stderr.trim()}`);
    return { ms, peakMiB: peak / 1024, cpuMs, pageFaults, code };
  } finally {
    if (useTime) rmSync(dir, { recursive: true, force: true });
  }
}

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? sorted[mid] as number
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The medians of some runs of one command. */
function summary(runs: readonly ProcessRun[]): ProcessRun {
  return {
    ms: median(runs.map((r) => r.ms)),
    peakMiB: median(runs.map((r) => r.peakMiB)),
    cpuMs: median(runs.map((r) => r.cpuMs)),
    pageFaults: median(runs.map((r) => r.pageFaults)),
    code: runs[runs.length - 1]!.code,
  };
}

/**
 * Median wall time, peak memory and CPU time of each command over `runs` rounds, the commands taking
 * turns within each round, so that a change of load on a shared machine falls on all of them
 * alike (the reference and the measured processes of one ratio).
 */
export async function measureInterleaved(
  commands: readonly (readonly string[])[],
  cwd: string,
  runs: number,
): Promise<ProcessRun[]> {
  const all: ProcessRun[][] = commands.map(() => []);
  for (let round = 0; round < runs; round++) {
    for (const [i, command] of commands.entries()) {
      all[i]!.push(await measureProcess(command, cwd));
    }
  }
  return all.map(summary);
}

/** The standard output of a command that must succeed (its output, or what it said, in the error). */
export function outputOf(command: string, args: readonly string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 1 << 26 });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

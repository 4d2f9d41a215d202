/**
 * The CPU time of one `deno` run together with every process it started and waited for, as the
 * profiling scripts measure it (`scripts/profile_tests.ts`, `scripts/profile_test_cases.ts`).
 * @module
 */
import { spawnSync } from "node:child_process";
import process from "node:process";
import { ROOT } from "./_build_info.ts";
import { DENO } from "./_deno.ts";

/** What one run cost: CPU seconds (user + system, children included) and wall seconds. */
export interface DenoCost {
  ok: boolean;
  wall: number;
  cpu: number;
}

/** Seconds from one `times` figure such as `0m1.250s`. */
function seconds(text: string): number {
  const match = /^(\d+)m([\d.]+)s$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : NaN;
}

/**
 * Runs `deno ARGS` from the repository root, its output discarded, with the variables `env`
 * added; needs `bash`, whose `times` reads the CPU time of the children it waited for.
 */
export function denoCost(args: readonly string[], env: Record<string, string> = {}): DenoCost {
  // The shell's `times` prints its own user and system time, then (last line) that of the
  // children it waited for: deno and, through it, everything deno waited for.
  const script = `"$0" "$@" >/dev/null 2>&1; code=$?; times; exit $code`;
  const started = performance.now();
  const result = spawnSync("bash", ["-c", script, DENO, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  const wall = (performance.now() - started) / 1000;
  const lines = result.stdout.trim().split("\n");
  const [user, sys] = (lines.at(-1) ?? "").split(" ").map(seconds);
  return { ok: result.status === 0, wall, cpu: (user ?? 0) + (sys ?? 0) };
}

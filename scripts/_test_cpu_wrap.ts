/**
 * Imported first by the module `scripts/profile_test_cases.ts` writes: replaces `Deno.test` with
 * one that registers the same test, timed. Each test's CPU time (user + system of the whole test
 * process, from `process.cpuUsage()`, while the test ran) and wall time are appended as one JSON
 * line to the file named by `PROXAR_TEST_CPU`. The tests run one after another in one worker, so
 * the CPU time is the test's own: the code it ran in-process, the JSON it parsed from the
 * processes it started, not those processes' own time.
 * @module
 */
import { appendFileSync, readFileSync } from "node:fs";
import process from "node:process";

const out = process.env.PROXAR_TEST_CPU;
let currentFile = "";

/** Names the test file whose `Deno.test` calls come next (it is imported right after). */
export function setFile(file: string): void {
  currentFile = file;
}

type Fn = (t: Deno.TestContext) => void | Promise<void>;

/**
 * CPU seconds (user + system) of the children this process has waited for, from
 * `/proc/self/stat` (cutime, cstime; clock ticks of 1/100 s), or 0 where there is none.
 */
function childrenSeconds(): number {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

function timed(file: string, name: string, fn: Fn): Fn {
  return async (t) => {
    const cpu = process.cpuUsage();
    const children = childrenSeconds();
    const started = performance.now();
    try {
      await fn(t);
    } finally {
      const used = process.cpuUsage(cpu);
      const record = {
        file,
        name,
        cpu: (used.user + used.system) / 1e6,
        wall: (performance.now() - started) / 1000,
        children: childrenSeconds() - children,
      };
      if (out) appendFileSync(out, `${JSON.stringify(record)}\n`);
    }
  };
}

const register = Deno.test;

/** `Deno.test` in each of its forms, the test function timed. */
function test(...args: unknown[]): void {
  const file = currentFile;
  const [a, b, c] = args as [unknown, unknown, unknown];
  if (typeof a === "string") {
    if (typeof b === "function") return register(a, timed(file, a, b as Fn));
    return register(a, b as Omit<Deno.TestDefinition, "fn" | "name">, timed(file, a, c as Fn));
  }
  if (typeof a === "function") return register({ name: a.name, fn: timed(file, a.name, a as Fn) });
  const definition = a as Deno.TestDefinition;
  if (typeof b === "function") {
    return register(
      definition as Omit<Deno.TestDefinition, "fn">,
      timed(file, definition.name, b as Fn),
    );
  }
  return register({ ...definition, fn: timed(file, definition.name, definition.fn) });
}

Object.assign(test, { ignore: register.ignore, only: register.only });
(Deno as { test: unknown }).test = test;

/**
 * A hint for the JIT of the release binary's runtime about functions that one diff runs over
 * whole contracts, every value of both sides, in one go.
 * @module
 */
import process from "node:process";

/** JavaScriptCore's controls, where Bun provides them. */
interface Jsc {
  noFTL?: (fn: unknown) => unknown;
}

/**
 * Inputs of at least this many characters make a run long enough for FTL to matter: the
 * 2,000-tool pair's sides are ~25 MB, the demo's 3 KB.
 */
export const LONG_RUN_CHARS = 1 << 18;

/** The functions marked before a long run was announced. */
const marked: unknown[] = [];

/** `bun:jsc` once a long run was announced (undefined outside Bun); null before. */
let jsc: Jsc | undefined | null = null;

/**
 * Returns `fn`, which one diff runs over whole contracts in one go, marked to be kept from
 * JavaScriptCore's top tier, FTL, once {@link expectLongRun} announces inputs large enough
 * (Bun, the runtime of the release binary). Such a function reaches FTL's threshold partway
 * through its one long run, and FTL's compile, on a thread of its own, costs more CPU than the
 * rest of the run saves: on the 2,000-tool pair (`BUN_JSC_reportCompileTimes=1`) FTL compiled
 * `jsonEqual` in 8 to 21 ms, `refusedIn` in 3 to 7 and `holdsKey` in 3 to 5, 20 to 42 ms in all,
 * and 4 with these marked. JavaScriptCore is reached through `process.getBuiltinModule`, a Node
 * built-in, not through `Bun`: elsewhere (Deno, Node) there is no `bun:jsc` and this does
 * nothing. It is loaded only for a long run: loading it cost a small diff ~0.9 ms of CPU and ~33
 * page faults in the compiled binary (a hello world with and without it, interleaved `perf stat`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { singlePass } from "./single_pass.ts";
 * const walk = singlePass((n: number) => n + 1);
 * assert.equal(walk(1), 2);
 * ```
 */
export function singlePass<F extends (...args: never[]) => unknown>(fn: F): F {
  if (jsc === null) marked.push(fn);
  else jsc?.noFTL?.(fn);
  return fn;
}

/**
 * Announces a run over inputs of `chars` characters: from {@link LONG_RUN_CHARS} on, every
 * function {@link singlePass} marked, and every one it marks later, is kept from FTL.
 *
 * @example
 * ```ts
 * import { expectLongRun, LONG_RUN_CHARS } from "./single_pass.ts";
 * expectLongRun(LONG_RUN_CHARS);
 * ```
 */
export function expectLongRun(chars: number): void {
  if (jsc !== null || chars < LONG_RUN_CHARS) return;
  jsc = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.(
    "bun:jsc",
  ) as Jsc | undefined;
  for (const fn of marked) jsc?.noFTL?.(fn);
  marked.length = 0;
}

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

const jsc = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.(
  "bun:jsc",
) as Jsc | undefined;

/**
 * Returns `fn`, which one diff runs over whole contracts in one go, after asking JavaScriptCore
 * (Bun, the runtime of the release binary) never to compile it with its top tier, FTL. Such a
 * function reaches FTL's threshold partway through its one long run, and FTL's compile, on a
 * thread of its own, costs more CPU than the rest of the run saves: on the 2,000-tool pair
 * (`BUN_JSC_reportCompileTimes=1`) FTL compiled `jsonEqual` in 8 to 21 ms, `refusedIn` in 3 to
 * 7 and `holdsKey` in 3 to 5, 20 to 42 ms in all, and 4 with these marked. JavaScriptCore is
 * reached through `process.getBuiltinModule`, a Node built-in, not through `Bun`: elsewhere
 * (Deno, Node) there is no `bun:jsc` and this does nothing.
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
  jsc?.noFTL?.(fn);
  return fn;
}

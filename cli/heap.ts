/**
 * A hint to the garbage collector of the release binary's runtime before a large contract is
 * parsed: see {@link collectBeforeLargeParse}.
 * @module
 */
import process from "node:process";
import { LONG_RUN_CHARS } from "../core/single_pass.ts";

/** JavaScriptCore's controls, where Bun provides them. */
interface Jsc {
  fullGC?: () => unknown;
}

let collected = false;

/**
 * Before the first text of at least {@link LONG_RUN_CHARS} characters is parsed, collects the
 * heap once, while it holds little more than the modules and the text. JavaScriptCore starts a
 * young-generation collection after ~9 MB of new objects while the heap is small, and the first
 * parse of a large contract makes more: on the 2,000-tool pair (`BUN_JSC_logGC=1`) it marked the
 * old contract's ~18 MB of objects during the load and all ~20 MB again in a full collection
 * during the rules, each on its own thread for 50-100 ms while the main thread ran with its write
 * barriers and lazy sweeping. Collected first (~2.5 MB of objects, the texts not traversed), the
 * heap is sized for the texts it holds, and a diff of the pair marks the contract once. Elsewhere
 * (Deno, Node) there is no `bun:jsc` and this does nothing.
 *
 * @example
 * ```ts
 * import { collectBeforeLargeParse } from "./heap.ts";
 * collectBeforeLargeParse("{}");
 * ```
 */
export function collectBeforeLargeParse(text: string): void {
  if (collected || text.length < LONG_RUN_CHARS) return;
  collected = true;
  const jsc = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.(
    "bun:jsc",
  ) as Jsc | undefined;
  jsc?.fullGC?.();
}

/**
 * `node:fs/promises`, loaded when a caller first needs it rather than with the modules that
 * may: a diff of small files reads them at once with `node:fs` and never does. In a compiled Bun
 * binary the module costs ~2.4 ms of CPU and ~40 page faults to load (a hello world importing
 * it beside `node:fs`, interleaved `perf stat -r 20`), a twentieth of a small diff's own work.
 * @module
 */

/**
 * `node:fs/promises`, imported on the first call (the runtime keeps it for the next).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fsPromises } from "./fs_promises.ts";
 * const { readFile } = await fsPromises();
 * assert.equal(typeof readFile, "function");
 * ```
 */
export function fsPromises(): Promise<typeof import("node:fs/promises")> {
  return import("node:fs/promises");
}

/**
 * The Deno the scripts run (the project's own, from `npm ci`) and how many test files they run at
 * once.
 * @module
 */
import { availableParallelism } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { ROOT } from "./_build_info.ts";

/** The project's Deno executable. */
export const DENO: string = join(ROOT, "node_modules", ".bin", "deno");

/**
 * Test files run at once: `DENO_JOBS` when set, else twice the cores. Most end-to-end tests wait
 * for the processes they start, so one file a core leaves the cores idle.
 */
export const TEST_JOBS: string = process.env.DENO_JOBS || String(2 * availableParallelism());

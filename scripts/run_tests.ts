/**
 * The last step of `npm test`: every test and every documentation example, in twice as many
 * workers as the machine has cores (or `DENO_JOBS` when set). Most end-to-end tests spend their
 * time waiting for the servers and `proxar` processes they start, so two workers on two cores
 * leave the cores idle; four finished the suite in about two thirds of the time.
 *
 * Further arguments go to `deno test` (for example `--filter version`, or test files).
 * @module
 */
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { ROOT } from "./_build_info.ts";

const DENO = join(ROOT, "node_modules", ".bin", "deno");
const jobs = process.env.DENO_JOBS || String(2 * availableParallelism());

const result = spawnSync(
  DENO,
  ["test", "-A", "--doc", "--parallel", "--no-check", ...process.argv.slice(2)],
  { cwd: ROOT, stdio: "inherit", env: { ...process.env, DENO_JOBS: jobs } },
);
process.exitCode = result.status ?? 1;

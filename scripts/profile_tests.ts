/**
 * `deno run -A scripts/profile_tests.ts [FILE_OR_DIR ...] [--check]`: runs each
 * test file alone (`deno test -A --no-check FILE`, one after another) and prints a table of them,
 * the costliest first: the CPU time (user + system) of the `deno test` process together with
 * every process it started and waited for (servers, `proxar` processes, validators, browsers),
 * and the wall time.
 * On a shared machine the suite's cost is its CPU time, which is what this ranks by; the wall
 * time of a file that mostly waits (timeouts, sleeping servers) is far above its CPU time. The
 * share column is CPU over wall time: the long files with a low share belong in `WAITING_FILES`
 * (`scripts/_test_files.ts`), which `npm test` runs in slots of their own.
 * Without arguments it profiles every file under `tests/` (the documentation examples are
 * `tests/doc_examples_test.ts`) and the other part of `npm test`, the type check (`deno check
 * --doc`, which Deno does not cache with the project's `node_modules`); `--check` profiles just
 * that. Figures only, no thresholds; needs `bash` (it reads the shell's `times`).
 *
 * The tests start what `npm test` starts: `proxar` and the fixture servers compiled with bytecode
 * (`scripts/_test_builds.ts`, built first where their sources changed), not their sources under
 * Bun, so the processes' figures are those of the suite.
 *
 * Reading the figures: every test worker costs Deno 2.9 about 70 ms of CPU time before it runs
 * anything, because it allocates the 10-million-slot array `Deno.bench` keeps its measurements
 * in (80 MB written, about 20,000 page faults; see `Deno.memoryUsage()` in any test), and then
 * the time to load the modules its file imports (the engine, the CLI, the MCP SDK: 0.2-0.4 s).
 * A small test file alone is mostly that; `npm test` pays it once for each group of files
 * (`groupFiles()` in `scripts/_test_files.ts`), so the sum of this table is well above the
 * suite's CPU time.
 * @module
 */
import { join, relative } from "node:path";
import process from "node:process";
import { ROOT } from "./_build_info.ts";
import { denoCost } from "./_deno_cpu.ts";
import { testFiles } from "./_test_files.ts";
import { TEST_BUILDS_VARIABLE, testBuilds } from "./_test_builds.ts";

interface Row {
  file: string;
  ok: boolean;
  wall: number;
  cpu: number;
}

/** Runs `deno ARGS` alone; `label` names it in the table. */
function profile(label: string, args: readonly string[]): Row {
  return { file: label, ...denoCost(args) };
}

/** What the arguments ask to profile: labels and the `deno` arguments of each. */
function jobs(targets: readonly string[]): [string, string[]][] {
  const check: [string, string[]] = ["(deno check --doc)", ["check", "--doc"]];
  const parts = targets.filter((t) => t !== "--check");
  const files = (targets.length === 0 ? ["tests"] : parts).flatMap((t) => testFiles(join(ROOT, t)));
  return [
    ...files.map((file): [string, string[]] => [
      relative(ROOT, file),
      ["test", "-A", "--no-check", file],
    ]),
    ...(targets.length === 0 || targets.includes("--check") ? [check] : []),
  ];
}

function main(): number {
  const rows: Row[] = [];
  for (const [label, args] of jobs(process.argv.slice(2))) {
    const row = profile(label, args);
    rows.push(row);
    process.stderr.write(`${row.file}: ${row.cpu.toFixed(2)} s CPU\n`);
  }
  rows.sort((a, b) => b.cpu - a.cpu);
  const total = rows.reduce((sum, row) => sum + row.cpu, 0);
  const wall = rows.reduce((sum, row) => sum + row.wall, 0);
  const out = ["    CPU s   wall s  share  file"];
  for (const row of rows) {
    const status = row.ok ? "" : "  (FAILED)";
    const share = row.wall > 0 ? (row.cpu / row.wall).toFixed(2) : "-";
    out.push(
      `${row.cpu.toFixed(2).padStart(9)} ${row.wall.toFixed(2).padStart(8)} ${
        share.padStart(6)
      }  ${row.file}${status}`,
    );
  }
  out.push(
    `${total.toFixed(2).padStart(9)} ${wall.toFixed(2).padStart(8)} ${
      "".padStart(6)
    }  total (${rows.length} rows)`,
  );
  process.stdout.write(`${out.join("\n")}\n`);
  return rows.every((row) => row.ok) ? 0 : 1;
}

// denoCost() passes this process's environment on to `deno test`.
process.env[TEST_BUILDS_VARIABLE] = await testBuilds(ROOT);
process.exitCode = main();

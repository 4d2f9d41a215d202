/**
 * The last step of `npm test`: every test and every documentation example, in twice as many
 * workers as the machine has cores (or `DENO_JOBS` when set). Most end-to-end tests spend their
 * time waiting for the servers and `proxar` processes they start, so two workers on two cores
 * leave the cores idle; four finished the suite in about two thirds of the time.
 *
 * The test files run in as many groups as there are workers, one module a group that imports its
 * files (written to a temporary directory for the run), so each worker starts once: a worker of
 * its own for each file cost Deno about 0.35 s of CPU time apiece to start and to load the
 * modules the files share (`busyGroups()` in `scripts/_test_files.ts`). The files that compute in
 * the test process (the engine's) are two groups, the schema differ's and the others, so V8
 * compiles each part of the engine once, not once per worker, and neither group runs alone at the
 * end of the run while the other core idles, as all of them in one did; the files that start
 * processes are packed into the others (one fewer than the workers), which take about
 * equal time, by the time each file took in the last full run of this checkout (recorded in
 * `node_modules/.cache/proxar/test_seconds.json`), or, for a file it has no time for, in a full
 * run committed in `scripts/test_seconds.json`: a fresh clone, as CI's, has no record, and
 * without one the longest group of its first run took 1.2 to 1.3 times the groups' mean and
 * ended the run alone (with these, 1.05 times). The documentation examples are one file of them,
 * `tests/doc_examples_test.ts`. The run fails when a test ran twice.
 *
 * The few files that mostly wait on the time limits they test (`WAITING_FILES` in
 * `scripts/_test_files.ts`) run in a second `deno test` beside the first, in slots of their own, so
 * their waiting holds none of the slots the other files compute in: as few slots as end when the
 * longest of them would alone (`waitingGroups()`), each slot one worker, as the groups are. Their
 * output is printed after the first run's.
 *
 * With `--type-check` first, `deno check --doc` (the type check of every file and documentation
 * example; the tests themselves run with `--no-check`) runs at the same time as the tests: it
 * keeps one core busy for several seconds, which the waiting tests leave free. Its output is
 * printed after the tests', and the run fails when either fails. It is skipped when a check of
 * exactly the same files and packages passed before (see `scripts/_check_cache.ts`). The run also
 * fails when the documentation examples it type-checked (listed in its output, and recorded with
 * a pass) are not exactly those `tests/doc_examples_test.ts` ran.
 *
 * Before the tests start, `proxar` and the fixture servers are compiled with bytecode (those whose
 * sources changed since their last build: `scripts/_test_builds.ts`), and the tests start those
 * instead of their source: from source, Bun parses every module a process loads at each of the
 * suite's 150 or so starts.
 *
 * With `--fmt-lint` (before or after `--type-check`), `deno fmt --check` and `deno lint` run beside
 * the tests as well, instead of one after the other before them: that took 1.3 s of wall time with
 * Deno's cache and 12 s without (as on a fresh machine; 3 s of CPU time) at load 20. The output of
 * one that fails is printed as soon as it ends, and the run fails.
 *
 * Further arguments go to `deno test` (for example `--filter version`, or test files, which then
 * run in the order given).
 * @module
 */
import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { stripVTControlCharacters } from "node:util";
import { ROOT } from "./_build_info.ts";
import { checkInputs, passedBefore, recordPass } from "./_check_cache.ts";
import { DENO, TEST_JOBS } from "./_deno.ts";
import { TEST_BUILDS_VARIABLE, testBuilds } from "./_test_builds.ts";
import {
  busyGroups,
  failedCases,
  groupModule,
  junitNames,
  junitSeconds,
  longestFirst,
  readSeconds,
  repeatedCases,
  splitWaiting,
  testFiles,
  waitingGroups,
} from "./_test_files.ts";

/**
 * The time each test file took in the last full run of this checkout, kept with its compiled test
 * programs (`scripts/_test_builds.ts`): the files and the grouping are this checkout's, and
 * another checkout of the same machine (a worktree on another branch, run at another load or
 * with another `DENO_JOBS`) no longer writes the times this one groups its files by.
 */
const SECONDS = join(ROOT, "node_modules", ".cache", "proxar", "test_seconds.json");

/**
 * The time each test file took in a full run, committed for a checkout with no record of its own
 * (a fresh clone, or after `npm ci`). Refresh it from a full run on a quiet machine:
 * `cp node_modules/.cache/proxar/test_seconds.json scripts/test_seconds.json`.
 */
const COMMITTED_SECONDS = join(ROOT, "scripts", "test_seconds.json");

/** Runs `deno ARGS`; its output goes to ours, or is collected when `collect` is set. */
function deno(
  args: string[],
  collect: boolean,
  env: Record<string, string | undefined> = process.env,
): Promise<{ code: number; output: string }> {
  return new Promise((done, failed) => {
    const child = spawn(DENO, args, {
      cwd: ROOT,
      env,
      stdio: collect ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.on("error", failed);
    child.on("close", (code) => done({ code: code ?? 1, output }));
  });
}

/**
 * `deno check --doc`, unless it passed before on the same inputs; `examples` are the
 * documentation examples it checked (`./core/hash.ts#14-20.ts`), recorded with a pass.
 */
async function typeCheck(): Promise<
  { code: number; output: string; cached: boolean; examples: string[] }
> {
  const args = ["check", "--doc"];
  const inputs = checkInputs(ROOT, args);
  const recorded = inputs === undefined ? undefined : passedBefore(inputs);
  // A record without the list of examples (made before there was one) does not count.
  if (recorded) return { code: 0, output: "", cached: true, examples: JSON.parse(recorded) };
  const result = await deno(args, true);
  const examples = result.output.split("\n").flatMap((line) => {
    const checked = /^Check (\S+#\d+-\d+\.\w+)$/.exec(stripVTControlCharacters(line).trim());
    return checked ? [`./${checked[1]!.replace(/^\.\//, "")}`] : [];
  }).sort();
  if (result.code === 0 && inputs !== undefined) recordPass(inputs, JSON.stringify(examples));
  return { ...result, cached: false, examples };
}

/** Options of `deno test` that take the next argument as their value. */
const VALUED = new Set(["--filter", "--reporter", "--seed", "--location", "--config", "-c"]);

/** Whether the arguments name test files or directories (then they are run as given). */
function namesPaths(args: readonly string[]): boolean {
  return args.some((arg, i) =>
    !arg.startsWith("-") && !VALUED.has(args[i - 1] ?? "") && existsSync(join(ROOT, arg))
  );
}

/** `deno test` on `paths`, its JUnit report (when `junit` is set) and its output collected or not. */
function denoTest(
  paths: readonly string[],
  options: { args: readonly string[]; jobs: string; junit?: string | undefined; collect: boolean },
): Promise<{ code: number; output: string }> {
  return deno(
    [
      "test",
      "-A",
      "--parallel",
      "--no-check",
      ...(options.junit ? [`--junit-path=${options.junit}`] : []),
      ...options.args,
      ...paths,
    ],
    options.collect,
    { ...process.env, DENO_JOBS: options.jobs },
  );
}

/** The test file that runs the documentation examples, as JUnit reports name it. */
const EXAMPLES_FILE = "./tests/doc_examples_test.ts";

/** The JUnit report at `path`, which is then removed (empty when there is none). */
function takeReport(path: string): string {
  if (!existsSync(path)) return "";
  const xml = readFileSync(path, "utf8");
  rmSync(path, { force: true });
  return xml;
}

/** The seconds of each test file (not documentation example) in a JUnit report. */
function fileSeconds(xml: string): Record<string, number> {
  return Object.fromEntries(
    Object.entries(junitSeconds(xml)).filter(([file]) => file.endsWith("_test.ts")),
  );
}

/**
 * `deno fmt --check` and `deno lint`, one after the other (each takes about a second; at once they
 * would only contend more for the cores the tests use); the output of one that fails is printed
 * when it ends.
 */
async function formatAndLint(): Promise<{ code: number; summary: string }> {
  let code = 0;
  const summary: string[] = [];
  for (const args of [["fmt", "--check"], ["lint"]]) {
    const result = await deno(args, true);
    const name = `deno ${args.join(" ")}`;
    if (result.code !== 0) process.stdout.write(`\n${name} FAILED:\n${result.output}\n`);
    summary.push(`${name} (run beside the tests): ${result.code === 0 ? "ok" : "FAILED (above)"}`);
    code ||= result.code;
  }
  return { code, summary: summary.join("\n") };
}

/** The options of this script, which come before those for `deno test`. */
const OWN: ReadonlySet<string> = new Set(["--type-check", "--fmt-lint"]);

/**
 * The end of a failed run's output: the tests that failed and the first lines of what each
 * said, since the output of the files that mostly wait and of the checks comes after the other
 * tests' and a CI log shown from its end would otherwise not name them.
 */
function recap(failed: readonly { test: string; failure: string }[]): string {
  if (failed.length === 0) {
    return "\nnpm test FAILED, with no test listed as failing: the reason is above (a check, a " +
      "test file that did not load, a test that ran twice).\n";
  }
  const shown = failed.slice(0, 20).map(({ test, failure }) => {
    const lines = failure.split("\n");
    const head = lines.slice(0, 25).map((line) => `    ${line}`);
    if (lines.length > 25) head.push(`    ... (${lines.length - 25} more lines, above)`);
    return `- ${test}\n${head.join("\n")}`;
  });
  if (failed.length > 20) shown.push(`- and ${failed.length - 20} more (above)`);
  return `\nnpm test FAILED. The tests that failed (${failed.length}), repeated from above:\n${
    shown.join("\n")
  }\n`;
}

async function main(failed: { test: string; failure: string }[]): Promise<number> {
  const args = process.argv.slice(2);
  let ownCount = 0;
  while (ownCount < args.length && OWN.has(args[ownCount]!)) ownCount++;
  const own = args.slice(0, ownCount);
  const testArgs = args.slice(ownCount);
  const formatted = own.includes("--fmt-lint") ? formatAndLint() : undefined;
  const check = own.includes("--type-check") ? typeCheck() : undefined;
  // The programs the tests start as processes, compiled (or up to date) before they start.
  process.env[TEST_BUILDS_VARIABLE] = await testBuilds(ROOT);
  const full = !namesPaths(testArgs) && !testArgs.some((arg) => arg.startsWith("--junit-path"));
  // Every test file, the longest first; those that mostly wait run in a second `deno test`, in
  // slots of their own, beside the others.
  const seconds = full ? { ...readSeconds(COMMITTED_SECONDS), ...readSeconds(SECONDS) } : {};
  const { waiting, busy } = full
    ? splitWaiting(longestFirst(testFiles(join(ROOT, "tests")), ROOT, seconds), ROOT)
    : { waiting: [], busy: [] };
  const junit = (name: string) =>
    full
      ? join(ROOT, "node_modules", ".cache", "proxar", `junit-${process.pid}-${name}.xml`)
      : undefined;
  if (full) mkdirSync(join(ROOT, "node_modules", ".cache", "proxar"), { recursive: true });
  // The other files in as many groups as there are slots, each group one module that imports
  // its files, so each slot starts one worker instead of one for each file.
  const groupDir = full ? mkdtempSync(join(tmpdir(), "proxar-test-groups-")) : undefined;
  const written = (kind: string) => (files: string[], i: number, all: string[][]) => {
    const path = join(groupDir!, `${kind}_${i + 1}_of_${all.length}_test.ts`);
    writeFileSync(path, groupModule(files));
    return path;
  };
  const groups = busyGroups(busy, ROOT, seconds, Number(TEST_JOBS) || 1).map(written("group"));
  // The files that wait in as few slots as end when the longest of them would alone.
  const waitingSlots = waitingGroups(waiting, ROOT, seconds).map(written("waiting"));
  const waited = waitingSlots.length === 0 ? undefined : denoTest(waitingSlots, {
    args: testArgs,
    jobs: String(waitingSlots.length),
    junit: junit("waiting"),
    collect: true,
  });
  let tests, result;
  try {
    tests = await denoTest(groups, {
      args: testArgs,
      // A worker for each group (one more than TEST_JOBS when the files that compute are two).
      jobs: String(Math.max(groups.length, Number(TEST_JOBS) || 1)),
      junit: junit("busy"),
      collect: false,
    });
    result = await waited;
  } finally {
    if (groupDir) rmSync(groupDir, { recursive: true, force: true });
  }
  let code = tests.code;
  if (result) {
    process.stdout.write(
      `\nThe files that mostly wait (run beside the others, in slots of their own):\n${result.output}`,
    );
    code ||= result.code;
  }
  const reports = full ? [takeReport(junit("busy")!), takeReport(junit("waiting")!)] : [];
  failed.push(...reports.flatMap(failedCases));
  if (full) {
    // No test ran twice (in two groups, or also as a file of its own).
    const twice = repeatedCases(reports.join("\n"));
    const seconds = { ...fileSeconds(reports[0]!), ...fileSeconds(reports[1]!) };
    if (code === 0 && twice.length > 0) {
      process.stdout.write(twice.map((test) => `\nFAILED: this test ran twice: ${test}`).join(""));
      process.stdout.write("\n");
      code = 1;
    }
    // A filtered run times only some tests of each file: keep the last full run's times.
    if (!testArgs.some((arg) => arg.startsWith("--filter"))) {
      mkdirSync(dirname(SECONDS), { recursive: true });
      const temp = `${SECONDS}.${process.pid}`;
      writeFileSync(temp, `${JSON.stringify(seconds, null, 2)}\n`);
      renameSync(temp, SECONDS);
    }
  }
  if (formatted) {
    const result = await formatted;
    process.stdout.write(`\n${result.summary}\n`);
    code ||= result.code;
  }
  if (!check) return code;
  const checked = await check;
  process.stdout.write("\ndeno check --doc (run beside the tests):\n");
  if (checked.cached) {
    process.stdout.write("ok (passed before on these same files and packages)\n");
  } else {
    // Its errors, not the list of every file it checked, which would bury the test results.
    const shown = checked.output.split("\n").filter((line) =>
      line.trim() !== "" && !/^Check /.test(stripVTControlCharacters(line))
    );
    process.stdout.write([...shown, checked.code === 0 ? "ok" : "FAILED", ""].join("\n"));
  }
  // The documentation examples that tests/doc_examples_test.ts ran are those Deno type-checked.
  if (full && checked.code === 0 && !testArgs.some((arg) => arg.startsWith("--filter"))) {
    const ran = new Set(junitNames(reports[0]!, EXAMPLES_FILE));
    const checkedOnly = checked.examples.filter((name) => !ran.has(name));
    const ranOnly = [...ran].filter((name) => !checked.examples.includes(name)).sort();
    for (const name of checkedOnly) {
      process.stdout.write(`FAILED: ${EXAMPLES_FILE} did not run the example ${name}\n`);
    }
    for (const name of ranOnly) {
      process.stdout.write(`FAILED: deno check --doc did not check the example ${name}\n`);
    }
    if (checkedOnly.length > 0 || ranOnly.length > 0) return 1;
  }
  return code || checked.code;
}

const failed: { test: string; failure: string }[] = [];
process.exitCode = await main(failed);
if (process.exitCode !== 0) process.stdout.write(recap(failed));

/**
 * The last step of `npm test`: every test and every documentation example, in twice as many
 * workers as the machine has cores (or `DENO_JOBS` when set). Most end-to-end tests spend their
 * time waiting for the servers and `proxar` processes they start, so two workers on two cores
 * leave the cores idle; four finished the suite in about two thirds of the time.
 *
 * The test files start the longest first, by the time each took in the last full run (recorded
 * in `node_modules/.cache/proxar/test_seconds.json`; without a record, the end-to-end files
 * first), so no long file starts near the end while the other core has nothing left to do. The
 * documentation examples, many short ones, come last (Deno runs them after the files).
 *
 * The few files that mostly wait on the time limits they test (`WAITING_FILES` in
 * `scripts/_test_files.ts`) run in a second `deno test` beside the first, one slot each, so their
 * waiting holds none of the slots the other files compute in. Their output is printed after the
 * first run's.
 *
 * With `--type-check` first, `deno check --doc` (the type check of every file and documentation
 * example; the tests themselves run with `--no-check`) runs at the same time as the tests: it
 * keeps one core busy for several seconds, which the waiting tests leave free. Its output is
 * printed after the tests', and the run fails when either fails. It is skipped when a check of
 * exactly the same files and packages passed before (see `scripts/_check_cache.ts`).
 *
 * Further arguments go to `deno test` (for example `--filter version`, or test files, which then
 * run in the order given).
 * @module
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import process from "node:process";
import { stripVTControlCharacters } from "node:util";
import { ROOT } from "./_build_info.ts";
import { checkInputs, passedBefore, recordPass } from "./_check_cache.ts";
import { DENO, TEST_JOBS } from "./_deno.ts";
import { junitSeconds, longestFirst, readSeconds, splitWaiting, testFiles } from "./_test_files.ts";

/** The time each test file took in the last full run. */
const SECONDS = join(ROOT, "node_modules", ".cache", "proxar", "test_seconds.json");

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

/** `deno check --doc`, unless it passed before on the same inputs. */
async function typeCheck(): Promise<{ code: number; output: string; cached: boolean }> {
  const args = ["check", "--doc"];
  const inputs = checkInputs(ROOT, args);
  if (inputs !== undefined && passedBefore(inputs)) return { code: 0, output: "", cached: true };
  const result = await deno(args, true);
  if (result.code === 0 && inputs !== undefined) recordPass(inputs);
  return { ...result, cached: false };
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
      "--doc",
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

/** The paths `deno.json` excludes from every Deno tool. */
function configExcludes(): string[] {
  const config = JSON.parse(readFileSync(join(ROOT, "deno.json"), "utf8")) as {
    exclude?: string[];
  };
  return config.exclude ?? [];
}

/** The seconds of each test file in the JUnit report at `path`, which is then removed. */
function takeSeconds(path: string): Record<string, number> {
  if (!existsSync(path)) return {};
  const seconds = Object.entries(junitSeconds(readFileSync(path, "utf8")));
  rmSync(path, { force: true });
  return Object.fromEntries(seconds.filter(([file]) => file.endsWith("_test.ts")));
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const typeCheckToo = args[0] === "--type-check";
  const testArgs = typeCheckToo ? args.slice(1) : args;
  const check = typeCheckToo ? typeCheck() : undefined;
  const full = !namesPaths(testArgs) && !testArgs.some((arg) => arg.startsWith("--junit-path"));
  // Every test file, the longest first; those that mostly wait run in a second `deno test`, one
  // slot each, beside the others. The root comes last for the documentation examples (Deno runs
  // each file once, however often it is named, and the waiting files are kept out of it).
  const { waiting, busy } = full
    ? splitWaiting(longestFirst(testFiles(join(ROOT, "tests")), ROOT, readSeconds(SECONDS)), ROOT)
    : { waiting: [], busy: [] };
  const junit = (name: string) =>
    full
      ? join(ROOT, "node_modules", ".cache", "proxar", `junit-${process.pid}-${name}.xml`)
      : undefined;
  if (full) mkdirSync(dirname(SECONDS), { recursive: true });
  // `--ignore` replaces the exclusions of deno.json, so it repeats them. Deno 2.9 applies a plain
  // path given there only when no file is named besides the root, so each becomes a glob
  // (checked below: no file may run in both).
  const ignore = [...configExcludes(), ...waiting.map((file) => relative(ROOT, file))]
    .map((path) => `**/${path.replace(/\/$/, "")}${path.endsWith("_test.ts") ? "" : "/**"}`)
    .join(",");
  const waited = waiting.length === 0 ? undefined : denoTest(waiting, {
    args: testArgs,
    jobs: String(waiting.length),
    junit: junit("waiting"),
    collect: true,
  });
  const tests = await denoTest(full ? [...busy, "."] : [], {
    args: [...(waiting.length === 0 ? [] : [`--ignore=${ignore}`]), ...testArgs],
    jobs: TEST_JOBS,
    junit: junit("busy"),
    collect: false,
  });
  let code = tests.code;
  if (waited) {
    const result = await waited;
    process.stdout.write(
      `\nThe files that mostly wait (run beside the others, one slot each):\n${result.output}`,
    );
    code ||= result.code;
  }
  if (full) {
    const busySeconds = takeSeconds(junit("busy")!);
    const waitingSeconds = takeSeconds(junit("waiting")!);
    const twice = Object.keys(waitingSeconds).filter((file) => Object.hasOwn(busySeconds, file));
    if (twice.length > 0) {
      process.stdout.write(
        `\nFAILED: these files ran twice, not in one run: ${twice.join(", ")}\n`,
      );
      code ||= 1;
    }
    const seconds = { ...busySeconds, ...waitingSeconds };
    // A filtered run times only some tests of each file: keep the last full run's times.
    if (!testArgs.some((arg) => arg.startsWith("--filter"))) {
      writeFileSync(SECONDS, `${JSON.stringify(seconds, null, 1)}\n`);
    }
  }
  if (!check) return code;
  const checked = await check;
  process.stdout.write("\ndeno check --doc (run beside the tests):\n");
  if (checked.cached) {
    process.stdout.write("ok (passed before on these same files and packages)\n");
    return code;
  }
  // Its errors, not the list of every file it checked, which would bury the test results.
  const shown = checked.output.split("\n").filter((line) =>
    line.trim() !== "" && !/^Check /.test(stripVTControlCharacters(line))
  );
  process.stdout.write([...shown, checked.code === 0 ? "ok" : "FAILED", ""].join("\n"));
  return code || checked.code;
}

process.exitCode = await main();

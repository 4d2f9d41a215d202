/**
 * The last step of `npm test`: every test and every documentation example, in twice as many
 * workers as the machine has cores (or `DENO_JOBS` when set). Most end-to-end tests spend their
 * time waiting for the servers and `proxar` processes they start, so two workers on two cores
 * leave the cores idle; four finished the suite in about two thirds of the time.
 *
 * With `--type-check` first, `deno check --doc` (the type check of every file and documentation
 * example; the tests themselves run with `--no-check`) runs at the same time as the tests: it
 * keeps one core busy for several seconds, which the waiting tests leave free. Its output is
 * printed after the tests', and the run fails when either fails.
 *
 * Further arguments go to `deno test` (for example `--filter version`, or test files).
 * @module
 */
import { spawn } from "node:child_process";
import process from "node:process";
import { stripVTControlCharacters } from "node:util";
import { ROOT } from "./_build_info.ts";
import { DENO, TEST_JOBS } from "./_deno.ts";

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

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const typeCheck = args[0] === "--type-check";
  const testArgs = typeCheck ? args.slice(1) : args;
  const check = typeCheck ? deno(["check", "--doc"], true) : undefined;
  const tests = await deno(
    ["test", "-A", "--doc", "--parallel", "--no-check", ...testArgs],
    false,
    { ...process.env, DENO_JOBS: TEST_JOBS },
  );
  if (!check) return tests.code;
  const checked = await check;
  process.stdout.write("\ndeno check --doc (run beside the tests):\n");
  // Its errors, not the list of every file it checked, which would bury the test results.
  const shown = checked.output.split("\n").filter((line) =>
    line.trim() !== "" && !/^Check /.test(stripVTControlCharacters(line))
  );
  process.stdout.write([...shown, checked.code === 0 ? "ok" : "FAILED", ""].join("\n"));
  return tests.code || checked.code;
}

process.exitCode = await main();

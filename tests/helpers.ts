/**
 * Shared helpers for the tests: running the CLI in-process with a fake {@link Io}, and reading
 * the findings of a JSON report as comparable strings.
 * @module
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { main } from "../cli.ts";
import type { Io } from "../cli/io.ts";

/** The repository root (the directory holding `cli.ts`). */
export const ROOT: string = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");

/** `tests/fixtures`, the default working directory of {@link runCli}. */
export const FIXTURES: string = `${ROOT}/tests/fixtures`;

/** What one CLI run produced. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Options of {@link runCli}. */
export interface RunOptions {
  /** Working directory; defaults to {@link FIXTURES}. */
  cwd?: string;
  /** Text served as standard input; reading it when absent fails the test. */
  stdin?: string;
  /** Environment variables; defaults to none. */
  env?: Record<string, string | undefined>;
}

/**
 * Runs `proxar ARGS`: in-process with a fake, non-terminal {@link Io}, or, when `PROXAR_CMD`
 * names a command (see {@link proxarCommand}), as that real process with the same standard input,
 * environment and working directory.
 */
export async function runCli(
  args: readonly string[],
  options: RunOptions = {},
): Promise<CliResult> {
  if (proxarCommand()) return await runProcess(args, options);
  let stdout = "";
  let stderr = "";
  const io: Io = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    readStdin: () => {
      if (options.stdin === undefined) {
        return Promise.reject(new Error("the test gave no standard input"));
      }
      return Promise.resolve(options.stdin);
    },
    cwd: options.cwd ?? FIXTURES,
    env: options.env ?? {},
    isTTY: false,
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

/**
 * The program compiled from this checkout's source that `npm test` has the tests start instead
 * of the source (`proxar`, `test_server`, `sampling_server`: `scripts/_test_builds.ts`), or
 * undefined when the tests run without `PROXAR_TEST_BUILDS` (`deno test` alone: the source).
 */
export function testBuild(name: string): string | undefined {
  const dir = process.env.PROXAR_TEST_BUILDS;
  if (!dir) return undefined;
  const path = join(dir, name);
  if (!existsSync(path)) throw new Error(`PROXAR_TEST_BUILDS has no ${name}: ${path}`);
  return path;
}

/**
 * The command line that runs `script` with `args` under Bun (the devDependency `bun`), loading no
 * `.env` and installing no package: how the tests start the source of `proxar`, the fixture and
 * reference servers and the Inspector when they do not start a compiled build.
 */
export function underBun(script: string, ...args: string[]): string[] {
  return [
    join(ROOT, "node_modules", ".bin", "bun"),
    "--no-env-file",
    "--no-install",
    script,
    ...args,
  ];
}

/**
 * The process {@link runProcess} and the tests that spawn `proxar` start when `PROXAR_CMD` is
 * unset. Under `npm test`, `proxar` compiled from this checkout's source for this machine as
 * `scripts/build_bin.ts` compiles it ({@link testBuild}): a `proxar proxy` in front of the test
 * server cost 0.65 s of CPU time from source under Bun, 0.19 s compiled, and the suite starts
 * about 80 `proxar` processes. Otherwise the source under Bun (the devDependency `bun`), loading
 * no `.env` (as the binary does not, `BUN_COMPILE_FLAGS` in `scripts/_build_info.ts`) and
 * installing no package. Not under Deno, which runs the tests themselves and `main()`
 * in-process: a `deno run -A cli.ts` process cost 0.74 s for a `proxar proxy` and 0.51 s for
 * another command, under Bun 0.58 s and 0.35 s. The spawned source under Deno is the end-to-end
 * suite's (`npm run test:e2e:deno`, which CI runs beside the binary's and the npm package's).
 */
export const SOURCE_COMMAND: readonly string[] = testBuild("proxar")
  ? [testBuild("proxar")!]
  : underBun(join(ROOT, "cli.ts"));

/**
 * The command named by `PROXAR_CMD`, split at spaces, or undefined when it is unset or empty.
 * Words naming a file relative to the repository root are made absolute, so
 * `PROXAR_CMD="dist/bin/proxar-linux-x64"` and `"node_modules/.bin/deno run -A cli.ts"` work from
 * any working directory; `"node /tmp/x/node_modules/proxar/bin/proxar.js"` is used as given.
 */
export function proxarCommand(): string[] | undefined {
  const words = (process.env.PROXAR_CMD ?? "").split(" ").filter((word) => word !== "");
  if (words.length === 0) return undefined;
  return words.map((word) => {
    const path = join(ROOT, word);
    return !word.startsWith("/") && existsSync(path) && statSync(path).isFile() ? path : word;
  });
}

/**
 * Variables a spawned runtime needs to start at all, and those that say where Deno keeps its
 * cache (`DENO_DIR`, else `$XDG_CACHE_HOME/deno`, else `~/.cache/deno`), so a process the tests
 * start uses the cache the test run uses: a cold run (`XDG_CACHE_HOME=$(mktemp -d) npm test`) is
 * cold in its processes too. The test's own variables go on top.
 */
const BASE_ENV_NAMES = [
  "PATH",
  "HOME",
  "TMPDIR",
  "TEMP",
  "TMP",
  "SYSTEMROOT",
  "DENO_DIR",
  "XDG_CACHE_HOME",
];

/** The variables of {@link BASE_ENV_NAMES} that this process has, for a process a test starts. */
export function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of BASE_ENV_NAMES) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/**
 * Runs `proxar ARGS` as a real process: the `PROXAR_CMD` command, else {@link SOURCE_COMMAND}.
 * Its environment holds only {@link BASE_ENV_NAMES} from this process plus `options.env`, so a
 * run does not depend on the caller's variables; standard input is `options.stdin` or empty.
 */
export function runProcess(args: readonly string[], options: RunOptions = {}): Promise<CliResult> {
  const [command, ...prefix] = proxarCommand() ?? SOURCE_COMMAND;
  const env = baseEnv();
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value !== undefined) env[name] = value;
  }
  return new Promise((done, failed) => {
    const child = spawn(command as string, [...prefix, ...args], {
      cwd: options.cwd ?? FIXTURES,
      env,
      stdio: [options.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", failed);
    child.on("close", (code, signal) => {
      if (code === null) failed(new Error(`proxar was killed by ${signal}; stderr: ${stderr}`));
      else done({ code, stdout, stderr });
    });
    if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  });
}

interface ReportChange {
  rule: string;
  path: string;
  severity: string;
  suppressed?: unknown;
}

/**
 * The findings of a JSON report as sorted `rule|path|severity` strings; suppressed ones end in
 * `|suppressed`.
 */
export function findings(jsonText: string): string[] {
  const report = JSON.parse(jsonText) as { changes: ReportChange[] };
  return report.changes
    .map((c) => `${c.rule}|${c.path}|${c.severity}${c.suppressed ? "|suppressed" : ""}`)
    .sort();
}

/** The 1-based line and column of the first occurrence of `text` in a fixture under {@link FIXTURES}. */
export function fixturePosition(file: string, text: string): { line: number; column: number } {
  const lines = readFileSync(join(FIXTURES, file), "utf8").split("\n");
  const line = lines.findIndex((l) => l.includes(text));
  if (line < 0) throw new Error(`Cannot find ${JSON.stringify(text)} in "${file}"`);
  return { line: line + 1, column: lines[line]!.indexOf(text) + 1 };
}

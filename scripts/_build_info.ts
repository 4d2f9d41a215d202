/**
 * What a build embeds: the version (from `package.json`, which must agree with `core/version.ts`)
 * and the git commit of the checkout.
 * @module
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { VERSION } from "../core/version.ts";

/** The repository root. */
export const ROOT: string = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");

/** The version in `package.json`; fails when `core/version.ts` says otherwise. */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(`${ROOT}/package.json`, "utf8")) as { version: string };
  if (pkg.version !== VERSION) {
    throw new Error(`package.json says ${pkg.version} but core/version.ts says ${VERSION}`);
  }
  return pkg.version;
}

/**
 * The checkout's commit as 12 hex digits, with `-dirty` when tracked files differ from it, or
 * undefined outside a git checkout.
 */
export function gitCommit(): string | undefined {
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
      .trim();
  try {
    const commit = git("rev-parse", "--short=12", "HEAD");
    return git("status", "--porcelain", "--untracked-files=no") === "" ? commit : `${commit}-dirty`;
  } catch {
    return undefined;
  }
}

/**
 * The options of `bun build` for every compiled binary (after `build`, before the entry points),
 * shared by `build_bin.ts` and the hello-world reference of `run_benchmarks.ts`.
 */
export const BUN_COMPILE_FLAGS: readonly string[] = [
  "--compile",
  // Bytecode halves start-up time; ESM keeps cli.ts's top-level await.
  "--bytecode",
  "--format=esm",
  // Chunks: a command's modules, and the Node built-ins they import, load when it runs rather
  // than at every start (`proxar --version` 20 → 12 ms of CPU). Entries are named without their
  // folder, so the plugin worker (`worker.js`) sits beside the chunk of plugins/host.ts.
  "--splitting",
  "--entry-naming=[name].[ext]",
  // JavaScriptCore compiles hot code in background threads; most runs are short, and on a busy
  // machine those compilations cost more than they save. 16 times the usual thresholds: demo
  // diff 65 -> 46 ms, and the 2,000-tool pair no slower (2.0 -> 1.6 s, same run).
  "--compile-jit-policy=16",
  // A CI tool must not pick up a project's .env or bunfig.toml from the working directory.
  "--no-compile-autoload-dotenv",
  "--no-compile-autoload-bunfig",
];

/**
 * The options proxar's own binary adds to {@link BUN_COMPILE_FLAGS}: its source minified, syntax
 * and whitespace. Most of a short diff's time is code that runs once, and JavaScriptCore pays for
 * each function and each identifier it loads from the bytecode; names stay as written, so stack
 * traces read as the source. Demo diff with config (151 runs each, interleaved, load 3-5): 37.4 -> 35.8 ms CPU and
 * 43.2 -> 41.2 ms wall median, 2,972 -> 2,927 page faults.
 */
const PROXAR_COMPILE_FLAGS: readonly string[] = ["--minify-syntax", "--minify-whitespace"];

/**
 * The options of `bun build` for proxar's own binary, {@link BUN_COMPILE_FLAGS} and those it adds
 * (`build_bin.ts`, the build `npm test` starts, `scripts/_test_builds.ts`, and the stage timer of
 * `profile_stages.ts`).
 */
export const PROXAR_BUILD_FLAGS: readonly string[] = [
  ...BUN_COMPILE_FLAGS,
  ...PROXAR_COMPILE_FLAGS,
];

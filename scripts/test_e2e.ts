/**
 * `npm run test:e2e:{deno,bin,npm}`: runs the end-to-end suite (`tests/e2e/`) against one
 * runtime by setting `PROXAR_CMD` (see `runCli` in `tests/helpers.ts`):
 *
 * - `deno`: the source, spawned as `deno run -A --v8-flags=--single-threaded cli.ts`: Deno 2.9.6
 *   (the newest on the registry) crashes now and then in a V8 background thread ("V8 DefaultWorke…
 *   segfault … in deno", always at offset 2fc0c8c of the binary in the kernel log), which ended
 *   `proxar check --format sarif=…` of readme_commands_test with no exit status in two CI
 *   rehearsals of three and in helpers' runs; V8 with no background threads cannot meet it, and
 *   the demo diff takes no longer (0.67 s either way);
 * - `bin`: the compiled binary for this machine, `dist/bin/proxar-OS-ARCH` (`npm run build:bin`);
 * - `npm`: the packed package `dist/proxar-VERSION.tgz` (`npm run build:npm`) installed into a
 *   temporary project, its bin run as `node node_modules/.bin/proxar`. Before the suite, a
 *   plugin fixture must type-check against the package's declarations and a broken one must not.
 *
 * The test files run in parallel, `DENO_JOBS` at once (default: twice the cores). Further
 * arguments go to `deno test` (for example `--filter version`).
 * @module
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { packageVersion, ROOT } from "./_build_info.ts";
import { DENO, TEST_JOBS } from "./_deno.ts";

/** The binary `build_bin.ts` makes for this machine. */
function hostBinary(): string {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const path = join(ROOT, "dist", "bin", `proxar-${os}-${process.arch}`);
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build:bin first`);
  return path;
}

function devVersion(name: string): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const version = pkg.devDependencies?.[name];
  if (!version) throw new Error(`package.json has no devDependency ${name}`);
  return version;
}

/** tsc's output for `file` in `project`, and whether it passed. */
function typeCheck(project: string, file: string): { ok: boolean; output: string } {
  const result = spawnSync(join(project, "node_modules", ".bin", "tsc"), ["-p", "."], {
    cwd: project,
    encoding: "utf8",
  });
  return { ok: result.status === 0, output: `${file}: ${result.stdout}${result.stderr}` };
}

function writeTsconfig(project: string, file: string): void {
  const config = {
    compilerOptions: {
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      module: "NodeNext",
      moduleResolution: "NodeNext",
      target: "ES2022",
      types: ["node"],
      noEmit: true,
    },
    files: [file],
  };
  writeFileSync(join(project, "tsconfig.json"), JSON.stringify(config, null, 2));
}

/** Installs the packed package into a new project, checks the plugin fixtures, returns the bin. */
function installPackage(project: string): string {
  const tarball = join(ROOT, "dist", `proxar-${packageVersion()}.tgz`);
  if (!existsSync(tarball)) throw new Error(`${tarball} is missing: run npm run build:npm first`);
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "proxar-e2e", private: true, type: "module" }, null, 2),
  );
  execFileSync("npm", [
    "install",
    "--no-audit",
    "--no-fund",
    "--prefer-offline",
    tarball,
    `typescript@${devVersion("typescript")}`,
    `@types/node@${devVersion("@types/node")}`,
  ], { cwd: project, stdio: ["ignore", "ignore", "inherit"] });

  const fixtures = join(ROOT, "tests", "fixtures", "npm");
  for (const file of ["typed_plugin.ts", "wrong_plugin.ts"]) {
    copyFileSync(join(fixtures, file), join(project, file));
  }
  writeTsconfig(project, "typed_plugin.ts");
  const good = typeCheck(project, "typed_plugin.ts");
  if (!good.ok) throw new Error(`the plugin fixture does not type-check:\n${good.output}`);
  writeTsconfig(project, "wrong_plugin.ts");
  const bad = typeCheck(project, "wrong_plugin.ts");
  // A misspelt severity, a finding without entity and pointer, an unknown plugin API version.
  const errors = bad.output.match(/wrong_plugin\.ts\(\d+,\d+\): error TS\d+/g) ?? [];
  const expected = [
    "wrong_plugin.ts(9,5): error TS2322",
    "wrong_plugin.ts(15,20): error TS2345",
    "wrong_plugin.ts(19,45): error TS2322",
  ];
  if (bad.ok || errors.join("\n") !== expected.join("\n")) {
    throw new Error(`tsc should reject exactly the broken plugin fixture's errors:\n${bad.output}`);
  }
  process.stdout.write("plugin fixtures type-check against the packed declarations as expected\n");
  return join(project, "node_modules", ".bin", "proxar");
}

function main(): number {
  const [runtime, ...testArgs] = process.argv.slice(2);
  let project: string | undefined;
  let command: string;
  if (runtime === "deno") {
    command = `${DENO} run -A --v8-flags=--single-threaded ${join(ROOT, "cli.ts")}`;
  } else if (runtime === "bin") command = hostBinary();
  else if (runtime === "npm") {
    project = mkdtempSync(join(tmpdir(), "proxar-npm-e2e-"));
    // Node named explicitly (as npx would run the bin), so tests can tell the runtime is Node.
    command = `node ${installPackage(project)}`;
  } else {
    process.stderr.write("usage: test_e2e.ts deno|bin|npm [deno test arguments]\n");
    return 2;
  }
  try {
    process.stdout.write(`end-to-end suite with PROXAR_CMD=${command}\n`);
    // The files are independent (each test makes its own directories, ports and servers) and
    // mostly wait for the processes they start, so they run side by side like in run_tests.ts;
    // each line of output names its file, and failures are listed per file at the end.
    const result = spawnSync(DENO, ["test", "-A", "--parallel", ...testArgs, "tests/e2e/"], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, PROXAR_CMD: command, DENO_JOBS: TEST_JOBS },
    });
    return result.status ?? 1;
  } finally {
    if (project) rmSync(project, { recursive: true, force: true });
  }
}

process.exitCode = main();

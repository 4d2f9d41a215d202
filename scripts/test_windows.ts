// deno-lint-ignore-file no-console
/**
 * `npm run test:windows`: runs the Windows binary `dist/bin/proxar-windows-x64.exe` (built by
 * `npm run build:bin -- --target windows-x64`) under Wine, the way a Windows CI job runs it, and
 * checks that every report it writes, its exit codes and its error messages are byte for byte
 * those of the source run by Deno on this machine.
 *
 * Needs Debian's `wine64` and `gcc-mingw-w64-x86-64-win32` (`.ci/run` installs them). Bun's
 * Windows runtime imports `ProcessPrng` from `bcryptprimitives.dll`, which Wine 8 (Debian 12)
 * lacks; this script compiles a stand-in from `scripts/wine/bcryptprimitives.c` (a call to
 * `BCryptGenRandom`, which Wine has) and puts it beside a copy of the binary in a temporary
 * directory. That stand-in is the only part that is not the real Windows stack.
 * @module
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { ROOT } from "./_build_info.ts";
import { DENO } from "./_deno.ts";

const EXE = join(ROOT, "dist", "bin", "proxar-windows-x64.exe");
const WINE_CANDIDATES = ["/usr/lib/wine/wine64", "/usr/bin/wine64", "/usr/bin/wine"];

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** One check: the arguments, the standard input, and the files the run writes (in `out/`). */
interface Case {
  name: string;
  args: string[];
  stdin?: string;
  writes?: string[];
}

const OLD = "examples/v1/contract.json";
const NEW = "examples/v2/contract.json";
const FORMATS = ["sarif", "junit", "json", "markdown", "html"];
const EXT: Record<string, string> = { junit: "xml", markdown: "md" };
const outFile = (dir: string, format: string) => `${dir}/report.${EXT[format] ?? format}`;

function cases(out: string): Case[] {
  return [
    {
      name: "the demo diff with its config, every format",
      args: [
        "diff",
        OLD,
        NEW,
        "--config",
        "examples/proxar.yaml",
        "--format",
        "text",
        ...FORMATS.flatMap((f) => ["--format", `${f}=${outFile(`${out}/demo`, f)}`]),
      ],
      writes: FORMATS.map((f) => outFile(`${out}/demo`, f)),
    },
    {
      name: "a directory of per-tool files, and the example plugin",
      args: ["diff", "tests/fixtures/diff/tools_dir", NEW, "--plugin", "plugins/example/acme.ts"],
    },
    { name: "a contract on standard input", args: ["diff", "-", NEW], stdin: readText(OLD) },
    { name: "malformed JSON (exit 2)", args: ["diff", "tests/fixtures/diff/malformed.json", NEW] },
    { name: "a missing file (exit 2)", args: ["diff", "no/such/file.json", NEW] },
    { name: "the rule catalogue", args: ["rules", "--format", "json"] },
    {
      name: "a snapshot of a contract file",
      args: ["snapshot", OLD, "--out", `${out}/snapshot.json`],
      writes: [`${out}/snapshot.json`],
    },
  ];
}

function readText(path: string): string {
  const file = join(ROOT, path);
  return existsSync(file) ? readFileSync(file, "utf8") : `(${path} was not written)`;
}

function run(command: string, args: string[], stdin: string | undefined, env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    input: stdin ?? "",
    encoding: "utf8",
    env,
    maxBuffer: 64 * 2 ** 20,
    timeout: 180_000,
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr } satisfies Run;
}

function need(found: string | undefined, what: string): string {
  if (found) return found;
  console.error(`${what} is missing: apt-get install wine64 gcc-mingw-w64-x86-64-win32`);
  process.exit(2);
}

function main(): void {
  if (!existsSync(EXE)) {
    console.error(`${EXE} is missing: run npm run build:bin -- --target windows-x64`);
    process.exit(2);
  }
  const wine = need(WINE_CANDIDATES.find((p) => existsSync(p)), "wine64");
  const gcc = need(
    ["/usr/bin/x86_64-w64-mingw32-gcc"].find((p) => existsSync(p)),
    "x86_64-w64-mingw32-gcc",
  );
  const dir = mkdtempSync(join(tmpdir(), "proxar-windows-"));
  const out = mkdtempSync(join(ROOT, "dist", "windows-"));
  const rel = out.slice(ROOT.length + 1);
  let failures = 0;
  try {
    const exe = join(dir, "proxar.exe");
    copyFileSync(EXE, exe);
    execFileSync(gcc, [
      "-shared",
      "-O2",
      "-o",
      join(dir, "bcryptprimitives.dll"),
      join(ROOT, "scripts", "wine", "bcryptprimitives.c"),
      "-lbcrypt",
    ]);
    // A snapshot records when it was taken: the same instant for both.
    const sourceEnv = { ...process.env, NO_COLOR: "1", PROXAR_NOW: "2026-01-01T00:00:00.000Z" };
    const wineEnv = { ...sourceEnv, WINEPREFIX: join(dir, "prefix"), WINEDEBUG: "-all" };
    const version = run(wine, [exe, "--version"], undefined, wineEnv);
    console.log(`wine ${exe} --version: ${version.stdout.trim()} (exit ${version.status})`);
    if (version.status !== 0 || !/^proxar \d+\.\d+\.\d+/.test(version.stdout)) failures++;
    for (const c of cases(rel)) {
      const windows = run(wine, [exe, ...c.args], c.stdin, wineEnv);
      const windowsFiles = (c.writes ?? []).map((f) => readText(f));
      for (const f of c.writes ?? []) rmSync(join(ROOT, f), { force: true });
      const source = run(DENO, ["run", "-A", "cli.ts", ...c.args], c.stdin, sourceEnv);
      const sourceFiles = (c.writes ?? []).map((f) => readText(f));
      const problems: string[] = [];
      if (windows.status !== source.status) {
        problems.push(`exit ${windows.status}, the source exits ${source.status}`);
      }
      if (windows.stdout !== source.stdout) problems.push("standard output differs");
      if (windows.stderr !== source.stderr) {
        problems.push(`standard error differs:\n${windows.stderr}\n---\n${source.stderr}`);
      }
      (c.writes ?? []).forEach((f, i) => {
        if (windowsFiles[i] !== sourceFiles[i]) problems.push(`${f} differs`);
      });
      console.log(`${problems.length === 0 ? "ok  " : "FAIL"} ${c.name} (exit ${windows.status})`);
      for (const p of problems) console.log(`     ${p}`);
      if (problems.length > 0) failures++;
    }
  } finally {
    // Wine's server outlives the last program by a few seconds; end it before its prefix goes.
    spawnSync(join(dirname(wine), "wineserver"), ["-k"], {
      env: { ...process.env, WINEPREFIX: join(dir, "prefix") },
    });
    rmSync(dir, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
  console.log(failures === 0 ? "the Windows binary agrees with the source" : `${failures} failed`);
  process.exit(failures === 0 ? 0 : 1);
}

main();

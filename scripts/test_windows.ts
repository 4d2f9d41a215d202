// deno-lint-ignore-file no-console
/**
 * `npm run test:windows`: runs the Windows binary `dist/bin/proxar-windows-x64.exe` (built by
 * `npm run build:bin -- --target windows-x64`) under Wine, the way a Windows CI job runs it, and
 * checks that every report and snapshot it writes, its exit codes and its error messages are byte
 * for byte those of the source run by Deno on this machine. The live cases snapshot the published
 * reference server, which the binary starts as a Windows process (Bun's Windows runtime running
 * the server's JavaScript; the source starts it with Node), and diff against the test server
 * over Streamable HTTP.
 *
 * Needs Debian's `wine64` and `gcc-mingw-w64-x86-64-win32` (`.ci/run` installs them). Bun's
 * Windows runtime imports `ProcessPrng` from `bcryptprimitives.dll`, which Wine 8 (Debian 12)
 * lacks; this script compiles a stand-in from `scripts/wine/bcryptprimitives.c` (a call to
 * `BCryptGenRandom`, which Wine has) and puts it beside a copy of the binary in a temporary
 * directory. That stand-in is the only part that is not the real Windows stack.
 *
 * A case whose outputs differ prints where (the first differing line of each side), then runs once
 * more; only a difference that repeats fails. One CI run (87b9418) saw the per-tool-directory case's
 * standard output differ once, with the same exit code and standard error, and no rerun here
 * (35 runs, some under load) has repeated it: the next one shows what differed.
 * @module
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
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

/**
 * One check: the arguments (the Windows binary's own when they must differ, as a command to
 * start), the standard input, and the files the run writes (in `out/`).
 */
interface Case {
  name: string;
  args: string[];
  windowsArgs?: string[];
  stdin?: string;
  writes?: string[];
}

const OLD = "examples/v1/contract.json";
const NEW = "examples/v2/contract.json";
const FORMATS = ["sarif", "junit", "json", "markdown", "html"];
const EXT: Record<string, string> = { junit: "xml", markdown: "md" };
const outFile = (dir: string, format: string) => `${dir}/report.${EXT[format] ?? format}`;

/** Where the live cases find their servers. */
interface Servers {
  /** Bun's Windows runtime, which runs the published reference server for the Windows binary. */
  bunExe: string;
  /** The test server's Streamable HTTP address, served from this machine. */
  http: string;
}

const EVERYTHING = "node_modules/@modelcontextprotocol/server-everything/dist/index.js";

function cases(out: string, servers: Servers): Case[] {
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
    {
      name:
        "a snapshot of the reference server over stdio (a Windows process started by the binary)",
      args: ["snapshot", `stdio:node ${EVERYTHING} stdio`, "--out", `${out}/everything.json`],
      windowsArgs: [
        "snapshot",
        `stdio:${servers.bunExe} ${EVERYTHING} stdio`,
        "--out",
        `${out}/everything.json`,
      ],
      writes: [`${out}/everything.json`],
    },
    {
      name: "a diff against a server over Streamable HTTP",
      args: ["diff", OLD, `${servers.http}?variant=2`, "--format", "json"],
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

/** Bun's Windows runtime, as `npm run build:bin -- --target windows-x64` fetched it. */
function bunRuntime(): string {
  const dir = join(ROOT, "node_modules", ".cache", "proxar-bun-runtimes");
  const found = existsSync(dir)
    ? readdirSync(dir).filter((name) => name.startsWith("windows-x64-")).sort()
    : [];
  const exe = found.length > 0 ? join(dir, found.at(-1)!, "package", "bin", "bun.exe") : "";
  if (!existsSync(exe)) {
    console.error(
      `Bun's Windows runtime is missing: run npm run build:bin -- --target windows-x64`,
    );
    process.exit(2);
  }
  return exe;
}

/** The test server on Streamable HTTP at a free port; it ends when its input closes. */
function startHttpServer() {
  const child = spawn(DENO, [
    "run",
    "-A",
    "tests/fixtures/servers/test_server.ts",
    "--http",
    "0",
    "--exit-on-eof",
  ], { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] });
  const address = new Promise<string>((done, failed) => {
    let seen = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      seen += text;
      const found = /listening (http:\/\/\S+)/.exec(seen);
      if (found) done(found[1]!);
    });
    child.on("exit", (code) => failed(new Error(`the test server exited (${code})`)));
  });
  return { child, address };
}

/** Runs `c` under Wine and under Deno, and says how the two differ (nothing when they agree). */
function compare(
  c: Case,
  wine: string,
  exe: string,
  wineEnv: NodeJS.ProcessEnv,
  sourceEnv: NodeJS.ProcessEnv,
): string[] {
  // A file left by an earlier run would be found up to date instead of written.
  for (const f of c.writes ?? []) rmSync(join(ROOT, f), { force: true });
  const windows = run(wine, [exe, ...(c.windowsArgs ?? c.args)], c.stdin, wineEnv);
  const windowsFiles = (c.writes ?? []).map((f) => readText(f));
  for (const f of c.writes ?? []) rmSync(join(ROOT, f), { force: true });
  const source = run(DENO, ["run", "-A", "cli.ts", ...c.args], c.stdin, sourceEnv);
  const sourceFiles = (c.writes ?? []).map((f) => readText(f));
  const problems: string[] = [];
  if (windows.status !== source.status) {
    problems.push(`exit ${windows.status}, the source exits ${source.status}`);
  }
  if (windows.stdout !== source.stdout) {
    problems.push(`standard output differs:\n${lineDiff(windows.stdout, source.stdout)}`);
  }
  if (windows.stderr !== source.stderr) {
    problems.push(`standard error differs:\n${lineDiff(windows.stderr, source.stderr)}`);
  }
  (c.writes ?? []).forEach((f, i) => {
    if (windowsFiles[i] !== sourceFiles[i]) {
      problems.push(`${f} differs:\n${lineDiff(windowsFiles[i]!, sourceFiles[i]!)}`);
    }
  });
  return problems;
}

/**
 * Where two texts part: the lines before the first difference are skipped, then up to 12 lines of
 * each side are shown (`-` the Windows binary's, `+` the source's), with the lengths.
 */
function lineDiff(windows: string, source: string): string {
  const a = windows.split("\n");
  const b = source.split("\n");
  let first = 0;
  while (first < a.length && first < b.length && a[first] === b[first]) first++;
  const show = (lines: string[], mark: string) =>
    lines.slice(first, first + 12).map((line) => `${mark} ${JSON.stringify(line)}`);
  return [
    `first difference at line ${
      first + 1
    } (Windows ${windows.length} characters, ${a.length} lines; source ${source.length} characters, ${b.length} lines)`,
    ...show(a, "-"),
    ...show(b, "+"),
  ].join("\n");
}

function indent(text: string): string {
  return text.split("\n").map((line) => `     ${line}`).join("\n");
}

async function main(): Promise<void> {
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
  let server: ReturnType<typeof startHttpServer> | undefined;
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
    copyFileSync(bunRuntime(), join(dir, "bun.exe"));
    server = startHttpServer();
    const servers = { bunExe: join(dir, "bun.exe"), http: await server.address };
    for (const c of cases(rel, servers)) {
      let problems = compare(c, wine, exe, wineEnv, sourceEnv);
      if (problems.length > 0) {
        // Wine is the one part here that is not the real Windows stack: a difference is shown in
        // full, then the case runs once more, and only a difference that repeats fails.
        console.log(`once ${c.name}: the first run differed; running it again`);
        for (const p of problems) console.log(indent(p));
        problems = compare(c, wine, exe, wineEnv, sourceEnv);
      }
      console.log(`${problems.length === 0 ? "ok  " : "FAIL"} ${c.name}`);
      for (const p of problems) console.log(indent(p));
      if (problems.length > 0) failures++;
    }
  } finally {
    server?.child.kill();
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

await main();

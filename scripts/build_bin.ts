/**
 * `npm run build:bin [-- --target NAME ...]`: compiles `cli.ts` with `bun build --compile` into one
 * self-contained executable per platform under `dist/bin/`, with the version and the git commit
 * embedded, and writes `dist/bin/SHA256SUMS`.
 *
 * Bun cross-compiles from its own runtime for the target. The runtime for the machine's own
 * platform is the one npm installed; the others are the `@oven/bun-*` packages of the same
 * version, fetched with `npm pack` (so npm's registry settings, cache and integrity checks apply)
 * and handed to Bun with `--compile-executable-path`; Bun itself downloads nothing.
 *
 * The bytecode is laid out by the functions a few usual runs load (`--bytecode-order`): a binary
 * for this machine is built first and run as {@link ORDER_RUNS} say, with `BUN_BYTECODE_ORDER_OUT`
 * naming the file each run writes, and every target is built with those files, which place the
 * bytecode those runs used together at the front. A start then reads fewer pages of the binary.
 *
 * Every output is checked: the host's binary must print `proxar VERSION (COMMIT)`, the others
 * must carry the executable header of their platform.
 * @module
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { type BinaryFormat, binaryFormat } from "./_binary_format.ts";
import { gitCommit, packageVersion, PROXAR_BUILD_FLAGS, ROOT } from "./_build_info.ts";

/** A platform Proxar ships a binary for. */
export interface Target {
  /** Our name, used in the file name: `proxar-linux-x64`. */
  name: string;
  /** Bun's `--target`. */
  bun: string;
  /** The npm package holding Bun's runtime for that platform. */
  runtimePackage: string;
  /** The runtime's path inside that package. */
  runtimeFile: string;
  /** `process.platform` and `process.arch` of a machine that runs it natively. */
  platform: string;
  arch: string;
  /** The C library a Linux binary needs: glibc, or musl (Alpine). */
  libc?: "glibc" | "musl";
  /** What the file's header must say. */
  format: BinaryFormat;
  exe: string;
}

/** Every platform `npm run build:bin` and `npm run release` build, in release order. */
export const TARGETS: readonly Target[] = [
  ["linux-x64", "linux", "x64", "linux-x64", "elf-x64", "", "glibc"],
  ["linux-arm64", "linux", "arm64", "linux-aarch64", "elf-arm64", "", "glibc"],
  ["linux-x64-musl", "linux", "x64", "linux-x64-musl", "elf-x64", "", "musl"],
  ["linux-arm64-musl", "linux", "arm64", "linux-aarch64-musl", "elf-arm64", "", "musl"],
  ["darwin-x64", "darwin", "x64", "darwin-x64", "macho-x64", ""],
  ["darwin-arm64", "darwin", "arm64", "darwin-aarch64", "macho-arm64", ""],
  ["windows-x64", "win32", "x64", "windows-x64", "pe-x64", ".exe"],
].map(([name, platform, arch, oven, format, exe, libc]) => ({
  name: name as string,
  bun: `bun-${name}`,
  runtimePackage: `@oven/bun-${oven}`,
  runtimeFile: `bin/bun${exe}`,
  platform: platform as string,
  arch: arch as string,
  ...(libc ? { libc: libc as "glibc" | "musl" } : {}),
  format: format as BinaryFormat,
  exe: exe as string,
}));

const OUT = join(ROOT, "dist", "bin");
const RUNTIMES = join(ROOT, "node_modules", ".cache", "proxar-bun-runtimes");
const BUN = join(ROOT, "node_modules", ".bin", process.platform === "win32" ? "bun.exe" : "bun");

function run(command: string, args: readonly string[], cwd = ROOT): string {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** Whether this machine runs `target` natively (a musl binary is built and checked elsewhere). */
function isHost(target: Target): boolean {
  return target.platform === process.platform && target.arch === process.arch &&
    target.libc !== "musl" && !isMuslHost();
}

function isMuslHost(): boolean {
  return process.platform === "linux" && existsSync("/etc/alpine-release");
}

/** The dynamic loader a Linux binary names: musl's for the musl targets, glibc's otherwise. */
function checkLibc(target: Target, head: Uint8Array, outfile: string): void {
  if (target.libc === undefined) return;
  const text = new TextDecoder("latin1").decode(head);
  const musl = text.includes("/ld-musl-");
  if (musl !== (target.libc === "musl")) {
    throw new Error(`${outfile} does not name the ${target.libc} dynamic loader`);
  }
}

/** The Bun runtime for `target`, from the npm package of the installed Bun's version. */
function runtimeFor(target: Target, bunVersion: string): string {
  const dir = join(RUNTIMES, `${target.name}-${bunVersion}`);
  const file = join(dir, "package", target.runtimeFile);
  if (existsSync(file)) return file;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const spec = `${target.runtimePackage}@${bunVersion}`;
  const packed = JSON.parse(
    run("npm", ["pack", spec, "--json", "--pack-destination", dir, "--no-fund", "--no-audit"]),
  ) as { filename: string }[];
  const tarball = packed[0]?.filename;
  if (!tarball) throw new Error(`npm pack ${spec} named no tarball`);
  run("tar", ["-xzf", tarball, "package/" + target.runtimeFile], dir);
  rmSync(join(dir, tarball));
  if (!existsSync(file)) throw new Error(`${spec} holds no ${target.runtimeFile}`);
  return file;
}

function sha256(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

function parseTargets(args: readonly string[]): Target[] {
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--target") names.push(args[++i] ?? "");
    else if (arg.startsWith("--target=")) names.push(arg.slice("--target=".length));
    else throw new Error(`Unknown argument "${arg}"; usage: build_bin.ts [--target NAME]...`);
  }
  if (names.length === 0) return [...TARGETS];
  return names.map((name) => {
    const target = TARGETS.find((t) => t.name === name);
    if (!target) {
      throw new Error(
        `Unknown target "${name}"; targets: ${TARGETS.map((t) => t.name).join(", ")}`,
      );
    }
    return target;
  });
}

/**
 * The command lines whose loaded functions lay out the bytecode, the most common first: the demo
 * diff with its config (the diff of files every CI run and editor hook makes), `--version` and
 * `rules`. Run from the repository root.
 */
const ORDER_RUNS: readonly (readonly string[])[] = [
  [
    "diff",
    "examples/v1/contract.json",
    "examples/v2/contract.json",
    "--config",
    "examples/proxar.yaml",
  ],
  ["--version"],
  ["rules"],
];

/** `bun build`'s arguments for `target`, written to `outfile`. */
function buildArgs(
  target: Target,
  outfile: string,
  extra: { commit: string | undefined; bunVersion: string; order: readonly string[] },
): string[] {
  return [
    "build",
    ...PROXAR_BUILD_FLAGS,
    `--target=${target.bun}`,
    ...(extra.commit ? ["--define", `PROXAR_COMMIT=${JSON.stringify(extra.commit)}`] : []),
    ...(isHost(target)
      ? []
      : [`--compile-executable-path=${runtimeFor(target, extra.bunVersion)}`]),
    ...(extra.order.length > 0 ? [`--bytecode-order=${extra.order.join(",")}`] : []),
    "cli.ts",
    // Plugins run in workers; a worker's module must be an entry point of its own.
    "plugins/worker.ts",
    "--outfile",
    outfile,
  ];
}

/**
 * The order files of {@link ORDER_RUNS}, written by a binary for this machine built into `dir`
 * with the same source and flags; none where no target runs here (a musl or foreign host).
 */
function recordOrder(
  dir: string,
  extra: { commit: string | undefined; bunVersion: string },
): string[] {
  const host = TARGETS.find(isHost);
  if (host === undefined) return [];
  const probe = join(dir, `proxar-${host.name}${host.exe}`);
  run(BUN, buildArgs(host, probe, { ...extra, order: [] }));
  return ORDER_RUNS.map((args, i) => {
    const file = join(dir, `order-${i}.txt`);
    const ran = spawnSync(probe, args, {
      cwd: ROOT,
      env: { ...process.env, BUN_BYTECODE_ORDER_OUT: file },
      stdio: ["ignore", "ignore", "pipe"],
      encoding: "utf8",
    });
    // The demo diff exits 1: its changes reach fail_on. Anything else is a failed run.
    if ((ran.status !== 0 && ran.status !== 1) || !existsSync(file)) {
      throw new Error(
        `proxar ${args.join(" ")} wrote no bytecode order (exit ${ran.status}): ${ran.stderr}`,
      );
    }
    return file;
  });
}

function build(): void {
  const targets = parseTargets(process.argv.slice(2));
  const version = packageVersion();
  const commit = gitCommit();
  const bunVersion = run(BUN, ["--version"]).trim();
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), "proxar-build-order-"));
  try {
    const order = recordOrder(work, { commit, bunVersion });
    const sums: string[] = [];
    for (const target of targets) {
      const outfile = join(OUT, `proxar-${target.name}${target.exe}`);
      run(BUN, buildArgs(target, outfile, { commit, bunVersion, order }));
      const head = readFileSync(outfile).subarray(0, 4096);
      const found = binaryFormat(head);
      if (found !== target.format) {
        throw new Error(`${outfile} is ${found ?? "not an executable"}, expected ${target.format}`);
      }
      checkLibc(target, head, outfile);
      if (isHost(target)) {
        const printed = run(outfile, ["--version"]).trim();
        const expected = commit ? `proxar ${version} (${commit})` : `proxar ${version}`;
        if (printed !== expected) {
          throw new Error(`${outfile} --version printed "${printed}", expected "${expected}"`);
        }
      }
      const name = `proxar-${target.name}${target.exe}`;
      sums.push(`${sha256(outfile)}  ${name}`);
      const mib = (statSync(outfile).size / 2 ** 20).toFixed(1);
      process.stdout.write(`built dist/bin/${name} (${mib} MiB, ${target.format})\n`);
    }
    writeFileSync(join(OUT, "SHA256SUMS"), sums.join("\n") + "\n");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  process.stdout.write(
    `wrote dist/bin/SHA256SUMS for proxar ${version} (${commit ?? "commit unknown"})\n`,
  );
}

if (import.meta.main) build();

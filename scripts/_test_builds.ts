/**
 * The compiled programs `npm test` starts as processes instead of their source: `proxar` (from
 * `cli.ts`, as `scripts/build_bin.ts` compiles it for this machine, without the commit), the
 * fixture servers `tests/fixtures/servers/test_server.ts` and `sampling_server.ts`, and the
 * reference servers (server-everything, three releases of server-filesystem, server-postgres).
 * The suite starts about 80 `proxar`, 65 fixture server and 40 reference server processes; from
 * source, Bun (or Node) parses and compiles every module they load at each start (a `proxar
 * proxy` in front of the test server 0.65 s of CPU time, a test server 0.50 s), compiled with
 * bytecode it does not (0.19 s, 0.19 s).
 *
 * A program is compiled again only when one of the files its last build read (Bun's metafile),
 * the installed packages or the flags changed; the builds are kept under
 * `node_modules/.cache/proxar/test-builds`. {@link TEST_BUILDS_VARIABLE} names that directory for
 * the tests (`tests/helpers.ts`, `tests/e2e/_live_servers.ts`); without it they run the source.
 * @module
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { BUN_COMPILE_FLAGS, PROXAR_BUILD_FLAGS } from "./_build_info.ts";

/** The variable that names the directory of the compiled programs for the tests. */
export const TEST_BUILDS_VARIABLE = "PROXAR_TEST_BUILDS";

/** The reference server `@modelcontextprotocol/server-everything`'s folder, from the root. */
const EVERYTHING = "node_modules/@modelcontextprotocol/server-everything/dist";

/**
 * The reference servers, besides server-everything, that the tests start compiled (by their
 * folders under node_modules): three releases of server-filesystem and server-postgres.
 */
export const REFERENCE_SERVERS: readonly string[] = [
  "server-filesystem-2025.8.21",
  "server-filesystem-2025.12.18",
  "server-filesystem-2026.8.31",
  "@modelcontextprotocol/server-postgres",
];

/**
 * Each compiled program: its file name in the directory, its entry points, the options of
 * `bun build` it starts from ({@link BUN_COMPILE_FLAGS} unless given) and options of its own
 * (given the repository root).
 */
const PROGRAMS: readonly {
  name: string;
  entries: readonly string[];
  base?: readonly string[];
  flags?: (root: string) => string[];
}[] = [
  // Plugins run in workers; a worker's module must be an entry point of its own.
  {
    name: "proxar",
    entries: ["cli.ts", "plugins/worker.ts"],
    base: PROXAR_BUILD_FLAGS,
  },
  { name: "test_server", entries: ["tests/fixtures/servers/test_server.ts"] },
  { name: "sampling_server", entries: ["tests/fixtures/servers/sampling_server.ts"] },
  // server-everything reads its instructions and documents from `../docs` beside the module
  // that reads them (dist/resources/files.js and index.js, its only modules that use
  // import.meta), which a compiled program, whose modules live in Bun's virtual file system,
  // does not have: its import.meta.url names the installed file, so it reads the installed ones.
  {
    name: "everything",
    entries: [`${EVERYTHING}/index.js`],
    flags: (root) => [
      "--define",
      `import.meta.url=${
        JSON.stringify(pathToFileURL(join(root, EVERYTHING, "resources", "files.js")).href)
      }`,
    ],
  },
  // The other reference servers the tests start (`referenceServer()` in
  // tests/e2e/_live_servers.ts), each named as the last part of its folder under node_modules.
  ...REFERENCE_SERVERS.map((folder) => ({
    name: folder.split("/").at(-1)!,
    entries: [`node_modules/${folder}/dist/index.js`],
  })),
];

/** What a build read, with the hash of each file, and the hash of what else it depends on. */
interface Record {
  key: string;
  inputs: { [path: string]: string };
}

function sha256(path: string): string {
  return existsSync(path) ? createHash("sha256").update(readFileSync(path)).digest("hex") : "";
}

/**
 * Whether the record at `path` says a build with `key` read exactly the files as they are now.
 * The files of installed packages are not read again: the key holds the hash of
 * `node_modules/.package-lock.json`, which npm rewrites whenever it installs one (as the type
 * check's record does, `scripts/_check_cache.ts`); most inputs are such files, and hashing them
 * all took about a second before every run.
 */
function upToDate(root: string, path: string, key: string): boolean {
  if (!existsSync(path)) return false;
  const record = JSON.parse(readFileSync(path, "utf8")) as Record;
  return record.key === key &&
    Object.entries(record.inputs).every(([file, hash]) =>
      file.startsWith("node_modules/") || sha256(join(root, file)) === hash
    );
}

/** Runs `bun ARGS` in `root`; fails with its output when it fails. */
function bun(root: string, args: readonly string[]): Promise<void> {
  return new Promise((done, failed) => {
    execFile(join(root, "node_modules", ".bin", "bun"), args, { cwd: root }, (error, out, err) => {
      if (error) failed(new Error(`bun ${args.join(" ")} failed:\n${out}${err}`));
      else done();
    });
  });
}

/** Compiles `program` into `dir` unless its last build there is up to date. */
async function build(
  root: string,
  dir: string,
  program: (typeof PROGRAMS)[number],
): Promise<void> {
  const flags = [
    ...program.base ?? BUN_COMPILE_FLAGS,
    ...program.flags?.(root) ?? [],
    ...program.entries,
  ];
  const key = createHash("sha256").update(JSON.stringify(flags))
    .update(sha256(join(root, "node_modules", ".package-lock.json"))).digest("hex");
  const out = join(dir, program.name);
  const recordPath = `${out}.inputs.json`;
  if (existsSync(out) && upToDate(root, recordPath, key)) return;
  rmSync(recordPath, { force: true });
  const temp = `${out}.${process.pid}`;
  const meta = `${temp}.meta.json`;
  try {
    await bun(root, ["build", ...flags, "--outfile", temp, `--metafile=${meta}`]);
    const read = JSON.parse(readFileSync(meta, "utf8")) as { inputs: { [path: string]: unknown } };
    const inputs = Object.fromEntries(
      Object.keys(read.inputs).sort().map((file) => [file, sha256(join(root, file))]),
    );
    renameSync(temp, out);
    writeFileSync(recordPath, `${JSON.stringify({ key, inputs } satisfies Record)}\n`);
  } finally {
    rmSync(temp, { force: true });
    rmSync(meta, { force: true });
  }
}

/**
 * Compiles the programs the tests start (those not up to date) and returns the directory that
 * holds them, for {@link TEST_BUILDS_VARIABLE}.
 */
export async function testBuilds(root: string): Promise<string> {
  const dir = join(root, "node_modules", ".cache", "proxar", "test-builds");
  mkdirSync(dir, { recursive: true });
  await Promise.all(PROGRAMS.map((program) => build(root, dir, program)));
  return dir;
}

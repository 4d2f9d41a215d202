/**
 * Helpers for tests against live MCP servers: the commands of the real reference servers and
 * of the test server, HTTP servers started and stopped cleanly, temporary project directories.
 */
import { Buffer } from "node:buffer";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import process from "node:process";
import { ROOT, testBuild, underBun } from "../helpers.ts";

/** The Deno binary running the tests. */
export const DENO: string = process.execPath;

/**
 * The command line that runs the TypeScript fixture server `script` (`test_server.ts`,
 * `sampling_server.ts`) with `args`: under `npm test` the script compiled with bytecode
 * (`testBuild()` in `tests/helpers.ts`), else under Bun (the devDependency), loading no `.env` and
 * installing no package. Bun started the test server for 0.23 s of CPU time where `deno run -A`
 * took 0.32 s (perf stat -r 8, quiet machine), compiled 0.19 s where Bun took 0.50 s (same
 * measure at load 8), and the suite starts about 65 of them; the servers are fixtures, their
 * runtime is not under test.
 */
export function fixtureServer(script: string, ...args: string[]): string[] {
  const compiled = testBuild(basename(script, ".ts"));
  if (compiled) return [compiled, ...args];
  return underBun(script, ...args);
}

/** The `command:` and `args:` lines of a `proxar.yaml` server running {@link fixtureServer}. */
export function configuredServer(script: string, ...args: string[]): string[] {
  return configuredCommand(fixtureServer(script, ...args));
}

/** The `command:` and `args:` lines of a `proxar.yaml` server running `words`. */
export function configuredCommand([command, ...args]: readonly string[]): string[] {
  return [`    command: ${JSON.stringify(command)}`, `    args: ${JSON.stringify(args)}`];
}

/** The SDK-based test server (see its header for the options). */
export const TEST_SERVER = `${ROOT}/tests/fixtures/servers/test_server.ts`;

/** `@modelcontextprotocol/server-everything`, from the npm registry. */
export const EVERYTHING =
  `${ROOT}/node_modules/@modelcontextprotocol/server-everything/dist/index.js`;

/**
 * The command line that runs {@link EVERYTHING} with `args`: as {@link fixtureServer} runs the
 * fixture servers, compiled with bytecode under `npm test` (reading its instructions and documents
 * where it is installed: `scripts/_test_builds.ts`), else under Bun (the devDependency); not
 * Node. The suite starts about 25 of them, a fixture here as the test server is (the tests
 * compare what a client sees through `proxar` with what it sees directly, or read the lists it
 * serves): to start it and answer tools/list Node took 0.70-0.81 s of CPU time, Bun 0.40-0.47 s
 * (load 12), compiled 0.23-0.24 s where Bun took 0.40 s (load 10). `runtime_live_test.ts` runs
 * it under Node.
 */
export function everythingServer(...args: string[]): string[] {
  const compiled = testBuild("everything");
  if (compiled) return [compiled, ...args];
  return underBun(EVERYTHING, ...args);
}

/** The `stdio:` source of {@link everythingServer} with `args`. */
export function everythingSpec(...args: string[]): string {
  return `stdio:${everythingServer(...args).map(quote).join(" ")}`;
}

/** Two published versions of `@modelcontextprotocol/server-filesystem`, installed as aliases. */
export const FILESYSTEM_OLD = `${ROOT}/node_modules/server-filesystem-2025.12.18/dist/index.js`;
export const FILESYSTEM_NEW = `${ROOT}/node_modules/server-filesystem-2026.8.31/dist/index.js`;

/**
 * server-filesystem 2025.8.21, which lists 13 of its 14 tools with a bare `{$schema}` as
 * inputSchema (no `type: "object"`), so strict clients reject its whole tools/list.
 */
export const FILESYSTEM_UNTYPED = `${ROOT}/node_modules/server-filesystem-2025.8.21/dist/index.js`;

/**
 * `@modelcontextprotocol/server-postgres` 0.6.2, from the npm registry: it lists its tool without
 * a database, and fails `resources/list` (the database's tables) when none answers.
 */
export const POSTGRES = `${ROOT}/node_modules/@modelcontextprotocol/server-postgres/dist/index.js`;

/**
 * The command line that runs the reference server `script` ({@link FILESYSTEM_OLD},
 * {@link FILESYSTEM_NEW}, {@link FILESYSTEM_UNTYPED} or {@link POSTGRES}) with `args`: under
 * `npm test` compiled with bytecode (`REFERENCE_SERVERS` in `scripts/_test_builds.ts`), as
 * {@link everythingServer} is, else under Node. The suite starts them about 17 times, as servers
 * proxar reads and proxies (their code is the package's either way): to start and answer
 * tools/list, a server-filesystem took 0.6-0.7 s of CPU time under Node, compiled 0.2 s.
 */
export function referenceServer(script: string, ...args: string[]): string[] {
  const compiled = testBuild(basename(dirname(dirname(script))));
  return compiled ? [compiled, ...args] : ["node", script, ...args];
}

/** The `stdio:` source of {@link referenceServer} with `args`. */
export function referenceSpec(script: string, ...args: string[]): string {
  return `stdio:${referenceServer(script, ...args).map(quote).join(" ")}`;
}

/** Quotes a word for a `stdio:` command line. */
export function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The `stdio:` source of the test server with `args`. */
export function testServerSpec(...args: string[]): string {
  return `stdio:${fixtureServer(TEST_SERVER, ...args).map(quote).join(" ")}`;
}

/** A fresh temporary directory. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "proxar-live-"));
}

/** Every file below `dir`, relative to it, sorted. */
export function filesBelow(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out.sort();
}

/** Writes `proxar.yaml` into `dir`. */
export function writeConfig(dir: string, yaml: string): void {
  writeFileSync(join(dir, "proxar.yaml"), yaml);
}

/**
 * Writes `proxar.yaml` into `dir` configuring the test server as `issues`, its variant read from
 * `variant.txt` there at each listing (so a test makes it drift by writing that file), followed by
 * the lines `more`.
 */
export function writeIssuesConfig(dir: string, more: readonly string[] = []): void {
  writeConfig(
    dir,
    [
      "servers:",
      "  issues:",
      ...configuredServer(TEST_SERVER, "--variant-file", "variant.txt"),
      ...more,
      "",
    ].join("\n"),
  );
}

/** Runs `fn` in a fresh directory holding `config` as its `proxar.yaml`, then removes it. */
export async function inProject(config: string, fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = tempDir();
  try {
    writeConfig(dir, config);
    await fn(dir);
  } finally {
    removeDir(dir);
  }
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((done, failed) => {
    const server = createServer();
    server.on("error", failed);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** A server process started for a test. */
export interface Running {
  /** What it printed so far (stdout and stderr). */
  output(): string;
  /** The first match of the ready pattern. */
  ready: RegExpMatchArray;
  stop(): Promise<void>;
}

/** Starts `command args` and waits until its output matches `ready`. */
export async function startServer(
  command: string,
  args: string[],
  options: { env?: Record<string, string>; ready: RegExp; stdin?: "pipe" },
): Promise<Running> {
  const child: ChildProcess = spawn(command, args, {
    env: { ...process.env, ...options.env },
    stdio: [options.stdin ?? "ignore", "pipe", "pipe"],
  });
  let text = "";
  let stopping = false;
  const exited = new Promise<void>((done) => child.on("close", () => done()));
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const ready = await new Promise<RegExpMatchArray>((done, failed) => {
    // A minute: a file's tests share one server, and at load 25 on two cores a Deno server took
    // more than 20 s to start, which failed every test of the file at once.
    const timer = setTimeout(() => failed(new Error(`server did not start: ${text}`)), 60_000);
    const onData = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const match = text.match(options.ready);
      if (match) {
        clearTimeout(timer);
        done(match);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("close", () => {
      clearTimeout(timer);
      failed(new Error(`server exited before it was ready: ${text}`));
    });
  }).catch(async (error) => {
    await stop();
    throw error;
  });
  // A server that dies under a test shows as "connection refused" in some command's output; say
  // here why it ended, with what it printed.
  child.on("close", (code, signal) => {
    if (stopping) return;
    process.stderr.write(
      `${command} ${args.join(" ")} ended under the tests (${
        signal ?? `exit ${code}`
      }):\n${text}\n`,
    );
  });
  return { output: () => text, ready, stop };
}

/**
 * Starts the test server over Streamable HTTP on a free port with the extra `args`; `ready[1]`
 * is its endpoint (`http://127.0.0.1:PORT/mcp`).
 */
export function startHttpTestServer(...args: string[]): Promise<Running> {
  const [command, ...rest] = fixtureServer(TEST_SERVER, "--http", "0", ...args);
  return startServer(command!, rest, {
    ready: /listening (http:\/\/\S+)/,
  });
}

/** `sampling_server.ts`: results that drift behind an unchanged listing (for `proxar sample`). */
export const SAMPLING_SERVER = `${ROOT}/tests/fixtures/servers/sampling_server.ts`;

const shared = new Map<string, Promise<Running>>();

/**
 * The endpoint (`http://127.0.0.1:PORT/mcp`) of the fixture server `script` (the test server,
 * {@link SAMPLING_SERVER}) over Streamable HTTP, started once per test file on first use and
 * shared by the file's tests; `query` sets options of the contract for every request
 * (`variant=2&page-size=1`, see the server's header), so one server stands for every variant,
 * where each stdio run would start a server process of its own. The server is stateless and its
 * tests only read from it. It ends with this process: it exits when its standard input (a pipe
 * from here) ends, and is sent SIGTERM on unload.
 */
export async function sharedServerUrl(script: string, query = ""): Promise<string> {
  let running = shared.get(script);
  if (!running) {
    const [command, ...args] = fixtureServer(script, "--http", "0", "--exit-on-eof");
    running = startServer(command!, args, {
      ready: /listening (http:\/\/\S+)/,
      stdin: "pipe",
    });
    shared.set(script, running);
    const started = await running;
    globalThis.addEventListener("unload", () => void started.stop());
  }
  const endpoint = (await running).ready[1]!;
  return query === "" ? endpoint : `${endpoint}?${query}`;
}

/** {@link sharedServerUrl} of the test server. */
export function sharedTestServerUrl(query = ""): Promise<string> {
  return sharedServerUrl(TEST_SERVER, query);
}

/** Removes a directory tree. */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

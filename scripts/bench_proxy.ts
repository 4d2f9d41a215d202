// deno-lint-ignore-file no-console
/**
 * Benchmarks `tools/call` round trips with the official SDK client: directly to a stdio server,
 * through `proxar proxy`, through the floor of any proxy process, and through `mcp-proxy` (a
 * popular MCP proxy from the npm registry, which serves Streamable HTTP in front of the same
 * stdio server). For each: throughput sequentially and with 32 calls in flight, with small and
 * 1 MiB results; p50/p99 latency and what the proxy adds to the direct p50; the CPU time the
 * process in the middle spends per call; and the proxy process's resident memory over the
 * sequential small runs (sampled from /proc, Linux only).
 *
 * The floor rows are relays that only copy bytes both ways between the client and the server:
 * `relay` is `scripts/_bench_relay.mjs` (`stream.pipe`, nothing else) in the runtime Proxar runs
 * in (Bun for a compiled binary, Node when `PROXAR_CMD` runs `node`, else Deno); `cat` is two
 * `cat` processes around the server in a shell pipeline (native, one per direction); `socat` is
 * one native process, measured only when `socat` is installed (a Debian package; skipped with a
 * message when missing). What the floor loses against direct, no proxy process can win back.
 *
 * Every target is started first; then each measurement runs once per target in turn, `--rounds`
 * times (the order rotating), so a busy machine slows all of them alike; the figures are the
 * medians over the rounds, and a share of direct is the median of the rounds' shares.
 *
 * Run: `deno run -A scripts/bench_proxy.ts [--calls N] [--big-calls N] [--rounds N]
 * [--only direct,proxar,relay,cat,socat,mcp-proxy]` (defaults: 100000 small calls, 1000 calls with
 * 1 MiB results, 1 round, every target). `PROXAR_CMD` picks the Proxar build, as for the e2e suite
 * (default: the source under Deno). To compare two builds in one run, name the other one in
 * `PROXAR_BASELINE_CMD` and add `baseline` to `--only`.
 * @module
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");
const DENO = join(ROOT, "node_modules", ".bin", "deno");
const BIG = 1024 * 1024;
const SERVER = [
  DENO,
  "run",
  "-A",
  join(ROOT, "tests/fixtures/servers/test_server.ts"),
  "--big-result",
  String(BIG),
];

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1] ?? fallback;
}
const CALLS = Number(flag("--calls", "100000"));
const BIG_CALLS = Number(flag("--big-calls", "1000"));
const ROUNDS = Math.max(1, Number(flag("--rounds", "1")));
const ONLY = flag("--only", "direct,proxar,relay,cat,socat,mcp-proxy").split(",");

function proxarCommand(): string[] {
  const words = (process.env.PROXAR_CMD ?? "").split(" ").filter((w) => w !== "");
  return words.length > 0 ? words : [DENO, "run", "-A", join(ROOT, "cli.ts")];
}

/** The runtime Proxar runs in, which also runs the floor relay: [name, command words]. */
function proxarRuntime(): [string, string[]] {
  const words = proxarCommand();
  if (words[0] === DENO) return ["deno", [DENO, "run", "-A"]];
  if (/(^|\/)node$/.test(words[0]!)) return ["node", [words[0]!]];
  return ["bun", [join(ROOT, "node_modules", ".bin", "bun")]];
}

/** The directory on PATH holding `name`, or undefined. */
function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(":")) {
    if (dir !== "" && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/** A word quoted for the shell. */
const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/** CPU time (user + system) of a process in milliseconds, or NaN where /proc is missing. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on every Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** The child processes of `pid` whose command name is `name`. */
function childrenNamed(pid: number, name: string): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(" ");
    return children.map(Number).filter((child) =>
      readFileSync(`/proc/${child}/comm`, "utf8").trim() === name
    );
  } catch {
    return [];
  }
}

/** Resident memory of a process in MiB, or NaN where /proc is missing. */
function rssMiB(pid: number | null | undefined): number {
  if (!pid) return NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
  } catch {
    return NaN;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const port = (server.address() as { port: number }).port;
  await new Promise((done) => server.close(done));
  return port;
}

interface Target {
  name: string;
  client: Client;
  /** The process whose memory is sampled (the proxy; the server when direct). */
  pid: () => number | null | undefined;
  /** The processes in the middle whose CPU time counts (the server's when direct). */
  cpuPids: () => number[];
  close(): Promise<void>;
}

async function stdioTarget(
  name: string,
  command: string[],
  cpuPids?: (pid: number) => number[],
): Promise<Target> {
  const transport = new StdioClientTransport({
    command: command[0]!,
    args: command.slice(1),
    stderr: "ignore",
    cwd: ROOT,
  });
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(transport);
  const pid = () => transport.pid;
  return {
    name,
    client,
    pid,
    cpuPids: () => {
      const own = pid();
      return own ? (cpuPids ? cpuPids(own) : [own]) : [];
    },
    close: () => client.close(),
  };
}

async function mcpProxyTarget(): Promise<Target> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath.includes("deno") ? "node" : process.execPath, [
    join(ROOT, "node_modules/mcp-proxy/dist/bin/mcp-proxy.mjs"),
    "--port",
    String(port),
    "--host",
    "127.0.0.1",
    "--",
    ...SERVER,
  ], { stdio: ["ignore", "ignore", "ignore"] });
  const url = new URL(`http://127.0.0.1:${port}/mcp`);
  let client: Client | undefined;
  for (let attempt = 0; attempt < 100 && !client; attempt++) {
    try {
      const candidate = new Client({ name: "bench", version: "1" });
      await candidate.connect(new StreamableHTTPClientTransport(url));
      client = candidate;
    } catch {
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  if (!client) throw new Error("mcp-proxy did not start");
  return {
    name: "mcp-proxy (HTTP)",
    client,
    pid: () => child.pid,
    cpuPids: () => child.pid ? [child.pid] : [],
    close: async () => {
      await client.close();
      child.kill("SIGTERM");
    },
  };
}

interface Run {
  callsPerSecond: number;
  p50: number;
  p99: number;
  /** CPU time of the processes in the middle per call, in microseconds. */
  cpuMicros: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const totalCpuMs = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);

/** `calls` round trips, `inFlight` at a time; `sample` is called every 1000 calls. */
async function measure(
  target: Target,
  calls: number,
  inFlight: number,
  big: boolean,
  sample: () => void = () => {},
): Promise<Run> {
  const args = big ? {} : { text: "hello" };
  const latencies: number[] = [];
  let next = 0;
  const pids = target.cpuPids();
  const cpuBefore = totalCpuMs(pids);
  const started = performance.now();
  const worker = async () => {
    while (next < calls) {
      const n = next++;
      const t0 = performance.now();
      await target.client.callTool({ name: "echo", arguments: args });
      latencies.push(performance.now() - t0);
      if (n % 1000 === 0) sample();
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpu = totalCpuMs(pids) - cpuBefore;
  latencies.sort((a, b) => a - b);
  return {
    callsPerSecond: calls / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    cpuMicros: pids.length === 0 ? NaN : 1000 * cpu / calls,
  };
}

const KINDS: { label: string; calls: number; inFlight: number; big: boolean }[] = [
  { label: "small, sequential", calls: CALLS, inFlight: 1, big: false },
  { label: "small, 32 in flight", calls: CALLS, inFlight: 32, big: false },
  { label: "1 MiB, sequential", calls: BIG_CALLS, inFlight: 1, big: true },
  { label: "1 MiB, 32 in flight", calls: BIG_CALLS, inFlight: 32, big: true },
];

const [runtime, runtimeCommand] = proxarRuntime();
const skipped: string[] = [];
const makers: Record<string, () => Promise<Target | undefined>> = {
  direct: () => stdioTarget("direct (stdio)", SERVER),
  proxar: () =>
    stdioTarget("proxar proxy (stdio)", [...proxarCommand(), "proxy", `stdio:${SERVER.join(" ")}`]),
  baseline: () => {
    const words = (process.env.PROXAR_BASELINE_CMD ?? "").split(" ").filter((w) => w !== "");
    if (words.length === 0) throw new Error("the baseline target needs PROXAR_BASELINE_CMD");
    return stdioTarget("baseline proxar (stdio)", [
      ...words,
      "proxy",
      `stdio:${SERVER.join(" ")}`,
    ]);
  },
  relay: () =>
    stdioTarget(`floor: relay (${runtime})`, [
      ...runtimeCommand,
      join(ROOT, "scripts", "_bench_relay.mjs"),
      ...SERVER,
    ]),
  cat: () =>
    stdioTarget(
      "floor: cat | server | cat",
      ["sh", "-c", `cat | ${SERVER.map(quote).join(" ")} | cat`],
      (sh) => childrenNamed(sh, "cat"),
    ),
  socat: () => {
    const socat = onPath("socat");
    if (socat === undefined) {
      skipped.push("floor: socat: skipped, socat is not installed (apt-get install socat)");
      return Promise.resolve(undefined);
    }
    return stdioTarget("floor: socat", [
      socat,
      "-b",
      "131072",
      "STDIO",
      `EXEC:${SERVER.join(" ")},pipes`,
    ]);
  },
  "mcp-proxy": mcpProxyTarget,
};

const targets: Target[] = [];
try {
  for (const name of ONLY) {
    const make = makers[name];
    if (!make) throw new Error(`unknown target "${name}"; use ${Object.keys(makers).join(", ")}`);
    const target = await make();
    if (target) targets.push(target);
  }
  const warm = Math.min(1000, CALLS);
  for (const target of targets) await measure(target, warm, 1, false);
  const runs = new Map<string, Run[]>(); // `${kind}\n${target}` → one run per round
  const rss = new Map<string, number[]>();
  for (const kind of KINDS) {
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < targets.length; i++) {
        const target = targets[(i + round) % targets.length]!;
        const samples = rss.get(target.name) ?? [];
        rss.set(target.name, samples);
        const sample = kind.inFlight === 1 && !kind.big
          ? () => samples.push(rssMiB(target.pid()))
          : undefined;
        const run = await measure(target, kind.calls, kind.inFlight, kind.big, sample);
        const key = `${kind.label}\n${target.name}`;
        runs.set(key, [...runs.get(key) ?? [], run]);
      }
    }
  }
  for (const target of targets) rss.get(target.name)?.push(rssMiB(target.pid()));
  report(runs, rss);
} finally {
  for (const target of targets) await target.close();
}

function report(runs: Map<string, Run[]>, rss: Map<string, number[]>): void {
  console.log(
    `tools/call round trips: ${CALLS} small calls, ${BIG_CALLS} calls with 1 MiB results, ${ROUNDS} round${
      ROUNDS === 1 ? "" : "s"
    } (medians), ${
      process.env.PROXAR_CMD ? `PROXAR_CMD=${process.env.PROXAR_CMD}` : "proxar from source (Deno)"
    }`,
  );
  const direct = targets.find((t) => t.name.startsWith("direct"));
  for (const { label } of KINDS) {
    console.log(`\n${label}`);
    const base = direct && runs.get(`${label}\n${direct.name}`);
    for (const target of targets) {
      const rounds = runs.get(`${label}\n${target.name}`)!;
      const pick = (f: (run: Run, round: number) => number) => median(rounds.map(f));
      const shares = base
        ? rounds.map((run, i) => run.callsPerSecond / base[i]!.callsPerSecond)
        : [];
      const share = base
        ? ` (${(100 * median(shares)).toFixed(1)}% of direct${
          ROUNDS > 1 ? `; rounds ${shares.map((s) => (100 * s).toFixed(0)).join("/")}` : ""
        })`
        : "";
      const added = base
        ? `, p50 added ${pick((run, i) => run.p50 - base[i]!.p50).toFixed(3)} ms`
        : "";
      const cpu = pick((run) => run.cpuMicros);
      const cpuText = Number.isNaN(cpu)
        ? ""
        : `; CPU ${cpu.toFixed(0)} µs/call${target === direct ? " (the server)" : ""}`;
      console.log(
        `  ${target.name.padEnd(26)} ${
          pick((run) => run.callsPerSecond).toFixed(0).padStart(7)
        } calls/s${share}; p50 ${pick((run) => run.p50).toFixed(3)} ms, p99 ${
          pick((run) => run.p99).toFixed(3)
        } ms${added}${cpuText}`,
      );
    }
  }
  console.log(
    `\nresident memory of the process in the middle (MiB), over ${
      CALLS * ROUNDS
    } sequential small calls:`,
  );
  for (const target of targets) {
    const samples = (rss.get(target.name) ?? []).filter((v) => !Number.isNaN(v));
    if (samples.length === 0) continue;
    const at = (f: number) =>
      samples[Math.min(samples.length - 1, Math.floor(samples.length * f))]!.toFixed(1);
    console.log(
      `  ${target.name.padEnd(26)} start ${at(0)}, 25% ${at(0.25)}, 50% ${at(0.5)}, 75% ${
        at(0.75)
      }, end ${at(1)}, peak ${Math.max(...samples).toFixed(1)}`,
    );
  }
  for (const line of skipped) console.log(`\n${line}`);
}

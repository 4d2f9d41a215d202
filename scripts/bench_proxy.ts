// deno-lint-ignore-file no-console
/**
 * Benchmarks `tools/call` round trips with the official SDK client: directly to a stdio server,
 * through `proxar proxy`, and through `mcp-proxy` (a popular MCP proxy from the npm registry,
 * which serves Streamable HTTP in front of the same stdio server). For each: throughput
 * sequentially and with 32 calls in flight, with small and 1 MiB results; p50/p99 latency and
 * what the proxy adds to the direct p50; and the proxy process's resident memory over the long
 * sequential run (sampled from /proc, Linux only).
 *
 * Run: `deno run -A scripts/bench_proxy.ts [--calls N] [--big-calls N] [--only direct,proxar,mcp-proxy]`
 * (defaults: 100000 small calls, 1000 calls with 1 MiB results). `PROXAR_CMD` picks the Proxar
 * build, as for the e2e suite (default: the source under Deno).
 * @module
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
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
const ONLY = flag("--only", "direct,proxar,mcp-proxy").split(",");

function proxarCommand(): string[] {
  const words = (process.env.PROXAR_CMD ?? "").split(" ").filter((w) => w !== "");
  return words.length > 0 ? words : [DENO, "run", "-A", join(ROOT, "cli.ts")];
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
  close(): Promise<void>;
}

async function stdioTarget(name: string, command: string[]): Promise<Target> {
  const transport = new StdioClientTransport({
    command: command[0]!,
    args: command.slice(1),
    stderr: "ignore",
    cwd: ROOT,
  });
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(transport);
  return { name, client, pid: () => transport.pid, close: () => client.close() };
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
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

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
  latencies.sort((a, b) => a - b);
  return {
    callsPerSecond: calls / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

interface Result {
  name: string;
  runs: Record<string, Run>;
  rss: number[];
}

async function bench(target: Target): Promise<Result> {
  const warm = Math.min(1000, CALLS);
  await measure(target, warm, 1, false);
  const rss: number[] = [];
  const runs: Record<string, Run> = {};
  runs["small, sequential"] = await measure(
    target,
    CALLS,
    1,
    false,
    () => rss.push(rssMiB(target.pid())),
  );
  runs["small, 32 in flight"] = await measure(target, CALLS, 32, false);
  runs["1 MiB, sequential"] = await measure(target, BIG_CALLS, 1, true);
  runs["1 MiB, 32 in flight"] = await measure(target, BIG_CALLS, 32, true);
  rss.push(rssMiB(target.pid()));
  return { name: target.name, runs, rss };
}

const results: Result[] = [];
const makers: Record<string, () => Promise<Target>> = {
  direct: () => stdioTarget("direct (stdio)", SERVER),
  proxar: () =>
    stdioTarget("proxar proxy (stdio)", [...proxarCommand(), "proxy", `stdio:${SERVER.join(" ")}`]),
  "mcp-proxy": mcpProxyTarget,
};
for (const name of ONLY) {
  const make = makers[name];
  if (!make) throw new Error(`unknown target "${name}"; use direct, proxar, mcp-proxy`);
  const target = await make();
  try {
    results.push(await bench(target));
  } finally {
    await target.close();
  }
}

const direct = results.find((r) => r.name.startsWith("direct"));
console.log(
  `tools/call round trips: ${CALLS} small calls, ${BIG_CALLS} calls with 1 MiB results, ${
    process.env.PROXAR_CMD ? `PROXAR_CMD=${process.env.PROXAR_CMD}` : "proxar from source (Deno)"
  }`,
);
for (const label of Object.keys(results[0]?.runs ?? {})) {
  console.log(`\n${label}`);
  for (const r of results) {
    const run = r.runs[label]!;
    const base = direct?.runs[label];
    const share = base
      ? ` (${(100 * run.callsPerSecond / base.callsPerSecond).toFixed(1)}% of direct)`
      : "";
    const added = base ? `, p50 added ${(run.p50 - base.p50).toFixed(3)} ms` : "";
    console.log(
      `  ${r.name.padEnd(22)} ${run.callsPerSecond.toFixed(0).padStart(7)} calls/s${share}; p50 ${
        run.p50.toFixed(3)
      } ms, p99 ${run.p99.toFixed(3)} ms${added}`,
    );
  }
}
console.log("\nresident memory of the process in the middle (MiB), over the sequential small run:");
for (const r of results) {
  const rss = r.rss.filter((v) => !Number.isNaN(v));
  if (rss.length === 0) continue;
  const at = (f: number) => rss[Math.min(rss.length - 1, Math.floor(rss.length * f))]!.toFixed(1);
  console.log(
    `  ${r.name.padEnd(22)} start ${at(0)}, 25% ${at(0.25)}, 50% ${at(0.5)}, 75% ${at(0.75)}, end ${
      at(1)
    }, peak ${Math.max(...rss).toFixed(1)}`,
  );
}

// deno-lint-ignore-file no-console
/**
 * `npm run bench [-- --full]`: runs every benchmark script (`scripts/bench_*.ts`) and prints one
 * table. Small, quick sizes by default; `--full` uses the sizes of issue 13 (2,000-tool pair;
 * 100 to 50,000 tools and a 10 MB schema; each script's own defaults), which takes a long time.
 *
 * The reference processes are measured in the same run, taking turns with the measured ones, so
 * the ratios hold on a busy machine (the CPU time of the big-contract rows best of all):
 * a process of the same runtime that only reads and `JSON.parse`s the two contracts (the
 * big-contract and growth rows), and, when a compiled binary exists in `dist/bin/` (`npm run
 * build:bin -- --target linux-x64`), a hello-world binary built by the same `bun build
 * --compile` (the `--version` and `rules` rows). With the binary, the big-contract rows measure
 * it against Bun; without, they measure `deno run -A cli.ts` against Deno.
 * @module
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { measureInterleaved, type ProcessRun } from "./_bench_process.ts";
import { BUN_COMPILE_FLAGS, ROOT } from "./_build_info.ts";
import type { ScaleRow } from "./bench_scale.ts";

const FULL = process.argv.includes("--full");
const DENO = join(ROOT, "node_modules", ".bin", "deno");
const BUN = join(ROOT, "node_modules", ".bin", "bun");
const BINARY = join(ROOT, "dist", "bin", `proxar-${process.platform}-${process.arch}`);
const RUNS = FULL ? 5 : 3;

/** Arguments of each plain benchmark script: quick, and full (the script's own defaults). */
const ARGS: Record<string, { quick: string[]; full: string[] }> = {
  "bench_diff.ts": { quick: ["200", "3"], full: [] },
  "bench_prose.ts": { quick: ["10", "3"], full: [] },
  "bench_sampling.ts": { quick: ["1000", "3"], full: [] },
  "bench_snapshot.ts": { quick: ["200", "1"], full: [] },
  "bench_startup.ts": { quick: ["--runs", "3"], full: [] },
  "bench_proxy.ts": { quick: ["--calls", "200", "--big-calls", "5"], full: [] },
};
/** Measured here, with structured output. */
const SCALE = "bench_scale.ts";

/** One row of the table. */
type Row = [
  benchmark: string,
  measurement: string,
  value: string,
  reference: string,
  ratio: string,
];
const rows: Row[] = [];
let failed = false;

function progress(text: string): void {
  process.stderr.write(`${text}\n`);
}

function script(name: string, args: readonly string[]): string | undefined {
  progress(`running ${name} ${args.join(" ")}`);
  const result = spawnSync(DENO, ["run", "-A", join(ROOT, "scripts", name), ...args], {
    cwd: ROOT,
    // bench_proxy.ts runs the Proxar build that PROXAR_CMD names: the binary when there is one.
    env: existsSync(BINARY) ? { ...process.env, PROXAR_CMD: BINARY } : process.env,
    encoding: "utf8",
    maxBuffer: 64 * 2 ** 20,
  });
  if (result.status === 0) return result.stdout;
  failed = true;
  const last = (result.stderr || result.stdout || "").trim().split("\n").slice(-1)[0] ?? "";
  rows.push([name, "failed", `exit ${result.status}`, "", last.slice(0, 120)]);
  return undefined;
}

/** A script's printed lines as rows: `label: value` split in two, other lines whole. */
function plainRows(name: string, output: string): void {
  for (const line of output.split("\n").map((l) => l.trimEnd()).filter((l) => l.trim() !== "")) {
    const colon = line.indexOf(": ");
    if (colon > 0 && colon < 60 && !line.slice(0, colon).trim().includes("  ")) {
      rows.push([name, line.slice(0, colon).trim(), line.slice(colon + 2).trim(), "", ""]);
    } else rows.push([name, line.trim(), "", "", ""]);
  }
}

const ms = (r: ProcessRun) => `${r.ms.toFixed(0)} ms`;
const mib = (r: ProcessRun) => `${r.peakMiB.toFixed(0)} MiB`;
const cpu = (r: ProcessRun) => `${r.cpuMs.toFixed(0)} ms CPU`;
const faults = (r: ProcessRun) => `${r.pageFaults.toFixed(0)} faults`;
// CPU time is read to 10 ms: a start-up row may show 0 ms, and then no ratio.
const times = (a: number, b: number) => b > 0 ? `${(a / b).toFixed(2)}×` : "-×";

function scaleRows(label: string, args: string[], target?: string): ScaleRow[] {
  const output = script(SCALE, [...args, "--json"]);
  if (output === undefined) return [];
  const result = JSON.parse(output) as { rows: ScaleRow[] };
  for (const r of result.rows) {
    rows.push([
      `${label}: ${r.case}`,
      `wall, peak, CPU (${r.mbPerSide.toFixed(1)} MB/side)`,
      `${ms(r.proxar)}, ${mib(r.proxar)}, ${cpu(r.proxar)}`,
      `${ms(r.parseOnly)}, ${mib(r.parseOnly)}, ${cpu(r.parseOnly)}`,
      `${times(r.proxar.ms, r.parseOnly.ms)} time, ${
        times(r.proxar.peakMiB, r.parseOnly.peakMiB)
      } mem, ${times(r.proxar.cpuMs, r.parseOnly.cpuMs)} CPU${
        target && r.tools > 1 ? ` (${target})` : ""
      }`,
    ]);
  }
  return result.rows;
}

/** Cost per tool net of the one-tool run, and the ratio of the largest size to 1,000 tools. */
function growthRows(scale: readonly ScaleRow[]): void {
  const [baseline, ...rest] = scale;
  const grown = rest.filter((r) => !r.case.includes("schema"));
  if (!baseline || grown.length < 2) return;
  const per = (r: ScaleRow) => (r.proxar.ms - baseline.proxar.ms) / r.tools;
  for (const r of grown) {
    rows.push([
      `growth: ${r.tools} tools`,
      "wall per tool, net of start-up",
      `${per(r).toFixed(3)} ms`,
      "",
      "",
    ]);
  }
  const top = grown[grown.length - 1]!;
  const ref = grown.find((r) => r.tools === 1000 && r !== top) ?? grown[0]!;
  rows.push([
    "growth",
    `per-tool cost ${top.tools} / ${ref.tools} tools`,
    `${per(top).toFixed(3)} ms`,
    `${per(ref).toFixed(3)} ms`,
    `${times(per(top), per(ref))} (target ≤ 1.5 at 50000 / 1000)`,
  ]);
}

/**
 * `--version`, `rules` and the demo diff through the binary, against a hello-world binary built
 * by the same `bun build --compile`, measured in turns.
 */
async function startupRows(): Promise<void> {
  if (!existsSync(BINARY)) {
    rows.push([
      "binary start-up",
      "skipped",
      "",
      "",
      `no ${BINARY.slice(ROOT.length + 1)}: npm run build:bin -- --target linux-x64`,
    ]);
    return;
  }
  progress("building a hello-world binary and timing the binary's start-up");
  const dir = mkdtempSync(join(tmpdir(), "proxar-bench-hello-"));
  try {
    writeFileSync(join(dir, "hello.ts"), 'console.log("hello");\n');
    const hello = join(dir, "hello");
    const built = spawnSync(
      BUN,
      ["build", ...BUN_COMPILE_FLAGS, join(dir, "hello.ts"), "--outfile", hello],
      { cwd: dir, encoding: "utf8" },
    );
    if (built.status !== 0) throw new Error(`bun build --compile failed: ${built.stderr}`);
    // The demo as README runs it: text to standard output (the measurement discards it).
    const demo =
      "diff examples/v1/contract.json examples/v2/contract.json --config examples/proxar.yaml"
        .split(" ");
    const cases: [label: string, args: string[], target: string][] = [
      ["binary --version", ["--version"], "time (target ≤ 2)"],
      ["binary rules", ["rules"], "time (target ≤ 2)"],
      ["binary demo diff with config", demo, "time (target: ≤ 50 ms wall)"],
    ];
    // One warm-up round, then the reference and every case take turns in each round.
    await measureInterleaved([[hello], ...cases.map(([, args]) => [BINARY, ...args])], ROOT, 1);
    const [reference, ...runs] = await measureInterleaved(
      [[hello], ...cases.map(([, args]) => [BINARY, ...args])],
      ROOT,
      RUNS * 5,
    );
    for (const [i, [label, , target]] of cases.entries()) {
      const run = runs[i]!;
      rows.push([
        label,
        "wall, peak",
        `${ms(run)}, ${mib(run)}`,
        `${ms(reference!)}, ${mib(reference!)} (hello)`,
        `${times(run.ms, reference!.ms)} ${target}`,
      ]);
      // What moves when start-up changes, whatever the load: CPU time and the pages first touched.
      rows.push([
        label,
        "CPU, page faults",
        `${cpu(run)}, ${faults(run)}`,
        `${cpu(reference!)}, ${faults(reference!)} (hello)`,
        `${times(run.cpuMs, reference!.cpuMs)} CPU, ${
          times(run.pageFaults, reference!.pageFaults)
        } faults`,
      ]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function print(): void {
  const header: Row = ["benchmark", "measurement", "value", "reference", "ratio"];
  const all = [header, ...rows];
  // A column is as wide as its cells in rows that go on past it (a lone long cell ends its row).
  const widths = header.map((name, i) =>
    Math.max(
      name.length,
      ...all.filter((r) => r.slice(i + 1).some((c) => c !== "")).map((r) => r[i]!.length),
    )
  );
  const line = (r: Row) => r.map((cell, i) => cell.padEnd(widths[i]!)).join("  ").trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

const binary = existsSync(BINARY) ? ["--bin", BINARY] : [];
const runtime = binary.length ? "binary vs bun" : "deno run vs deno";
scaleRows(
  `big pair (${runtime})`,
  ["--large", "--sizes", FULL ? "2000" : "200", "--big-mb", "0", "--runs", String(RUNS), ...binary],
  "target ≤ 2× time, ≤ 2.5× mem",
);
scaleRows(
  `big pair, text report (${runtime})`,
  [
    "--large",
    "--sizes",
    FULL ? "2000" : "200",
    "--big-mb",
    "0",
    "--runs",
    String(RUNS),
    "--format",
    "text",
    ...binary,
  ],
  "no content hashes: the text report shows none",
);
growthRows(
  scaleRows(
    `scale (${runtime})`,
    FULL
      ? ["--runs", "3", ...binary]
      : ["--sizes", "300,1000", "--big-mb", "1", "--runs", "1", ...binary],
  ),
);
await startupRows();
const scripts = readdirSync(join(ROOT, "scripts")).filter((f) => /^bench_.*\.ts$/.test(f)).sort();
for (const name of scripts) {
  if (name === SCALE) continue;
  const args = ARGS[name];
  if (!args) {
    rows.push([
      name,
      "skipped",
      "",
      "",
      "no quick sizes known: add it to ARGS in run_benchmarks.ts",
    ]);
    continue;
  }
  const output = script(name, FULL ? args.full : args.quick);
  if (output !== undefined) plainRows(name, output);
}
print();
if (!FULL) console.log("quick sizes; `npm run bench -- --full` measures the sizes of issue 13");
if (failed) process.exitCode = 1;

// deno-lint-ignore-file no-console
/**
 * Benchmark: how `proxar diff` grows with the contract. For generated pairs of 100, 1,000, 10,000
 * and 50,000 tools (about 2.4 KB each, the new side changing every 33rd tool) and for one tool
 * with a 10 MB input schema, runs the whole CLI (`diff OLD NEW --format json=/dev/null`) and
 * prints the median wall time, peak resident memory and CPU time (user + system), the same for a
 * reference process of the same runtime that only reads and `JSON.parse`s both files, the two
 * taking turns in each round so that a change of load on a shared machine falls on both alike
 * (compare CPU time there: it moves much less than wall time), the cost per tool (net of a
 * one-tool diff measured in the same run) and the ratio of the per-tool cost at the largest
 * size to that at 1,000 tools (the target is at most 1.5).
 *
 * Run: `deno run -A scripts/bench_scale.ts [--sizes 100,1000,10000,50000] [--big-mb 10]
 * [--runs 3] [--large] [--bin dist/bin/proxar-linux-x64] [--format json=/dev/null] [--json]`
 *
 * `--sizes` and `--big-mb 0` (no big-schema row) make a quick run; `--large` uses the tools of
 * `bench_diff.ts` (about 12 KB each; 2,000 of them are the pair of issue 13); `--bin` measures a
 * compiled binary instead of the source under `deno run`, with a Bun process as the reference;
 * `--format` gives `proxar diff` another output (`text` writes the text report to standard output,
 * which is discarded: a format that shows no content hash, so none is computed);
 * `--json` prints the rows as one JSON document instead of a table.
 * @module
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import process from "node:process";
import {
  bigSchemaContract,
  generatedContract,
  LARGE_TOOL,
  SMALL_TOOL,
} from "./_bench_contracts.ts";
import { measureInterleaved, type ProcessRun } from "./_bench_process.ts";
import { ROOT } from "./_build_info.ts";

/** One measured case. */
export interface ScaleRow {
  case: string;
  tools: number;
  mbPerSide: number;
  proxar: ProcessRun;
  parseOnly: ProcessRun;
}

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}

const sizes = (flag("--sizes") ?? "100,1000,10000,50000").split(",").map(Number);
const bigMb = Number(flag("--big-mb") ?? 10);
const runs = Number(flag("--runs") ?? 3);
const bin = flag("--bin");
const json = process.argv.includes("--json");
const format = flag("--format") ?? "json=/dev/null";
const shape = process.argv.includes("--large") ? LARGE_TOOL : SMALL_TOOL;
if (sizes.some((n) => !Number.isInteger(n) || n < 1) || !(bigMb >= 0) || !(runs >= 1)) {
  console.error("usage: bench_scale.ts [--sizes N,N,...] [--big-mb MB] [--runs N] [--large]");
  process.exit(2);
}

const DENO = join(ROOT, "node_modules", ".bin", "deno");
const BUN = join(ROOT, "node_modules", ".bin", "bun");
const proxar = bin ? [resolve(bin)] : [DENO, "run", "-A", join(ROOT, "cli.ts")];
const PARSE_ONLY = `import { readFileSync } from "node:fs";
import process from "node:process";
// Both documents stay alive to the end, as they do in proxar diff.
const docs = process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, "utf8")));
if (docs.some((doc) => typeof doc !== "object")) process.exitCode = 3;
`;

const dir = mkdtempSync(join(tmpdir(), "proxar-bench-scale-"));
const parseScript = join(dir, "parse_only.mjs");
// deno run passes the script's arguments after it; so does bun.
const parseOnly = bin ? [BUN, parseScript] : [DENO, "run", "-A", parseScript];
try {
  writeFileSync(parseScript, PARSE_ONLY);

  if (!json) {
    console.log(
      `proxar: ${bin ? resolve(bin) : "deno run -A cli.ts"}; reference: ${
        bin ? "bun" : "deno"
      } reading and JSON.parse-ing both files; median of ${runs} run(s)`,
    );
    console.log(
      `${"case".padEnd(22)}${"MB/side".padStart(9)}${"wall ms".padStart(10)}${
        "peak MiB".padStart(10)
      }${"cpu ms".padStart(8)}${"ref ms".padStart(9)}${"ref MiB".padStart(9)}${
        "ref cpu".padStart(9)
      }${"×time".padStart(7)}${"×mem".padStart(7)}${"×cpu".padStart(7)}`,
    );
  }
  const rows: ScaleRow[] = [];
  const baseline = await measure("1 tool (start-up)", 1, ...pair(1));
  rows.push(baseline);
  for (const tools of sizes) rows.push(await measure(`${tools} tools`, tools, ...pair(tools)));
  if (bigMb > 0) {
    rows.push(
      await measure(
        `1 tool, ${bigMb} MB schema`,
        1,
        bigSchemaContract(bigMb * 1e6, false),
        bigSchemaContract(bigMb * 1e6, true),
      ),
    );
  }
  if (json) {
    console.log(JSON.stringify({ runs, binary: bin ?? null, rows }, null, 1));
  } else {
    printGrowth(rows, baseline);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

async function measure(
  name: string,
  tools: number,
  oldDoc: unknown,
  newDoc: unknown,
): Promise<ScaleRow> {
  const oldFile = join(dir, "old.json");
  const newFile = join(dir, "new.json");
  writeFileSync(oldFile, JSON.stringify(oldDoc, null, 1));
  writeFileSync(newFile, JSON.stringify(newDoc, null, 1));
  const files = [oldFile, newFile];
  const [measured, reference] = await measureInterleaved(
    [[...proxar, "diff", ...files, "--format", format], [...parseOnly, ...files]],
    dir,
    runs,
  );
  const row: ScaleRow = {
    case: name,
    tools,
    mbPerSide: statSync(oldFile).size / 1e6,
    proxar: measured!,
    parseOnly: reference!,
  };
  if (!json) printRow(row);
  return row;
}

function pair(tools: number): [unknown, unknown] {
  return [generatedContract(tools, false, shape), generatedContract(tools, true, shape)];
}

function printRow(row: ScaleRow): void {
  const { proxar: p, parseOnly: r } = row;
  console.log(
    `${row.case.padEnd(22)}${row.mbPerSide.toFixed(1).padStart(9)}${p.ms.toFixed(0).padStart(10)}${
      p.peakMiB.toFixed(0).padStart(10)
    }${p.cpuMs.toFixed(0).padStart(8)}${r.ms.toFixed(0).padStart(9)}${
      r.peakMiB.toFixed(0).padStart(9)
    }${r.cpuMs.toFixed(0).padStart(9)}${(p.ms / r.ms).toFixed(1).padStart(7)}${
      (p.peakMiB / r.peakMiB).toFixed(1).padStart(7)
    }${(r.cpuMs > 0 ? (p.cpuMs / r.cpuMs).toFixed(1) : "-").padStart(7)}`,
  );
}

/** Cost per tool, raw and net of the one-tool start-up, and the growth ratio. */
function printGrowth(rows: readonly ScaleRow[], baseline: ScaleRow): void {
  const grown = rows.filter((r) => r !== baseline && !r.case.includes("schema"));
  console.log("\ncost per tool (net = minus the one-tool run):");
  for (const r of grown) {
    const net = (r.proxar.ms - baseline.proxar.ms) / r.tools;
    const netMem = (r.proxar.peakMiB - baseline.proxar.peakMiB) * 1024 / r.tools;
    console.log(
      `  ${String(r.tools).padStart(6)} tools: ${(r.proxar.ms / r.tools).toFixed(3)} ms/tool, net ${
        net.toFixed(3)
      } ms/tool, net ${netMem.toFixed(1)} KiB/tool`,
    );
  }
  const top = grown[grown.length - 1];
  const ref = grown.find((r) => r.tools === 1000 && r !== top) ?? grown[0];
  if (ref && top && ref !== top) {
    const per = (r: ScaleRow) => (r.proxar.ms - baseline.proxar.ms) / r.tools;
    console.log(
      `per-tool cost at ${top.tools} / at ${ref.tools} tools: net ${
        (per(top) / per(ref)).toFixed(2)
      }, raw ${
        ((top.proxar.ms / top.tools) / (ref.proxar.ms / ref.tools)).toFixed(2)
      } (target ≤ 1.5 for 50000 / 1000)`,
    );
  }
}

// deno-lint-ignore-file no-console
/**
 * Benchmark: a live snapshot of a large server. Starts the SDK-based test server with N
 * generated tools (plus its own), reads every page of `tools/list` over stdio, builds the
 * canonical snapshot, hashes it and writes it atomically, as `proxar snapshot --out` does.
 * Prints the median wall time of the whole snapshot (server start included), of the same with a
 * page size, and the file size.
 *
 * Run: `deno run -A scripts/bench_snapshot.ts [tools] [runs]`
 * @module
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { writeFileAtomic } from "../core/write_file.ts";
import { snapshotLive } from "../mcp/live.ts";
import { resolveLiveSource } from "../mcp/sources.ts";

const tools = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 5);
const server = fileURLToPath(new URL("../tests/fixtures/servers/test_server.ts", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "proxar-bench-"));
const settings = { servers: {}, configLabel: "-", configDir: dir, cwd: dir, env: {} };

async function once(pageSize: number): Promise<{ ms: number; bytes: number; count: number }> {
  const spec =
    `stdio:${process.execPath} run -A ${server} --tools ${tools} --page-size ${pageSize}`;
  const out = join(dir, "snapshot.json");
  const start = performance.now();
  const snapshot = await snapshotLive(resolveLiveSource(spec, settings));
  await writeFileAtomic(out, snapshot.text);
  const ms = performance.now() - start;
  return { ms, bytes: statSync(out).size, count: snapshot.loaded.contract.tools.length };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

try {
  for (const pageSize of [0, 500]) {
    const times: number[] = [];
    let last = { ms: 0, bytes: 0, count: 0 };
    for (let i = 0; i < runs; i++) {
      last = await once(pageSize);
      times.push(last.ms);
    }
    const pages = pageSize === 0 ? "one page" : `pages of ${pageSize}`;
    console.log(
      `snapshot of ${last.count} tools (${pages}): median ${
        median(times).toFixed(0)
      } ms over ${runs} runs, ` +
        `file ${
          (last.bytes / 1e6).toFixed(1)
        } MB (server start, listing, validation, hash, atomic write)`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

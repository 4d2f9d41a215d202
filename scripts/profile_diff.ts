// deno-lint-ignore-file no-console
/**
 * Profile: where the time of `proxar diff` goes on a large pair. Writes the generated pair of
 * `bench_diff.ts` (2,000 tools by default, about 25 MB a side), then, under the V8 sampling
 * profiler (`node:inspector`, in this process), imports `cli.ts` and runs
 * `main(["diff", OLD, NEW, "--format", "json=/dev/null"])` as the CLI does. Prints the wall time
 * of the import and of the diff, then the functions with the most self time, the functions with
 * the most inclusive time (each sample counted once per function on its stack) and the self time
 * per source file or npm package.
 *
 * Run: `deno run -A scripts/profile_diff.ts [--tools 2000] [--top 15] [--out profile.cpuprofile]
 * [--format sarif=/dev/null] [--args "rules --format json"]` (`--format` gives the diff another
 * output; `--out` keeps the raw profile, which Chrome DevTools can open;
 * `--args` profiles those arguments instead of the diff, e.g. to see what start-up costs).
 * @module
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { generatedContract } from "./_bench_contracts.ts";
import { ROOT } from "./_build_info.ts";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1] ?? fallback;
}

const tools = Number(flag("--tools", "2000"));
const top = Number(flag("--top", "15"));
const out = flag("--out", "");
const args = flag("--args", "").split(" ").filter((word) => word !== "");
const format = flag("--format", "json=/dev/null");

function post<T>(session: Session, method: string): Promise<T> {
  return new Promise((resolve, reject) =>
    session.post(method, {}, (error, result) => error ? reject(error) : resolve(result as T))
  );
}

/** Where a frame comes from: an npm package by name, else the path inside the repository. */
function place(url: string): string {
  const npm = /node_modules\/(?:\.deno\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url) ??
    /registry\.[^/]+\/((?:@[^/]+\/)?[^/@]+)/.exec(url);
  if (npm) return `npm:${npm[1]}`;
  const local = url.replace(/^file:\/\//, "");
  if (local.startsWith(ROOT)) return local.slice(ROOT.length + 1);
  return url === "" ? "(native / runtime)" : url.replace(/^.*\/ext\//, "ext:");
}

function key(frame: CallFrame): string {
  return `${frame.functionName || "(anonymous)"} ${place(frame.url)}:${frame.lineNumber + 1}`;
}

function table(title: string, totals: Map<string, number>, all: number): void {
  console.log(`\n${title}`);
  const rows = [...totals].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, us] of rows) {
    console.log(
      `${(us / 1000).toFixed(0).padStart(7)} ms ${
        (100 * us / all).toFixed(1).padStart(5)
      }%  ${name}`,
    );
  }
}

function summarise(profile: Profile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const files = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    all += us;
    const node = byId.get(id)!;
    const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + us);
    add(self, key(node.callFrame));
    add(files, place(node.callFrame.url));
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = key(byId.get(at)!.callFrame);
      if (parent.get(at) !== undefined && !seen.has(k)) {
        seen.add(k);
        add(inclusive, k);
      }
    }
  });
  console.log(`profiled ${(all / 1000).toFixed(0)} ms in ${profile.samples.length} samples`);
  table("self time by function:", self, all);
  table("inclusive time by function:", inclusive, all);
  table("self time by file or package:", files, all);
}

const dir = mkdtempSync(join(tmpdir(), "proxar-profile-"));
try {
  const files = [join(dir, "old.json"), join(dir, "new.json")];
  if (args.length === 0) {
    writeFileSync(files[0]!, JSON.stringify(generatedContract(tools, false), null, 1));
    writeFileSync(files[1]!, JSON.stringify(generatedContract(tools, true), null, 1));
  }
  const argv = args.length ? args : ["diff", ...files, "--format", format];
  const session = new Session();
  session.connect();
  await post(session, "Profiler.enable");
  await post(session, "Profiler.start");
  let t = performance.now();
  const { main } = await import("../cli.ts");
  const importMs = performance.now() - t;
  let stderr = "";
  const io = {
    stdout: () => {},
    stderr: (text: string) => void (stderr += text),
    readStdin: () => Promise.resolve(""),
    cwd: dir,
    env: {},
    isTTY: false,
  };
  t = performance.now();
  const code = await main(argv, io);
  const diffMs = performance.now() - t;
  const { profile } = await post<{ profile: Profile }>(session, "Profiler.stop");
  session.disconnect();
  if (code > 1) throw new Error(`proxar ${argv.join(" ")} exited ${code}: ${stderr}`);
  if (out) writeFileSync(out, JSON.stringify(profile));
  const what = args.length ? args.join(" ") : `diff, ${tools} tools`;
  console.log(`import cli.ts: ${importMs.toFixed(0)} ms; main(${what}): ${diffMs.toFixed(0)} ms`);
  summarise(profile);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

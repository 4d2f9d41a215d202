/**
 * `npm run bench:startup [-- --runs N]`: the median wall time of `proxar --version` and of a diff
 * of two 100-tool contracts, for the compiled binary (`dist/bin/`, from `npm run build:bin`), the
 * source under `deno run`, and the npm package (`dist/npm/`, from `npm run build:npm`) under
 * Node, plus the binary's size. A runtime whose build is missing is reported as such.
 * @module
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { ROOT } from "./_build_info.ts";

const TOOLS = 100;

function tool(i: number, changed: boolean) {
  const properties: Record<string, unknown> = {
    query: { type: "string", description: `Text to search for in collection ${i}` },
    limit: { type: "integer", minimum: 1, maximum: 100, description: "Maximum number of results" },
    order: { enum: ["asc", "desc"] },
  };
  if (changed && i % 10 === 1) properties.cursor = { type: "string" };
  return {
    name: `tool_${String(i).padStart(3, "0")}`,
    description: changed && i % 10 === 2
      ? `Searches collection ${i} and returns matching items sorted by date`
      : `Searches collection ${i} and returns matching items`,
    inputSchema: {
      type: "object",
      properties,
      required: changed && i % 10 === 3 ? ["query", "limit"] : ["query"],
    },
    outputSchema: {
      type: "object",
      properties: {
        items: { type: "array", items: { type: "object" } },
        total: { type: "integer" },
      },
    },
  };
}

/** Two contracts of {@link TOOLS} tools; the new one changes, adds and removes some. */
function writeContracts(dir: string): [string, string] {
  const old = { tools: Array.from({ length: TOOLS }, (_, i) => tool(i, false)) };
  const next = {
    tools: Array.from({ length: TOOLS }, (_, i) => tool(i, true)).filter((_, i) => i % 25 !== 7),
  };
  next.tools.push({ ...tool(TOOLS, false), name: "tool_new" });
  const files: [string, string] = [join(dir, "old.json"), join(dir, "new.json")];
  writeFileSync(files[0], JSON.stringify(old, null, 2));
  writeFileSync(files[1], JSON.stringify(next, null, 2));
  return files;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? sorted[mid] as number
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Median milliseconds of `runs` runs after one warm-up; fails on an unexpected exit code. */
function time(command: string[], args: string[], expected: number, runs: number): number {
  const [program, ...prefix] = command as [string, ...string[]];
  const samples: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const start = performance.now();
    const result = spawnSync(program, [...prefix, ...args], { cwd: ROOT, stdio: "ignore" });
    const elapsed = performance.now() - start;
    if (result.status !== expected) {
      throw new Error(`${command.join(" ")} ${args.join(" ")} exited ${result.status}`);
    }
    if (i > 0) samples.push(elapsed);
  }
  return median(samples);
}

function main(): void {
  const runsArg = process.argv.indexOf("--runs");
  const runs = runsArg === -1 ? 15 : Number(process.argv[runsArg + 1]);
  const os = process.platform === "win32" ? "windows" : process.platform;
  const binary = join(ROOT, "dist", "bin", `proxar-${os}-${process.arch}`);
  const npmBin = join(ROOT, "dist", "npm", "bin", "proxar.js");
  const runtimes: [string, string[], string | undefined][] = [
    ["binary (bun --compile)", [binary], existsSync(binary) ? undefined : "npm run build:bin"],
    [
      "deno run -A cli.ts",
      [join(ROOT, "node_modules", ".bin", "deno"), "run", "-A", "cli.ts"],
      undefined,
    ],
    ["npm package (node)", ["node", npmBin], existsSync(npmBin) ? undefined : "npm run build:npm"],
  ];
  const dir = mkdtempSync(join(tmpdir(), "proxar-bench-"));
  try {
    const [oldFile, newFile] = writeContracts(dir);
    const out = (text: string) => process.stdout.write(text);
    out(`median wall time of ${runs} runs (after one warm-up), ${TOOLS}-tool contracts\n`);
    out(`${"runtime".padEnd(24)}${"--version".padStart(12)}${"diff 100 tools".padStart(16)}\n`);
    for (const [name, command, missing] of runtimes) {
      if (missing) {
        out(`${name.padEnd(24)}  (not built: run ${missing})\n`);
        continue;
      }
      const version = time(command, ["--version"], 0, runs);
      const diff = time(command, ["diff", oldFile, newFile, "--format", "json"], 1, runs);
      out(
        `${name.padEnd(24)}${`${version.toFixed(0)} ms`.padStart(12)}${
          `${diff.toFixed(0)} ms`.padStart(16)
        }\n`,
      );
    }
    if (existsSync(binary)) {
      const mib = statSync(binary).size / 2 ** 20;
      out(`binary size: ${mib.toFixed(1)} MiB (${binary.slice(ROOT.length + 1)})\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();

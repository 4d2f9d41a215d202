// deno-lint-ignore-file no-console
/**
 * Profile: the CPU time of each step of `proxar diff` on the large generated pair (that of
 * `bench_diff.ts`, 2,000 tools by default), in a binary built with the release build's `bun build`
 * flags, so that the JIT, the garbage collector and start-up behave as in the shipped binary
 * (a profile under Deno's V8 ranks the steps otherwise). Builds a stage timer (read, the
 * collection proxar diff asks for before a large parse, parse OLD, scan its tools, load it, parse
 * NEW against it, load it, rules, locate, the content hashes, render) from this checkout and, with
 * `--base REV`, from the files of that git revision too; runs them in turns and prints, for each
 * step, the minimum and median CPU time of the main thread, then the main thread's total, the
 * whole process's, and the difference: what other threads spent (the garbage collector's
 * marking, the JIT's compiles).
 *
 * Run: `deno run -A scripts/profile_stages.ts [--tools 2000] [--runs 11] [--format json|sarif|text]
 * [--base REV] [--big-mb 1]` (`--base main` compares this checkout with main, step by step;
 * `--big-mb` profiles the pair of one tool with a schema that large instead, as in
 * `bench_scale.ts`).
 * @module
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { bigSchemaContract, generatedContract } from "./_bench_contracts.ts";
import { median, outputOf as run } from "./_bench_process.ts";
import { PROXAR_BUILD_FLAGS, ROOT } from "./_build_info.ts";

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1] ?? fallback;
}

const tools = Number(flag("--tools", "2000"));
const bigMb = Number(flag("--big-mb", "0"));
const runs = Number(flag("--runs", "11"));
const formats = process.argv.includes("--format") ? [flag("--format", "json")] : ["json", "text"];
const base = flag("--base", "");
const BUN = join(ROOT, "node_modules", ".bin", "bun");

/** The stage timer: what the diff command does, step by step, with the CPU time of each. */
const ENTRY = `import { readFileSync } from "node:fs";
import process from "node:process";
import { parseDocument } from "./core/read_source.ts";
import { scanListItems } from "./core/parse_alike.ts";
import { contractFromDocuments } from "./core/load_contract.ts";
import { compareContractsAsync } from "./core/engine.ts";
import { defaultConfig } from "./core/config.ts";
import { locateChanges } from "./core/locate.ts";
import { createRegistry } from "./core/registry.ts";
import { builtinRules } from "./rules/mod.ts";
import { jsonReporter } from "./reporters/json.ts";
import { sarifReporter } from "./reporters/sarif.ts";
import { textReporter } from "./reporters/text.ts";
import { collectBeforeLargeParse } from "./cli/heap.ts";
const [format, oldFile, newFile] = process.argv.slice(2);
const cpu = (u) => (u.user + u.system) / 1000;
const steps = [];
// Start-up and the imports come first: the thread has spent nothing before.
let last = 0;
const step = (name) => {
  const now = cpu(process.threadCpuUsage());
  steps.push([name, now - last]);
  last = now;
};
step("start-up and import");
const texts = [readFileSync(oldFile, "utf8"), readFileSync(newFile, "utf8")];
step("read");
// As proxar diff OLD NEW does: OLD is parsed, its tools scanned for NEW, and it is loaded; NEW is
// parsed against it, then loaded; the heap is collected before the first large parse.
collectBeforeLargeParse(texts[0]);
step("collect");
const oldDoc = parseDocument("old.json", texts[0], "old.json");
step("parse old");
scanListItems({ text: oldDoc.text, value: oldDoc.value });
step("scan old");
const old = contractFromDocuments(oldDoc.label, [oldDoc]);
step("load old");
const newDoc = parseDocument("new.json", texts[1], "new.json", oldDoc);
step("parse new");
const next = contractFromDocuments(newDoc.label, [newDoc]);
step("load new");
const registry = createRegistry(builtinRules);
const report = await compareContractsAsync(old, next, { registry, config: defaultConfig() });
step("rules");
const reporter = { json: jsonReporter, sarif: sarifReporter }[format] ?? textReporter;
locateChanges(report.changes, old, next, { oldBesideNew: reporter.oldLocationOnlyWithoutNew !== true });
step("locate");
if (format !== "text") {
  void report.old.hash;
  step("content hashes");
}
reporter.render(report, { rules: registry.rules.map((r) => r.meta), color: false, options: { today: "2026-01-01" } });
step("render");
steps.push(["main thread, all", cpu(process.threadCpuUsage())]);
steps.push(["process, all", cpu(process.cpuUsage())]);
console.log(JSON.stringify(steps));
`;

/** Builds the stage timer from the tree at `dir` into `out`. */
function build(dir: string, out: string): void {
  const entry = join(dir, ".profile_stages_entry.ts");
  writeFileSync(entry, ENTRY);
  try {
    run(
      BUN,
      ["build", ...PROXAR_BUILD_FLAGS, entry, "--outfile", out],
      dir,
    );
  } finally {
    rmSync(entry, { force: true });
  }
}

const work = mkdtempSync(join(tmpdir(), "proxar-profile-stages-"));
try {
  const oldFile = join(work, "old.json");
  const newFile = join(work, "new.json");
  const [oldDoc, newDoc] = bigMb > 0
    ? [bigSchemaContract(bigMb * 1e6, false), bigSchemaContract(bigMb * 1e6, true)]
    : [generatedContract(tools, false), generatedContract(tools, true)];
  writeFileSync(oldFile, JSON.stringify(oldDoc, null, 1));
  writeFileSync(newFile, JSON.stringify(newDoc, null, 1));
  const binaries: [label: string, path: string][] = [["this checkout", join(work, "here")]];
  build(ROOT, binaries[0]![1]);
  if (base !== "") {
    // The revision's files, with this checkout's packages.
    const tree = join(work, "base");
    mkdirSync(tree);
    run("git", ["archive", "--format=tar", "-o", join(work, "base.tar"), base], ROOT);
    run("tar", ["-xf", join(work, "base.tar"), "-C", tree], work);
    symlinkSync(join(ROOT, "node_modules"), join(tree, "node_modules"));
    binaries.unshift([base, join(work, "base-bin")]);
    build(tree, binaries[0]![1]);
  }
  for (const format of formats) {
    // Each binary's steps over the runs; the binaries take turns in each round.
    const samples = binaries.map(() => new Map<string, number[]>());
    for (let round = 0; round < runs; round++) {
      binaries.forEach(([, path], i) => {
        const steps = JSON.parse(run(path, [format, oldFile, newFile], work)) as [string, number][];
        for (const [name, ms] of steps) {
          const list = samples[i]!.get(name) ?? [];
          list.push(ms);
          samples[i]!.set(name, list);
        }
      });
    }
    console.log(
      `\n${format} report, ${
        bigMb > 0 ? `1 tool with a ${bigMb} MB schema` : `${tools} tools`
      }, ${runs} runs: CPU ms of each step, min / median`,
    );
    console.log(
      `${"step".padEnd(24)}${binaries.map(([label]) => label.slice(0, 20).padStart(22)).join("")}`,
    );
    for (const name of samples[0]!.keys()) {
      const cells = samples.map((s) => {
        const values = s.get(name) ?? [NaN];
        return `${Math.min(...values).toFixed(0)} / ${median(values).toFixed(0)}`.padStart(22);
      });
      console.log(`${name.padEnd(24)}${cells.join("")}`);
    }
    const others = samples.map((s) => {
      const all = s.get("process, all")!.map((p, i) => p - s.get("main thread, all")![i]!);
      return `${Math.min(...all).toFixed(0)} / ${median(all).toFixed(0)}`.padStart(22);
    });
    console.log(`${"other threads (GC, JIT)".padEnd(24)}${others.join("")}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

// deno-lint-ignore-file no-console
/**
 * Benchmark: a large contract pair (2,000 tools with nested schemas, about 20 MB per side, a few
 * percent of tools changed). Prints the median wall time of JSON.parse of both files, of loading
 * (shape validation, normalisation) plus the full diff, and their ratio; then of the report with
 * content hashes, and of locating the findings in both texts (the first run, which meets cold
 * code as the CLI does, and the median).
 *
 * Run: `deno run -A scripts/bench_diff.ts [tools] [runs]`
 * @module
 */
import { performance } from "node:perf_hooks";
import process from "node:process";
import { compareContracts, diffContracts } from "../core/engine.ts";
import { contractFromDocument } from "../core/load_contract.ts";
import { locateChanges } from "../core/locate.ts";
import { createRegistry } from "../core/registry.ts";
import { builtinRules } from "../rules/mod.ts";
import { generatedContract } from "./_bench_contracts.ts";

const tools = Number(process.argv[2] ?? 2000);
const runs = Number(process.argv[3] ?? 7);

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const oldText = JSON.stringify(generatedContract(tools, false), null, 1);
const newText = JSON.stringify(generatedContract(tools, true), null, 1);
console.log(
  `contracts: ${tools} tools, ${(oldText.length / 1e6).toFixed(1)} MB + ${
    (newText.length / 1e6).toFixed(1)
  } MB`,
);
const registry = createRegistry(builtinRules);
const parse: number[] = [];
const diff: number[] = [];
const full: number[] = [];
const locate: number[] = [];
let findings = 0;
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  const a = JSON.parse(oldText);
  const b = JSON.parse(newText);
  parse.push(performance.now() - t);
  t = performance.now();
  const oldC = contractFromDocument({ label: "old", value: a }).contract;
  const newC = contractFromDocument({ label: "new", value: b }).contract;
  findings = diffContracts(oldC, newC, { registry }).changes.length;
  diff.push(performance.now() - t);
  // What the CLI does: the report adds both contracts' content hashes (RFC 8785 + sha256).
  t = performance.now();
  const old = contractFromDocument({ label: "old", file: "old.json", text: oldText, value: a });
  const next = contractFromDocument({ label: "new", file: "new.json", text: newText, value: b });
  const report = compareContracts(old, next, { registry });
  full.push(performance.now() - t);
  t = performance.now();
  locateChanges(report.changes, old, next);
  locate.push(performance.now() - t);
}
const p = median(parse);
const d = median(diff);
console.log(`runs: ${runs}, findings: ${findings}`);
console.log(`JSON.parse of both files: median ${p.toFixed(0)} ms`);
console.log(`load + diff:              median ${d.toFixed(0)} ms`);
console.log(`ratio diff / parse:       ${(d / p).toFixed(2)}`);
console.log(`load + diff + report with content hashes: median ${median(full).toFixed(0)} ms`);
console.log(
  `source locations of the findings: first ${locate[0]!.toFixed(0)} ms, median ${
    median(locate).toFixed(0)
  } ms`,
);

// deno-lint-ignore-file no-console
/**
 * Profile: how far below `proxar diff` of the 2,000-tool pair (that of `bench_diff.ts`) any diff
 * that reports both content hashes can go, in the release binary's runtime. In one process built
 * with the release build's `bun build` flags, each run measures the main thread's CPU time of:
 * what the reference process of `bench_scale.ts` does (read both files, `JSON.parse` both); the
 * least any canonical text of the old side costs (the runtime's own `JSON.stringify` of its
 * value, keys left in the order read: the same bytes, unsorted) and the SHA-256 of that text;
 * Proxar's content hash of the old side (sorted, RFC 8785); and the rules on the pair, the first
 * run (as a diff runs them) and the best of five more (compiled code). Prints min / median of each
 * and two sums, each as a multiple of the reference: the floor (reference, unsorted text and its
 * hash, warm rules) and those same steps as Proxar does them (its hash, rules the first time).
 * What a diff also does (start-up, the scan that shares unchanged tools, loading, locating, the
 * new side's hash) comes on top of both; `profile_stages.ts` measures it.
 *
 * Run: `deno run -A scripts/profile_floor.ts [--tools 2000] [--runs 7]`
 * @module
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { generatedContract } from "./_bench_contracts.ts";
import { median, outputOf as run } from "./_bench_process.ts";
import { PROXAR_BUILD_FLAGS, ROOT } from "./_build_info.ts";

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1] ?? fallback;
}

const tools = Number(flag("--tools", "2000"));
const runs = Number(flag("--runs", "7"));
const BUN = join(ROOT, "node_modules", ".bin", "bun");

/** The timer: each step's CPU time of the main thread, as JSON pairs on standard output. */
const ENTRY = `import { readFileSync } from "node:fs";
import process from "node:process";
import { parseDocument } from "./core/read_source.ts";
import { scanListItems } from "./core/parse_alike.ts";
import { contractFromDocuments } from "./core/load_contract.ts";
import { compareContractsAsync } from "./core/engine.ts";
import { defaultConfig } from "./core/config.ts";
import { createRegistry } from "./core/registry.ts";
import { contractHash } from "./core/hash.ts";
import { createSha256 } from "./core/sha256.ts";
import { builtinRules } from "./rules/mod.ts";
const [oldFile, newFile] = process.argv.slice(2);
const cpu = () => { const u = process.threadCpuUsage(); return (u.user + u.system) / 1000; };
const steps = [];
let last = cpu();
const step = (name) => { const now = cpu(); steps.push([name, now - last]); last = now; };
const texts = [readFileSync(oldFile, "utf8"), readFileSync(newFile, "utf8")];
step("read both");
const values = texts.map((t) => JSON.parse(t));
step("parse both");
const unsorted = JSON.stringify(values[0]);
step("old: native text, unsorted");
const sha = createSha256();
sha.update(new TextEncoder().encode(unsorted));
sha.digest("hex");
step("old: sha-256 of that text");
const oldDoc = parseDocument("old.json", texts[0], "old.json");
scanListItems({ text: oldDoc.text, value: oldDoc.value });
const old = contractFromDocuments(oldDoc.label, [oldDoc]);
const next = contractFromDocuments("new.json", [parseDocument("new.json", texts[1], "new.json", oldDoc)]);
step("(proxar parse, scan, load: not summed)");
contractHash(old.contract);
step("old: proxar's content hash");
const registry = createRegistry(builtinRules);
const compare = () => compareContractsAsync(old, next, { registry, config: defaultConfig() });
await compare();
step("rules, first run");
let best = Infinity;
for (let i = 0; i < 5; i++) {
  const start = cpu();
  await compare();
  best = Math.min(best, cpu() - start);
}
steps.push(["rules, best of 5 more", best]);
console.log(JSON.stringify(steps));
`;

const work = mkdtempSync(join(tmpdir(), "proxar-profile-floor-"));
const entry = join(ROOT, ".profile_floor_entry.ts");
try {
  const files = [join(work, "old.json"), join(work, "new.json")];
  writeFileSync(files[0]!, JSON.stringify(generatedContract(tools, false), null, 1));
  writeFileSync(files[1]!, JSON.stringify(generatedContract(tools, true), null, 1));
  const binary = join(work, "floor");
  writeFileSync(entry, ENTRY);
  try {
    run(BUN, ["build", ...PROXAR_BUILD_FLAGS, entry, "--outfile", binary], ROOT);
  } finally {
    rmSync(entry, { force: true });
  }
  const samples = new Map<string, number[]>();
  for (let round = 0; round < runs; round++) {
    for (const [name, ms] of JSON.parse(run(binary, files, work)) as [string, number][]) {
      samples.set(name, [...samples.get(name) ?? [], ms]);
    }
  }
  const at = (name: string) => median(samples.get(name)!);
  console.log(`${tools} tools, ${runs} runs: main thread CPU ms, min / median`);
  for (const [name, values] of samples) {
    console.log(
      `${name.padEnd(40)}${`${Math.min(...values).toFixed(0)} / ${median(values).toFixed(0)}`}`,
    );
  }
  const reference = at("read both") + at("parse both");
  const sums: [string, number][] = [
    [
      "floor: reference, unsorted text and hash, warm rules",
      reference + at("old: native text, unsorted") + at("old: sha-256 of that text") +
      at("rules, best of 5 more"),
    ],
    [
      "the same steps as proxar: its hash, rules once",
      reference + at("old: proxar's content hash") + at("rules, first run"),
    ],
  ];
  console.log(`\nmedians summed, as multiples of the reference (${reference.toFixed(0)} ms)`);
  for (const [name, ms] of sums) {
    console.log(
      `${name.padEnd(56)}${ms.toFixed(0).padStart(5)} ms ${(ms / reference).toFixed(2)}×`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

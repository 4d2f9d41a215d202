// deno-lint-ignore-file no-console
/**
 * Benchmark: a large contract pair (2,000 tools with nested schemas, about 20 MB per side, a few
 * percent of tools changed). Prints the median wall time of JSON.parse of both files, of loading
 * (shape validation, normalisation) plus the full diff, and their ratio.
 *
 * Run: `deno run -A scripts/bench_diff.ts [tools] [runs]`
 * @module
 */
import { performance } from "node:perf_hooks";
import process from "node:process";
import { compareContracts, diffContracts } from "../core/engine.ts";
import type { JsonObject, JsonValue } from "../core/json.ts";
import { contractFromDocument } from "../core/load_contract.ts";
import { createRegistry } from "../core/registry.ts";
import { builtinRules } from "../rules/mod.ts";

const tools = Number(process.argv[2] ?? 2000);
const runs = Number(process.argv[3] ?? 7);

function rng(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

function schema(r: () => number, depth: number, width: number): JsonObject {
  const properties: JsonObject = {};
  for (let i = 0; i < width; i++) {
    const kind = Math.floor(r() * 5);
    properties[`field_${i}`] = depth > 0 && kind === 0
      ? schema(r, depth - 1, Math.max(2, width - 3))
      : kind === 1
      ? { type: "string", maxLength: 100 + i, description: `Text field number ${i} of this object` }
      : kind === 2
      ? { type: "integer", minimum: 0, maximum: 1000, description: "A bounded count" }
      : kind === 3
      ? { enum: ["open", "closed", "merged", "draft"], description: "The state" }
      : { type: "array", items: { type: "string", format: "uri" }, maxItems: 20 };
  }
  return {
    type: "object",
    properties,
    required: ["field_0", "field_1"],
    additionalProperties: false,
  };
}

function contract(changed: boolean): JsonValue {
  const r = rng(42);
  const list = [];
  for (let t = 0; t < tools; t++) {
    const input = schema(r, 3, 11);
    const output = schema(r, 2, 7);
    if (changed && t % 33 === 0) {
      (input.properties as JsonObject).field_1 = { type: ["string", "null"] };
      (input.required as string[]).push("field_2");
      (output.properties as JsonObject).extra = { type: "string" };
    }
    list.push({
      name: `tool_${t}`,
      description: `Tool ${t} does one thing well. Use it when you need item ${t}.`,
      inputSchema: input,
      outputSchema: output,
      annotations: { readOnlyHint: t % 2 === 0 },
    });
  }
  return { tools: list };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const oldText = JSON.stringify(contract(false), null, 1);
const newText = JSON.stringify(contract(true), null, 1);
console.log(
  `contracts: ${tools} tools, ${(oldText.length / 1e6).toFixed(1)} MB + ${
    (newText.length / 1e6).toFixed(1)
  } MB`,
);
const registry = createRegistry(builtinRules);
const parse: number[] = [];
const diff: number[] = [];
const full: number[] = [];
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
  compareContracts(
    contractFromDocument({ label: "old", value: a }),
    contractFromDocument({ label: "new", value: b }),
    { registry },
  );
  full.push(performance.now() - t);
}
const p = median(parse);
const d = median(diff);
console.log(`runs: ${runs}, findings: ${findings}`);
console.log(`JSON.parse of both files: median ${p.toFixed(0)} ms`);
console.log(`load + diff:              median ${d.toFixed(0)} ms`);
console.log(`ratio diff / parse:       ${(d / p).toFixed(2)}`);
console.log(`load + diff + report with content hashes: median ${median(full).toFixed(0)} ms`);

// deno-lint-ignore-file no-console
/**
 * Benchmark: response shapes of large results. Builds a `tools/call` result holding N objects
 * (as structuredContent and as JSON text, as many servers send both), takes its shape, merges it
 * with itself, and compares two such shapes with the response rules' diff. Prints the median
 * time of each step, the result's size and the size of the recorded shape (bounded whatever N).
 *
 * Run: `deno run -A scripts/bench_sampling.ts [items] [runs]`
 * @module
 */
import { performance } from "node:perf_hooks";
import process from "node:process";
import { emptyContract } from "../core/contract.ts";
import { responseDeltas } from "../core/response/diff.ts";
import { mergeResponses, responseShapeOf } from "../core/response/result.ts";
import { outputViolations } from "../core/response/violations.ts";
import { samplesText } from "../mcp/sampling/samples_file.ts";

const items = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 7);

const list = Array.from({ length: items }, (_, i) => ({
  id: i,
  name: `item ${String(i).padStart(6, "0")}`,
  owner: { login: `user${i % 97}`, site_admin: i % 2 === 0 },
  labels: [{ name: "bug", color: "f00" }],
  created: new Date(1_700_000_000_000 + i * 1000).toISOString(),
  score: i / 3,
  note: i % 5 === 0 ? null : "text",
}));
const structured = { items: list, total: items };
const result = {
  content: [{ type: "text", text: JSON.stringify(structured) }],
  structuredContent: structured,
};
const schema = {
  type: "object",
  properties: { items: { type: "array", items: { type: "object", required: ["id", "name"] } } },
};

function median(f: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    f();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

let shape = responseShapeOf(result);
const tShape = median(() => void (shape = responseShapeOf(result)));
const tViolations = median(() => void outputViolations(schema, structured));
const tMerge = median(() => void mergeResponses(shape, shape));
const a = { ...emptyContract(), responses: { t: shape } };
const tDiff = median(() => void responseDeltas(a, { ...emptyContract(), responses: { t: shape } }));
const resultBytes = JSON.stringify(result).length;
const shapeBytes = samplesText({ name: "bench", version: "1" }, { t: shape }).length;
console.log(`items: ${items}, result: ${(resultBytes / 1e6).toFixed(2)} MB, runs: ${runs}`);
console.log(`shape (parse JSON text + both trees): ${tShape.toFixed(1)} ms median`);
console.log(`outputSchema check: ${tViolations.toFixed(1)} ms median`);
console.log(`merge two shapes: ${tMerge.toFixed(2)} ms median`);
console.log(`compare two shapes: ${tDiff.toFixed(2)} ms median`);
console.log(`recorded samples file: ${shapeBytes} bytes`);

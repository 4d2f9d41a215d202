// deno-lint-ignore-file no-console
/**
 * Benchmark: the prose classifier on long server instructions. Builds a pair of about 50 KB of
 * realistic instruction text, differing in one sentence (without a marker, so the classifier
 * reaches its last step and computes both scores), and prints the median time of
 * `classifyProse` plus the verdict. A second pair, two unrelated texts of the same size, shows
 * the worst case, where nothing is shared and the whole edit distance must be computed. For
 * comparison it also times the Levenshtein distance of the whole normalised pair, which is what
 * the classifier computed before it stripped the common prefix and suffix.
 *
 * Run: `deno run -A scripts/bench_prose.ts [kilobytes] [runs]`
 * @module
 */
import { performance } from "node:perf_hooks";
import process from "node:process";
import { distance } from "fastest-levenshtein";
import { classifyProse, normaliseProse, type ProseVerdict } from "../core/prose.ts";

const kilobytes = Number(process.argv[2] ?? 50);
const runs = Number(process.argv[3] ?? 9);

const SUBJECTS = ["issues", "projects", "labels", "comments", "milestones", "pull requests"];
const VERBS = ["Search", "List", "Fetch", "Update", "Archive", "Summarise"];
const ADVICE = [
  "Prefer the narrowest filter that answers the question.",
  "Quote identifiers exactly as the user wrote them.",
  // No number word here: "one" is a marker, and the pair must reach the similarity step.
  "Report what you changed in a short sentence.",
  "Ask the user when several results look equally relevant.",
  "Keep pagination cursors between calls in the same conversation.",
];

/** Instruction text of about `size` characters, deterministic. */
function instructions(size: number, salt = 0): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const k = i + salt;
    const line = `${VERBS[k % VERBS.length]} ${SUBJECTS[(k * 7) % SUBJECTS.length]} of section ${
      String.fromCharCode(97 + (k % 26))
    } when the request mentions them. ${ADVICE[(k * 3) % ADVICE.length]}`;
    parts.push(line);
    length += line.length + 1;
  }
  return parts.join("\n");
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function measure<T>(run: () => T): { ms: number; result: T } {
  const times: number[] = [];
  let result = run();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    result = run();
    times.push(performance.now() - t);
  }
  return { ms: median(times), result };
}

function time(a: string, b: string): { ms: number; verdict: ProseVerdict } {
  const { ms, result } = measure(() => classifyProse(a, b));
  return { ms, verdict: result };
}

const before = instructions(kilobytes * 1000);
const middle = before.indexOf("Report what you changed", before.length / 2);
const sentence = "Report what you changed in a short sentence.";
const after = before.slice(0, middle) +
  "Summarise the outcome for the user in plain words." +
  before.slice(middle + sentence.length);
const unrelated = instructions(kilobytes * 1000, 3).split("").reverse().join("");

console.log(`texts: ${before.length} and ${after.length} characters, runs: ${runs}`);
const one = time(before, after);
console.log(
  `one sentence changed: median ${one.ms.toFixed(2)} ms, verdict ${JSON.stringify(one.verdict)}`,
);
const [na, nb] = [normaliseProse(before), normaliseProse(after)];
const whole = measure(() => distance(na, nb));
console.log(
  `whole-text Levenshtein of that pair (no prefix/suffix stripping): median ${
    whole.ms.toFixed(2)
  } ms, distance ${whole.result}`,
);
const worst = time(before, unrelated);
console.log(
  `nothing shared:       median ${worst.ms.toFixed(2)} ms, verdict ${
    JSON.stringify(worst.verdict)
  }`,
);

// deno-lint-ignore-file no-console
/**
 * Shows which rows of the labelled prose table (`tests/fixtures/prose_cases.json`) bound the
 * similarity thresholds: for `high` given the default `low`, and for `low` given the default
 * `high`, the interval every row allows and the rows at its ends. `docs/prose.md` quotes it.
 *
 * Run: `deno run -A scripts/prose_thresholds.ts [table.json]`
 * @module
 */
import { readFileSync } from "node:fs";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { classifyProse, DEFAULT_PROSE_OPTIONS } from "../core/prose.ts";

interface Row {
  case: string;
  old: string;
  new: string;
  severity: string;
  step: string;
}

const file = process.argv[2] ??
  fileURLToPath(new URL("../tests/fixtures/prose_cases.json", import.meta.url));
const rows = JSON.parse(readFileSync(file, "utf8")) as Row[];
const { high, low } = DEFAULT_PROSE_OPTIONS;

const scored = rows.filter((r) => r.step === "similarity").map((r) => {
  const v = classifyProse(r.old, r.new);
  const scores = [v.edit!, v.jaccard!];
  return {
    row: r,
    doc: r.severity === "DOCUMENTATION",
    max: Math.max(...scores),
    min: Math.min(...scores),
  };
});

type Scored = (typeof scored)[number];
type Bound = { value: number; names: string[] };

/** The extreme value of `pick` over `list`, with every row that has it. */
function extreme(list: Scored[], pick: (s: Scored) => number, largest: boolean): Bound {
  if (list.length === 0) return { value: largest ? -Infinity : Infinity, names: ["no row"] };
  const values = list.map(pick);
  const value = largest ? Math.max(...values) : Math.min(...values);
  return { value, names: list.filter((s) => pick(s) === value).map((s) => s.row.case) };
}

// DOCUMENTATION needs one score ≥ high and none < low; POTENTIALLY_BREAKING needs the opposite.
const docs = scored.filter((s) => s.doc);
const highFloor = extreme(scored.filter((s) => !s.doc && s.min >= low), (s) => s.max, true);
const highCeil = extreme(docs, (s) => s.max, false);
const lowFloor = extreme(scored.filter((s) => !s.doc && s.max >= high), (s) => s.min, true);
const lowCeil = extreme(docs, (s) => s.min, false);
const quote = (b: Bound) => b.names.map((n) => `"${n}"`).join(", ");

console.log(
  `${rows.length} rows, ${scored.length} decided by similarity; defaults high ${high}, low ${low}`,
);
console.log(`high must lie in (${highFloor.value}, ${highCeil.value}] given low ${low}`);
console.log(`  above: ${quote(highFloor)}`);
console.log(`  at most: ${quote(highCeil)}`);
console.log(`low must lie in (${lowFloor.value}, ${lowCeil.value}] given high ${high}`);
console.log(`  above: ${quote(lowFloor)}`);
console.log(`  at most: ${quote(lowCeil)}`);
const ok = highFloor.value < high && high <= highCeil.value && lowFloor.value < low &&
  low <= lowCeil.value;
console.log(ok ? "the defaults lie inside both intervals" : "THE DEFAULTS LIE OUTSIDE AN INTERVAL");

/**
 * Proxar's sixth extension of the seed's prose steps: step 5 on a long text. One sentence changed
 * in a long description moves the whole text's scores little, so the whole text may pass step 5
 * while the sentence alone would not: next-devtools-mcp 0.3.1 → 0.3.10 replaced the tool name
 * `'nextjs_runtime'` in one sentence of browser_eval's description (that sentence alone: edit
 * similarity 0.843) and added a five-line "Use this tool when you need to:" block to
 * enable_cache_components; both were DOCUMENTATION. So the two texts are split into units (lines,
 * and sentences within a line), the units are aligned (a longest common subsequence of their
 * normalised forms), and each run of units that differs is graded alone by the other steps. See
 * `docs/prose.md`.
 * @module
 */

/** A run of units that differs: the old units and the new ones joined by a space (either may be ""). */
export interface UnitChange {
  old: string;
  new: string;
}

/** A unit holds at least one letter or digit; a line of punctuation (`---`, ```` ``` ````) is none. */
const CONTENT = /[\p{L}\p{N}]/u;

/**
 * Lines, and sentences within a line (split after `.`, `!` or `?` followed by a space, and after
 * the full-width `。`, `！` or `？` of Chinese and Japanese, which no space follows), without list
 * bullets' surrounding whitespace; units without a letter or digit are dropped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { proseUnits } from "./prose_units.ts";
 * assert.deepEqual(proseUnits("可选的对象名。请使用 migrationName。"), ["可选的对象名。", "请使用 migrationName。"]);
 * ```
 */
export function proseUnits(text: string): string[] {
  const out: string[] = [];
  for (const line of text.normalize("NFC").split(/\r?\n/)) {
    for (const sentence of line.split(/(?<=[.!?])\s+(?=\S)|(?<=[。！？])\s*(?=\S)/u)) {
      const unit = sentence.replace(/\s+/g, " ").trim();
      if (CONTENT.test(unit)) out.push(unit);
    }
  }
  return out;
}

/** How units are compared: case, whitespace and trailing punctuation do not count. */
function key(unit: string): string {
  return unit.toLowerCase().replace(/[\s.,;:!?…]+$/u, "");
}

/**
 * The runs of units that differ between two texts, in order, once the units both texts share are
 * aligned (a longest common subsequence; the common head and tail are taken first, so the table is
 * only as large as the changed middle). A run whose joined old and new texts are equal once
 * whitespace is collapsed (a sentence reflowed over two lines) is no change.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unitChanges } from "./prose_units.ts";
 * assert.deepEqual(
 *   unitChanges("Reads a file. Use it first.\n- a", "Reads a file. Use it last.\n- a\n- b"),
 *   [{ old: "Use it first.", new: "Use it last." }, { old: "", new: "- b" }],
 * );
 * assert.deepEqual(unitChanges("One line\nwrapped. Two.", "One line wrapped. Two."), []);
 * ```
 */
export function unitChanges(oldText: string, newText: string): UnitChange[] {
  const a = proseUnits(oldText);
  const b = proseUnits(newText);
  const ka = a.map(key);
  const kb = b.map(key);
  let head = 0;
  while (head < ka.length && head < kb.length && ka[head] === kb[head]) head++;
  let tail = 0;
  while (
    tail < ka.length - head && tail < kb.length - head &&
    ka[ka.length - 1 - tail] === kb[kb.length - 1 - tail]
  ) tail++;
  const ma = ka.slice(head, ka.length - tail);
  const mb = kb.slice(head, kb.length - tail);
  // Beyond a million cells the changed middle is graded as one run rather than aligned.
  if (ma.length * mb.length > 1_000_000) {
    const o = a.slice(head, a.length - tail).join(" ");
    const n = b.slice(head, b.length - tail).join(" ");
    return o === n ? [] : [{ old: o, new: n }];
  }
  // lcs[i][j]: length of the longest common subsequence of ma[i..] and mb[j..].
  const width = mb.length + 1;
  const lcs = new Uint32Array((ma.length + 1) * width);
  for (let i = ma.length - 1; i >= 0; i--) {
    for (let j = mb.length - 1; j >= 0; j--) {
      lcs[i * width + j] = ma[i] === mb[j]
        ? lcs[(i + 1) * width + j + 1]! + 1
        : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const out: UnitChange[] = [];
  let runA: string[] = [];
  let runB: string[] = [];
  const flush = () => {
    const o = runA.join(" ");
    const n = runB.join(" ");
    if (o.replace(/\s+/g, " ") !== n.replace(/\s+/g, " ")) out.push({ old: o, new: n });
    runA = [];
    runB = [];
  };
  let i = 0;
  let j = 0;
  while (i < ma.length || j < mb.length) {
    if (i < ma.length && j < mb.length && ma[i] === mb[j]) {
      flush();
      i++;
      j++;
    } else if (
      j >= mb.length || (i < ma.length && lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!)
    ) {
      runA.push(a[head + i]!);
      i++;
    } else {
      runB.push(b[head + j]!);
      j++;
    }
  }
  flush();
  return out;
}

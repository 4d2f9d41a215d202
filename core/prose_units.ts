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
import { changedRuns } from "./changed_runs.ts";

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
 * The text is in NFC, as `classifyProse` passes it (it normalises it once).
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
  for (const line of text.split(/\r?\n/)) {
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
 * only as large as the changed middle). A run whose joined old and new units are equal (a sentence
 * reflowed over two lines: units hold their whitespace collapsed) is no change.
 * The texts are in NFC, as `classifyProse` passes them (it normalises them once).
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
  // Beyond a million cells the changed middle is one run rather than aligned.
  const { runs } = changedRuns(a.map(key), b.map(key), 1_000_000);
  const out: UnitChange[] = [];
  for (const { old: [oldStart, oldEnd], new: [newStart, newEnd] } of runs) {
    // Units hold their whitespace collapsed, so joined runs compare as collapsed text.
    const o = a.slice(oldStart, oldEnd).join(" ");
    const n = b.slice(newStart, newEnd).join(" ");
    if (o !== n) out.push({ old: o, new: n });
  }
  return out;
}

/**
 * Word-level differences between two texts, for showing old and new prose side by side.
 * @module
 */

/** A run of text, marked when it is not shared with the other side. */
export interface Segment {
  text: string;
  changed: boolean;
}

/** Past this many word pairs the middle is marked changed whole instead of aligned. */
const MAX_CELLS = 1_000_000;

function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

function push(out: Segment[], text: string, changed: boolean): void {
  const last = out[out.length - 1];
  if (last && last.changed === changed) last.text += text;
  else if (text !== "") out.push({ text, changed });
}

/**
 * Splits both texts into words and whitespace and marks what the other side lacks, by a
 * longest common subsequence of words (shared prefix and suffix first).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wordDiff } from "./word_diff.ts";
 * const d = wordDiff("limit defaults to 10", "limit defaults to 100");
 * assert.deepEqual(d.old, [{ text: "limit defaults to ", changed: false }, { text: "10", changed: true }]);
 * assert.deepEqual(d.new, [{ text: "limit defaults to ", changed: false }, { text: "100", changed: true }]);
 * ```
 */
export function wordDiff(oldText: string, newText: string): { old: Segment[]; new: Segment[] } {
  const a = tokens(oldText);
  const b = tokens(newText);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const old: Segment[] = [];
  const next: Segment[] = [];
  const head = a.slice(0, start).join("");
  push(old, head, false);
  push(next, head, false);
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) {
    push(old, midA.join(""), true);
    push(next, midB.join(""), true);
  } else {
    align(midA, midB, old, next);
  }
  const tail = a.slice(endA).join("");
  push(old, tail, false);
  push(next, tail, false);
  return { old, new: next };
}

/** LCS alignment of two token lists; whitespace between changed words counts as changed. */
function align(a: string[], b: string[], old: Segment[], next: Segment[]): void {
  const n = a.length;
  const m = b.length;
  const table = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[at(i, j)] = a[i] === b[j]
        ? table[at(i + 1, j + 1)]! + 1
        : Math.max(table[at(i + 1, j)]!, table[at(i, j + 1)]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      push(old, a[i]!, false);
      push(next, b[j]!, false);
      i++;
      j++;
    } else if (j < m && (i === n || table[at(i, j + 1)]! >= table[at(i + 1, j)]!)) {
      push(next, b[j++]!, true);
    } else {
      push(old, a[i++]!, true);
    }
  }
}

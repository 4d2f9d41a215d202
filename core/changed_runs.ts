/**
 * Where two sequences differ: the runs between the items both share, lined up by a longest common
 * subsequence. Used for the units of a long text (`prose_units.ts`) and for its words
 * (`prose_tool.ts`).
 * @module
 */

/** One changed run: the half-open index ranges `[start, end)` it covers in each sequence. */
export interface ChangedRun {
  old: readonly [number, number];
  new: readonly [number, number];
}

/**
 * The runs of `a` and `b` that differ, in order. The common head and tail are taken first, so the
 * table is only as large as the changed middle; when that middle holds more than `maxCells` pairs
 * of items it is not lined up, and `aligned` is false with the whole middle as the one run.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { changedRuns } from "./changed_runs.ts";
 * const { runs, aligned } = changedRuns(["a", "b", "c", "d"], ["a", "x", "c", "d", "e"], 100);
 * assert.equal(aligned, true);
 * assert.deepEqual(runs, [{ old: [1, 2], new: [1, 2] }, { old: [4, 4], new: [4, 5] }]);
 * assert.deepEqual(changedRuns(["a", "b"], ["c", "d"], 3).runs, [{ old: [0, 2], new: [0, 2] }]);
 * ```
 */
export function changedRuns(
  a: readonly string[],
  b: readonly string[],
  maxCells: number,
): { runs: ChangedRun[]; aligned: boolean } {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head && tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) tail++;
  const endA = a.length - tail, endB = b.length - tail;
  const rows = endA - head, cols = endB - head;
  if (rows * cols > maxCells) {
    const whole = rows > 0 || cols > 0;
    return { runs: whole ? [{ old: [head, endA], new: [head, endB] }] : [], aligned: false };
  }
  // lcs[i][j]: length of the longest common subsequence of the middles from i and from j.
  const width = cols + 1;
  const lcs = new Uint32Array((rows + 1) * width);
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = cols - 1; j >= 0; j--) {
      lcs[i * width + j] = a[head + i] === b[head + j]
        ? lcs[(i + 1) * width + j + 1]! + 1
        : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const runs: ChangedRun[] = [];
  let fromA = head, fromB = head;
  let i = 0, j = 0;
  const close = () => {
    if (head + i > fromA || head + j > fromB) {
      runs.push({ old: [fromA, head + i], new: [fromB, head + j] });
    }
  };
  while (i < rows || j < cols) {
    if (i < rows && j < cols && a[head + i] === b[head + j]) {
      close();
      i++, j++;
      fromA = head + i, fromB = head + j;
    } else if (j >= cols || (i < rows && lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!)) {
      i++;
    } else {
      j++;
    }
  }
  close();
  return { runs, aligned: true };
}

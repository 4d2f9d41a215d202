/**
 * Temporary files left behind by a writer that was killed between writing and renaming
 * (`.<name>.<random>.tmp`, see `writeFileAtomic`). They are removed on the next write, but only
 * when old enough that no live writer can still own them.
 * @module
 */
import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";

/**
 * A temporary file younger than this may belong to a writer that is still running: a write
 * renames its file right after writing it, so ten minutes is far beyond any live writer.
 */
export const STALE_TEMP_MS = 10 * 60_000;

const TEMP_NAME = /^\..+\.[0-9a-f]{12}\.tmp$/;

/**
 * Removes the temporary files in `dir` (optionally only those for the file `target`) whose last
 * change is older than {@link STALE_TEMP_MS}; returns their names. Failures are ignored: a file
 * that cannot be removed now is tried again on the next write.
 */
export async function removeStaleTemps(
  dir: string,
  options: { target?: string; now?: number } = {},
): Promise<string[]> {
  const now = options.now ?? Date.now();
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names.sort()) {
    if (!TEMP_NAME.test(name)) continue;
    if (options.target !== undefined && !name.startsWith(`.${options.target}.`)) continue;
    const path = join(dir, name);
    try {
      const info = await stat(path);
      if (!info.isFile() || now - info.mtimeMs < STALE_TEMP_MS) continue;
      await rm(path);
      removed.push(name);
    } catch {
      // gone already, or not ours to remove
    }
  }
  return removed;
}

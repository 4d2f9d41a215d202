/**
 * Atomic file writes: a temporary file in the same directory, then a rename, so readers never
 * see a partial file and a failed run leaves nothing behind.
 * @module
 */
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { UserError } from "../core/errors.ts";

/** Writes `text` to `path` atomically, creating the directory if needed. */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(temp, text, { encoding: "utf8", flag: "wx" });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw new UserError(`Cannot write "${path}": ${(error as Error).message}`);
  }
}

/**
 * A lock directory, so that two processes updating the same part of the store take turns.
 * `mkdir` is atomic on every file system Proxar runs on; a lock older than its stale limit
 * (a process that died holding it) is taken over.
 * @module
 */
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import process from "node:process";
import { UserError } from "../core/errors.ts";

/** Options of {@link withLock}. */
export interface LockOptions {
  /** How long to wait for the lock before giving up, in milliseconds. */
  waitMs?: number;
  /** A lock older than this is considered abandoned, in milliseconds. */
  staleMs?: number;
}

/** Runs `action` while holding the lock directory `path`. */
export async function withLock<T>(
  path: string,
  action: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const waitMs = options.waitMs ?? 30_000;
  const staleMs = options.staleMs ?? 60_000;
  const deadline = Date.now() + waitMs;
  for (let attempt = 0;; attempt++) {
    try {
      await mkdir(path);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== "EEXIST") {
        throw new UserError(`Cannot lock "${path}": ${(error as Error).message}`);
      }
    }
    const age = await stat(path).then((s) => Date.now() - s.mtimeMs, () => 0);
    if (age > staleMs) {
      await rm(path, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new UserError(
        `Cannot lock "${path}": another Proxar process has held it for ${
          Math.round(age / 1000)
        }s; remove the directory if no Proxar process is running`,
      );
    }
    await new Promise((done) => setTimeout(done, Math.min(10 + attempt * 5, 100)));
  }
  try {
    await writeFile(join(path, "owner"), `${process.pid}\n`).catch(() => {});
    return await action();
  } finally {
    await rm(path, { recursive: true, force: true });
  }
}

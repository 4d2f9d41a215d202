/**
 * The snapshot store (`store:` in the configuration, `.proxar/` by default):
 * `history/<server>/<time>-<hash12>.json` keeps every distinct snapshot taken of a configured
 * server, `pinned/<server>.json` the one agents are known to work with (meant to be committed).
 * Writes are atomic; concurrent writers take turns through a lock; temporary files that a killed
 * writer left are removed on the next write once they are old; a damaged file is an error
 * naming it and is never replaced silently.
 * @module
 */
import { access, mkdir, readdir, readFile, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { relativePortable } from "../core/portable_path.ts";
import { writeFileAtomic } from "../core/write_file.ts";
import { UserError } from "../core/errors.ts";
import { serverNameProblem } from "../core/server_name.ts";
import { withLock } from "./lock.ts";
import { removeStaleTemps } from "./stale_temps.ts";
import { readSnapshotText, type Snapshot } from "./snapshot.ts";

/** One file of a server's history. */
export interface HistoryEntry {
  /** Absolute path. */
  path: string;
  /** The capture time from the file name, ISO 8601. */
  time: string;
  /** The first 12 hex digits of the content hash. */
  hash12: string;
}

const HISTORY_FILE = /^(\d{8}T\d{6})(\d{3})Z-([0-9a-f]{12})\.json$/;

/** The file name of a history entry: `20261130T034536123Z-0123456789ab.json`. */
export function historyFileName(capturedAt: string, hash: string): string {
  const date = new Date(capturedAt);
  const iso = (Number.isNaN(date.getTime()) ? new Date(0) : date).toISOString();
  const stamp = iso.replace(/[-:]/g, "").replace(".", "");
  return `${stamp}-${hash.replace(/^sha256:/, "").slice(0, 12)}.json`;
}

/** The snapshot store rooted at a directory. */
export class Store {
  /** Absolute path of the store directory. */
  readonly root: string;
  readonly #cwd: string;

  /** A store at `root` (absolute); messages name files relative to `cwd`. */
  constructor(root: string, cwd: string) {
    this.root = root;
    this.#cwd = cwd;
  }

  /** A path as messages show it: relative to the working directory. */
  display(path: string): string {
    return relativePortable(this.#cwd, path) || ".";
  }

  /** The directory of a server's history. */
  historyDir(server: string): string {
    return join(this.root, "history", checkName(server));
  }

  /** The pinned snapshot's path. */
  pinnedPath(server: string): string {
    return join(this.root, "pinned", `${checkName(server)}.json`);
  }

  /** A server's history, oldest first. */
  async history(server: string): Promise<HistoryEntry[]> {
    const dir = this.historyDir(server);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as { code?: string }).code === "ENOENT") return [];
      throw new UserError(`Cannot read "${this.display(dir)}": ${(error as Error).message}`);
    }
    const entries: HistoryEntry[] = [];
    for (const name of names.sort()) {
      const match = HISTORY_FILE.exec(name);
      if (!match) continue;
      const [, stamp, millis, hash12] = match as unknown as [string, string, string, string];
      const time = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${
        stamp.slice(9, 11)
      }:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}.${millis}Z`;
      entries.push({ path: join(dir, name), time, hash12 });
    }
    return entries;
  }

  /** Reads and checks a store file; damage is an error naming the file. */
  async read(path: string): Promise<Snapshot> {
    const label = this.display(path);
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      throw new UserError(`Cannot read "${label}": ${(error as Error).message}`);
    }
    try {
      return readSnapshotText(label, text, label);
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      throw new UserError(
        `Damaged store file: ${error.message} (Proxar does not replace it: repair or delete it)`,
      );
    }
  }

  /** The newest snapshot in a server's history, if any. */
  async latest(server: string): Promise<Snapshot | undefined> {
    const entries = await this.history(server);
    const last = entries[entries.length - 1];
    return last ? await this.read(last.path) : undefined;
  }

  /**
   * Adds a snapshot to a server's history unless its hash equals the latest one's.
   * Concurrent callers take turns, so the check and the write are one step.
   */
  async record(server: string, snapshot: Snapshot): Promise<{ written: boolean; path: string }> {
    const dir = this.historyDir(server);
    await ensureDir(dir, this.display(dir));
    return await withLock(join(dir, ".lock"), async () => {
      // Writers of this history hold the lock, so an old temporary file here is a dead one's.
      await removeStaleTemps(dir);
      const entries = await this.history(server);
      const last = entries[entries.length - 1];
      const hash12 = snapshot.hash.replace(/^sha256:/, "").slice(0, 12);
      if (last && last.hash12 === hash12 && (await this.read(last.path)).hash === snapshot.hash) {
        return { written: false, path: last.path };
      }
      const path = join(dir, historyFileName(snapshot.capturedAt, snapshot.hash));
      await writeFileAtomic(path, snapshot.text);
      return { written: true, path };
    });
  }

  /** The history entries whose hash starts with `prefix` (`sha256:` optional), newest last. */
  async find(server: string, prefix: string): Promise<Snapshot> {
    const want = prefix.replace(/^sha256:/, "").toLowerCase();
    const entries = await this.history(server);
    const candidates = want.length >= 12
      ? entries.filter((e) => want.startsWith(e.hash12))
      : entries.filter((e) => e.hash12.startsWith(want));
    const found: Snapshot[] = [];
    const hashes = new Set<string>();
    for (const entry of candidates) {
      const snapshot = await this.read(entry.path);
      if (!snapshot.hash.slice("sha256:".length).startsWith(want)) continue;
      found.push(snapshot);
      hashes.add(snapshot.hash);
    }
    if (found.length === 0) {
      throw new UserError(
        `No snapshot of server "${server}" has a hash starting with "${prefix}" in ${
          this.display(this.historyDir(server))
        }; see proxar history --server ${server}`,
      );
    }
    if (hashes.size > 1) {
      throw new UserError(
        `The hash prefix "${prefix}" matches ${hashes.size} snapshots of server "${server}"; give more digits`,
      );
    }
    return found[found.length - 1]!;
  }

  /** The pinned snapshot, if any. */
  async pinned(server: string): Promise<Snapshot | undefined> {
    const path = this.pinnedPath(server);
    const exists = await access(path).then(() => true, (e) => e?.code !== "ENOENT");
    return exists ? await this.read(path) : undefined;
  }

  /** Makes `snapshot` the pinned one; returns the file written. */
  async pin(server: string, snapshot: Snapshot): Promise<string> {
    const path = this.pinnedPath(server);
    await removeStaleTemps(dirname(path), { target: basename(path) });
    await writeFileAtomic(path, snapshot.text);
    return path;
  }

  /** Removes the pin; false when there was none. */
  async unpin(server: string): Promise<boolean> {
    const path = this.pinnedPath(server);
    try {
      await rm(path);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === "ENOENT") return false;
      throw new UserError(`Cannot remove "${this.display(path)}": ${(error as Error).message}`);
    }
  }
}

async function ensureDir(dir: string, label: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new UserError(`Cannot create "${label}": ${(error as Error).message}`);
  }
}

/** Server names become file names, so only names safe on every system are allowed. */
function checkName(server: string): string {
  const problem = serverNameProblem(server);
  if (problem !== undefined) {
    throw new UserError(
      `Server name "${server}" cannot be used in the snapshot store: ${problem}`,
    );
  }
  return server;
}

/**
 * The webhook's outbox (`webhook-outbox/` in the store): every alert bound for the webhook is a
 * file there from the moment it is raised until the webhook has accepted it, or refused it for
 * good (400, 410, 413, 415 or 422). A proxy that is stopped or killed before a delivery ended (a
 * client kills its proxy within seconds of leaving; `docker stop` within ten) loses nothing: the
 * next proxy started on the same store sends what is left, oldest first. Delivery is therefore at
 * least once: an alert whose acceptance the killed proxy never heard of is sent again.
 *
 * `NAME.json` waits for a proxy; `NAME.json.PID-RANDOM` is being sent by the process PID (RANDOM
 * told apart from an earlier process that had the same id). A proxy claims a waiting file, or one
 * whose claim is stale, by renaming it to its own claim: a rename is atomic, so two proxies
 * starting at once never both send it. A claim is stale when its process is gone, when it names
 * this process's id but not this process (a container's proxy is process 1 every time), or when
 * it is older than {@link CLAIM_LEASE_MS} (a process id reused by another program, a killed
 * proxy not yet reaped). A file is written whole under a temporary name first; one that a killed
 * proxy left half written is removed once it is old.
 * @module
 */
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import process from "node:process";
import { removeStaleTemps } from "../stale_temps.ts";
import { type AlertEntry, parseAlert } from "./alert.ts";

/** The outbox's directory in the store. */
export const OUTBOX_DIR = "webhook-outbox";

/**
 * How old a claim may be before another proxy takes it over whatever its process id says: a
 * delivery ends within 25 s (four attempts of at most 5 s and 3.5 s of waits between them).
 */
export const CLAIM_LEASE_MS = 60_000;

/** An outbox file: `NAME.json`, waiting, or `NAME.json.PID-RANDOM`, claimed by process PID. */
const OUTBOX_FILE = /^([^.][^/]*\.json)(?:\.(\d+)-([0-9a-f]{8}))?$/;

/** This process's claim: its id, and a random part no earlier process with that id had. */
const CLAIM = `${process.pid}-${randomBytes(4).toString("hex")}`;

/** An alert claimed by this process for delivery. */
export interface Claimed {
  entry: AlertEntry;
  /** The claimed file's path (`NAME.json.PID-RANDOM`). */
  path: string;
}

/** What {@link WebhookOutbox.leftovers} found. */
export interface Leftovers {
  claimed: Claimed[];
  /** Files that are not alerts, left in place. */
  unreadable: string[];
  /** Files this process could not claim, and why. */
  unclaimed: { name: string; reason: string }[];
}

/** The outbox of the store rooted at `root`. */
export class WebhookOutbox {
  readonly dir: string;
  readonly #claim = CLAIM;

  constructor(root: string) {
    this.dir = join(root, OUTBOX_DIR);
  }

  /**
   * How many alerts are in the outbox (waiting, or being sent), and the names of its files that
   * are not alerts (which no proxy sends).
   */
  async count(): Promise<{ waiting: number; unreadable: string[] }> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    let waiting = 0;
    const unreadable: string[] = [];
    for (const name of names.sort()) {
      if (!OUTBOX_FILE.test(name)) continue;
      const text = await readFile(join(this.dir, name), "utf8").catch((error) =>
        // A file claimed (renamed) since the listing is an alert on its way.
        (error as { code?: string }).code === "ENOENT" ? undefined : null
      );
      if (text === undefined || (text !== null && parseAlert(text) !== undefined)) waiting++;
      else unreadable.push(name);
    }
    return { waiting, unreadable };
  }

  /** Keeps `entry` until {@link done}, claimed by this process (written whole, then renamed). */
  async put(entry: AlertEntry): Promise<Claimed> {
    await mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[-:.]/g, "");
    const name = `${stamp}-${randomBytes(4).toString("hex")}.json`;
    const path = join(this.dir, `${name}.${this.#claim}`);
    const temp = join(this.dir, `.${name}.${randomBytes(6).toString("hex")}.tmp`);
    try {
      await writeFile(temp, JSON.stringify(entry) + "\n", { flag: "wx" });
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { entry, path };
  }

  /**
   * Claims what earlier proxies left (waiting files, and stale claims), oldest first. A file that
   * does not parse as an alert is left where it is and named in `unreadable`; one this process
   * cannot claim (a store it may not write) is named in `unclaimed` with the reason.
   */
  async leftovers(): Promise<Leftovers> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return { claimed: [], unreadable: [], unclaimed: [] };
    }
    // What a proxy killed between writing and renaming left (see stale_temps.ts).
    await removeStaleTemps(this.dir);
    const claimed: Claimed[] = [];
    const unreadable: string[] = [];
    const unclaimed: { name: string; reason: string }[] = [];
    for (const name of names.sort()) {
      const match = OUTBOX_FILE.exec(name);
      if (!match) continue;
      if (match[2] !== undefined && !(await this.#stale(name, Number(match[2]), match[3]!))) {
        continue;
      }
      const path = join(this.dir, `${match[1]}.${this.#claim}`);
      const from = join(this.dir, name);
      try {
        // The lease starts now: touched before the rename (which keeps the time), so no other
        // proxy ever sees this claim with an old time.
        const now = new Date();
        await utimes(from, now, now);
        await rename(from, path);
      } catch (error) {
        // ENOENT: another proxy claimed it first. Anything else (a store this process may not
        // write) is said, without the call and paths the message repeats: Node's "EROFS:
        // read-only file system, utime '/…'", Deno's "Read-only file system (os error 30):
        // utime '/…'".
        const { code, message } = error as { code?: string; message: string };
        const reason = message.split(", ")[0]!.replace(/: \w+ '.*$/s, "");
        if (code !== "ENOENT") unclaimed.push({ name, reason });
        continue;
      }
      const entry = await readFile(path, "utf8").then(parseAlert, () => undefined);
      if (entry !== undefined) {
        claimed.push({ entry, path });
      } else {
        await rename(path, join(this.dir, match[1]!)).catch(() => {});
        unreadable.push(match[1]!);
      }
    }
    return { claimed, unreadable, unclaimed };
  }

  /** Whether the claim `name` (of process `pid`) may be taken over. */
  async #stale(name: string, pid: number, random: string): Promise<boolean> {
    if (`${pid}-${random}` === this.#claim) return false;
    if (pid === process.pid || !alive(pid)) return true;
    const changed = await stat(join(this.dir, name)).then((info) => info.mtimeMs, () => Date.now());
    return Date.now() - changed > CLAIM_LEASE_MS;
  }

  /** Starts the claim's lease again: its delivery begins now (it may have waited its turn). */
  async renew(claimed: Claimed): Promise<void> {
    const now = new Date();
    await utimes(claimed.path, now, now).catch(() => {});
  }

  /** The webhook took the alert, or refused it for good: it leaves the outbox. */
  async done(claimed: Claimed): Promise<void> {
    await rm(claimed.path, { force: true });
  }

  /** Hands the alert back for the next proxy (a delivery that failed or did not end in time). */
  async release(claimed: Claimed): Promise<void> {
    await rename(claimed.path, claimed.path.replace(/\.\d+-[0-9a-f]{8}$/, "")).catch(() => {});
  }
}

/** Whether a process with this id exists (one of another user's counts as existing). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
}

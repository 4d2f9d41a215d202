/**
 * Contract files read ahead: `proxar diff OLD NEW` starts reading both files before its modules
 * load. The runtime reads a file in its thread pool while the main thread waits; started early,
 * the reads go on while the main thread loads the rules and then parses the first file, and are
 * done when their turn comes (2,000-tool pair, release binary, at a load of 8-15 on 2 cores: the
 * main thread waited 28-89 ms for the two reads, and about 0 read ahead). They are read one after
 * the other, the first named first: the command parses that one first, and two reads at once
 * beside the main thread shared the machine's cores (it waited 17.6 ms median for OLD, 11.9 one
 * after the other).
 * @module
 */
import { readFile, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";

/**
 * A file up to this size is read at once, on the main thread. A read in the thread pool starts
 * the pool's threads and waits for them: in the release binary that took ~4 ms of CPU for the
 * demo's two 3 KB contracts (interleaved perf stat of a hello world importing node:fs and
 * node:fs/promises, reading a 3 KB file with readFileSync and with readFile), more than the
 * reads themselves; a large file is still read in the pool while the modules load.
 */
export const READ_AT_ONCE_BYTES = 1 << 20;

/** Reads started ahead, by absolute path; each is taken once. */
const started = new Map<string, Promise<string>>();

/** Sources that are no file path: standard input, `git:`, live servers (see isLiveSource). */
const NOT_A_FILE = /^(-$|git:|stdio:|server:|https?:\/\/)/;

/**
 * Starts reading, as UTF-8 text, each source that names a regular file (a path relative to
 * `cwd`), for {@link takeEarlyRead}. A pipe, a terminal or a directory is left to the command:
 * a pipe no one writes to would keep the process from ending when the command stops before
 * reading it (a usage error). A read that fails, fails only where it is taken, which reports it
 * as its own read would; one never taken is dropped. A file up to {@link READ_AT_ONCE_BYTES} is
 * read now; each larger one starts when the one before it ends.
 */
export function readFilesEarly(specs: readonly (string | undefined)[], cwd: string): void {
  const queue: QueuedRead[] = [];
  for (const spec of specs) {
    if (spec === undefined || NOT_A_FILE.test(spec)) continue;
    const path = resolve(cwd, spec);
    if (started.has(path)) continue;
    const size = regularFileSize(path);
    if (size === undefined) continue;
    if (size <= READ_AT_ONCE_BYTES) {
      started.set(path, readNow(path));
      continue;
    }
    const reading = new Promise<string>((done, failed) => queue.push({ path, done, failed }));
    // Not taken (a usage error first, a directory): no unhandled rejection.
    reading.catch(() => {});
    started.set(path, reading);
  }
  // Once this synchronous code is done, as a read would have started through a promise.
  if (queue.length > 0) queueMicrotask(() => readInTurn(queue));
}

/** A large file's read waiting its turn, and how to settle what {@link takeEarlyRead} gives. */
interface QueuedRead {
  path: string;
  done: (text: string) => void;
  failed: (error: unknown) => void;
}

/**
 * Reads the queued files one after the other in the thread pool, each starting as the one before
 * it ends (a failed one too). The next read starts in the callback, before whoever waits for the
 * text runs: started from a promise's reaction instead, it waited behind that code, which for
 * OLD of a diff is its parse, scan and load (2,000-tool pair: the main thread then waited
 * 17-33 ms for NEW).
 */
function readInTurn(queue: QueuedRead[]): void {
  const next = queue.shift();
  if (next === undefined) return;
  readFile(next.path, "utf8", (error, text) => {
    readInTurn(queue);
    if (error) next.failed(error);
    else next.done(text);
  });
}

/** The size of the regular file at `path`, or undefined for anything else. */
function regularFileSize(path: string): number | undefined {
  try {
    const info = statSync(path);
    return info.isFile() ? info.size : undefined;
  } catch {
    // Missing or unreadable: the command says so where it reads the source.
    return undefined;
  }
}

/** The text of the file at `path`, read now; a failure is the promise's, as a later read's. */
function readNow(path: string): Promise<string> {
  try {
    return Promise.resolve(readFileSync(path, "utf8"));
  } catch (error) {
    const failed = Promise.reject(error);
    // Not taken: no unhandled rejection.
    failed.catch(() => {});
    return failed;
  }
}

/** The read of the file at `path` (absolute) that {@link readFilesEarly} started, once. */
export function takeEarlyRead(path: string): Promise<string> | undefined {
  const reading = started.get(path);
  started.delete(path);
  return reading;
}

/**
 * Drops the reads not taken (the command stopped before, or read the source otherwise): a later
 * command in the same process (tests, a library caller) reads its files anew.
 */
export function dropEarlyReads(): void {
  started.clear();
}

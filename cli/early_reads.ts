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
import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";

/** Reads started ahead, by absolute path; each is taken once. */
const started = new Map<string, Promise<string>>();

/** Sources that are no file path: standard input, `git:`, live servers (see isLiveSource). */
const NOT_A_FILE = /^(-$|git:|stdio:|server:|https?:\/\/)/;

/**
 * Starts reading, as UTF-8 text, each source that names a regular file (a path relative to
 * `cwd`), for {@link takeEarlyRead}. A pipe, a terminal or a directory is left to the command:
 * a pipe no one writes to would keep the process from ending when the command stops before
 * reading it (a usage error). A read that fails, fails only where it is taken, which reports it
 * as its own read would; one never taken is dropped. Each read starts when the one before ends.
 */
export function readFilesEarly(specs: readonly (string | undefined)[], cwd: string): void {
  let previous: Promise<unknown> = Promise.resolve();
  for (const spec of specs) {
    if (spec === undefined || NOT_A_FILE.test(spec)) continue;
    const path = resolve(cwd, spec);
    if (started.has(path) || !isRegularFile(path)) continue;
    const reading = previous.then(() => readFile(path, "utf8"));
    // Not taken (a usage error first, a directory): no unhandled rejection; nor does a failed
    // read keep the next from starting.
    previous = reading.catch(() => {});
    started.set(path, reading);
  }
}

function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    // Missing or unreadable: the command says so where it reads the source.
    return false;
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

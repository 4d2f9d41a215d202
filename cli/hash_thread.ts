/**
 * The content hashes of a large diff, on a second thread: `proxar diff OLD NEW` in a format that
 * shows them (JSON, SARIF, JUnit, HTML, a plugin's) hands the old file's text to a worker
 * (hash_worker.ts) as soon as it is read; the worker loads and hashes it while this thread loads
 * both files and compares them, then hashes the new contract from pieces (the entries equal to
 * old ones are numbers, not copies). 2,000-tool pair, release binary, JSON report: this thread's
 * CPU time 268 → 195 ms (median of 8; the worker spends about 145, and the process's peak memory
 * grows from 152 to 180 MiB), the worker answering before it is asked.
 *
 * Whatever goes wrong there (no worker in this runtime, a failure, an exit) leaves the hashes to
 * be computed here, as without a thread: the same bytes, and a user's error is reported by the
 * load on this thread, which reads the same text.
 * @module
 */
import { statSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { resolve } from "node:path";
import { Worker } from "node:worker_threads";
import type { HashesFrom } from "../core/engine.ts";
import { hashPieces, listEntries } from "../core/hash_pieces.ts";
import type { LoadedContract } from "../core/load_contract.ts";
import { HASHLESS_REPORTER_NAMES } from "../reporters/names.ts";
import type { HashReply, HashRequest } from "./_hash_protocol.ts";
import { earlyRead } from "./early_reads.ts";

/**
 * Below this many bytes the old file is hashed on this thread: a worker holds a runtime of its
 * own, a copy of the text and of its tools' canonical text, and the smaller the pair, the more
 * that weighs against what it saves. Generated pairs, release binary, with a thread from 1 MB:
 * 1,000 tools (2.4 MB a side) peaked at 75 MiB (2.7 times the parse-only reference, 2.3 without),
 * 10,000 tools (24 MB) at 254 MiB (2.4×), 50,000 tools (119 MB) at 962 MiB (2.1×).
 */
export const MIN_THREAD_BYTES = 8_000_000;

/**
 * Where the worker's module is: beside this one in the sources (`.ts`) and the npm package
 * (`.js`); in the compiled binary an entry point of its own named `hash_worker.js`, at the root
 * beside the chunks (see scripts/build_bin.ts).
 */
function workerUrl(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith(".ts") ? "./hash_worker.ts" : "./hash_worker.js", here);
}

/** Options of {@link startHashThread}. */
export interface HashThreadOptions {
  /** The smallest old file hashed on a thread, in bytes (default {@link MIN_THREAD_BYTES}). */
  minBytes?: number;
  /** Whether no core is free for another thread (default {@link noCoreFree}). */
  busy?: () => boolean;
}

/**
 * Whether the machine's cores are all busy: the load average of the last minute reaches their
 * number (never so where the system gives none, as Windows). The thread then finds no idle core
 * and only adds its CPU time to the machine's: 2,000-tool pair, release binary, JSON report, at
 * a load of 13-20 on 2 cores, 0.9-1.3 s wall with a thread against 0.8-0.9 s without.
 */
export function noCoreFree(): boolean {
  const cores = availableParallelism();
  return cores < 2 || loadavg()[0]! >= cores;
}

/**
 * Starts hashing on a thread for `proxar diff OLD NEW` when that pays: OLD is a regular file
 * whose read {@link readFilesEarly} started, of at least `minBytes`, and some format in
 * `formats` (the `--format` values) may show a hash, and a core is free. Undefined otherwise,
 * or when no worker starts.
 */
export function startHashThread(
  oldSpec: string | undefined,
  formats: readonly string[],
  cwd: string,
  options: HashThreadOptions = {},
): HashThread | undefined {
  if (oldSpec === undefined || !showsHashes(formats) || (options.busy ?? noCoreFree)()) {
    return undefined;
  }
  const path = resolve(cwd, oldSpec);
  const reading = earlyRead(path);
  if (reading === undefined) return undefined;
  try {
    if (statSync(path).size < (options.minBytes ?? MIN_THREAD_BYTES)) return undefined;
    return new HashThread(new Worker(workerUrl()), reading);
  } catch {
    return undefined;
  }
}

function showsHashes(formats: readonly string[]): boolean {
  // No --format is text.
  return formats.some((value) => {
    const eq = value.indexOf("=");
    return !HASHLESS_REPORTER_NAMES.includes(eq === -1 ? value : value.slice(0, eq));
  });
}

/** A worker computing a diff's content hashes; see the module's documentation. */
export class HashThread {
  readonly #worker: Worker;
  /** The text handed to the worker, once read. */
  #text: string | undefined;
  #hashes: readonly [string, string] | undefined;
  /** Whether the worker will answer no more (answered, failed, ended or stopped). */
  #done = false;
  #settle: () => void = () => {};
  readonly #settled: Promise<void>;

  constructor(worker: Worker, reading: Promise<string>) {
    // Not unreferenced: a diff waiting for the answer must keep running. The command stops the
    // worker when it ends, whatever happened.
    this.#worker = worker;
    this.#settled = new Promise((done) => this.#settle = done);
    worker.on("message", (reply: HashReply) => {
      if (reply?.type === "hashes") this.#hashes = [reply.old, reply.new];
      // Its memory is let go at once: a thread that declined has nothing more to do.
      else void this.stop();
      this.#end();
    });
    worker.on("error", () => this.#end());
    worker.on("messageerror", () => this.#end());
    worker.on("exit", () => this.#end());
    reading.then((text) => {
      if (this.#done) return;
      this.#text = text;
      this.#post({ type: "old", text });
    }, () => this.stop());
  }

  #post(request: HashRequest): void {
    try {
      this.#worker.postMessage(request);
    } catch {
      this.stop();
    }
  }

  #end(): void {
    if (this.#done) return;
    this.#done = true;
    this.#settle();
  }

  /**
   * This thread, when `old` was loaded from the text it was handed (else it stops: the worker
   * would hash another contract than the one compared).
   */
  confirm(old: LoadedContract): HashThread | undefined {
    const text = old.documents?.length === 1 ? old.documents[0]!.text : undefined;
    const handed = this.#text;
    // parseDocument drops a byte order mark; the worker's parse does too.
    const same = text !== undefined && handed !== undefined &&
      (text === handed || (handed.charCodeAt(0) === 0xfeff && handed.slice(1) === text));
    if (same && !this.#done) return this;
    void this.stop();
    return undefined;
  }

  /** For the engine's `hashesFrom`: hands the worker the new contract, as pieces. */
  readonly hashesFrom: HashesFrom = (old, next, twins) => {
    if (this.#done) return () => undefined;
    const number = new Map<object, number>();
    listEntries(old).forEach((entry, i) => number.set(entry, i));
    const pieces = hashPieces(next, (value) => {
      const twin = twins.get(value);
      return twin === undefined ? undefined : number.get(twin);
    });
    if (pieces === undefined) void this.stop();
    else this.#post({ type: "new", pieces });
    return () => this.#hashes;
  };

  /** Resolves when the worker has answered, failed or ended (at once after {@link stop}). */
  settled(): Promise<void> {
    return this.#settled;
  }

  /** Ends the worker; hashes it has not given are computed on this thread. */
  async stop(): Promise<void> {
    this.#end();
    await this.#worker.terminate().catch(() => {});
  }
}

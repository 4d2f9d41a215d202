/**
 * The two contracts of `proxar diff OLD NEW` when neither is a live server: files, directories,
 * `-` and `git:` are read without the live-server session, whose store, snapshot and source
 * modules (and `node:fs/promises`, which the store's modules import) a diff of files never uses.
 * Any line that needs the session (a live source, `--server`, `--against`, a time-out, message or
 * list option, a missing operand) is read by `server_sources.ts`, which checks and words it.
 * @module
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import type { LoadedContract } from "../core/load_contract.ts";
import { isLiveSource, readSource, type SourceContext } from "../core/read_source.ts";
import { takeEarlyRead } from "./early_reads.ts";
import { collectBeforeLargeParse } from "./heap.ts";
import type { Io } from "./io.ts";
import type { DiffSourceOptions } from "./server_sources.ts";

type LiveDiffSources = typeof import("./server_sources.ts").diffSources;

/**
 * The old and new contracts of `proxar diff`, read from files where the line names only files;
 * otherwise what `server_sources.ts`'s diffSources reads.
 */
export async function diffSources(
  ...args: Parameters<LiveDiffSources>
): ReturnType<LiveDiffSources> {
  const [oldSpec, newSpec, options, config, io] = args;
  if (oldSpec === undefined || newSpec === undefined || needsSession(oldSpec, newSpec, options)) {
    const live = await import("./server_sources.ts");
    return await live.diffSources(oldSpec, newSpec, options, config, io);
  }
  return await readPair(oldSpec, newSpec, fileSourceContext(io));
}

/**
 * What reading files, `-` and `git:` takes from `io`: its directory, its standard input and the
 * reads `early_reads.ts` started. The live-server session adds its loader of live sources.
 */
export function fileSourceContext(io: Pick<Io, "cwd" | "readStdin">): SourceContext {
  return {
    cwd: io.cwd,
    readStdin: io.readStdin,
    takeRead: takeEarlyRead,
    beforeParse: collectBeforeLargeParse,
  };
}

/** Whether reading the sources takes the live-server session, or checking its options. */
function needsSession(oldSpec: string, newSpec: string, options: DiffSourceOptions): boolean {
  const { server, against, timeout, connectTimeout, listTimeout, maxMessageMb, lists } = options;
  return isLiveSource(oldSpec) || isLiveSource(newSpec) ||
    [server, against, timeout, connectTimeout, listTimeout, maxMessageMb, lists].some((value) =>
      value !== undefined
    );
}

/** Reads OLD, then NEW against it: the new file is mostly the old one (see parseDocument). */
export async function readPair(
  oldSpec: string,
  newSpec: string,
  ctx: SourceContext,
): Promise<[LoadedContract, LoadedContract]> {
  const old = await readSource(oldSpec, { ...ctx, likeOfNext: isFileSpec(newSpec, ctx.cwd) });
  // The new file is mostly the old one: its unchanged tools are not parsed again.
  return [old, await readSource(newSpec, { ...ctx, like: old })];
}

/** Whether a source names a regular file (read by path, so parsed against the other side). */
function isFileSpec(spec: string, cwd: string): boolean {
  if (spec === "-" || spec.startsWith("git:") || isLiveSource(spec)) return false;
  try {
    return statSync(resolve(cwd, spec)).isFile();
  } catch {
    return false;
  }
}

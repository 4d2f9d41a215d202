/**
 * Writing an output file without ever destroying what the path names. A regular file (or a new
 * path) is replaced atomically: a temporary file in the same directory, then a rename, so readers
 * never see a partial file and a failed run leaves nothing behind. A device, pipe or socket is
 * written into, never replaced (`/dev/null` stays `/dev/null`, even for root), and a symbolic link
 * is followed to its target, which gets the same treatment.
 * @module
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import process from "node:process";
import { UserError } from "./errors.ts";
import { fsPromises } from "./fs_promises.ts";

/** Symbolic links followed before giving up, as the kernel's `ELOOP` limit. */
const MAX_LINKS = 40;

/**
 * Writes `text` to `path`: atomically for a regular file or a new path (creating the directory if
 * needed), straight into a device, pipe or socket, and through symbolic links to their target.
 * `text` may come in pieces, written in order without being joined (see {@link writeParts}).
 */
export async function writeFileAtomic(
  path: string,
  text: string | readonly string[],
): Promise<void> {
  try {
    const { stat } = await fsPromises();
    const target = await followLinks(path);
    const info = await stat(target).catch(() => undefined);
    if (info?.isDirectory()) throw new Error("it is a directory");
    if (info && !info.isFile()) await writeInto(target, text);
    else await replace(target, text, info?.mode);
  } catch (error) {
    throw new UserError(`Cannot write "${path}": ${(error as Error).message}`);
  }
}

/** The path at the end of a chain of symbolic links (which need not exist yet). */
async function followLinks(path: string): Promise<string> {
  const { lstat, readlink } = await fsPromises();
  let current = path;
  for (let i = 0; i < MAX_LINKS; i++) {
    // `/proc/self/fd/N` links to names such as `pipe:[123]`: stat and open follow it, we cannot.
    if (ownDescriptor(current) !== undefined) return current;
    const info = await lstat(current).catch(() => undefined);
    if (!info?.isSymbolicLink()) return current;
    current = resolve(dirname(current), await readlink(current));
  }
  throw new Error(`more than ${MAX_LINKS} symbolic links`);
}

/**
 * `bytes` random bytes in hex, from Web Crypto: `node:crypto` would load Node's stream modules in
 * a compiled Bun binary (see sha256.ts) for a file name.
 */
function randomHex(bytes: number): string {
  return Array.from(
    crypto.getRandomValues(new Uint8Array(bytes)),
    (b) => b.toString(16).padStart(2, "0"),
  )
    .join("");
}

/** Temporary file, then rename; the file keeps its permissions. */
async function replace(
  path: string,
  text: string | readonly string[],
  mode: number | undefined,
): Promise<void> {
  const { chmod, mkdir, rename, rm } = await fsPromises();
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomHex(6)}.tmp`);
  try {
    await mkdir(dir, { recursive: true });
    await writeData(temp, text, "wx");
    if (mode !== undefined) await chmod(temp, mode & 0o7777);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Writes into an existing special file. A socket cannot be opened by name; when the path is one
 * of this process's descriptors (`/proc/self/fd/N`, `/dev/fd/N`, `/dev/stdout`), write to it.
 */
async function writeInto(path: string, text: string | readonly string[]): Promise<void> {
  try {
    await writeData(path, text, "w");
  } catch (error) {
    const fd = ownDescriptor(path);
    if (fd === undefined) throw error;
    writeParts(fd, typeof text === "string" ? [text] : text);
  }
}

/** Writes a new file's text: a text in parts with {@link writeParts}. */
async function writeData(path: string, text: string | readonly string[], flag: string) {
  if (typeof text === "string") {
    return await (await fsPromises()).writeFile(path, text, { encoding: "utf8", flag });
  }
  const fd = openSync(path, flag);
  try {
    writeParts(fd, text);
  } finally {
    closeSync(fd);
  }
}

/** Characters of a chunk of {@link textChunks}, and bytes of {@link writeParts}'s buffer. */
const CHUNK = 1 << 16;

/**
 * Writes `parts` in order into `fd` as UTF-8 through one buffer of {@link CHUNK} bytes, never
 * joining them: a 2 MB text with a character past Latin-1 takes 4 MB as one string and 2 MB more
 * as UTF-8, which a short-lived process pays for in page faults (SARIF's rule catalogue). A part
 * must not end inside a surrogate pair.
 */
function writeParts(fd: number, parts: readonly string[]): void {
  const encoder = new TextEncoder();
  const buffer = new Uint8Array(CHUNK);
  let used = 0;
  const flush = () => {
    for (let done = 0; done < used;) done += writeSync(fd, buffer, done, used - done);
    used = 0;
  };
  for (let rest of parts) {
    for (;;) {
      const { read, written } = encoder.encodeInto(rest, buffer.subarray(used));
      used += written;
      if (read === rest.length) break;
      // The buffer is full (a character is never written in part): write it, go on with the rest.
      flush();
      rest = rest.slice(read);
    }
  }
  flush();
}

/**
 * `parts` joined into chunks of about 64 K characters (a part longer than that is a chunk of its
 * own), to write a long text given in pieces to a stream that takes strings without ever holding
 * it whole (see {@link writeParts}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { textChunks } from "./write_file.ts";
 * assert.deepEqual([...textChunks(["a", "b", ""])], ["ab"]);
 * ```
 */
export function* textChunks(parts: readonly string[]): Generator<string> {
  let pending: string[] = [];
  let size = 0;
  for (const part of parts) {
    if (size + part.length > CHUNK && size > 0) {
      yield pending.join("");
      pending = [];
      size = 0;
    }
    pending.push(part);
    size += part.length;
  }
  if (size > 0) yield pending.join("");
}

function ownDescriptor(path: string): number | undefined {
  const named: Record<string, number> = { "/dev/stdout": 1, "/dev/stderr": 2 };
  if (path in named) return named[path];
  const match = /^\/(?:proc\/(self|thread-self|\d+)\/fd|dev\/fd)\/(\d+)$/.exec(path);
  if (!match) return undefined;
  const owner = match[1];
  if (owner !== undefined && /^\d+$/.test(owner) && Number(owner) !== process.pid) return undefined;
  return Number(match[2]);
}

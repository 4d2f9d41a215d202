/**
 * Writing an output file without ever destroying what the path names. A regular file (or a new
 * path) is replaced atomically: a temporary file in the same directory, then a rename, so readers
 * never see a partial file and a failed run leaves nothing behind. A device, pipe or socket is
 * written into, never replaced (`/dev/null` stays `/dev/null`, even for root), and a symbolic link
 * is followed to its target, which gets the same treatment.
 * @module
 */
import { randomBytes } from "node:crypto";
import { writeSync } from "node:fs";
import { chmod, lstat, mkdir, readlink, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import process from "node:process";
import { UserError } from "./errors.ts";

/** Symbolic links followed before giving up, as the kernel's `ELOOP` limit. */
const MAX_LINKS = 40;

/**
 * Writes `text` to `path`: atomically for a regular file or a new path (creating the directory if
 * needed), straight into a device, pipe or socket, and through symbolic links to their target.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  try {
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

/** Temporary file, then rename; the file keeps its permissions. */
async function replace(path: string, text: string, mode: number | undefined): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(temp, text, { encoding: "utf8", flag: "wx" });
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
async function writeInto(path: string, text: string): Promise<void> {
  try {
    await writeFile(path, text, { encoding: "utf8", flag: "w" });
  } catch (error) {
    const fd = ownDescriptor(path);
    if (fd === undefined) throw error;
    const bytes = new TextEncoder().encode(text);
    for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done);
  }
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

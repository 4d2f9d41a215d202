/**
 * What the CLI needs from its surroundings, so tests can run it in-process.
 * @module
 */
import { Buffer } from "node:buffer";
import { readFileSync, writeSync } from "node:fs";
import process from "node:process";
import type { Readable, Writable } from "node:stream";

/** The CLI's view of the process. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Whether standard output is a terminal (colour is used only then). */
  isTTY: boolean;
  /** The raw standard streams, for commands that relay bytes (`proxar proxy`). */
  streams?: { stdin: Readable; stdout: Writable };
}

/**
 * The real process. Text goes to the standard outputs with synchronous writes to the file
 * descriptors: the runtimes' `process.stdout` stream costs tens of milliseconds to set up in a
 * compiled Bun binary (most of `proxar --version`), and a write that is done when it returns
 * keeps the output in order whatever the exit path. The streams are made only for a command
 * that relays bytes, and whether the output is a terminal is found out only when asked.
 */
export function processIo(): Io {
  let streamsReady = false;
  return {
    stdout: (text) => writeAll(1, text),
    stderr: (text) => writeAll(2, text),
    readStdin,
    cwd: process.cwd(),
    env: process.env,
    get isTTY() {
      return stdoutIsTerminal();
    },
    get streams() {
      if (!streamsReady) {
        streamsReady = true;
        process.stdout.on("error", (error: NodeJS.ErrnoException) => {
          if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
          throw error;
        });
      }
      return { stdin: process.stdin, stdout: process.stdout };
    },
  };
}

/**
 * Whether standard output is a terminal. Asked only when a report could be coloured: `node:tty`
 * loads the stream machinery, about 20 ms of CPU in a compiled Bun binary (as much as the rest of
 * a hello world), so Bun is asked through its native binding, which loads nothing. Elsewhere
 * `node:tty` is loaded then, through `process.getBuiltinModule` (where that is missing, as in
 * Node before 20.16, the stream says).
 */
function stdoutIsTerminal(): boolean {
  const binding = process.versions.bun === undefined ? undefined : bunTtyBinding();
  if (binding) return binding.isTTY(1);
  const tty = typeof process.getBuiltinModule === "function"
    ? process.getBuiltinModule("node:tty")
    : undefined;
  return tty ? tty.isatty(1) : Boolean(process.stdout.isTTY);
}

/** Bun's `tty_wrap` binding (what its `node:tty` calls), or undefined if it has none. */
function bunTtyBinding(): { isTTY(fd: number): boolean } | undefined {
  try {
    const binding = (process as { binding?: (name: string) => unknown }).binding?.("tty_wrap") as
      | { isTTY?: (fd: number) => unknown }
      | undefined;
    return typeof binding?.isTTY === "function"
      ? { isTTY: (fd) => Boolean(binding.isTTY?.(fd)) }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes all of `text` to `fd`. A descriptor that another process left non-blocking is waited
 * for; a closed pipe (`proxar rules | head`) ends the output and the process, not with a stack
 * trace.
 */
function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, "utf8");
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException)?.code;
      if (code === "EAGAIN") pause();
      else if (code === "EPIPE") process.exit(process.exitCode ?? 0);
      else throw error;
    }
  }
}

/** Sleeps a millisecond without returning to the event loop (the write must stay in order). */
function pause(): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
}

/**
 * All of standard input, as text. Read through the runtime's stream; where that stream cannot
 * open the descriptor (Bun's Windows runtime under Wine, for a pipe: EBADF before any byte), read
 * the descriptor directly.
 */
async function readStdin(): Promise<string> {
  const chunks: Uint8Array[] = [];
  try {
    for await (const chunk of process.stdin) chunks.push(chunk as Uint8Array);
  } catch (error) {
    if (chunks.length > 0 || (error as { code?: string }).code !== "EBADF") throw error;
    chunks.push(readFileSync(0));
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

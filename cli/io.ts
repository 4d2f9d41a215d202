/**
 * What the CLI needs from its surroundings, so tests can run it in-process.
 * @module
 */
import { Buffer } from "node:buffer";
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

/** The real process. */
export function processIo(): Io {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    readStdin: async () => {
      const chunks: Uint8Array[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Uint8Array);
      return new TextDecoder().decode(Buffer.concat(chunks));
    },
    cwd: process.cwd(),
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY),
    streams: { stdin: process.stdin, stdout: process.stdout },
  };
}

/**
 * Splits a byte stream of newline-delimited JSON-RPC messages (the MCP stdio framing) into
 * lines, without decoding them: the relay forwards the exact bytes it received.
 * @module
 */
import { Buffer } from "node:buffer";

/** The largest message the proxy relays: the same limit as a snapshot's single message. */
export const MAX_LINE_BYTES = 256 * 1024 * 1024;

/**
 * Collects chunks and hands out complete lines (without the newline, and without a trailing
 * carriage return). A line longer than the limit is dropped and reported through `onOversize`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Buffer } from "node:buffer";
 * import { LineSplitter } from "./line_splitter.ts";
 * const lines: string[] = [];
 * const split = new LineSplitter((line) => lines.push(line.toString()));
 * split.push(Buffer.from('{"a":1}\n{"b"'));
 * split.push(Buffer.from(':2}\n'));
 * assert.deepEqual(lines, ['{"a":1}', '{"b":2}']);
 * ```
 */
export class LineSplitter {
  #parts: Buffer[] = [];
  #size = 0;
  #skipping = false;
  readonly #onLine: (line: Buffer) => void;
  readonly #onOversize: (bytes: number) => void;
  readonly #max: number;

  /** A splitter calling `onLine` for every complete, non-empty line. */
  constructor(
    onLine: (line: Buffer) => void,
    options: { max?: number; onOversize?: (bytes: number) => void } = {},
  ) {
    this.#onLine = onLine;
    this.#onOversize = options.onOversize ?? (() => {});
    this.#max = options.max ?? MAX_LINE_BYTES;
  }

  /** Feeds one chunk. */
  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(10, start);
      if (end === -1) break;
      this.#take(chunk.subarray(start, end), true);
      start = end + 1;
    }
    if (start < chunk.length) this.#take(chunk.subarray(start), false);
  }

  /** Bytes of an unfinished line held back. */
  get pending(): number {
    return this.#size;
  }

  #take(part: Buffer, complete: boolean): void {
    if (!this.#skipping) {
      this.#size += part.length;
      if (this.#size > this.#max) {
        this.#onOversize(this.#size);
        this.#parts = [];
        this.#skipping = true;
      } else if (part.length > 0) {
        this.#parts.push(part);
      }
    }
    if (!complete) return;
    const skipped = this.#skipping;
    const parts = this.#parts;
    this.#parts = [];
    this.#size = 0;
    this.#skipping = false;
    if (skipped) return;
    let line = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    if (line.length > 0 && line[line.length - 1] === 13) line = line.subarray(0, line.length - 1);
    if (line.length > 0) this.#onLine(line);
  }
}

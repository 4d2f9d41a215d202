/**
 * Splits a byte stream of newline-delimited JSON-RPC messages (the MCP stdio framing) into
 * lines, without decoding them: the relay forwards the exact bytes it received.
 * @module
 */
import { Buffer } from "node:buffer";

/** The largest message the proxy relays: the same limit as a snapshot's single message. */
export const MAX_LINE_BYTES = 256 * 1024 * 1024;

const NEWLINE = 10;
const RETURN = 13;
const NEWLINE_BYTES = Buffer.from("\n");

/**
 * Collects chunks and hands out complete lines (without the newline, and without a trailing
 * carriage return), each with its framed form: the line followed by one newline, ready to
 * forward. A line that arrived whole in one chunk and ended in a bare newline (the usual case)
 * is handed out as two views of that chunk, so forwarding it copies nothing. Empty lines are
 * skipped; a line longer than the limit is dropped and reported through `onOversize`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Buffer } from "node:buffer";
 * import { LineSplitter } from "./line_splitter.ts";
 * const lines: string[] = [];
 * const split = new LineSplitter((line, framed) => lines.push(line.toString(), framed.toString()));
 * split.push(Buffer.from('{"a":1}\n{"b"'));
 * split.push(Buffer.from(':2}\r\n'));
 * assert.deepEqual(lines, ['{"a":1}', '{"a":1}\n', '{"b":2}', '{"b":2}\n']);
 * ```
 */
export class LineSplitter {
  #parts: Buffer[] = [];
  #size = 0;
  #skipping = false;
  readonly #onLine: (line: Buffer, framed: Buffer) => void;
  readonly #onOversize: (bytes: number) => void;
  readonly #max: number;

  /** A splitter calling `onLine` for every complete, non-empty line. */
  constructor(
    onLine: (line: Buffer, framed: Buffer) => void,
    options: { max?: number; onOversize?: (bytes: number) => void } = {},
  ) {
    this.#onLine = onLine;
    this.#onOversize = options.onOversize ?? (() => {});
    this.#max = options.max ?? MAX_LINE_BYTES;
  }

  /** Feeds one chunk. */
  push(chunk: Buffer): void {
    let start = 0;
    let end = chunk.indexOf(NEWLINE);
    if (this.#size > 0 || this.#skipping) {
      // The first newline ends a line begun in earlier chunks.
      if (end === -1) {
        this.#hold(chunk);
        return;
      }
      this.#hold(chunk.subarray(0, end));
      this.#finishHeld();
      start = end + 1;
      end = chunk.indexOf(NEWLINE, start);
    }
    while (end !== -1) {
      if (end - start > this.#max) {
        this.#onOversize(end - start);
      } else if (end > start) {
        if (chunk[end - 1] !== RETURN) {
          this.#onLine(chunk.subarray(start, end), chunk.subarray(start, end + 1));
        } else if (end - 1 > start) {
          const line = chunk.subarray(start, end - 1);
          this.#onLine(line, Buffer.concat([line, NEWLINE_BYTES]));
        }
      }
      start = end + 1;
      end = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) this.#hold(chunk.subarray(start));
  }

  /** Bytes of an unfinished line held back. */
  get pending(): number {
    return this.#size;
  }

  /** Keeps part of an unfinished line (or counts it, for a line over the limit). */
  #hold(part: Buffer): void {
    this.#size += part.length;
    if (this.#skipping) return;
    if (this.#size > this.#max) {
      this.#onOversize(this.#size);
      this.#parts = [];
      this.#skipping = true;
    } else if (part.length > 0) {
      this.#parts.push(part);
    }
  }

  /** Hands out the line held back, now that its newline came. */
  #finishHeld(): void {
    const parts = this.#parts;
    const skipped = this.#skipping;
    let size = this.#size;
    this.#parts = [];
    this.#size = 0;
    this.#skipping = false;
    if (skipped) return;
    const last = parts[parts.length - 1];
    if (last !== undefined && last[last.length - 1] === RETURN) size--;
    if (size <= 0) return;
    parts.push(NEWLINE_BYTES);
    const framed = Buffer.concat(parts);
    const line = framed.subarray(0, size);
    this.#onLine(line, size === framed.length - 1 ? framed : Buffer.concat([line, NEWLINE_BYTES]));
  }
}

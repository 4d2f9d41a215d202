/**
 * Keeps the end of a server's standard error, so that a failure can quote its last lines.
 * Memory stays bounded however much the server writes.
 * @module
 */

/** The most recent standard error text of a server process. */
export class StderrTail {
  readonly #maxChars: number;
  #text = "";

  /** Keeps at most `maxChars` characters (the newest). */
  constructor(maxChars = 16_384) {
    this.#maxChars = maxChars;
  }

  /** Adds a chunk of output. */
  push(chunk: string | Uint8Array): void {
    this.#text += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk);
    if (this.#text.length > this.#maxChars * 2) this.#text = this.#text.slice(-this.#maxChars);
  }

  /**
   * The last `count` non-empty lines, each cut to `width` characters.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { StderrTail } from "./stderr_tail.ts";
   * const tail = new StderrTail();
   * tail.push("one\n\ntwo\nthree\n");
   * assert.deepEqual(tail.lines(2), ["two", "three"]);
   * ```
   */
  lines(count = 10, width = 300): string[] {
    const lines = this.#text.slice(-this.#maxChars).split(/\r?\n/)
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== "");
    return lines.slice(-count).map((line) =>
      line.length > width ? `${line.slice(0, width)}…` : line
    );
  }
}

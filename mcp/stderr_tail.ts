/**
 * Keeps the end of a server's standard error, so that a failure can quote its last lines.
 * Memory stays bounded however much the server writes.
 * @module
 */
import type { Redactor } from "./redact.ts";

/** The most recent standard error text of a server process. */
export class StderrTail {
  readonly #maxChars: number;
  readonly #decoder = new TextDecoder();
  #text = "";
  /** Whether older text was dropped, so that the kept text may start inside a line. */
  #cut = false;

  /** Keeps at least the newest `maxChars` characters. */
  constructor(maxChars = 16_384) {
    this.#maxChars = maxChars;
  }

  /** Adds a chunk of output. */
  push(chunk: string | Uint8Array): void {
    this.#text += typeof chunk === "string" ? chunk : this.#decoder.decode(chunk, { stream: true });
    if (this.#text.length > this.#maxChars * 2) {
      this.#text = this.#text.slice(-this.#maxChars);
      this.#cut = true;
    }
  }

  /**
   * The last `count` non-empty lines, each cut to `width` characters. With a `redactor`, secrets
   * are replaced before anything is cut, and a line whose start was dropped is left out, so no
   * part of a secret survives a cut.
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
  lines(count = 10, width = 300, redactor?: Redactor): string[] {
    let text = this.#text;
    if (this.#cut) {
      const newline = text.indexOf("\n");
      // One line longer than everything kept: drop as much as the longest secret form, so a
      // secret cut in two cannot show its second part.
      text = newline >= 0 ? text.slice(newline + 1) : `…${text.slice(redactor?.longest ?? 0)}`;
    }
    if (redactor) text = redactor.text(text);
    const lines = text.split(/\r?\n/)
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== "");
    return lines.slice(-count).map((line) =>
      line.length > width ? `${line.slice(0, width)}…` : line
    );
  }
}

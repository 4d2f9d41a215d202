/**
 * Passes a server's standard error on with its secrets replaced, line by line: text is held
 * until its line is complete, so a secret written in two pieces is still found. A line that
 * grows past a limit is passed on without its last characters (as many as the longest form of a
 * secret), which wait for the rest of the line.
 * @module
 */
import type { Redactor } from "./redact.ts";

/** Text redacted a whole line at a time. */
export class RedactedLines {
  readonly #redactor: Redactor;
  readonly #write: (text: string) => void;
  readonly #decoder = new TextDecoder();
  readonly #maxHeld: number;
  #held = "";

  /** Writes `redactor.text(line)` for each complete line to `write`. */
  constructor(redactor: Redactor, write: (text: string) => void, maxHeld = 65_536) {
    this.#redactor = redactor;
    this.#write = write;
    this.#maxHeld = maxHeld;
  }

  /**
   * Adds a chunk.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Redactor } from "./redact.ts";
   * import { RedactedLines } from "./redacted_lines.ts";
   * let out = "";
   * const lines = new RedactedLines(new Redactor(["hunter2-secret"]), (t) => (out += t));
   * lines.push("token=hunter2");
   * lines.push("-secret ok\n");
   * assert.equal(out, "token=*** ok\n");
   * ```
   */
  push(chunk: string | Uint8Array): void {
    if (this.#redactor.empty) {
      const text = typeof chunk === "string"
        ? chunk
        : this.#decoder.decode(chunk, { stream: true });
      if (text !== "") this.#write(text);
      return;
    }
    this.#held += typeof chunk === "string" ? chunk : this.#decoder.decode(chunk, { stream: true });
    const newline = this.#held.lastIndexOf("\n");
    if (newline >= 0) {
      this.#write(this.#redactor.text(this.#held.slice(0, newline + 1)));
      this.#held = this.#held.slice(newline + 1);
    }
    if (this.#held.length > this.#maxHeld) {
      const keep = this.#redactor.longest;
      const out = this.#redactor.text(this.#held.slice(0, this.#held.length - keep));
      this.#held = this.#held.slice(this.#held.length - keep);
      this.#write(out);
    }
  }

  /** Writes what is held (at the end of the stream). */
  flush(): void {
    if (this.#held !== "") this.#write(this.#redactor.text(this.#held));
    this.#held = "";
  }
}

/**
 * The failure of a live server, described for a person, before the source label, the quoted
 * standard error and redaction are added.
 * @module
 */

/** Something went wrong talking to a live server; the message says what, in plain words. */
export class LiveError extends Error {
  override name = "LiveError";
}

/**
 * A JSON-RPC error the server sent that no request can be matched with (an `id` of null, or an
 * error object the SDK rejects): it answers whatever request is in flight, which fails at once.
 */
export class ServerErrorAnswer extends Error {
  override name = "ServerErrorAnswer";
  /** The error's `code` as the server sent it (a number, or whatever else it wrote). */
  readonly code: unknown;
  /** The error's `message`. */
  readonly detail: string;

  /** An error answer with `code` and `detail`. */
  constructor(code: unknown, detail: string) {
    super(`the server answered with error ${String(code)}: ${detail}`);
    this.code = code;
    this.detail = detail;
  }
}

/** The server sent a message larger than the limit; the connection is ended at once. */
export class MessageTooLarge extends Error {
  override name = "MessageTooLarge";
  /** The limit, in bytes. */
  readonly limit: number;

  /** What was too large: `message` (stdio) or `HTTP response`. */
  readonly what: string;

  /** A message over `limit` bytes. */
  constructor(limit: number, what = "message") {
    super(`the server's ${what} is larger than ${megabytes(limit)}, the limit for one message`);
    this.limit = limit;
    this.what = what;
  }
}

/** A byte count as megabytes, for messages (`64 MB`, `0.5 MB`). */
export function megabytes(bytes: number): string {
  return `${Number((bytes / 1_000_000).toFixed(3))} MB`;
}

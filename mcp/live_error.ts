/**
 * The failure of a live server, described for a person, before the source label, the quoted
 * standard error and redaction are added.
 * @module
 */

/** Something went wrong talking to a live server; the message says what, in plain words. */
export class LiveError extends Error {
  override name = "LiveError";
}

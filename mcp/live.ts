/**
 * Takes a snapshot of a live server: connect, `initialize`, every page of every announced list,
 * close. Failures become one {@link UserError} naming the source, quoting the end of the
 * server's standard error, with every secret redacted. The snapshot itself is never redacted.
 * @module
 */
import { UserError } from "../core/errors.ts";
import { stripControl } from "../reporters/sanitize.ts";
import { connect } from "./connect.ts";
import { fetchListing, type Listing } from "./fetch_listing.ts";
import { LiveError } from "./live_error.ts";
import { contractFromLive, type Snapshot, snapshotOf } from "./snapshot.ts";
import type { LiveSource } from "./sources.ts";
import { StderrTail } from "./stderr_tail.ts";

/** Options of {@link snapshotLive}. */
export interface LiveOptions {
  /** The capture time; defaults to now. */
  now?: Date;
  /** Pages read per list before giving up. */
  maxPages?: number;
}

/** Snapshots a live server. */
export async function snapshotLive(
  source: LiveSource,
  options: LiveOptions = {},
): Promise<Snapshot> {
  const stderr = new StderrTail();
  const { redactor } = source;
  try {
    const connection = await connect(source.target, {
      timeouts: source.timeouts,
      stderr,
      redactor,
      maxMessageBytes: source.maxMessageBytes,
    });
    let listing: Listing;
    try {
      listing = await fetchListing(connection, {
        redactor,
        listMs: source.timeouts.listMs,
        ...(options.maxPages === undefined ? {} : { maxPages: options.maxPages }),
      });
    } finally {
      await connection.close();
    }
    // The contract is written as the server sent it: redaction is for Proxar's own messages.
    const contract = contractFromLive(source.label, connection.info, listing);
    const capturedAt = (options.now ?? new Date()).toISOString();
    return snapshotOf(contract, capturedAt, source.label);
  } catch (error) {
    if (error instanceof LiveError) {
      const quoted = stderr.lines(10, 300, redactor);
      throw new UserError(redactor.text(failureMessage(source.label, error.message, quoted)));
    }
    if (error instanceof UserError) throw new UserError(redactor.text(error.message));
    throw error;
  }
}

/** `Cannot snapshot "label": reason`, quoting the end of the server's standard error. */
export function failureMessage(
  label: string,
  reason: string,
  stderr: string[],
  action = "snapshot",
): string {
  const lines = stderr.map((line) => `  | ${stripControl(line)}`);
  const quote = lines.length === 0
    ? ""
    : `\n  The server's standard error ended with:\n${lines.join("\n")}`;
  return `Cannot ${action} "${label}": ${reason}${quote}`;
}

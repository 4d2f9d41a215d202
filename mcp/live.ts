/**
 * Takes a snapshot of a live server: connect, `initialize`, every page of every announced list,
 * close. Failures become one {@link UserError} naming the source, quoting the end of the
 * server's standard error, with every secret redacted. The snapshot itself is never redacted.
 * @module
 */
import { UserError } from "../core/errors.ts";
import { stripControl } from "../core/sanitize.ts";
import { connect } from "./connect.ts";
import { fetchListing, type Listing } from "./fetch_listing.ts";
import { LiveError } from "./live_error.ts";
import { contractFromLive, type Snapshot, snapshotOf } from "./snapshot.ts";
import type { Redactor } from "./redact.ts";
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
        ...(source.lists === undefined ? {} : { lists: source.lists }),
        configured: source.server !== undefined,
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
      throw liveFailure(source.label, error.message, stderr.lines(10, 300, redactor), redactor);
    }
    if (error instanceof UserError) {
      throw new UserError(redactor.text(error.message), {
        details: error.details.map((line) => redactor.text(line)),
      });
    }
    throw error;
  }
}

/**
 * The {@link UserError} for a failed live source: `Cannot ACTION "label": reason`, with the end
 * of the server's standard error as detail lines, every secret redacted.
 */
export function liveFailure(
  label: string,
  reason: string,
  stderr: readonly string[],
  redactor: Redactor,
  action = "snapshot",
): UserError {
  const details = stderr.length === 0
    ? []
    : ["  The server's standard error ended with:", ...stderr.map((line) => `  | ${line}`)];
  return new UserError(redactor.text(`Cannot ${action} "${label}": ${reason}`), {
    details: details.map((line) => redactor.text(stripControl(line))),
  });
}

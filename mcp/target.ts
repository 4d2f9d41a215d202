/**
 * Where a live server is and how long to wait for it.
 * @module
 */

/** A server started as a child process, spoken to over its standard streams. */
export interface StdioTarget {
  kind: "stdio";
  command: string;
  args: string[];
  /** Variables added to the SDK's safe default environment (PATH, HOME, …). */
  env: Record<string, string>;
  cwd?: string;
}

/** A server reached over Streamable HTTP, falling back to the older HTTP+SSE transport. */
export interface HttpTarget {
  kind: "http";
  url: string;
  headers: Record<string, string>;
}

/** How to reach a live server. */
export type ServerTarget = StdioTarget | HttpTarget;

/** Time limits, in milliseconds. */
export interface Timeouts {
  /** Starting the server (or reaching it) and the `initialize` exchange. */
  connectMs: number;
  /** Each request after that (every page of every list). */
  requestMs: number;
  /** All pages of all lists together, so that a slow endless pager cannot hold a run for hours. */
  listMs: number;
}

/** The limits used when neither the command line nor the configuration sets one. */
export const DEFAULT_TIMEOUTS: Timeouts = {
  connectMs: 30_000,
  requestMs: 30_000,
  listMs: 300_000,
};

/**
 * The limit for reading all lists when none is set: five minutes, or the per-request limit when
 * that is longer (one page must always be allowed its full time).
 */
export function defaultListMs(requestMs: number): number {
  return Math.max(DEFAULT_TIMEOUTS.listMs, requestMs);
}

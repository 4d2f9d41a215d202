/**
 * How large one message from a server may be.
 * @module
 */

/**
 * The largest message (or HTTP response body) accepted by default: one JSON-RPC message holds a
 * whole page, and the largest single-page listings seen in the wild are tens of megabytes (the
 * SDK's default of 10 MB is too small), while a runtime reading hundreds of megabytes into one
 * string runs out of memory.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 100_000_000;

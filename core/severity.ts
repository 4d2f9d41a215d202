/**
 * Severities, strongest first, and helpers to compare them.
 * @module
 */

/** How strongly a change can break the agents that use a server. */
export type Severity =
  | "BREAKING"
  | "POTENTIALLY_BREAKING"
  | "NON_BREAKING"
  | "DOCUMENTATION";

/** Every severity, strongest first. */
export const SEVERITIES: readonly Severity[] = [
  "BREAKING",
  "POTENTIALLY_BREAKING",
  "NON_BREAKING",
  "DOCUMENTATION",
];

/** A threshold: a severity, or `never` to disable it. */
export type Threshold = Severity | "never";

/**
 * Rank of a severity: 0 for the strongest.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { severityRank } from "./severity.ts";
 * assert.ok(severityRank("BREAKING") < severityRank("DOCUMENTATION"));
 * ```
 */
export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

/** Whether `severity` is at or above `threshold`. */
export function reaches(severity: Severity, threshold: Threshold): boolean {
  return threshold !== "never" && severityRank(severity) <= severityRank(threshold);
}

/** The stronger of two severities. */
export function stricter(a: Severity, b: Severity): Severity {
  return severityRank(a) <= severityRank(b) ? a : b;
}

/** Whether a string names a severity. */
export function isSeverity(value: unknown): value is Severity {
  return typeof value === "string" && (SEVERITIES as readonly string[]).includes(value);
}

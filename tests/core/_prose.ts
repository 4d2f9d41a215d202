/**
 * Verdicts the prose tests expect, written once.
 * @module
 */
import type { ProseVerdict } from "../../core/prose.ts";

/** The classifier's verdict for `marker` counted `old` times before and `next` times after. */
export function markerVerdict(marker: string, old: number, next: number): ProseVerdict {
  return { severity: "POTENTIALLY_BREAKING", step: "marker", marker, counts: { old, new: next } };
}

/**
 * The prose classifier's thresholds and their defaults, in a module of their own so that the
 * configuration's defaults (`core/config.ts`) load without the classifier.
 * @module
 */
import type { NameSet } from "./prose_case.ts";

/** Thresholds and extra markers; see {@link DEFAULT_PROSE_OPTIONS}. */
export interface ProseOptions {
  /** A score at or above this is high. */
  high: number;
  /** A score below this is low. */
  low: number;
  /** Words or phrases that count as semantic markers besides the built-in ones. */
  extraMarkers: readonly string[];
  /**
   * Identifiers of the contract (see `contractIdentifiers`): a change of their case is not
   * DOCUMENTATION. Quoted and backticked tokens count whether listed or not.
   */
  identifiers?: NameSet;
  /**
   * The tool names of the old and new contract, sorted: one the new text names fewer times than
   * the old is not DOCUMENTATION (see `prose_tool.ts`).
   */
  toolNames?: readonly string[];
}

/**
 * Defaults, chosen from the labelled table in `tests/fixtures/prose_cases.json`; `docs/prose.md`
 * names the cases nearest each threshold.
 */
export const DEFAULT_PROSE_OPTIONS: ProseOptions = { high: 0.9, low: 0.55, extraMarkers: [] };

/**
 * The reporter API: a pure function from a report (plus rule metadata) to a string.
 * @module
 */
import type { Report } from "../core/report.ts";
import type { RuleMeta } from "../core/rule.ts";

/** Options that tune individual reporters; each reporter reads the ones it knows. */
export interface ReporterOptions {
  /** SARIF: leave suppressed changes out (GitHub shows suppressed results as open alerts). */
  omitSuppressed?: boolean;
  /** `YYYY-MM-DD` of the run (`PROXAR_TODAY`, else today in UTC), for dated formats (changelog). */
  today?: string;
}

/** What a reporter receives besides the report. */
export interface ReporterContext {
  /** Metadata of every registered rule, sorted by id. */
  rules: readonly RuleMeta[];
  /** Whether terminal colour is wanted (text only). */
  color: boolean;
  options: ReporterOptions;
}

/** A named output format. */
export interface Reporter {
  name: string;
  summary: string;
  render(report: Report, context: ReporterContext): string;
  /**
   * The text of {@link render} in pieces, for a reporter whose text is long: written in order
   * without being joined (a surrogate pair is never split between two pieces).
   */
  renderParts?(report: Report, context: ReporterContext): string[];
  /**
   * Set when the reporter shows a change's old source location only where the change has no new
   * one (`change.locations.new ?? change.locations.old`). When every requested report does, the
   * old file is not scanned for the changes found in the new one: for a large contract that
   * scan costs about as much as parsing the file.
   */
  oldLocationOnlyWithoutNew?: boolean;
}

/**
 * The JSON report: the report model as is, versioned by `schemaVersion` and documented by
 * `schemas/report.schema.json`. Scripts and every other reporter consume this model.
 * @module
 */
import type { Reporter } from "./reporter.ts";

/** The JSON reporter. */
export const jsonReporter: Reporter = {
  name: "json",
  summary: "The report model as JSON (stable, versioned by schemaVersion)",
  render: (report) => JSON.stringify(report, null, 2) + "\n",
};

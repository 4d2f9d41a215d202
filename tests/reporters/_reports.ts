/**
 * Reports for reporter tests, built by the real engine from fixture files.
 * @module
 */
import { readFileSync } from "node:fs";
import { parseConfig } from "../../core/config_load.ts";
import { compareContracts } from "../../core/engine.ts";
import { contractFromDocuments } from "../../core/load_contract.ts";
import { locateChanges, type LocateOptions } from "../../core/locate.ts";
import { createRegistry } from "../../core/registry.ts";
import type { Report } from "../../core/report.ts";
import { parseDocument } from "../../core/read_source.ts";
import { builtinRules } from "../../rules/mod.ts";
import type { ReporterContext } from "../../reporters/reporter.ts";
import { FIXTURES } from "../helpers.ts";

export const registry = createRegistry(builtinRules);

/** The context reporters get, without colour. */
export function context(options: ReporterContext["options"] = {}): ReporterContext {
  return { rules: registry.rules.map((r) => r.meta), color: false, options };
}

function load(file: string) {
  const text = readFileSync(`${FIXTURES}/${file}`, "utf8");
  return contractFromDocuments(file, [parseDocument(file, text, `tests/fixtures/${file}`)]);
}

/**
 * Diffs two fixture files (paths under tests/fixtures) with an optional config fixture, and
 * locates the changes with `locate`.
 */
export function reportOf(
  oldFile: string,
  newFile: string,
  configFile?: string,
  locate: LocateOptions = {},
): Report {
  const old = load(oldFile);
  const next = load(newFile);
  const config = configFile
    ? parseConfig(readFileSync(`${FIXTURES}/${configFile}`, "utf8"), configFile)
    : undefined;
  const report = compareContracts(old, next, {
    registry,
    today: "2026-01-01",
    ...(config ? { config } : {}),
  });
  locateChanges(report.changes, old, next, locate);
  return report;
}

/** No changes at all. */
export function emptyReport(): Report {
  return reportOf("diff/base.json", "diff/base.json");
}

/** Changes of every severity, one suppressed, and hostile server text everywhere. */
export function hostileReport(locate: LocateOptions = {}): Report {
  return reportOf(
    "reporters/hostile_old.json",
    "reporters/hostile_new.json",
    "reporters/hostile.yaml",
    locate,
  );
}

/** The bundled example: a realistic diff with every severity and one suppressed change. */
export function exampleReport(): Report {
  const old = contractFromDocuments("examples/v1/contract.json", [
    parseDocument(
      "examples/v1/contract.json",
      readFileSync(`${FIXTURES}/../../examples/v1/contract.json`, "utf8"),
      "examples/v1/contract.json",
    ),
  ]);
  const next = contractFromDocuments("examples/v2/contract.json", [
    parseDocument(
      "examples/v2/contract.json",
      readFileSync(`${FIXTURES}/../../examples/v2/contract.json`, "utf8"),
      "examples/v2/contract.json",
    ),
  ]);
  const config = parseConfig(
    readFileSync(`${FIXTURES}/../../examples/proxar.yaml`, "utf8"),
    "examples/proxar.yaml",
  );
  const report = compareContracts(old, next, { registry, config, today: "2026-01-01" });
  locateChanges(report.changes, old, next);
  return report;
}

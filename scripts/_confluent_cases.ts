/**
 * Runs Confluent Schema Registry's JSON Schema compatibility examples (vendored in
 * `tests/fixtures/confluent/cases.json`) through the engine as input schema changes, and lists
 * where Proxar's verdict differs from theirs. Shared by `gen_schema_coverage.ts` and its test.
 * @module
 */
import { readFileSync } from "node:fs";
import { diffContracts } from "../core/engine.ts";
import type { JsonValue } from "../core/json.ts";
import { contractFromValue } from "../core/load_contract.ts";
import { createRegistry } from "../core/registry.ts";
import { builtinRules } from "../rules/mod.ts";

const DIR = new URL("../tests/fixtures/confluent/", import.meta.url);

/** One example: `compatible` means every value valid under the original is valid under the update. */
export interface ConfluentCase {
  file: string;
  description: string;
  original_schema: JsonValue;
  update_schema: JsonValue;
  compatible: boolean;
}

/** Where the examples come from. */
export interface ConfluentSource {
  repository: string;
  commit: string;
  paths: string[];
}

/** A case where Proxar and Confluent disagree, with Proxar's BREAKING findings. */
export interface Disagreement {
  case: string;
  compatible: boolean;
  breaking: string[];
}

/** The written reason for a known disagreement. */
export interface Reason {
  case: string;
  kind: "seed convention" | "known limit" | "Proxar is stricter";
  reason: string;
}

/** The vendored examples and their source. */
export function confluentCases(): { source: ConfluentSource; cases: ConfluentCase[] } {
  return JSON.parse(readFileSync(new URL("cases.json", DIR), "utf8"));
}

/** The reasons recorded for the disagreements. */
export function confluentReasons(): Reason[] {
  return JSON.parse(readFileSync(new URL("disagreements.json", DIR), "utf8"));
}

/** The name a case goes by: its file's draft and its description. */
export function caseName(c: ConfluentCase): string {
  return `${c.file.includes("2020-12") ? "2020-12" : "draft-07"}: ${c.description}`;
}

/** Runs every case as an input schema change; returns the agreements count and the rest. */
export function compareWithConfluent(cases: readonly ConfluentCase[]): {
  agree: number;
  disagreements: Disagreement[];
} {
  const registry = createRegistry(builtinRules);
  const wrap = (schema: JsonValue) =>
    contractFromValue({ tools: [{ name: "t", inputSchema: schema }] });
  let agree = 0;
  const disagreements: Disagreement[] = [];
  for (const c of cases) {
    const { changes } = diffContracts(wrap(c.original_schema), wrap(c.update_schema), { registry });
    const breaking = changes.filter((x) => x.severity === "BREAKING").map((x) =>
      `${x.rule} ${x.path}`
    );
    if ((breaking.length > 0) === !c.compatible) agree++;
    else disagreements.push({ case: caseName(c), compatible: c.compatible, breaking });
  }
  return { agree, disagreements };
}

/**
 * The diff pipeline: pair entities, run every registered rule once, apply the configuration,
 * sort deterministically, summarise and decide. No I/O.
 * @module
 */
import type { Change } from "./change.ts";
import { compareChanges } from "./change.ts";
import { type Config, defaultConfig } from "./config.ts";
import type { Contract } from "./contract.ts";
import { UserError } from "./errors.ts";
import { contractHash } from "./hash.ts";
import { isObject, sortKeys } from "./json.ts";
import type { LoadedContract } from "./load_contract.ts";
import { pairEntities } from "./pairing.ts";
import { classifyProse } from "./prose.ts";
import { type ToolSchemaDelta, toolSchemaDeltas } from "./schema/compare_tool.ts";
import type { Registry } from "./registry.ts";
import { type ContractSummary, type Report, REPORT_SCHEMA_VERSION, summarise } from "./report.ts";
import type { Finding, Rule } from "./rule.ts";
import { isSeverity } from "./severity.ts";
import { applyConfig, type ExpiredIgnore } from "./suppress.ts";
import { VERSION } from "./version.ts";

/** Options of a diff. */
export interface DiffOptions {
  registry: Registry;
  config?: Config;
  /** `YYYY-MM-DD`, for `expires` of ignore entries; defaults to today in UTC. */
  today?: string;
}

const ENTITY_KINDS = new Set(["tool", "prompt", "resource", "resourceTemplate", "server"]);

function checkFinding(rule: Rule, finding: Finding): void {
  const problem = !isObject(finding)
    ? "a finding must be an object"
    : !isObject(finding.entity) || !ENTITY_KINDS.has(String(finding.entity.kind))
    ? 'entity.kind must be one of "tool", "prompt", "resource", "resourceTemplate", "server"'
    : typeof finding.entity.name !== "string"
    ? "entity.name must be a string"
    : typeof finding.path !== "string" || finding.path === ""
    ? "path must be a non-empty string"
    : typeof finding.pointer !== "string"
    ? "pointer must be a string"
    : typeof finding.message !== "string" || finding.message === ""
    ? "message must be a non-empty string"
    : finding.severity !== undefined && !isSeverity(finding.severity)
    ? `severity must be a severity, found ${JSON.stringify(finding.severity)}`
    : undefined;
  if (problem) {
    throw new UserError(`Rule "${rule.meta.id}" reported a malformed finding: ${problem}`);
  }
}

/**
 * Runs every rule of the registry on two contracts and returns the graded, configured, sorted
 * changes plus the ignore entries that have expired.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { diffContracts } from "./engine.ts";
 * import { createRegistry } from "./registry.ts";
 * import { emptyContract } from "./contract.ts";
 * const { changes } = diffContracts(emptyContract(), emptyContract(), { registry: createRegistry([]) });
 * assert.ok(changes.length === 0);
 * ```
 */
export function diffContracts(
  old: Contract,
  next: Contract,
  options: DiffOptions,
): { changes: Change[]; expired: ExpiredIgnore[] } {
  const config = options.config ?? defaultConfig();
  const pairs = pairEntities(old, next);
  const classify = (a: string | undefined, b: string | undefined) =>
    classifyProse(a, b, config.prose);
  let deltas: Map<string, ToolSchemaDelta[]> | undefined;
  const schemaDeltas = (id: string) => {
    deltas ??= toolSchemaDeltas(pairs, classify);
    return deltas.get(id) ?? [];
  };
  const changes: Change[] = [];
  for (const rule of options.registry.rules) {
    const report = (finding: Finding) => {
      checkFinding(rule, finding);
      const change: Change = {
        rule: rule.meta.id,
        severity: finding.severity ?? rule.meta.severity,
        entity: { kind: finding.entity.kind, name: finding.entity.name },
        path: finding.path,
        pointer: finding.pointer,
        message: finding.message,
      };
      if (finding.old !== undefined) change.old = sortKeys(finding.old);
      if (finding.new !== undefined) change.new = sortKeys(finding.new);
      if (finding.hint !== undefined) change.hint = finding.hint;
      if (finding.prose !== undefined) change.prose = finding.prose;
      changes.push(change);
    };
    try {
      rule.check({
        old,
        new: next,
        pairs,
        schemaDeltas,
        classifyProse: classify,
        report,
      });
    } catch (error) {
      if (error instanceof UserError) throw error;
      throw new UserError(`Rule "${rule.meta.id}" failed: ${(error as Error)?.message ?? error}`);
    }
  }
  for (const id of (deltas ?? new Map()).keys()) {
    if (!options.registry.has(id)) {
      throw new Error(`No rule is registered for schema change "${id}"`);
    }
  }
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const expired = applyConfig(changes, config, today);
  changes.sort(compareChanges);
  return { changes, expired };
}

function summariseContract(loaded: LoadedContract): ContractSummary {
  const c = loaded.contract;
  return {
    source: loaded.label,
    server: { name: c.server.name, version: c.server.version },
    hash: contractHash(c),
    counts: {
      tools: c.tools.length,
      prompts: c.prompts.length,
      resources: c.resources.length,
      resourceTemplates: c.resourceTemplates.length,
    },
  };
}

/** Compares two loaded contracts and builds the full report. */
export function compareContracts(
  old: LoadedContract,
  next: LoadedContract,
  options: DiffOptions,
): Report {
  const config = options.config ?? defaultConfig();
  const { changes, expired } = diffContracts(old.contract, next.contract, options);
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    proxar: { version: VERSION },
    old: summariseContract(old),
    new: summariseContract(next),
    changes,
    ...summarise(changes, { failOn: config.fail_on, warnOn: config.warn_on }, expired),
  };
}

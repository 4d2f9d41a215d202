/**
 * Proxar: detects and grades changes in the contract an MCP server advertises (tools, their
 * input and output schemas, prompts, resources, instructions), so CI can tell whether agents
 * that worked yesterday still work.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import {
 *   builtinRules,
 *   contractFromValue,
 *   createRegistry,
 *   diffContracts,
 *   releaseAdvice,
 * } from "./mod.ts";
 *
 * const old = contractFromValue({ tools: [{ name: "search_issues", inputSchema: { type: "object" } }] });
 * const next = contractFromValue({ tools: [] });
 * const { changes } = diffContracts(old, next, { registry: createRegistry(builtinRules) });
 * assert.equal(changes[0]?.rule, "tool.removed");
 * assert.equal(changes[0]?.severity, "BREAKING");
 * assert.equal(releaseAdvice(changes, "1.4.0", "2.0.0").sufficient, true);
 * ```
 * @module
 */
export type { Change, FileLocation } from "./core/change.ts";
export type { Config, IgnoreEntry, ServerConfig } from "./core/config.ts";
export { defaultConfig } from "./core/config.ts";
export { configSchema } from "./core/config_schema.ts";
export { parseConfig } from "./core/config_load.ts";
export type {
  EntityKind,
  Prompt,
  PromptArgument,
  Resource,
  ResourceTemplate,
  ServerInfo,
  Tool,
} from "./core/contract.ts";
export { emptyContract } from "./core/contract.ts";
export {
  type AsyncDiffOptions,
  compareContracts,
  compareContractsAsync,
  diffContracts,
  diffContractsAsync,
  type DiffOptions,
} from "./core/engine.ts";
export { isUserError, UserError } from "./core/errors.ts";
export { contractHash } from "./core/hash.ts";
export type { JsonObject, JsonValue } from "./core/json.ts";
export {
  contractFromDocument,
  contractFromDocuments,
  contractFromValue,
  type JsonDocument,
  type LoadedContract,
} from "./core/load_contract.ts";
export {
  classifyProse,
  DEFAULT_PROSE_OPTIONS,
  describeStep,
  describeVerdict,
  type ProseOptions,
  type ProseStep,
  type ProseVerdict,
} from "./core/prose.ts";
export { readSource, type SourceContext } from "./core/read_source.ts";
export type { JsonTypeName, LengthBucket, ShapeNode } from "./core/response/node.ts";
export {
  type ContentKind,
  type FailureReason,
  mergeResponses,
  responseShapeOf,
  type ToolResponseShape,
  type Violation,
} from "./core/response/result.ts";
export { outputViolations } from "./core/response/violations.ts";
export { createRegistry, type Registry } from "./core/registry.ts";
export type { Decision } from "./core/report.ts";
export {
  LEVEL_OF_SEVERITY,
  type ReleaseAdvice,
  releaseAdvice,
  releaseLevel,
} from "./core/release.ts";
export {
  compareSemver,
  formatSemver,
  nextVersion,
  parseSemver,
  RELEASE_LEVELS,
  type ReleaseLevel,
  type SemVer,
} from "./core/semver.ts";
export { SEVERITIES, type Severity, type Threshold } from "./core/severity.ts";
export { VERSION } from "./core/version.ts";
export type { ReporterOptions } from "./reporters/reporter.ts";
// The plugin API with every type a rule or reporter works with, from one list.
export * from "./plugins/api.ts";
export type { Side } from "./core/schema/types.ts";
export { builtinReporters } from "./reporters/mod.ts";
export { builtinRules } from "./rules/mod.ts";

/**
 * The messages between Proxar and the worker that runs one plugin (see host.ts and worker.ts).
 * Everything crosses as structured clones: the contracts, pairs and schema deltas once per
 * plugin, findings and rendered text back.
 * @module
 */
import type { Contract } from "../core/contract.ts";
import type { EntityPairs } from "../core/pairing.ts";
import type { ProseOptions } from "../core/prose.ts";
import type { Report } from "../core/report.ts";
import type { Finding, RuleMeta } from "../core/rule.ts";
import type { ToolSchemaDelta } from "../core/schema/compare_tool.ts";
import type { ReporterContext } from "../reporters/reporter.ts";

/** What the worker is first given, as `workerData`. */
export interface WorkerStart {
  /** The plugin path as the user wrote it, and where it is relative to. */
  path: string;
  base: string;
}

/** What a loaded plugin looks like from outside its worker. */
export interface PluginShape {
  name: string;
  rules: RuleMeta[];
  reporters: { name: string; summary: string }[];
}

/** The diff every rule of the plugin reads, sent once. */
export interface RuleInput {
  old: Contract;
  new: Contract;
  pairs: EntityPairs;
  deltas: ToolSchemaDelta[];
  prose: ProseOptions;
}

/** Requests to the worker; each gets exactly one {@link Reply}. */
export type Request =
  | { type: "run"; id: string; input?: RuleInput }
  | { type: "render"; name: string; report: Report; context: ReporterContext };

/**
 * Replies from the worker. A `failed` message continues `Plugin "x": rule "y" ` (or is a whole
 * load error); `crash` reports an error no request caught.
 */
export type Reply =
  | { type: "ready" }
  | { type: "loaded"; plugin: PluginShape }
  | { type: "findings"; findings: Finding[] }
  | { type: "rendered"; text: unknown }
  | { type: "failed"; message: string }
  | { type: "crash"; message: string };

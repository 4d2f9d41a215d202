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

/**
 * Requests to the worker; each gets exactly one {@link Reply} carrying its `seq`, which Proxar
 * numbers from 1 up, never reusing one for the life of the plugin (its workers included).
 */
export type Request =
  | { type: "run"; seq: number; id: string; input?: RuleInput }
  | { type: "render"; seq: number; name: string; report: Report; context: ReporterContext };

/** The `seq` of what the worker sends on its own as it starts: `ready`, then `loaded` or `failed`. */
export const START_SEQ = 0;

/**
 * Replies from the worker, each with the `seq` of the request it answers ({@link START_SEQ} for
 * the start). A `failed` message continues `Plugin "x": rule "y" ` (or is a whole load error);
 * `crash` reports an error no request caught. The plugin's own code shares the worker's port, so
 * the host matches replies by `seq` and takes anything else as a message the plugin posted.
 */
export type Reply =
  & (
    | { type: "ready" }
    | { type: "loaded"; plugin: PluginShape }
    | { type: "findings"; findings: Finding[] }
    | { type: "rendered"; text: unknown }
    | { type: "failed"; message: string }
    | { type: "crash"; message: string }
  )
  & { seq?: number };

/**
 * Passive sampling behind `proxar proxy`: the shapes of `tools/call` results that pass through
 * are merged per tool (a configurable share of calls, within a budget per minute), compared with
 * the pinned samples through the CLI's diff, and each finding not raised before in the session
 * becomes an alert. The result is read after the relay forwarded it; nothing here holds a
 * message, and only shapes are kept.
 * @module
 */
import type { ServerInfo } from "../../core/contract.ts";
import { isObject, type JsonValue } from "../../core/json.ts";
import { contractFromDocument, type LoadedContract } from "../../core/load_contract.ts";
import type { Change } from "../../core/change.ts";
import type { Report } from "../../core/report.ts";
import {
  mergeResponses,
  responseShapeOf,
  type ToolResponseShape,
} from "../../core/response/result.ts";
import { outputViolations } from "../../core/response/violations.ts";
import type { ToolResultEvent } from "../proxy/observer.ts";

/** `sampling:` in the configuration. */
export interface PassiveSettings {
  /** Share of `tools/call` results sampled, 0 to 1 (every n-th call, not at random). */
  rate: number;
  /** Results sampled per minute at most, all tools together. */
  perMinute: number;
}

/** The defaults: every call, up to 60 a minute. */
export const DEFAULT_PASSIVE: PassiveSettings = { rate: 1, perMinute: 60 };

/** What the sampler needs from the proxy. */
export interface PassiveOptions extends PassiveSettings {
  /** The server as alerts and samples files name it. */
  server: ServerInfo;
  now(): Date;
  /** The tool's declared `outputSchema` once the proxy knows the contract, if any. */
  outputSchema(tool: string): Promise<unknown>;
  /** The pinned samples, read once when first needed. */
  pinned(): Promise<LoadedContract | undefined>;
  /** The CLI's diff: same config, rules and plugins. */
  compare(old: LoadedContract, next: LoadedContract): Promise<Report>;
  /** Raises an alert for the report with the findings not raised before. */
  alert(report: Report, fresh: Change[]): Promise<void>;
  log(text: string): void;
}

/** Merges result shapes per tool and alerts on drift from the pinned samples. */
export class PassiveSampler {
  readonly #options: PassiveOptions;
  readonly #shapes = new Map<string, ToolResponseShape>();
  readonly #alerted = new Set<string>();
  #credit = 0;
  #window = { start: Number.NEGATIVE_INFINITY, taken: 0 };
  #pinned: Promise<LoadedContract | undefined> | undefined;
  #queue: Promise<void> = Promise.resolve();
  #sampled = 0;

  /** A sampler with `options`. */
  constructor(options: PassiveOptions) {
    this.#options = options;
  }

  /** The observer's hook: called for every `tools/call` result that passed. */
  onToolResult = (event: ToolResultEvent): void => {
    if (event.tool === "" || !this.#take()) return;
    const result = event.response()?.result;
    if (!isObject(result)) return;
    const tool = event.tool;
    this.#sampled++;
    // The result waits (in memory only) for the tool's outputSchema: the proxy may not have
    // read the listing yet when the first call passes.
    this.#queue = this.#queue.then(async () => {
      const violations = result.isError === true
        ? []
        : outputViolations(await this.#options.outputSchema(tool), result.structuredContent);
      const shape = responseShapeOf(result, violations);
      const seen = this.#shapes.get(tool);
      this.#shapes.set(tool, seen ? mergeResponses(seen, shape) : shape);
      await this.#check(tool);
    }).catch((error) => {
      this.#options.log(`response sampling failed: ${(error as Error).message}`);
    });
  };

  /** How many results were sampled. */
  get sampled(): number {
    return this.#sampled;
  }

  /** The merged shapes by tool, sorted by name. */
  shapes(): Record<string, ToolResponseShape> {
    const out: Record<string, ToolResponseShape> = {};
    for (const tool of [...this.#shapes.keys()].sort()) {
      Object.defineProperty(out, tool, {
        value: this.#shapes.get(tool),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }

  /** Waits for queued comparisons. */
  async settle(): Promise<void> {
    await this.#queue;
  }

  /** Whether this result is sampled: the rate as a running credit, then the minute's budget. */
  #take(): boolean {
    const { rate, perMinute } = this.#options;
    this.#credit = Math.min(this.#credit + rate, 1);
    if (this.#credit < 1 - 1e-9) return false;
    const now = this.#options.now().getTime();
    if (now - this.#window.start >= 60_000) this.#window = { start: now, taken: 0 };
    if (this.#window.taken >= perMinute) return false;
    this.#window.taken++;
    this.#credit -= 1;
    return true;
  }

  async #check(tool: string): Promise<void> {
    this.#pinned ??= this.#options.pinned();
    const pinned = await this.#pinned;
    const recorded = pinned?.contract.responses ?? {};
    const server = pinned?.contract.server ?? this.#options.server;
    const before = Object.hasOwn(recorded, tool) ? { [tool]: recorded[tool]! } : {};
    const old = pinned
      ? { ...pinned, contract: { ...pinned.contract, responses: before } }
      : loaded("no pinned samples", server, {});
    const next = loaded("results passing the proxy", server, {
      [tool]: this.#shapes.get(tool)!,
    });
    const report = await this.#options.compare(old, next);
    const fresh = report.changes.filter((change) => {
      const key = JSON.stringify([change.rule, change.path, change.new ?? null]);
      if (this.#alerted.has(key)) return false;
      this.#alerted.add(key);
      return true;
    });
    if (fresh.length > 0) await this.#options.alert(report, fresh);
  }
}

function loaded(
  label: string,
  server: ServerInfo,
  responses: Record<string, ToolResponseShape>,
): LoadedContract {
  const value = { server: { name: server.name, version: server.version }, responses };
  return contractFromDocument({ label, value: value as unknown as JsonValue });
}

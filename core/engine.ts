/**
 * The diff pipeline: pair entities, run every registered rule once, apply the configuration,
 * sort deterministically, summarise and decide. No I/O.
 * @module
 */
import type { Change } from "./change.ts";
import { compareChanges } from "./change.ts";
import { type Config, defaultConfig } from "./config.ts";
import type { Contract, Tool } from "./contract.ts";
import { UserError } from "./errors.ts";
import {
  deepFreeze,
  findingProblem,
  MAX_PLUGIN_FINDINGS,
  pointerResolves,
} from "./finding_check.ts";
import { contractHashes } from "./hash.ts";
import { sortKeys } from "./json.ts";
import type { LoadedContract } from "./load_contract.ts";
import {
  changedPairs,
  type EntityPairs,
  equalPairs,
  type Paired,
  pairEntities,
} from "./pairing.ts";
import { classifyProse, type ProseVerdict } from "./prose.ts";
import { lazyContractIdentifiers, type NameSet } from "./prose_case.ts";
import { type ToolSchemaDelta, toolSchemaDeltas } from "./schema/compare_tool.ts";
import type { Registry } from "./registry.ts";
import { releaseAdvice } from "./release.ts";
import { type ContractSummary, type Report, REPORT_SCHEMA_VERSION, summarise } from "./report.ts";
import {
  type Finding,
  keepsOwnTime,
  readsOwnSchemaDeltas,
  type Rule,
  skipsEqualPairs,
} from "./rule.ts";
import { applyConfig, applyOverrides, type ExpiredIgnore } from "./suppress.ts";
import { VERSION } from "./version.ts";

/** Options of a diff. */
export interface DiffOptions {
  registry: Registry;
  config?: Config;
  /** `YYYY-MM-DD`, for `expires` of ignore entries; defaults to today in UTC. */
  today?: string;
}

function checkFinding(rule: Rule, finding: Finding, run: DiffRun): void {
  const registry = run.options.registry;
  let problem = findingProblem(finding);
  if (problem === undefined && registry.pluginOf(rule.meta.id) !== undefined) {
    if (!pointerResolves(run.old, finding.pointer) && !pointerResolves(run.next, finding.pointer)) {
      problem = `pointer ${
        JSON.stringify(finding.pointer.slice(0, 200))
      } names nothing in either contract (expected an RFC 6901 pointer such as "/tools/0/inputSchema")`;
    }
  }
  if (problem) {
    throw new UserError(`${ruleName(rule, registry)} reported a malformed finding: ${problem}`);
  }
}

/** Options of an asynchronous diff, which may run rules that return promises. */
export interface AsyncDiffOptions extends DiffOptions {
  /** How long one rule may take before the run fails, in milliseconds (default 10,000). */
  ruleTimeoutMs?: number;
  /**
   * Freeze both contracts, the pairs and the schema deltas, so no rule can change what other
   * rules see (the CLI always does; a rule that tries then fails with a TypeError).
   */
  freezeInputs?: boolean;
}

/** One diff in progress: the shared, computed-once context and the collected changes. */
class DiffRun {
  readonly changes: Change[] = [];
  readonly config: Config;
  readonly pairs: EntityPairs;
  deltas: Map<string, ToolSchemaDelta[]> | undefined;
  /**
   * What `context.findings()` returns: set between the two passes, to frozen copies of the
   * changes the first pass found, made when a rule first asks (copying every change's values
   * costs a large diff's memory, and a rule may not need them).
   */
  findingsView: () => readonly Change[] = () => [];

  constructor(
    readonly old: Contract,
    readonly next: Contract,
    readonly options: DiffOptions,
  ) {
    this.config = options.config ?? defaultConfig();
    this.pairs = pairEntities(old, next);
  }

  #identifiers: NameSet | undefined;
  #toolNames: string[] | undefined;
  classify = (a: string | undefined, b: string | undefined): ProseVerdict => {
    this.#identifiers ??= lazyContractIdentifiers([this.old, this.next]);
    this.#toolNames ??= [
      ...new Set([...this.old.tools, ...this.next.tools].map((t) => String(t.name))),
    ].sort();
    return classifyProse(a, b, {
      ...this.config.prose,
      identifiers: this.#identifiers,
      toolNames: this.#toolNames,
    });
  };

  #renamed: Map<string, Paired<Tool>> | undefined;
  /** The pair of a renamed tool a finding (other than its removal and addition) is about. */
  renamedPair(id: string, finding: Finding): Paired<Tool> | undefined {
    this.#renamed ??= new Map(
      this.pairs.tools.paired.flatMap((p) => p.renamedFrom ? [[p.id, p]] : []),
    );
    return finding.entity.kind === "tool" && id !== "tool.removed" && id !== "tool.added"
      ? this.#renamed.get(finding.entity.name)
      : undefined;
  }

  /** A finding about a renamed tool (other than its removal and addition) names the rename. */
  withRename(id: string, finding: Finding): string {
    const from = this.renamedPair(id, finding)?.renamedFrom;
    return from === undefined
      ? finding.message
      : `${finding.message} (tool renamed from "${from}")`;
  }

  /**
   * Where a finding's element stood in the old contract: what it says, else, for a renamed tool,
   * its pointer moved to the old tool's index (the old file names the tool by its old name).
   */
  oldPointerOf(id: string, finding: Finding): string | undefined {
    if (finding.oldPointer !== undefined) return finding.oldPointer;
    const pair = this.renamedPair(id, finding);
    const at = `/tools/${pair?.newIndex}`;
    if (pair === undefined || !(finding.pointer === at || finding.pointer.startsWith(`${at}/`))) {
      return undefined;
    }
    return `/tools/${pair.oldIndex}${finding.pointer.slice(at.length)}`;
  }

  allDeltas(): Map<string, ToolSchemaDelta[]> {
    if (this.deltas === undefined) {
      this.deltas = toolSchemaDeltas(this.pairs, this.classify);
      if ((this.options as AsyncDiffOptions).freezeInputs) deepFreeze(this.deltas);
    }
    return this.deltas;
  }

  #changed: EntityPairs | undefined;
  /**
   * The pairs built-in rules read: without those whose entries are equal, in which no built-in
   * rule finds anything (tests/core/changed_pairs_test.ts), and which are most of a large
   * contract. Every other rule sees every pair (see skipsEqualPairs in rule.ts).
   */
  changedPairs(): EntityPairs {
    if (this.#changed === undefined) {
      this.#changed = changedPairs(this.pairs);
      if ((this.options as AsyncDiffOptions).freezeInputs) deepFreeze(this.#changed);
    }
    return this.#changed;
  }

  /** Whether running `rule` would report nothing: a schema rule whose id has no difference. */
  skips(rule: Rule): boolean {
    return readsOwnSchemaDeltas(rule) && !this.allDeltas().has(rule.meta.id);
  }

  /** Runs one rule; returns what its check returned (a promise for asynchronous rules). */
  check(rule: Rule): unknown {
    const fromPlugin = this.options.registry.pluginOf(rule.meta.id) !== undefined;
    let reported = 0;
    const report = (finding: Finding) => {
      checkFinding(rule, finding, this);
      if (fromPlugin && ++reported > MAX_PLUGIN_FINDINGS) {
        throw new UserError(
          `${
            ruleName(rule, this.options.registry)
          } reported more than ${MAX_PLUGIN_FINDINGS} findings; Proxar stops rather than run out of memory`,
        );
      }
      const change: Change = {
        rule: rule.meta.id,
        severity: finding.severity ?? rule.meta.severity,
        entity: { kind: finding.entity.kind, name: finding.entity.name },
        path: finding.path,
        pointer: finding.pointer,
        message: this.withRename(rule.meta.id, finding),
      };
      if (finding.old !== undefined) change.old = sortKeys(finding.old);
      if (finding.new !== undefined) change.new = sortKeys(finding.new);
      if (finding.hint !== undefined) change.hint = finding.hint;
      const oldPointer = this.oldPointerOf(rule.meta.id, finding);
      if (oldPointer !== undefined) change.oldPointer = oldPointer;
      if (finding.newPointer !== undefined) change.newPointer = finding.newPointer;
      if (finding.usedAt !== undefined) change.usedAt = [...finding.usedAt];
      if (finding.prose !== undefined) change.prose = finding.prose;
      this.changes.push(change);
    };
    try {
      return rule.check({
        old: this.old,
        new: this.next,
        pairs: skipsEqualPairs(rule) ? this.changedPairs() : this.pairs,
        schemaDeltas: (id) => this.allDeltas().get(id) ?? [],
        allSchemaDeltas: () => [...this.allDeltas().values()].flat(),
        classifyProse: this.classify,
        findings: () => this.findingsView(),
        report,
      });
    } catch (error) {
      throw ruleFailure(rule, error, this.options.registry);
    }
  }

  /**
   * The rules of one pass: first every ordinary rule, then those that read the findings of the
   * others, which then see them with severity overrides applied (frozen copies).
   */
  passRules(pass: 0 | 1): Rule[] {
    if (pass === 1) {
      applyOverrides(this.changes, this.config);
      // The first pass's changes only: rules of this pass add to the list.
      const found = this.changes.length;
      let view: readonly Change[] | undefined;
      this.findingsView = () =>
        view ??= Object.freeze(this.changes.slice(0, found).map(frozenCopy));
    }
    const registry = this.options.registry;
    // Built-in rules first, so nothing a plugin does can change what they see.
    const builtin: Rule[] = [];
    const fromPlugins: Rule[] = [];
    for (const rule of registry.rules) {
      if (Boolean(rule.readsFindings) !== (pass === 1)) continue;
      (registry.pluginOf(rule.meta.id) === undefined ? builtin : fromPlugins).push(rule);
    }
    return fromPlugins.length === 0 ? builtin : [...builtin, ...fromPlugins];
  }

  finish(): { changes: Change[]; expired: ExpiredIgnore[] } {
    for (const id of (this.deltas ?? new Map()).keys()) {
      if (!this.options.registry.has(id)) {
        throw new Error(`No rule is registered for schema change "${id}"`);
      }
    }
    const today = this.options.today ?? new Date().toISOString().slice(0, 10);
    const expired = applyConfig(this.changes, this.config, today);
    this.changes.sort(compareChanges);
    return { changes: this.changes, expired };
  }
}

/** `Rule "x"`, or `Plugin "./acme.ts": rule "acme.x"` for a plugin's rule. */
function ruleName(rule: Rule, registry: Registry): string {
  const plugin = registry.pluginOf(rule.meta.id);
  return plugin ? `Plugin "${plugin}": rule "${rule.meta.id}"` : `Rule "${rule.meta.id}"`;
}

function ruleFailure(rule: Rule, error: unknown, registry: Registry): UserError {
  const why = error instanceof Error ? error.message : String(error);
  if (error instanceof UserError) {
    const plugin = registry.pluginOf(rule.meta.id);
    return plugin && !why.startsWith("Plugin ")
      ? new UserError(`Plugin "${plugin}": ${why}`)
      : error;
  }
  return new UserError(`${ruleName(rule, registry)} failed: ${why}`);
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/**
 * Runs every rule of the registry on two contracts and returns the graded, configured, sorted
 * changes plus the ignore entries that have expired. Every rule must be synchronous; use
 * {@link diffContractsAsync} for rules that return promises (plugins may).
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
  return runRules(old, next, options).finish();
}

function runRules(old: Contract, next: Contract, options: DiffOptions): DiffRun {
  const run = new DiffRun(old, next, options);
  for (const pass of [0, 1] as const) {
    for (const rule of run.passRules(pass)) {
      if (run.skips(rule)) continue;
      const result = run.check(rule);
      if (isThenable(result)) {
        throw new UserError(
          `${ruleName(rule, options.registry)} is asynchronous; run it with diffContractsAsync`,
        );
      }
    }
  }
  return run;
}

/** Like {@link diffContracts}, awaiting rules that return promises, each within a time limit. */
export async function diffContractsAsync(
  old: Contract,
  next: Contract,
  options: AsyncDiffOptions,
): Promise<{ changes: Change[]; expired: ExpiredIgnore[] }> {
  return (await runRulesAsync(old, next, options)).finish();
}

async function runRulesAsync(
  old: Contract,
  next: Contract,
  options: AsyncDiffOptions,
): Promise<DiffRun> {
  if (options.freezeInputs) {
    deepFreeze(old);
    deepFreeze(next);
  }
  const run = new DiffRun(old, next, options);
  if (options.freezeInputs) deepFreeze(run.pairs);
  const limit = timerLimit(options.ruleTimeoutMs ?? 10_000);
  for (const pass of [0, 1] as const) {
    for (const rule of run.passRules(pass)) {
      if (run.skips(rule)) continue;
      const result = run.check(rule);
      if (!isThenable(result)) continue;
      if (keepsOwnTime(rule)) {
        try {
          await result;
        } catch (error) {
          throw ruleFailure(rule, error, options.registry);
        }
        continue;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, fail) => {
        timer = setTimeout(
          () =>
            fail(
              new UserError(
                `${ruleName(rule, options.registry)} did not finish within ${limit} ms`,
              ),
            ),
          limit,
        );
      });
      try {
        await Promise.race([Promise.resolve(result), timeout]);
      } catch (error) {
        throw ruleFailure(rule, error, options.registry);
      } finally {
        clearTimeout(timer);
      }
    }
  }
  return run;
}

function frozenCopy(change: Change): Change {
  const copy = structuredClone(change);
  deepFreeze(copy);
  return copy;
}

/** Timers fire at once beyond 2^31 - 1 ms, so longer limits wait that long (about 24.8 days). */
export function timerLimit(ms: number): number {
  return Math.min(Math.max(ms, 0), 2 ** 31 - 1);
}

/**
 * The summary of one side. Its `hash` is computed when first read, for both sides at once: a
 * report in a format that shows no hash (text, Markdown, GitHub annotations …) never pays for
 * serialising two whole contracts.
 */
function summariseContract(
  loaded: LoadedContract,
  hashes: () => readonly [string, string],
  side: 0 | 1,
): ContractSummary {
  const c = loaded.contract;
  return {
    source: loaded.label,
    server: { name: c.server.name, version: c.server.version },
    get hash() {
      return hashes()[side];
    },
    counts: {
      tools: c.tools.length,
      prompts: c.prompts.length,
      resources: c.resources.length,
      resourceTemplates: c.resourceTemplates.length,
    },
  };
}

function reportOf(
  old: LoadedContract,
  next: LoadedContract,
  config: Config,
  run: DiffRun,
): Report {
  const result = run.finish();
  // Equal entries on both sides (most of them, usually) are serialised once for both hashes.
  let hashes: readonly [string, string] | undefined;
  const both = () => hashes ??= contractHashes(old.contract, next.contract, equalPairs(run.pairs));
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    proxar: { version: VERSION },
    old: summariseContract(old, both, 0),
    new: summariseContract(next, both, 1),
    changes: result.changes,
    ...summarise(
      result.changes,
      { failOn: config.fail_on, warnOn: config.warn_on },
      result.expired,
    ),
    release: releaseAdvice(
      result.changes,
      old.contract.server.version,
      next.contract.server.version,
    ),
  };
}

/** Compares two loaded contracts and builds the full report. */
export function compareContracts(
  old: LoadedContract,
  next: LoadedContract,
  options: DiffOptions,
): Report {
  const run = runRules(old.contract, next.contract, options);
  return reportOf(old, next, options.config ?? defaultConfig(), run);
}

/** Like {@link compareContracts}, for registries whose rules may be asynchronous (plugins). */
export async function compareContractsAsync(
  old: LoadedContract,
  next: LoadedContract,
  options: AsyncDiffOptions,
): Promise<Report> {
  const run = await runRulesAsync(old.contract, next.contract, options);
  return reportOf(old, next, options.config ?? defaultConfig(), run);
}

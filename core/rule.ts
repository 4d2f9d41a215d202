/**
 * The rule API: plain metadata plus one `check` function that reads the diff the engine computed
 * and calls `context.report(...)`. Rules never do I/O.
 * @module
 */
import type { Change } from "./change.ts";
import type { Contract, EntityRef } from "./contract.ts";
import type { JsonValue } from "./json.ts";
import type { EntityPairs } from "./pairing.ts";
import type { ProseVerdict } from "./prose.ts";
import type { ToolSchemaDelta } from "./schema/compare_tool.ts";
import type { Severity } from "./severity.ts";

/** A finding a documented example must produce. */
export interface ExpectedFinding {
  rule: string;
  path: string;
  severity: Severity;
}

/** An old/new pair that shows a rule firing, with every finding the engine must produce for it. */
export interface RuleExample {
  title: string;
  /** The old contract, in any accepted form (usually `{ tools: [...] }`). */
  old: JsonValue;
  /** The new contract, in any accepted form. */
  new: JsonValue;
  /** The complete set of findings the whole built-in registry yields for this pair. */
  findings: ExpectedFinding[];
}

/** What a rule is, why it has its severity, and examples that double as tests. */
export interface RuleMeta {
  /** `<entity>.<side>.<aspect>.<change>`, such as `tool.input.required.added`. */
  id: string;
  /** The severity findings get unless the rule grades them itself or the config overrides it. */
  severity: Severity;
  /** One line: what the rule detects. */
  summary: string;
  /** Why the severity is what it is. */
  rationale: string;
  /** Set when each finding's severity comes from the prose classifier or the variance table. */
  gradedBy?: "prose" | "variance";
  examples: RuleExample[];
}

/** What a rule reports. The engine adds the rule id and the default severity. */
export interface Finding {
  entity: EntityRef;
  /** Dotted path as users read it: `search_issues.inputSchema.required`. */
  path: string;
  /** RFC 6901 pointer into the snapshot form of the contract that holds the element. */
  pointer: string;
  /**
   * RFC 6901 pointer into the old snapshot, when the element stood at another place there than
   * `pointer` names (a union's branch renamed or moved, a prompt argument that moved), or, for an
   * element added to a list, the list: the old source location is found there.
   * The engine sets it for a renamed tool's findings (the old tool's index) when a rule does not.
   */
  oldPointer?: string;
  /**
   * RFC 6901 pointer into the new snapshot of the nearest place that holds the element, when
   * `pointer` names a place only the old snapshot has (a union's branch removed: its list, not
   * the branch that took its index): the new source location is found there.
   */
  newPointer?: string;
  /**
   * The dotted paths of the places that use a definition, when a change inside it is reported
   * once, at the definition (`path`). An `ignore` entry's `path` glob matches the finding when it
   * matches `path` or every one of these.
   */
  usedAt?: string[];
  old?: JsonValue;
  new?: JsonValue;
  message: string;
  /** A severity other than the rule's default, for rules that grade findings themselves. */
  severity?: Severity;
  /** Extra guidance, such as a probable rename. */
  hint?: string;
  /** Why the prose classifier decided as it did. */
  prose?: ProseVerdict;
}

/**
 * What a rule's `check` receives; a rule never writes to it. A plugin's rules receive a copy
 * made for its worker (see docs/plugins.md), frozen there: assigning to, pushing into or deleting
 * from any of it throws a `TypeError`, failing the rule, and it never touches what built-in rules
 * or other plugins see. With `freezeInputs` the engine freezes its own copy as well.
 *
 * Shapes, with `T` the entity type of each list (`Tool`, `Prompt`, `Resource`,
 * `ResourceTemplate`):
 * - `old`, `new`: {@link Contract}: `{ server: { name, version, title? }, protocolVersion?,
 *   instructions?, capabilities?, tools, prompts, resources, resourceTemplates, responses?,
 *   uncaptured? }`, each list sorted by identity; an index into a list is what a finding's
 *   `pointer` uses. `uncaptured` names the lists the source left out (they read as empty, but
 *   their content is unknown: see `recorded()` in core/contract.ts).
 * - `pairs`: {@link EntityPairs}, one `ListPairs<T>` per list: `paired: { id, old: T, new: T,
 *   oldIndex, newIndex }[]`, `added` and `removed: { id, value: T, index }[]`, and `duplicates:
 *   { old, new }`, maps from an identity that occurs more than once to its count.
 * - `schemaDeltas(ruleId)`, `allSchemaDeltas()`: {@link ToolSchemaDelta}s, each `{ tool, rule,
 *   severity, facet, location, path, pointer, message, old?, new?, prose? }`.
 * - `classifyProse(old, new)`: a {@link ProseVerdict} `{ severity, step, ... }`.
 * - `report(finding)`: see {@link Finding}; the `pointer` must name a value in `old` or `new`.
 */
export interface RuleContext {
  /** The old contract. */
  old: Contract;
  /** The new contract. */
  new: Contract;
  /** Entities of both contracts paired by identity. */
  pairs: EntityPairs;
  /**
   * The schema differences (structured walk plus catch-all differ) reported under a rule id,
   * computed once per diff for every paired tool.
   */
  schemaDeltas(ruleId: string): readonly ToolSchemaDelta[];
  /** Every schema difference of every paired tool, whatever rule reports it. */
  allSchemaDeltas(): readonly ToolSchemaDelta[];
  /** Classifies a change of prose (descriptions, titles, instructions). */
  classifyProse(oldText: string | undefined, newText: string | undefined): ProseVerdict;
  /**
   * For a built-in rule with `readsFindings`: every finding of the other rules, severity
   * overrides applied, ignore entries not yet (frozen). Empty for other rules and for plugins.
   */
  findings(): readonly Change[];
  /** Adds a finding; a malformed one fails the rule. */
  report(finding: Finding): void;
}

/** A rule: metadata plus a check. A plugin rule's check may return a promise. */
export interface Rule {
  meta: RuleMeta;
  /** Run after every other rule, reading their findings through `context.findings()`. */
  readsFindings?: boolean;
  check(context: RuleContext): void | Promise<void>;
}

/** Rules that find nothing in a pair of equal entries (see {@link findsNothingInEqualPairs}). */
const SKIPS_EQUAL_PAIRS = new WeakSet<Rule>();

/**
 * Marks `rules` as finding nothing in a pair of tools whose entries are equal, so the engine hands
 * them only the changed pairs (the built-in rules: a test runs each both ways on random
 * contracts). Every other rule, a plugin's or one a library user registers, sees every pair, as
 * `RuleContext.pairs` promises.
 */
export function findsNothingInEqualPairs(rules: readonly Rule[]): void {
  for (const rule of rules) SKIPS_EQUAL_PAIRS.add(rule);
}

/** Whether {@link findsNothingInEqualPairs} marked `rule`. */
export function skipsEqualPairs(rule: Rule): boolean {
  return SKIPS_EQUAL_PAIRS.has(rule);
}

/** Rules that report their own id's schema differences and nothing else (see {@link reportsOwnSchemaDeltas}). */
const OWN_SCHEMA_DELTAS = new WeakSet<Rule>();

/**
 * Marks `rules` as reporting exactly `context.schemaDeltas(rule.meta.id)`, one finding each: the
 * built-in schema rules. The engine does not run such a rule when the diff found no schema
 * difference for its id, which is most of the two hundred of them in most diffs.
 */
export function reportsOwnSchemaDeltas(rules: readonly Rule[]): void {
  for (const rule of rules) OWN_SCHEMA_DELTAS.add(rule);
}

/** Whether {@link reportsOwnSchemaDeltas} marked `rule`. */
export function readsOwnSchemaDeltas(rule: Rule): boolean {
  return OWN_SCHEMA_DELTAS.has(rule);
}

/** Rules that keep their own time limit (see {@link keepTheirOwnTime}). */
const KEEP_OWN_TIME = new WeakSet<Rule>();

/**
 * Marks `rules` as keeping the time limit themselves, from when they actually start: a plugin's
 * rules, whose host times each request from when it reaches the plugin's worker, after any wait
 * for that worker to restart. The engine does not time them again, else a rule waiting for a
 * restart would be reported as too slow without having run.
 */
export function keepTheirOwnTime(rules: readonly Rule[]): void {
  for (const rule of rules) KEEP_OWN_TIME.add(rule);
}

/** Whether {@link keepTheirOwnTime} marked `rule`. */
export function keepsOwnTime(rule: Rule): boolean {
  return KEEP_OWN_TIME.has(rule);
}

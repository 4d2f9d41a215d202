/**
 * A change: one finding, graded, with everything a reporter needs.
 * @module
 */
import type { EntityKind, EntityRef } from "./contract.ts";
import type { JsonValue } from "./json.ts";
import type { Position } from "./positions.ts";
import type { ProseVerdict } from "./prose.ts";
import { type Severity, severityRank } from "./severity.ts";

/** A place in a file. */
export interface FileLocation extends Position {
  file: string;
}

/** One graded finding. */
export interface Change {
  rule: string;
  severity: Severity;
  /** The rule's default severity, when `severity_overrides` changed it. */
  overriddenFrom?: Severity;
  entity: EntityRef;
  path: string;
  pointer: string;
  /**
   * Where the element stood in the old snapshot, when another place than `pointer` names (a
   * union's branch renamed or moved, a renamed tool's old index, a prompt argument that moved),
   * or, for an element added to a list, the list in the old snapshot.
   */
  oldPointer?: string;
  /**
   * Where the element's nearest place is in the new snapshot, when `pointer` names a place only
   * the old one has (a union's branch removed: its list, not the branch that took its index).
   */
  newPointer?: string;
  /** The places that use a shared definition, when a change inside it is reported once. */
  usedAt?: string[];
  old?: JsonValue;
  new?: JsonValue;
  message: string;
  hint?: string;
  prose?: ProseVerdict;
  /** Where the element is in the new file and, when it existed, in the old one. */
  locations?: { old?: FileLocation; new?: FileLocation };
  /** Advisory notes; they never change the grading. */
  notes?: string[];
  /** The configured server the change was found on (set by `proxar check`, which covers all). */
  server?: string;
  /** Set when an `ignore` entry matched: the change stays in the report. */
  suppressed?: { reason: string; by: string };
}

const KIND_ORDER: readonly EntityKind[] = [
  "server",
  "tool",
  "prompt",
  "resource",
  "resourceTemplate",
];

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The deterministic order of changes: severity, entity, path, rule, then values. */
export function compareChanges(a: Change, b: Change): number {
  return severityRank(a.severity) - severityRank(b.severity) ||
    KIND_ORDER.indexOf(a.entity.kind) - KIND_ORDER.indexOf(b.entity.kind) ||
    cmp(a.entity.name, b.entity.name) ||
    cmp(a.path, b.path) ||
    cmp(a.rule, b.rule) ||
    cmp(JSON.stringify(a.old) ?? "", JSON.stringify(b.old) ?? "") ||
    cmp(JSON.stringify(a.new) ?? "", JSON.stringify(b.new) ?? "") ||
    cmp(a.message, b.message);
}

/**
 * What identifies a finding across runs, independent of line moves and of entities added before
 * it: server, rule, entity, path, and the pointer relative to the entity. Reporters hash it for
 * fingerprints (SARIF, GitLab Code Quality).
 */
export function changeIdentity(change: Change): (string | null)[] {
  return [
    change.server ?? null,
    change.rule,
    change.entity.kind,
    change.entity.name,
    change.path,
    change.pointer.replace(/^\/(?:tools|prompts|resources|resourceTemplates)\/\d+/, ""),
  ];
}

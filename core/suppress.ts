/**
 * Applies `severity_overrides`, then `ignore` entries, to graded changes. Suppressed changes are
 * kept and marked; expired entries stop suppressing and are reported.
 * @module
 */
import type { Change } from "./change.ts";
import type { Config, IgnoreEntry } from "./config.ts";
import { UserError } from "./errors.ts";
import { compileGlob, isGlob } from "./glob.ts";
import { type Registry, requireRule } from "./registry.ts";
import { didYouMean } from "./suggest.ts";

/** An `ignore` entry whose date has passed. */
export interface ExpiredIgnore {
  rule: string;
  entity?: string;
  path?: string;
  reason?: string;
  expires: string;
  where?: string;
  /** How many changes it would have suppressed. */
  matched: number;
}

/** Checks that every rule id named in the config is registered (globs must match one). */
export function checkConfigRules(config: Config, registry: Registry): void {
  for (const id of Object.keys(config.severity_overrides)) {
    requireRule(registry, id, config.overrideWhere?.[id] ?? "severity_overrides");
  }
  const ids = registry.rules.map((r) => r.meta.id);
  for (const entry of config.ignore) {
    const where = entry.where ?? "ignore";
    if (!isGlob(entry.rule)) requireRule(registry, entry.rule, where);
    else if (!ids.some(compileGlob(entry.rule))) {
      throw new UserError(
        `${where}: the pattern "${entry.rule}" matches no rule${didYouMean(entry.rule, ids)}`,
      );
    }
  }
}

function entryMatcher(entry: IgnoreEntry): (change: Change) => boolean {
  const rule = compileGlob(entry.rule);
  const entity = entry.entity === undefined ? undefined : compileGlob(entry.entity);
  const path = entry.path === undefined ? undefined : compileGlob(entry.path);
  // A change in a shared definition, reported once at the definition, was reported once per
  // place that uses it: a glob written for those places still matches when it matches them all.
  const onPath = (c: Change) =>
    !path || path(c.path) ||
    (c.usedAt !== undefined && c.usedAt.length > 0 && c.usedAt.every(path));
  return (c) => rule(c.rule) && (!entity || entity(c.entity.name)) && onPath(c);
}

/** Applies `severity_overrides` in place; applying them twice changes nothing. */
export function applyOverrides(changes: Change[], config: Config): void {
  for (const change of changes) {
    const override = config.severity_overrides[change.rule];
    if (override !== undefined && override !== change.severity) {
      change.overriddenFrom = change.severity;
      change.severity = override;
    }
  }
}

/**
 * Applies overrides, then ignore entries, in place. `today` is `YYYY-MM-DD`.
 * Returns the expired entries.
 */
export function applyConfig(changes: Change[], config: Config, today: string): ExpiredIgnore[] {
  applyOverrides(changes, config);
  const expired: ExpiredIgnore[] = [];
  for (const entry of config.ignore) {
    const matches = entryMatcher(entry);
    if (entry.expires !== undefined && entry.expires < today) {
      const e: ExpiredIgnore = {
        rule: entry.rule,
        expires: entry.expires,
        matched: changes.filter(matches).length,
      };
      if (entry.entity !== undefined) e.entity = entry.entity;
      if (entry.path !== undefined) e.path = entry.path;
      if (entry.reason !== undefined) e.reason = entry.reason;
      if (entry.where !== undefined) e.where = entry.where;
      expired.push(e);
      continue;
    }
    for (const change of changes) {
      if (change.suppressed || !matches(change)) continue;
      change.suppressed = {
        reason: entry.reason ?? "no reason given",
        by: entry.where ?? `ignore rule ${entry.rule}`,
      };
    }
  }
  return expired;
}

/**
 * The rule registry: one declarative list of rules from which every view (the `rules` command,
 * docs, SARIF rule metadata) is derived.
 * @module
 */
import { UserError } from "./errors.ts";
import type { Rule } from "./rule.ts";
import { didYouMean } from "./suggest.ts";

/** A validated, ordered set of rules. */
export interface Registry {
  /** Every rule, sorted by id. */
  readonly rules: readonly Rule[];
  get(id: string): Rule | undefined;
  has(id: string): boolean;
  /** The plugin file a rule came from, or undefined for a built-in rule. */
  pluginOf(id: string): string | undefined;
}

const ID = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/;

/**
 * Builds a registry; ids must be well-formed and unique.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRegistry } from "./registry.ts";
 * const registry = createRegistry([]);
 * assert.ok(registry.rules.length === 0);
 * ```
 */
export function createRegistry(
  rules: readonly Rule[],
  plugins: ReadonlyMap<string, string> = new Map(),
): Registry {
  const byId = new Map<string, Rule>();
  for (const rule of rules) {
    const id = rule.meta.id;
    if (!ID.test(id)) {
      throw new UserError(`Cannot register rule "${id}": ids are dotted lowerCamel words`);
    }
    if (byId.has(id)) {
      const owner = (x: string | undefined) => (x ? `plugin "${x}"` : "Proxar's built-in rules");
      throw new UserError(
        `Cannot register rule "${id}" from ${owner(plugins.get(id))}: the id is already taken`,
      );
    }
    byId.set(id, rule);
  }
  const sorted = [...byId.values()].sort((a, b) => (a.meta.id < b.meta.id ? -1 : 1));
  return {
    rules: sorted,
    get: (id) => byId.get(id),
    has: (id) => byId.has(id),
    pluginOf: (id) => plugins.get(id),
  };
}

/** Throws a {@link UserError} with a suggestion when `id` is not registered. */
export function requireRule(registry: Registry, id: string, where: string): Rule {
  const rule = registry.get(id);
  if (!rule) {
    throw new UserError(
      `${where}: unknown rule "${id}"${didYouMean(id, registry.rules.map((r) => r.meta.id))}`,
    );
  }
  return rule;
}

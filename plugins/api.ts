/**
 * The plugin API: what an organisation's plugin module exports, and identity helpers that give
 * plugin authors precise types (a misspelt severity, a missing summary or a wrong `report()` call
 * is a type error).
 *
 * A plugin is an ES module whose default export is `{ name, apiVersion, rules?, reporters? }`.
 * Rule ids must start with the plugin's name and a dot (`acme.tool.name.style`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { definePlugin, defineRule } from "./api.ts";
 * const plugin = definePlugin({
 *   name: "acme",
 *   apiVersion: 1,
 *   rules: [defineRule({
 *     meta: {
 *       id: "acme.tool.added.reviewed",
 *       severity: "POTENTIALLY_BREAKING",
 *       summary: "New tools need a review",
 *       rationale: "Every new tool changes what models can do.",
 *       examples: [],
 *     },
 *     check({ pairs, report }) {
 *       for (const t of pairs.tools.added) {
 *         report({ entity: { kind: "tool", name: t.id }, path: t.id, pointer: `/tools/${t.index}`, message: `Review "${t.id}"` });
 *       }
 *     },
 *   })],
 * });
 * assert.equal(plugin.rules?.length, 1);
 * ```
 * @module
 */
import type { Rule } from "../core/rule.ts";
import type { Reporter } from "../reporters/reporter.ts";

/** The shapes a plugin works with: what a rule receives and reports, what a reporter gets. */
export type {
  ExpectedFinding,
  Finding,
  Rule,
  RuleContext,
  RuleExample,
  RuleMeta,
} from "../core/rule.ts";
export type { Contract, EntityRef } from "../core/contract.ts";
export type { EntityPairs, ListPairs, Located, Paired } from "../core/pairing.ts";
export type { ProseVerdict } from "../core/prose.ts";
export type { ToolSchemaDelta } from "../core/schema/compare_tool.ts";
export type { SchemaDelta } from "../core/schema/types.ts";
export type { Report } from "../core/report.ts";
export type { Reporter, ReporterContext } from "../reporters/reporter.ts";

/** The plugin API version this Proxar implements. */
export const PLUGIN_API_VERSION = 1;

/** What a plugin module's default export must be. */
export interface Plugin {
  /** Lower-case name; every rule id of the plugin starts with it and a dot. */
  name: string;
  /** The plugin API version the plugin was written for. */
  apiVersion: typeof PLUGIN_API_VERSION;
  rules?: Rule[];
  reporters?: Reporter[];
}

/** Identity helper that type-checks a plugin. */
export function definePlugin<const P extends Plugin>(plugin: P): P {
  return plugin;
}

/** Identity helper that type-checks a rule. */
export function defineRule<const R extends Rule>(rule: R): R {
  return rule;
}

/** Identity helper that type-checks a reporter. */
export function defineReporter<const R extends Reporter>(reporter: R): R {
  return reporter;
}

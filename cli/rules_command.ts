/**
 * `proxar rules`: every registered rule with its id, default severity and summary.
 * @module
 */
import { UserError } from "../core/errors.ts";
import { RULE_CATALOG, type RuleSummary } from "../rules/catalog.ts";
import type { CliContext } from "./context.ts";
import type { Io } from "./io.ts";
import { readConfig } from "./config_file.ts";

/** What `proxar rules` prints of a registry: every rule's description and its plugin. */
export interface RuleListing {
  readonly rules: readonly { readonly meta: RuleSummary }[];
  pluginOf(id: string): string | undefined;
}

/** The built-in rules as `proxar rules` lists them, without loading their code. */
const BUILTIN: RuleListing = {
  rules: RULE_CATALOG.map((meta) => ({ meta })),
  pluginOf: () => undefined,
};

/** Prints the rule list as text or JSON. */
export function rulesCommand(format: string, registry: RuleListing, io: Io): number {
  const rules = registry.rules.map((r) => r.meta);
  if (format === "json") {
    const list = rules.map((m) => ({
      id: m.id,
      severity: m.severity,
      summary: m.summary,
      rationale: m.rationale,
      ...(m.gradedBy ? { gradedBy: m.gradedBy } : {}),
      ...(registry.pluginOf(m.id) ? { plugin: registry.pluginOf(m.id) } : {}),
    }));
    io.stdout(JSON.stringify(list, null, 2) + "\n");
    return 0;
  }
  if (format !== "text") {
    throw new UserError(`Unknown format "${format}" for rules; use text or json`);
  }
  const width = Math.max(...rules.map((m) => m.id.length));
  const sevWidth = "POTENTIALLY_BREAKING".length;
  // One write for the whole list: a write costs a system call.
  const lines = rules.map((m) => {
    const severity = m.gradedBy ? GRADED[m.gradedBy] : m.severity;
    return `${m.id.padEnd(width)}  ${severity.padEnd(sevWidth)}  ${m.summary}\n`;
  });
  io.stdout(lines.join(""));
  return 0;
}

/** The severity column of a rule whose findings are graded one by one. */
const GRADED: Record<"prose" | "variance", string> = {
  prose: "by the text change",
  variance: "by the schema change",
};

/** The options of `proxar rules` as commander parses them. */
export interface RulesOptions {
  format: string;
  config?: string;
  plugin: readonly string[];
}

/** What `proxar rules` without options runs with: commander's defaults for it. */
export const RULES_DEFAULTS: Readonly<RulesOptions> = { format: "text", plugin: [] };

/** Runs `proxar rules`: the built-in rules plus those of the configured and flagged plugins. */
export async function runRules(opts: RulesOptions, context: CliContext): Promise<void> {
  const config = await readConfig(context.io.cwd, opts.config);
  if (config.plugins.length === 0 && opts.plugin.length === 0) {
    context.exitCode = rulesCommand(opts.format, BUILTIN, context.io);
    return;
  }
  const { withPlugins } = await import("./plugins.ts");
  const { registry } = await withPlugins(context.io, config, opts.plugin);
  context.exitCode = rulesCommand(opts.format, registry, context.io);
}

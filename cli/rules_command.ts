/**
 * `proxar rules`: every registered rule with its id, default severity and summary.
 * @module
 */
import { UserError } from "../core/errors.ts";
import type { Registry } from "../core/registry.ts";
import type { Command } from "commander";
import type { CliContext } from "./context.ts";
import type { Io } from "./io.ts";

/** Prints the rule list as text or JSON. */
export function rulesCommand(format: string, registry: Registry, io: Io): number {
  const rules = registry.rules.map((r) => r.meta);
  if (format === "json") {
    const list = rules.map((m) => ({
      id: m.id,
      severity: m.severity,
      summary: m.summary,
      rationale: m.rationale,
      ...(m.gradedBy ? { gradedBy: m.gradedBy } : {}),
    }));
    io.stdout(JSON.stringify(list, null, 2) + "\n");
    return 0;
  }
  if (format !== "text") {
    throw new UserError(`Unknown format "${format}" for rules; use text or json`);
  }
  const width = Math.max(...rules.map((m) => m.id.length));
  const sevWidth = "POTENTIALLY_BREAKING".length;
  for (const m of rules) {
    const severity = m.gradedBy === "prose" ? "prose-graded" : m.severity;
    io.stdout(`${m.id.padEnd(width)}  ${severity.padEnd(sevWidth)}  ${m.summary}\n`);
  }
  return 0;
}

/** Adds `proxar rules`. */
export function registerRules(program: Command, context: CliContext): void {
  program.command("rules")
    .description("List every rule with its id, default severity and summary")
    .option("-f, --format <name>", "text or json", "text")
    .action((opts: { format: string }) => {
      context.exitCode = rulesCommand(opts.format, context.registry, context.io);
    });
}

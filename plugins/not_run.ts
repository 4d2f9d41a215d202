/**
 * For a long-running proxy, where a failing plugin must not stop the grading: a registry whose
 * plugin rules report their own failure as a finding (POTENTIALLY_BREAKING: what the rule would
 * have found is unknown) instead of failing the whole comparison, so the built-in rules and the
 * other plugins still grade the change. The CLI's one-shot commands do not use it: there a
 * failing plugin stops the run with exit code 2.
 * @module
 */
import { createRegistry, type Registry } from "../core/registry.ts";
import { keepsOwnTime, keepTheirOwnTime, type Rule } from "../core/rule.ts";

/** What a comparison with {@link reportingFailures} learned: the plugin rules that did not run. */
export interface NotRun {
  /** Ids of the plugin rules that failed, in the order they failed. */
  readonly rules: string[];
}

/**
 * `registry` with each plugin rule wrapped: when it throws or rejects (its worker timed out,
 * ended, or could not be restarted; a malformed finding), it reports one finding on the server
 * saying so, records its id in `notRun`, and the comparison goes on.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createRegistry } from "../core/registry.ts";
 * import { diffContracts } from "../core/engine.ts";
 * import { emptyContract } from "../core/contract.ts";
 * import { reportingFailures } from "./not_run.ts";
 * const meta = { id: "acme.x", severity: "BREAKING" as const, summary: "s", rationale: "r", examples: [] };
 * const registry = createRegistry([{ meta, check() { throw new Error("gone"); } }], new Map([["acme.x", "./acme.js"]]));
 * const notRun = { rules: [] as string[] };
 * const { changes } = diffContracts(emptyContract(), emptyContract(), { registry: reportingFailures(registry, notRun) });
 * assert.deepEqual(notRun.rules, ["acme.x"]);
 * assert.equal(changes[0]?.severity, "POTENTIALLY_BREAKING");
 * ```
 */
export function reportingFailures(registry: Registry, notRun: NotRun): Registry {
  const plugins = new Map<string, string>();
  const rules = registry.rules.map((rule) => {
    const plugin = registry.pluginOf(rule.meta.id);
    if (plugin === undefined) return rule;
    plugins.set(rule.meta.id, plugin);
    return reporting(rule, plugin, notRun);
  });
  return createRegistry(rules, plugins);
}

function reporting(rule: Rule, plugin: string, notRun: NotRun): Rule {
  const id = rule.meta.id;
  const wrapped: Rule = {
    ...rule,
    check(context) {
      const failed = (error: unknown) => {
        const why = error instanceof Error ? error.message : String(error);
        notRun.rules.push(id);
        context.report({
          entity: { kind: "server", name: context.new.server.name },
          path: "server",
          pointer: "",
          message: `${
            why.startsWith("Plugin ") ? why : `Plugin "${plugin}": rule "${id}" failed: ${why}`
          }; the change was graded without it`,
          severity: "POTENTIALLY_BREAKING",
        });
      };
      try {
        const result = rule.check(context);
        return typeof (result as { then?: unknown } | undefined)?.then === "function"
          ? Promise.resolve(result).catch(failed)
          : result;
      } catch (error) {
        failed(error);
      }
    },
  };
  if (keepsOwnTime(rule)) keepTheirOwnTime([wrapped]);
  return wrapped;
}

/**
 * Builds the rule registry and the reporter list from the built-in ones plus loaded plugins.
 * Collisions of rule ids, reporter names or plugin names stop the run with a clear message.
 * @module
 */
import { UserError } from "../core/errors.ts";
import { createRegistry, type Registry } from "../core/registry.ts";
import type { Rule } from "../core/rule.ts";
import type { Reporter } from "../reporters/reporter.ts";
import { type LoadedPlugin, loadPlugin, type PluginSpec } from "./load.ts";

/** Everything a run can use. */
export interface Assembled {
  registry: Registry;
  reporters: readonly Reporter[];
  plugins: readonly LoadedPlugin[];
}

function guardReporter(reporter: Reporter, file: string): Reporter {
  return {
    name: reporter.name,
    summary: reporter.summary,
    render(report, context) {
      let text: unknown;
      try {
        text = reporter.render(report, context);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw new UserError(`Plugin "${file}": reporter "${reporter.name}" failed: ${why}`);
      }
      if (typeof text !== "string") {
        throw new UserError(
          `Plugin "${file}": reporter "${reporter.name}" must return a string, returned ${typeof text}`,
        );
      }
      return text;
    },
  };
}

/** Loads the plugins (in order) and assembles the registry and reporters. */
export async function assemble(
  specs: readonly PluginSpec[],
  builtin: { rules: readonly Rule[]; reporters: readonly Reporter[] },
): Promise<Assembled> {
  const plugins: LoadedPlugin[] = [];
  for (const spec of specs) {
    const plugin = await loadPlugin(spec);
    const twin = plugins.find((p) => p.name === plugin.name);
    if (twin) {
      throw new UserError(
        `Cannot load plugin "${plugin.file}": the name "${plugin.name}" is already used by plugin "${twin.file}"`,
      );
    }
    plugins.push(plugin);
  }
  const origins = new Map<string, string>();
  for (const p of plugins) for (const r of p.rules) origins.set(r.meta.id, p.file);
  const registry = createRegistry([...builtin.rules, ...plugins.flatMap((p) => p.rules)], origins);
  const reporters: Reporter[] = [...builtin.reporters];
  for (const p of plugins) {
    for (const reporter of p.reporters) {
      if (reporters.some((r) => r.name === reporter.name)) {
        throw new UserError(
          `Cannot load plugin "${p.file}": a reporter named "${reporter.name}" already exists`,
        );
      }
      reporters.push(guardReporter(reporter, p.file));
    }
  }
  return { registry, reporters, plugins };
}

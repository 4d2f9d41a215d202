/**
 * Builds the rule registry and the reporter list from the built-in ones plus loaded plugins.
 * Collisions of rule ids, reporter names or plugin names stop the run with a clear message.
 * @module
 */
import { UserError } from "../core/errors.ts";
import { createRegistry, type Registry } from "../core/registry.ts";
import type { Rule } from "../core/rule.ts";
import type { Reporter } from "../reporters/reporter.ts";
import { DEFAULT_PROSE_OPTIONS } from "../core/prose.ts";
import type { HostOptions } from "./host.ts";
import type { LoadedPlugin, PluginSpec } from "./load.ts";

/** Everything a run can use. */
export interface Assembled {
  registry: Registry;
  reporters: readonly Reporter[];
  plugins: readonly LoadedPlugin[];
}

/**
 * Loads the plugins (in order), each in a worker of its own (see host.ts), and assembles the
 * registry and reporters.
 */
export async function assemble(
  specs: readonly PluginSpec[],
  builtin: { rules: readonly Rule[]; reporters: readonly Reporter[] },
  options: HostOptions = { timeoutMs: 10_000, prose: DEFAULT_PROSE_OPTIONS },
): Promise<Assembled> {
  const plugins: LoadedPlugin[] = [];
  // The worker machinery loads only for a run with plugins: it costs start-up time.
  const host = specs.length > 0 ? await import("./host.ts") : undefined;
  for (const spec of specs) {
    const plugin = await host!.hostPlugin(spec, options);
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
      reporters.push(reporter);
    }
  }
  return { registry, reporters, plugins };
}

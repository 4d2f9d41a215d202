/**
 * Start-up cost: `proxar --version`, `diff` and `rules` must not load the MCP SDK, which only the
 * live-server commands need. Checked on Deno's module graph of `cli.ts`: a module is loaded at
 * start-up when a chain of static (non-type, non-dynamic) imports reaches it.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "./helpers.ts";

interface ModuleInfo {
  specifier: string;
  dependencies?: { code?: { specifier: string }; isDynamic?: boolean }[];
}

/** Every module that importing `entry` loads before any dynamic `import()`. */
function staticallyLoaded(entry: string): Set<string> {
  const deno = join(ROOT, "node_modules", ".bin", "deno");
  const info = JSON.parse(
    execFileSync(deno, ["info", "--json", entry], { cwd: ROOT, encoding: "utf8" }),
  ) as { roots: string[]; modules: ModuleInfo[] };
  const modules = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const queue = [...info.roots];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    for (const dep of modules.get(next)?.dependencies ?? []) {
      if (dep.code && !dep.isDynamic) queue.push(dep.code.specifier);
    }
  }
  return seen;
}

Deno.test("cli.ts loads the MCP SDK only through dynamic imports", () => {
  const loaded = [...staticallyLoaded("cli.ts")];
  assert.ok(loaded.includes(`file://${ROOT}/core/engine.ts`), "the graph walk found the engine");
  assert.deepEqual(loaded.filter((s) => s.includes("@modelcontextprotocol/sdk")), []);
});

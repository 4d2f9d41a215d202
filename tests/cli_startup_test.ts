/**
 * Start-up cost: `proxar --version` loads no package, the program loads only commander, each
 * command's modules load when it runs, `diff` does not load the MCP SDK, which only the
 * live-server commands need, nor the Node built-ins that bring Node's stream modules, and `rules`
 * lists the built-in rules without loading them. Checked on Deno's module graphs: a module is
 * loaded with another
 * when a chain of static (non-type, non-dynamic) imports reaches it.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "./helpers.ts";

interface ModuleInfo {
  specifier: string;
  dependencies?: { code?: { specifier: string }; isDynamic?: boolean }[];
}

/** {@link staticallyLoaded}'s sets by entry: several tests ask for the same entry's. */
const loadedBy = new Map<string, ReadonlySet<string>>();

/**
 * Every module that importing `entry` loads before any dynamic `import()`: a set of the caller's
 * own (a test may add to it), from one `deno info` of each entry.
 */
function staticallyLoaded(entry: string): Set<string> {
  let loaded = loadedBy.get(entry);
  if (loaded === undefined) {
    loaded = moduleGraph(entry);
    loadedBy.set(entry, loaded);
  }
  return new Set(loaded);
}

/** The modules importing `entry` loads before any dynamic `import()`, by `deno info`. */
function moduleGraph(entry: string): Set<string> {
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

/** The npm packages among `modules`, by name. */
function packages(modules: Iterable<string>): string[] {
  const names = new Set<string>();
  for (const specifier of modules) {
    const match = /\/node_modules\/(?:\.deno\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\//.exec(
      specifier,
    ) ?? /^npm:\/?((?:@[^/]+\/)?[^@/]+)/.exec(specifier);
    if (match) names.add(match[1]!);
  }
  return [...names].sort();
}

const project = (path: string) => `file://${ROOT}/${path}`;

Deno.test("cli.ts answers --version without loading any package or command", () => {
  const loaded = staticallyLoaded("cli.ts");
  assert.deepEqual(packages(loaded), []);
  assert.ok(!loaded.has(project("cli/program.ts")));
});

Deno.test("cli/program.ts loads commander and none of the commands' modules", () => {
  const loaded = staticallyLoaded("cli/program.ts");
  assert.deepEqual(packages(loaded), ["commander"]);
  for (const heavy of ["core/engine.ts", "rules/mod.ts", "reporters/mod.ts", "cli/report_run.ts"]) {
    assert.ok(!loaded.has(project(heavy)), heavy);
  }
});

Deno.test("proxar diff loads the MCP SDK only through dynamic imports", () => {
  const loaded = [...staticallyLoaded("cli/diff_command.ts")];
  assert.ok(loaded.includes(project("core/engine.ts")), "the graph walk found the engine");
  assert.deepEqual(loaded.filter((s) => s.includes("@modelcontextprotocol/sdk")), []);
});

Deno.test("proxar rules without plugins loads no rule, no YAML parser, no config schema and no prose classifier", () => {
  const loaded = staticallyLoaded("cli/rules_command.ts");
  assert.ok(loaded.has(project("rules/catalog.ts")), "the graph walk found the catalog");
  assert.deepEqual(packages(loaded), []);
  for (const heavy of ["rules/mod.ts", "core/config_load.ts", "core/config_schema.ts"]) {
    assert.ok(!loaded.has(project(heavy)), heavy);
  }
  assert.ok(!loaded.has(project("core/prose.ts")), "the prose classifier");
});

Deno.test("proxar diff requires refa, picocolors, ajv-formats and jsonc-parser only when a pattern, colour, a default's format or invalid JSON needs them", () => {
  const loaded = staticallyLoaded("cli/diff_command.ts");
  assert.ok(loaded.has(project("core/schema/pattern.ts")), "the graph walk found the patterns");
  assert.ok(loaded.has(project("reporters/text.ts")), "the graph walk found the text reporter");
  assert.ok(loaded.has(project("core/schema/_default_valid.ts")), "the graph walk found defaults");
  assert.ok(loaded.has(project("core/positions.ts")), "the graph walk found the JSON positions");
  const lazy = packages(loaded).filter((name) =>
    ["refa", "picocolors", "ajv-formats", "jsonc-parser"].includes(name)
  );
  assert.deepEqual(lazy, []);
});

Deno.test("proxar diff of files loads no Node built-in that brings Node's streams, and no live-server client", () => {
  // In a compiled Bun binary each of these loads Node's stream modules: about 20 ms of CPU, as
  // much as a hello world's whole run. Hashes use Bun's native hasher (core/sha256.ts), whether
  // the output is a terminal is asked of Bun's binding (cli/io.ts), and git: and live sources load
  // theirs when read.
  // A diff of files loads cli/diff_command.ts; one with a live source cli/server_sources.ts too.
  const loaded = staticallyLoaded("cli/diff_command.ts");
  for (const reached of staticallyLoaded("cli/server_sources.ts")) loaded.add(reached);
  assert.ok(loaded.has(project("core/hash.ts")), "the graph walk found the hashes");
  assert.ok(loaded.has(project("cli/file_sources.ts")), "the graph walk found the sources");
  const builtins = ["node:crypto", "node:tty", "node:child_process", "node:stream", "node:net"];
  assert.deepEqual(builtins.filter((name) => loaded.has(name)), []);
  for (const live of ["mcp/live.ts", "mcp/connect.ts", "cli/semantic_pass.ts"]) {
    assert.ok(!loaded.has(project(live)), live);
  }
});

Deno.test("proxar diff with a plain block-style config reads it without loading the YAML parser", () => {
  // cli/config_file.ts imports core/config_simple.ts first, and core/config_load.ts (the `yaml`
  // package) only for a config outside plain block style or with a problem.
  const loaded = staticallyLoaded("core/config_simple.ts");
  assert.ok(loaded.has(project("core/config_build.ts")), "the graph walk found the builder");
  assert.ok(!packages(loaded).includes("yaml"), "yaml");
  assert.ok(!loaded.has(project("core/config_load.ts")), "core/config_load.ts");
});

Deno.test("proxar diff with a usual command line runs without commander", () => {
  // cli.ts reads the line with cli/diff_args.ts and runs cli/diff_command.ts; commander (with the
  // Node built-ins it requires, node:child_process among them) loads for any other line.
  for (const module of ["cli/diff_args.ts", "cli/diff_command.ts"]) {
    const loaded = staticallyLoaded(module);
    assert.ok(loaded.has(project(module)), module);
    assert.ok(!packages(loaded).includes("commander"), module);
    assert.ok(!loaded.has(project("cli/program.ts")), module);
  }
});

Deno.test("proxar diff of files loads neither node:fs/promises nor the live-server session", () => {
  // A diff of small files reads them at once with node:fs; node:fs/promises (~2.4 ms of CPU and
  // ~40 page faults in the compiled binary) loads for a large file, a directory, an output file or
  // the step summary, and the session (its store, snapshot and source modules) for a live source
  // or a live option (cli/file_sources.ts).
  const loaded = staticallyLoaded("cli.ts");
  for (const module of ["cli/diff_command.ts", "cli/early_reads.ts", "cli/diff_args.ts"]) {
    for (const reached of staticallyLoaded(module)) loaded.add(reached);
  }
  assert.ok(loaded.has(project("core/read_source.ts")), "the graph walk found the reader");
  assert.ok(loaded.has(project("core/write_file.ts")), "the graph walk found the writer");
  assert.ok(!loaded.has("node:fs/promises"), "node:fs/promises");
  for (const live of ["cli/server_sources.ts", "mcp/store.ts", "mcp/sources.ts"]) {
    assert.ok(!loaded.has(project(live)), live);
  }
});

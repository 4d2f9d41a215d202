/**
 * The plugin host: one request at a time per worker, and a worker ended for running past its
 * time limit is replaced before the next request, which gets the contracts again.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DEFAULT_PROSE_OPTIONS } from "../../core/prose_options.ts";
import { keepsOwnTime, type RuleContext } from "../../core/rule.ts";
import { hostPlugin, stopPluginWorkers } from "../../plugins/host.ts";
import type { LoadedPlugin } from "../../plugins/load.ts";

const FIXTURES = join(import.meta.dirname!, "..", "fixtures", "plugins");

async function timing(timeoutMs: number): Promise<LoadedPlugin> {
  return await hostPlugin(
    { path: "./slow_and_fast.js", base: FIXTURES },
    { timeoutMs, prose: DEFAULT_PROSE_OPTIONS },
  );
}

/** A rule context for a diff of two empty contracts of the server `name`; findings in `got`. */
function context(name: string, got: string[]): RuleContext {
  const contract = (version: string) => ({
    server: { name, version },
    tools: [],
    prompts: [],
    resources: [],
    resourceTemplates: [],
  });
  return {
    old: contract("1"),
    new: contract("2"),
    pairs: [],
    allSchemaDeltas: () => [],
    report: (finding: { message: string }) => void got.push(finding.message),
  } as unknown as RuleContext;
}

function rule(plugin: LoadedPlugin, id: string) {
  const found = plugin.rules.find((r) => r.meta.id === id);
  assert.ok(found, id);
  return found;
}

Deno.test("a hosted rule asked while another waits for its answer gets its own answer", async () => {
  try {
    const plugin = await timing(10_000);
    const slow: string[] = [];
    const fast: string[] = [];
    // The engine can stop waiting for a rule (its own time limit) and go on with the next one.
    const first = rule(plugin, "timing.slow").check(context("a", slow));
    const second = rule(plugin, "timing.fast").check(context("b", fast));
    await Promise.all([first, second]);
    assert.deepEqual({ slow, fast }, { slow: ["slow"], fast: ["fast"] });
  } finally {
    await stopPluginWorkers();
  }
});

Deno.test("after a rule runs past its time limit, the next rule of the same diff runs in a new worker with the contracts", async () => {
  try {
    const plugin = await timing(500);
    // The host times each request from when it reaches the worker, so the engine must not.
    assert.ok(plugin.rules.every(keepsOwnTime));
    const got: string[] = [];
    const hang = context("hang", got);
    await assert.rejects(
      async () => await rule(plugin, "timing.hangs").check(hang),
      /Plugin "\.\/slow_and_fast\.js": rule "timing\.hangs" did not finish within 500 ms/,
    );
    await rule(plugin, "timing.fast").check(hang);
    await rule(plugin, "timing.fast").check(context("next", got));
    assert.deepEqual(got, ["fast", "fast"]);
  } finally {
    await stopPluginWorkers();
  }
});

Deno.test("a worker that ended while nothing waited fails the next rule once, naming the exit code", async () => {
  try {
    const plugin = await timing(10_000);
    const got: string[] = [];
    await rule(plugin, "timing.exits").check(context("a", got));
    await new Promise((done) => setTimeout(done, 4000));
    await assert.rejects(
      async () => await rule(plugin, "timing.fast").check(context("b", got)),
      (error: Error) => {
        assert.equal(
          error.message,
          'Plugin "./slow_and_fast.js": rule "timing.fast" failed: the plugin ended its worker (exit code 3)',
        );
        return true;
      },
    );
    assert.deepEqual(got, ["exits"]);
  } finally {
    await stopPluginWorkers();
  }
});

/**
 * The plugin host: one request at a time per worker, and a worker ended for running past its
 * time limit is replaced before the next request, which gets the contracts again. A worker that
 * ended, was stopped or could not be restarted fails each later request with one sentence that
 * says which, as a UserError.
 */
import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_PROSE_OPTIONS } from "../../core/prose_options.ts";
import { keepsOwnTime, type RuleContext } from "../../core/rule.ts";
import { Worker } from "node:worker_threads";
import { UserError } from "../../core/errors.ts";
import { hostPlugin, stopPluginWorkers } from "../../plugins/host.ts";
import { liveWorkers } from "../../plugins/live_workers.ts";
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
    // The restarted worker must load the plugin within the limit too: 2 s leaves room for a
    // loaded machine (500 ms failed once at a load of 17 on 2 cores).
    const plugin = await timing(2_000);
    // The host times each request from when it reaches the worker, so the engine must not.
    assert.ok(plugin.rules.every(keepsOwnTime));
    const got: string[] = [];
    const hang = context("hang", got);
    await assert.rejects(
      async () => await rule(plugin, "timing.hangs").check(hang),
      /Plugin "\.\/slow_and_fast\.js": rule "timing\.hangs" did not finish within 2000 ms/,
    );
    await rule(plugin, "timing.fast").check(hang);
    await rule(plugin, "timing.fast").check(context("next", got));
    assert.deepEqual(got, ["fast", "fast"]);
  } finally {
    await stopPluginWorkers();
  }
});

/**
 * Waits until no plugin worker runs: the host forgets a worker when its `exit` event comes, so
 * this waits for the event however late a busy machine delivers it, not for a guessed time.
 */
async function untilWorkersEnded(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (liveWorkers.size > 0) {
    assert.ok(Date.now() < deadline, "the plugin's worker did not end within 120 s");
    await new Promise((done) => setTimeout(done, 10));
  }
}

Deno.test("a worker that ended while nothing waited fails the next rules, naming the exit code", async () => {
  try {
    const plugin = await timing(10_000);
    const got: string[] = [];
    await rule(plugin, "timing.exits").check(context("a", got));
    await untilWorkersEnded();
    for (const id of ["timing.fast", "timing.slow"]) {
      await rejectsWith(
        async () => await rule(plugin, id).check(context("b", got)),
        `Plugin "./slow_and_fast.js": rule "${id}" could not run: the plugin ended its worker (exit code 3)`,
      );
    }
    assert.deepEqual(got, ["exits"]);
  } finally {
    await stopPluginWorkers();
  }
});

/** Asserts that `run` rejects with a {@link UserError} saying exactly `message`. */
async function rejectsWith(run: () => Promise<unknown>, message: string): Promise<void> {
  await assert.rejects(run, (error: Error) => {
    assert.equal(error.message, message);
    assert.ok(error instanceof UserError, `not a UserError: ${error.stack}`);
    return true;
  });
}

Deno.test("a worker that ended while its rule ran fails that rule, and later rules say it ended", async () => {
  try {
    const plugin = await timing(10_000);
    const got: string[] = [];
    await rejectsWith(
      async () => await rule(plugin, "timing.dies").check(context("a", got)),
      'Plugin "./slow_and_fast.js": rule "timing.dies" failed: the plugin ended its worker (exit code 4)',
    );
    for (const id of ["timing.fast", "timing.slow"]) {
      await rejectsWith(
        async () => await rule(plugin, id).check(context("b", got)),
        `Plugin "./slow_and_fast.js": rule "${id}" could not run: the plugin ended its worker (exit code 4)`,
      );
    }
    assert.deepEqual(got, []);
  } finally {
    await stopPluginWorkers();
  }
});

Deno.test("a rule asked after Proxar stopped a restarting worker says so in one sentence", async () => {
  try {
    // 2 s, as above: the worker must load within the limit (500 ms failed in CI rehearsals).
    const plugin = await timing(2_000);
    await assert.rejects(
      async () => await rule(plugin, "timing.hangs").check(context("hang", [])),
      /did not finish within 2000 ms/,
    );
    // The replacement worker is starting (its first message takes a turn of the event loop).
    // On a loaded machine the stop may come before the restart has begun: the sentence then
    // says only that Proxar stopped the worker. Either is one true sentence.
    await stopPluginWorkers();
    const prefix = 'Plugin "./slow_and_fast.js": rule "timing.fast" could not run: ';
    await assert.rejects(
      async () => await rule(plugin, "timing.fast").check(context("b", [])),
      (error: Error) => {
        assert.ok(error instanceof UserError, `not a UserError: ${error.stack}`);
        assert.ok(
          [
            `${prefix}its worker was restarted after a rule ran past its time limit, and then Proxar stopped its worker`,
            `${prefix}Proxar stopped its worker`,
          ].includes(error.message),
          error.message,
        );
        return true;
      },
    );
  } finally {
    await stopPluginWorkers();
  }
});

Deno.test("a worker that cannot be restarted fails the next rule with a UserError, not a rejection nobody handles", async () => {
  // The real fault (the system refuses another thread) cannot be caused here: starting the
  // replacement worker is made to throw where Proxar sets the new worker up.
  const unref = Worker.prototype.unref;
  try {
    const plugin = await timing(2_000);
    Worker.prototype.unref = () => {
      throw new Error("cannot start a thread: resource temporarily unavailable");
    };
    try {
      await assert.rejects(
        async () => await rule(plugin, "timing.hangs").check(context("hang", [])),
        /did not finish within 2000 ms/,
      );
    } finally {
      Worker.prototype.unref = unref;
    }
    await new Promise((done) => setTimeout(done, 0));
    await rejectsWith(
      async () => await rule(plugin, "timing.fast").check(context("b", [])),
      'Plugin "./slow_and_fast.js": rule "timing.fast" could not run: its worker could not be restarted after a rule ran past its time limit: cannot start a thread: resource temporarily unavailable',
    );
  } finally {
    Worker.prototype.unref = unref;
    await stopPluginWorkers();
  }
});

Deno.test("a plugin that no longer loads when its worker is restarted fails the next rule saying why", async () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-host-"));
  try {
    copyFileSync(join(FIXTURES, "slow_and_fast.js"), join(dir, "slow_and_fast.js"));
    const plugin = await hostPlugin(
      { path: "./slow_and_fast.js", base: dir },
      // The restarted worker must fail to load within the limit, not run out of it (see above).
      { timeoutMs: 2_000, prose: DEFAULT_PROSE_OPTIONS },
    );
    // The running worker has the plugin already; the one that replaces it will not find it.
    rmSync(join(dir, "slow_and_fast.js"));
    await assert.rejects(
      async () => await rule(plugin, "timing.hangs").check(context("hang", [])),
      /did not finish within 2000 ms/,
    );
    await rejectsWith(
      async () => await rule(plugin, "timing.fast").check(context("b", [])),
      `Plugin "./slow_and_fast.js": rule "timing.fast" could not run: its worker was restarted after a rule ran past its time limit, and then the plugin did not load: no such file (looked for ${
        join(dir, "slow_and_fast.js")
      })`,
    );
  } finally {
    await stopPluginWorkers();
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("a plugin that failed while no rule ran fails the next rules saying so", async () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-host-"));
  try {
    const plugin = await timing(10_000);
    const got: string[] = [];
    // The rule answers, then writes `thrown` and throws at once, while the worker is idle.
    const thrown = join(dir, "thrown");
    await rule(plugin, "timing.throwsLater").check(context(thrown, got));
    const deadline = Date.now() + 120_000;
    while (!existsSync(thrown)) {
      assert.ok(Date.now() < deadline, "the plugin did not throw within 120 s");
      await new Promise((done) => setTimeout(done, 10));
    }
    const message = (id: string) =>
      `Plugin "./slow_and_fast.js": rule "${id}" could not run: the plugin failed while no rule was running: uncaught exception: the cache is gone`;
    // The host may learn of the error just after a request went out, which the worker answers.
    let failure: unknown;
    while (failure === undefined) {
      try {
        await rule(plugin, "timing.fast").check(context("b", got));
      } catch (error) {
        failure = error;
      }
    }
    assert.equal((failure as Error).message, message("timing.fast"));
    assert.ok(failure instanceof UserError);
    await rejectsWith(
      async () => await rule(plugin, "timing.slow").check(context("c", got)),
      message("timing.slow"),
    );
    assert.deepEqual(got, ["throws later", ...got.slice(1).map(() => "fast")]);
  } finally {
    await stopPluginWorkers();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function forges(): Promise<LoadedPlugin> {
  return await hostPlugin(
    { path: "./forges_reply.js", base: FIXTURES },
    { timeoutMs: 10_000, prose: DEFAULT_PROSE_OPTIONS },
  );
}

const POSTED = (kind: string) =>
  `the plugin posted a message of its own (${kind}) on its worker's port; that port carries only Proxar's requests and answers, so a plugin must not post to it`;

Deno.test("a message the plugin posts while its rule runs fails that rule, and no later rule takes an answer meant for another", async () => {
  try {
    const plugin = await forges();
    const got: string[] = [];
    await rejectsWith(
      async () => await rule(plugin, "forges.rule").check(context("a", got)),
      `Plugin "./forges_reply.js": rule "forges.rule" failed: ${POSTED('"bogus"')}`,
    );
    // forges.rule's own answer comes after the message it posted; it answers nothing now.
    await rule(plugin, "forges.honest").check(context("b", got));
    await rule(plugin, "forges.honest").check(context("c", got));
    assert.deepEqual(got, ["the answer of forges.honest", "the answer of forges.honest"]);
  } finally {
    await stopPluginWorkers();
  }
});

Deno.test("a forged answer that looks right (no findings) is never taken for the rule's answer", async () => {
  try {
    const plugin = await forges();
    const got: string[] = [];
    await rejectsWith(
      async () => await rule(plugin, "forges.findings").check(context("a", got)),
      `Plugin "./forges_reply.js": rule "forges.findings" failed: ${POSTED('"findings"')}`,
    );
    await rule(plugin, "forges.honest").check(context("b", got));
    assert.deepEqual(got, ["the answer of forges.honest"]);
  } finally {
    await stopPluginWorkers();
  }
});

Deno.test("a message the plugin posts while its reporter renders fails the reporter with a UserError naming the plugin", async () => {
  try {
    const plugin = await forges();
    const reporter = plugin.reporters.find((r) => r.name === "forged") as
      | { renderAsync(report: never, context: never): Promise<string> }
      | undefined;
    assert.ok(reporter);
    await rejectsWith(
      async () => await reporter.renderAsync({} as never, {} as never),
      `Plugin "./forges_reply.js": reporter "forged" failed: ${POSTED('"findings"')}`,
    );
    const got: string[] = [];
    await rule(plugin, "forges.honest").check(context("b", got));
    assert.deepEqual(got, ["the answer of forges.honest"]);
  } finally {
    await stopPluginWorkers();
  }
});

/** Asserts that loading the fixture plugin `path` fails with exactly `message`. */
async function loadFails(
  path: string,
  limits: { timeoutMs: number; loadTimeoutMs?: number } | number,
  message: string,
): Promise<void> {
  const options = typeof limits === "number" ? { timeoutMs: limits } : limits;
  try {
    await rejectsWith(
      () => hostPlugin({ path, base: FIXTURES }, { ...options, prose: DEFAULT_PROSE_OPTIONS }),
      message,
    );
    assert.equal(liveWorkers.size, 0, "the worker of a plugin that did not load is stopped");
  } finally {
    await stopPluginWorkers();
  }
}

Deno.test("a plugin that posts a message while it loads is not loaded: its message is not taken for Proxar's", async () => {
  await loadFails(
    "./posts_on_load.js",
    10_000,
    `Cannot load plugin "./posts_on_load.js": ${POSTED('"loaded"')}`,
  );
});

Deno.test("a plugin that ends its worker while loading: one sentence saying so and what to do", async () => {
  await loadFails(
    "./exits_on_load.js",
    10_000,
    'Cannot load plugin "./exits_on_load.js": the plugin ended its worker while loading (exit code 5); a plugin must not end its process (process.exit)',
  );
});

Deno.test("a plugin that loads past the time limit: one sentence naming the limit and what to do", async () => {
  await loadFails(
    "./loads_slowly.js",
    { timeoutMs: 120_000, loadTimeoutMs: 500 },
    'Cannot load plugin "./loads_slowly.js": the plugin did not load within 500 ms; make its module load faster, or raise plugin_load_timeout in proxar.yaml',
  );
});

Deno.test("without a load limit of its own, loading a plugin gets the rule time limit", async () => {
  await loadFails(
    "./loads_slowly.js",
    500,
    'Cannot load plugin "./loads_slowly.js": the plugin did not load within 500 ms; make its module load faster, or raise plugin_load_timeout in proxar.yaml',
  );
});

Deno.test("a plugin may load for longer than a rule may run, within its load limit", async () => {
  try {
    // The module takes 300 ms to load, three times as long as a rule may run.
    const plugin = await hostPlugin(
      { path: "./loads_in_a_moment.js", base: FIXTURES },
      { timeoutMs: 100, loadTimeoutMs: 120_000, prose: DEFAULT_PROSE_OPTIONS },
    );
    assert.deepEqual(plugin.rules.map((r) => r.meta.id), ["moment.hangs"]);
  } finally {
    await stopPluginWorkers();
  }
});

Deno.test("the worker started again after a rule ran past its limit loads the plugin within the load limit", async () => {
  try {
    const plugin = await hostPlugin(
      { path: "./loads_in_a_moment.js", base: FIXTURES },
      { timeoutMs: 100, loadTimeoutMs: 120_000, prose: DEFAULT_PROSE_OPTIONS },
    );
    const hang = context("hang", []);
    const ranPast =
      'Plugin "./loads_in_a_moment.js": rule "moment.hangs" did not finish within 100 ms';
    await rejectsWith(async () => await rule(plugin, "moment.hangs").check(hang), ranPast);
    // Run past its limit again, so in the worker started again: had that worker had the rule's
    // 100 ms to load the plugin (300 ms), the rule would fail saying it could not run. (A rule
    // that answers would have to answer within 100 ms, which a busy machine does not promise.)
    await rejectsWith(async () => await rule(plugin, "moment.hangs").check(hang), ranPast);
  } finally {
    await stopPluginWorkers();
  }
});

Deno.test("a plugin whose worker Proxar stops while it loads: one sentence saying so, not 'loading could not run'", async () => {
  try {
    const loading = hostPlugin(
      { path: "./loads_slowly.js", base: FIXTURES },
      { timeoutMs: 120_000, prose: DEFAULT_PROSE_OPTIONS },
    );
    // The command ends (or is interrupted) while the plugin loads.
    await stopPluginWorkers();
    await rejectsWith(
      () => loading,
      'Cannot load plugin "./loads_slowly.js": Proxar was stopping and ended the plugin\'s worker before the plugin had loaded; nothing is known to be wrong with it, so run the command again',
    );
  } finally {
    await stopPluginWorkers();
  }
});

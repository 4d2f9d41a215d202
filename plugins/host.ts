/**
 * Runs a plugin in a worker of its own (`node:worker_threads`, the same under Deno, Node and the
 * Bun binary) and stands in for it: its rules and reporters here are proxies that send a request
 * and wait for the answer within the time limit. A plugin that runs past it (an endless loop,
 * a promise that never settles) is stopped by ending its worker, so the run always ends, with
 * exit code 2 and a message naming the plugin and the rule.
 * @module
 */
import { Worker } from "node:worker_threads";
import { UserError } from "../core/errors.ts";
import { timerLimit } from "../core/engine.ts";
import type { ProseOptions } from "../core/prose.ts";
import type { Report } from "../core/report.ts";
import { keepTheirOwnTime, type Rule, type RuleContext } from "../core/rule.ts";
import type { Reporter, ReporterContext } from "../reporters/reporter.ts";
import {
  type PluginShape,
  type Reply,
  type Request,
  START_SEQ,
  type WorkerStart,
} from "./_protocol.ts";
import type { LoadedPlugin, PluginSpec } from "./load.ts";
import { liveWorkers } from "./live_workers.ts";

/** A reporter whose text comes from a plugin's worker: call `renderAsync`, not `render`. */
export interface HostedReporter extends Reporter {
  renderAsync(report: Report, context: ReporterContext): Promise<string>;
}

/** How plugins run: the time limit of each step and the prose classifier's options. */
export interface HostOptions {
  /** Milliseconds one rule or reporter may take (`rule_timeout`). */
  timeoutMs: number;
  /**
   * Milliseconds loading the plugin may take (`plugin_load_timeout`): importing its module, which
   * may compile or read much more than one rule runs; `timeoutMs` when unset.
   */
  loadTimeoutMs?: number;
  prose: ProseOptions;
}

/**
 * Where the worker's module is: beside this one in the sources (`.ts`) and the npm package
 * (`.js`); in the compiled binary this module is in a chunk (or the entry point) at the root,
 * and the worker is an extra entry point named `worker.js` beside it (see
 * scripts/_build_info.ts).
 */
function workerUrl(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith(".ts") ? "./worker.ts" : "./worker.js", here);
}

/** Milliseconds loading a plugin may take, as a timer can count them. */
function loadLimit(options: HostOptions): number {
  return timerLimit(options.loadTimeoutMs ?? options.timeoutMs);
}

/** How long Proxar's own worker code may take to start, before the plugin is imported. */
const STARTUP_MS = 120_000;

export { stopPluginWorkers } from "./live_workers.ts";

/** What a request that did not reach a usable worker reads after `rule "x" `. */
const COULD_NOT_RUN = "could not run";

/** The restart's part of a message: what happened before the worker came back, or did not. */
const RESTARTED = "its worker was restarted after a rule ran past its time limit";

/** A request before the host numbers it. */
type Unnumbered<T> = T extends unknown ? Omit<T, "seq"> : never;
type Ask = Unnumbered<Request>;

/** How a worker came to take no more requests (see `PluginWorker.#end`). */
type How = "stopped" | "time" | "exit" | "error" | "crash";

class PluginWorker {
  #worker!: Worker;
  #waiting: ((reply: Reply) => void) | undefined;
  /** The `seq` the reply awaited carries: {@link START_SEQ} while starting, else the request's. */
  #expected: number | undefined;
  /** The `seq` of the next request; never reused, so a late answer is never taken for another. */
  #nextSeq = START_SEQ + 1;
  /**
   * Replies that came while nothing waited: the worker sends `ready` and `loaded` on its own, and
   * the request that waits for `loaded` may take its turn after it came.
   */
  #unclaimed: Reply[] = [];
  /** A message the plugin posted while nothing waited: the next request fails saying so. */
  #stray: string | undefined;
  /**
   * Why the worker takes no more requests, as a clause ("the plugin ended its worker (exit code
   * 3)"); undefined while it can. Kept, so every later request reads the same reason.
   */
  #ended: string | undefined;
  /** How it ended, with what the first load's message needs (exit code, time limit, error). */
  #how: { how: How; detail: string } | undefined;
  /** Whether Proxar ended the worker itself (its exit is then no news). */
  #stopped = false;
  /**
   * The new worker started when one was ended for running past its time limit: requests wait
   * for it, so its start-up does not count against their time limit. It resolves with the
   * failure when the worker did not come back (the rest of `rule "x" ...`), and never rejects.
   */
  #restarting: Promise<string | undefined> | undefined;
  /** The turn of the last request: one request at a time (see {@link ask}). */
  #turn: Promise<unknown> = Promise.resolve();
  #sentFor: { old: unknown; new: unknown } | undefined;

  constructor(readonly label: string, readonly spec: WorkerStart, readonly options: HostOptions) {
    this.#start();
  }

  #start(): void {
    this.#ended = undefined;
    this.#how = undefined;
    this.#stray = undefined;
    this.#expected = START_SEQ;
    this.#stopped = false;
    this.#sentFor = undefined;
    this.#unclaimed = [];
    const worker = new Worker(workerUrl(), { workerData: this.spec });
    this.#worker = worker;
    liveWorkers.add(this);
    worker.on("message", (reply: Reply) => {
      if (worker !== this.#worker) return;
      const seq = (reply as { seq?: unknown } | null)?.seq;
      if (reply?.type === "crash" && seq === undefined) {
        // The worker still answers the request it is busy with; the next ones fail.
        this.#end("crash", `the plugin failed while no rule was running: ${reply.message}`);
        return;
      }
      if (seq !== undefined && seq === this.#expected) {
        const waiting = this.#waiting;
        this.#waiting = undefined;
        if (seq !== START_SEQ) this.#expected = undefined;
        if (waiting) waiting(reply);
        else if (seq === START_SEQ) this.#unclaimed.push(reply);
        return;
      }
      // The answer to a request Proxar stopped waiting for: it answers nothing now.
      if (Number.isInteger(seq) && (seq as number) > START_SEQ && (seq as number) < this.#nextSeq) {
        return;
      }
      this.#posted(reply);
    });
    worker.on("error", (error: Error) => {
      if (worker === this.#worker) {
        this.#fail(firstLine(error), "error", `its worker failed: ${firstLine(error)}`);
      }
    });
    worker.on("exit", (code: number) => {
      if (worker !== this.#worker) return;
      liveWorkers.delete(this);
      if (!this.#stopped) {
        this.#fail(
          `the plugin ended its worker (exit code ${code})`,
          "exit",
          `the plugin ended its worker (exit code ${code})`,
          String(code),
        );
      }
      this.#stopped = true;
    });
    worker.unref();
  }

  /** Records why the worker takes no more requests (the first reason stays). */
  #end(how: How, reason: string, detail = ""): void {
    if (this.#ended !== undefined) return;
    this.#ended = reason;
    this.#how = { how, detail };
  }

  /**
   * The worker failed or ended: the request waiting fails saying `now`, and every later one
   * could not run because of `reason`.
   */
  #fail(now: string, how: How, reason: string, detail = now): void {
    this.#end(how, reason, detail);
    const waiting = this.#waiting;
    this.#waiting = undefined;
    this.#expected = undefined;
    waiting?.({ type: "failed", message: `failed: ${now}` });
  }

  /**
   * A message that answers no request: the plugin's own code posted it on the worker's port. It
   * fails the request waiting, or else the next one, and is never taken for an answer.
   */
  #posted(reply: unknown): void {
    const what = `the plugin posted a message of its own (${kindOf(reply)}) on its worker's port`;
    const waiting = this.#waiting;
    if (!waiting) {
      this.#stray ??= `${what} while no rule was running; ${PORT_RULE}`;
      return;
    }
    this.#waiting = undefined;
    this.#expected = undefined;
    waiting({ type: "failed", message: `failed: ${what}; ${PORT_RULE}` });
  }

  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#end("stopped", "Proxar stopped its worker");
    liveWorkers.delete(this);
    // A restart still waiting for its worker gives up at once (its time limit is long).
    const waiting = this.#waiting;
    this.#waiting = undefined;
    this.#expected = undefined;
    waiting?.({ type: "failed", message: `${COULD_NOT_RUN}: ${this.#ended}` });
    try {
      await this.#worker.terminate();
    } catch {
      // A worker that cannot be ended is one that has already gone.
    }
  }

  /**
   * Starts a new worker after one was ended for running past its time limit, so a long-running
   * proxy keeps grading with the plugin. Resolves with undefined when it is ready again, else
   * with the failure every later request reads; never rejects (nothing may wait for it).
   */
  async #restart(): Promise<string | undefined> {
    try {
      this.#start();
      const ready = await this.#exchange("starting", undefined, STARTUP_MS);
      const reply = ready.type === "ready"
        ? await this.#exchange("loading", undefined, loadLimit(this.options))
        : ready;
      if (reply.type === "loaded") return undefined;
      const why = this.#ended ?? this.#loadFailure(reply);
      await this.stop();
      return `${COULD_NOT_RUN}: ${RESTARTED}, and then ${why}`;
    } catch (error) {
      await this.stop();
      return `${COULD_NOT_RUN}: its worker could not be restarted after a rule ran past its time limit: ${
        firstLine(error)
      }`;
    }
  }

  /**
   * Why the plugin did not load when it first started, as one sentence that says what happened
   * and what to do. `reply` is what came instead of `loaded`.
   */
  loadFailure(reply: Reply): string {
    const cannot = `Cannot load plugin "${this.label}"`;
    const message = reply.type === "failed" ? reply.message : "";
    // The plugin's own load error (no such file, a bad export …) says it all already.
    if (message.startsWith("Cannot load plugin")) return message;
    const detail = this.#how?.detail ?? "";
    switch (this.#how?.how) {
      case "stopped":
        return `${cannot}: Proxar was stopping and ended the plugin's worker before the plugin had loaded; nothing is known to be wrong with it, so run the command again`;
      case "time":
        return `${cannot}: the plugin did not load within ${detail} ms; make its module load faster, or raise plugin_load_timeout in proxar.yaml`;
      case "exit":
        return `${cannot}: the plugin ended its worker while loading (exit code ${detail}); a plugin must not end its process (process.exit)`;
      case "error":
        return `${cannot}: its worker failed while loading the plugin (${detail}); run the command again, and check the plugin if it fails the same way`;
      case "crash":
        return `${cannot}: ${this.#ended}`;
    }
    if (reply.type === "failed") {
      // A message the plugin posted while loading, whether or not the host was waiting yet.
      const why = message.replace(/^(failed|could not run): /, "");
      return `${cannot}: ${why.replace(" while no rule was running", "")}`;
    }
    return `${cannot}: its worker answered ${kindOf(reply)} instead of loading it`;
  }

  /** Why a worker answered `reply` instead of `loaded`, as a clause. */
  #loadFailure(reply: Reply): string {
    if (reply.type !== "failed") return `the plugin answered "${reply.type}" instead of loading`;
    const prefix = `Cannot load plugin "${this.label}": `;
    const message = reply.message.startsWith(prefix)
      ? reply.message.slice(prefix.length)
      : reply.message;
    return `the plugin did not load: ${message}`;
  }

  /**
   * Waits for the next reply (sending `request` first, if given, built when its turn comes)
   * within the time limit, or within `ms` (starting the worker itself may take long: Deno
   * type-checks it under `deno test`).
   *
   * One request at a time: the engine stops waiting for a rule at its own time limit, and the
   * next request must neither take the answer meant for the abandoned one nor be sent to a
   * worker still busy with it.
   */
  ask(what: string, request?: Ask | (() => Ask), ms?: number): Promise<Reply> {
    const turn = this.#turn.then(async (): Promise<Reply> => {
      const failed = await this.#restarting;
      if (failed) return { type: "failed", message: failed };
      return await this.#exchange(what, typeof request === "function" ? request() : request, ms);
    });
    this.#turn = turn.catch(() => {});
    return turn;
  }

  async #exchange(
    what: string,
    ask?: Ask,
    ms = timerLimit(this.options.timeoutMs),
  ): Promise<Reply> {
    // A message the plugin posted came before anything still unclaimed, so it fails this first.
    const stray = this.#stray;
    if (stray !== undefined) {
      this.#stray = undefined;
      return { type: "failed", message: `${COULD_NOT_RUN}: ${stray}` };
    }
    // A reply that came before the worker crashed or ended is answered first, in order.
    const early = ask ? undefined : this.#unclaimed.shift();
    if (early) return early;
    if (this.#ended !== undefined) {
      return { type: "failed", message: `${COULD_NOT_RUN}: ${this.#ended}` };
    }
    const seq = ask ? this.#nextSeq++ : START_SEQ;
    const request = ask ? { ...ask, seq } as Request : undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reply = await new Promise<Reply>((done) => {
      this.#waiting = done;
      this.#expected = seq;
      timer = setTimeout(() => {
        this.#waiting = undefined;
        this.#expected = undefined;
        this.#end("time", `it did not answer within ${ms} ms`, String(ms));
        void this.stop();
        // Restart now, not at the next request, so a long-running proxy finds the plugin ready.
        if (request) this.#restarting = this.#restart();
        done({ type: "failed", message: `did not finish within ${ms} ms` });
      }, ms);
      if (request) {
        try {
          this.#worker.postMessage(request);
        } catch (error) {
          this.#waiting = undefined;
          this.#expected = undefined;
          done({ type: "failed", message: `failed: ${what}: ${firstLine(error)}` });
        }
      }
    });
    clearTimeout(timer);
    return reply;
  }

  async check(id: string, context: RuleContext): Promise<void> {
    // Built in the request's turn: a worker restarted meanwhile has no contracts yet.
    const request = (): Ask => {
      const run: Ask = { type: "run", id };
      // Once per diff and worker: every rule of one diff gets the same contracts (the proxy
      // diffs many times).
      if (this.#sentFor?.old !== context.old || this.#sentFor.new !== context.new) {
        run.input = {
          old: context.old,
          new: context.new,
          pairs: context.pairs,
          deltas: [...context.allSchemaDeltas()],
          prose: this.options.prose,
        };
        this.#sentFor = { old: context.old, new: context.new };
      }
      return run;
    };
    const reply = await this.ask("sending the contracts", request);
    if (reply.type === "failed") {
      throw new UserError(`Plugin "${this.label}": rule "${id}" ${reply.message}`);
    }
    if (reply.type !== "findings") {
      throw new UserError(
        `Plugin "${this.label}": rule "${id}" failed: its worker answered ${
          kindOf(reply)
        } instead of findings`,
      );
    }
    for (const finding of reply.findings) context.report(finding);
  }

  async render(name: string, report: Report, context: ReporterContext): Promise<string> {
    const reply = await this.ask("sending the report", {
      type: "render",
      name,
      report,
      context,
    });
    if (reply.type === "failed") {
      throw new UserError(`Plugin "${this.label}": reporter "${name}" ${reply.message}`);
    }
    if (reply.type !== "rendered" || typeof reply.text !== "string") {
      throw new UserError(
        `Plugin "${this.label}": reporter "${name}" failed: its worker answered ${
          kindOf(reply)
        } instead of the rendered text`,
      );
    }
    return reply.text;
  }
}

/** What a plugin must know when it posts on its worker's port. */
const PORT_RULE =
  "that port carries only Proxar's requests and answers, so a plugin must not post to it";

/**
 * What a reply is, for a message: the plugin's own code shares the worker's port, so a reply
 * may be anything it posted.
 */
function kindOf(reply: unknown): string {
  const type = (reply as { type?: unknown } | null)?.type;
  return typeof type === "string" ? `"${type.slice(0, 40)}"` : "a message Proxar does not know";
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0] ?? text;
}

/**
 * Starts a worker for the plugin at `spec`, loads the plugin there, and returns it as rules and
 * reporters that run in that worker.
 */
export async function hostPlugin(spec: PluginSpec, options: HostOptions): Promise<LoadedPlugin> {
  const worker = new PluginWorker(spec.path, { path: spec.path, base: spec.base }, options);
  const ready = await worker.ask("starting", undefined, STARTUP_MS);
  const reply = ready.type === "ready"
    ? await worker.ask("loading", undefined, loadLimit(options))
    : ready;
  if (reply.type !== "loaded") {
    // Read why before stopping the worker, which would record a stop of its own.
    const message = worker.loadFailure(reply);
    await worker.stop();
    throw new UserError(message);
  }
  const shape: PluginShape = reply.plugin;
  const rules: Rule[] = shape.rules.map((meta) => ({
    meta,
    check: (context: RuleContext) => worker.check(meta.id, context),
  }));
  // Each request is timed from when it reaches the worker (see PluginWorker.ask).
  keepTheirOwnTime(rules);
  const reporters: HostedReporter[] = shape.reporters.map(({ name, summary }) => ({
    name,
    summary,
    render() {
      throw new UserError(`Reporter "${name}" runs in its plugin's worker: use renderAsync`);
    },
    renderAsync: (report, context) => worker.render(name, report, context),
  }));
  return { name: shape.name, file: spec.path, rules, reporters };
}

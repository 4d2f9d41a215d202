/**
 * What `proxar proxy` puts beside the relay: the observer with the CLI's own diff (config,
 * rules, plugins), the store, the alert sinks (standard error, `alerts.jsonl`, the webhook) and
 * a watch on the pin file, so `proxar pin` takes effect without a restart.
 * @module
 */
import { escapeControl } from "../core/escape_control.ts";
import { type Stats, unwatchFile, watchFile } from "node:fs";
import { join } from "node:path";
import { fixedToday } from "../core/dates.ts";
import type { Config } from "../core/config.ts";
import { compareContractsAsync } from "../core/engine.ts";
import { checkConfigRules } from "../core/suppress.ts";
import {
  type AlertEntry,
  alertKey,
  appendAlert,
  readAlerts,
  redactedAlert,
} from "../mcp/proxy/alert.ts";
import { Observer, type ObserverChannel, type ToolResultEvent } from "../mcp/proxy/observer.ts";
import { acceptCommand } from "../mcp/proxy/policy.ts";
import type { RelayHooks } from "../mcp/proxy/relay.ts";
import type { ProxyMetrics } from "../mcp/proxy/metrics.ts";
import type { LiveSource } from "../mcp/sources.ts";
import { expandVariables } from "../mcp/env_expand.ts";
import { headerSecret } from "../mcp/redact.ts";
import type { Tool } from "../core/contract.ts";
import type { LoadedContract } from "../core/load_contract.ts";
import { SamplesStore } from "../mcp/sampling/samples_file.ts";
import { WebhookSender } from "../mcp/proxy/webhook_sender.ts";
import type { Io } from "./io.ts";
import { passiveSampler, type StartedSampler } from "./proxy_sampling.ts";
import { withPlugins } from "./plugins.ts";
import { stopPluginWorkers } from "../plugins/live_workers.ts";
import { type NotRun, reportingFailures } from "../plugins/not_run.ts";
import type { Report } from "../core/report.ts";
import { alertLines, oneLine } from "./alert_lines.ts";
import type { LiveSession } from "./server_sources.ts";

/** The file of the alert log inside the store. */
export const ALERTS_FILE = "alerts.jsonl";

/**
 * How long a stopping proxy waits in all, from the signal or the client leaving: for the servers
 * to stop (a second after their input closes, a second after SIGTERM), then for the observer's
 * queued work (a comparison, an alert) and webhook deliveries under way, the webhook keeping at
 * least {@link WEBHOOK_CLOSE_MS} unless the observer ended sooner. Six seconds, with the runtime's
 * own way out (1.5-2 s measured under load), keep a proxy inside `docker stop`'s ten; a delivery
 * that has not ended by then stays in the store's outbox for the next proxy.
 */
export const STOP_MS = 6_000;
const WEBHOOK_CLOSE_MS = 2_000;

/** What {@link startWatch} needs. */
export interface WatchOptions {
  io: Io;
  config: Config;
  session: LiveSession;
  source: LiveSource;
  plugins: string[];
  log(text: string): void;
  /** The HTTP proxy's metrics, told of the contract and of alerts. */
  metrics?: ProxyMetrics;
  /** The response sampling hook (see {@link ToolResultEvent}). */
  onToolResult?(event: ToolResultEvent): void;
}

/** A started watch. */
export interface Watch {
  hooks: Omit<RelayHooks, "log">;
  observer: Observer;
  attach(channel: ObserverChannel): void;
  /**
   * The session is ending (the client left, or a signal came): writes what was sampled at once,
   * without waiting for a tool listing that can no longer come or for the server to stop.
   */
  stopping(): Promise<void>;
  /**
   * Stops watching; waits for queued observer work and webhook deliveries until `by` (a time as
   * `Date.now()` gives; {@link STOP_MS} from now by default).
   */
  close(by?: number): Promise<void>;
}

/** Loads plugins, reads the alert log and sets up the observer of one proxy session. */
export async function startWatch(options: WatchOptions): Promise<Watch> {
  const { io, config, session, source, log } = options;
  const { registry, plugins } = await withPlugins(io, config, options.plugins);
  checkConfigRules(config, registry);
  const store = session.store;
  const server = source.server;
  const name = server ?? source.label;
  const alertsPath = join(store.root, ALERTS_FILE);
  const previous = new Set(
    (await readAlerts(alertsPath).catch(() => ({ entries: [] }))).entries
      .filter((entry) => entry.incomplete !== true)
      .map((entry) => alertKey(entry.server, entry.old?.hash, entry.new?.hash)),
  );
  const hook = webhookSettings(config, io.env);
  // Every sink gets the alert with the server's secrets and the webhook's own replaced.
  const redactor = source.redactor.with(hook.secrets);
  const webhook = hook.url === undefined ? undefined : new WebhookSender({
    url: hook.url,
    headers: hook.headers,
    root: store.root,
    display: (path) => store.display(path),
    log: (text) => log(redactor.text(text)),
  });
  await webhook?.resume();
  const today = fixedToday(io.env);
  // Reports in which a plugin rule did not run (its finding says why): graded again when seen.
  const incomplete = new WeakSet<Report>();
  const compare = async (old: LoadedContract, next: LoadedContract) => {
    // A plugin that fails (a rule past its time limit, a worker that could not be restarted)
    // must not stop a long-running proxy from grading: its rules report that they did not run.
    const notRun: NotRun = { rules: [] };
    const report = await compareContractsAsync(old, next, {
      registry: plugins.length > 0 ? reportingFailures(registry, notRun) : registry,
      config,
      ruleTimeoutMs: config.rule_timeout * 1000,
      freezeInputs: plugins.length > 0,
      ...(today ? { today } : {}),
    });
    if (notRun.rules.length > 0) incomplete.add(report);
    return report;
  };
  let sessionOver = false;
  let unchecked = 0;
  const sampler: StartedSampler | undefined = server === undefined || config.sampling.rate === 0
    ? undefined
    : passiveSampler({
      config,
      server,
      store: new SamplesStore(store.root, io.cwd),
      now: () => session.now(),
      // A result waits for the proxy's own listing of the tools, but not past the session: the
      // proxy must not hang on its way out (a client kills it within seconds) with the shapes
      // unwritten.
      outputSchema: async (tool: string): Promise<unknown> => {
        const deadline = Date.now() + source.timeouts.requestMs;
        while (!observer.current && !sessionOver && Date.now() < deadline) {
          await new Promise((done) => setTimeout(done, 50));
        }
        if (!observer.current) unchecked++;
        return observer.current?.loaded.contract.tools.find((t: Tool) => t.name === tool)
          ?.outputSchema;
      },
      serverInfo: () => observer.serverInfo,
      compare,
      deliver,
      log,
    });
  const onToolResult: ((event: ToolResultEvent) => void) | undefined = options.onToolResult ??
    sampler?.sampler.onToolResult;
  const observer = new Observer({
    name,
    ...(server === undefined ? {} : { server }),
    policy: config.proxy.policy,
    redactor: source.redactor,
    requestMs: source.timeouts.requestMs,
    listMs: source.timeouts.listMs,
    ...(source.lists === undefined ? {} : { lists: source.lists }),
    now: () => session.now(),
    pinned: async () => server === undefined ? undefined : await store.pinned(server),
    lastSeen: async () => server === undefined ? undefined : await store.latest(server),
    record: async (snapshot) => {
      if (server !== undefined) await store.record(server, snapshot);
    },
    compare,
    incomplete: (report) => incomplete.has(report),
    alerted: (oldHash, newHash) => previous.has(alertKey(name, oldHash, newHash)),
    alert: (entry: AlertEntry) => deliver(entry, acceptCommand(server)),
    withheldAgain: (tools) => {
      const names = tools.map((tool) => oneLine(redactor.text(tool), 100)).join(", ");
      io.stderr(
        `proxar: ${
          escapeControl(
            `WITHHELD from the client again: ${names}, for a change alerted before ` +
              `(proxar alerts lists it); to accept the change, run: ${acceptCommand(server)}`,
          )
        }\n`,
      );
    },
    onContract: (snapshot) => options.metrics?.contract(snapshot.hash),
    log,
    ...(onToolResult ? { onToolResult } : {}),
  });
  async function deliver(raw: AlertEntry, accept: string): Promise<void> {
    const entry = redactedAlert(raw, redactor);
    for (const [severity, count] of Object.entries(entry.counts)) {
      if (count > 0) options.metrics?.alert(severity, count);
    }
    for (const line of alertLines(entry, accept)) io.stderr(`proxar: ${escapeControl(line)}\n`);
    try {
      await appendAlert(alertsPath, entry);
    } catch (error) {
      log(`cannot append to ${store.display(alertsPath)}: ${(error as Error).message}`);
    }
    webhook?.send(entry);
  }
  let unwatch = () => {};
  if (server !== undefined) {
    const pinPath = store.pinnedPath(server);
    const changed = (now: Stats, before: Stats) => {
      if (now.mtimeMs !== before.mtimeMs || now.ino !== before.ino || now.size !== before.size) {
        void observer.pinChanged();
      }
    };
    watchFile(pinPath, { interval: 300, persistent: false }, changed);
    unwatch = () => unwatchFile(pinPath, changed);
  }
  let stopped: Promise<void> | undefined;
  const stopping = () =>
    stopped ??= (async () => {
      sessionOver = true;
      await sampler?.close();
      if (unchecked === 0) return;
      const results = unchecked === 1
        ? "1 sampled result came"
        : `${unchecked} sampled results came`;
      log(`${results} before the server's tool listing; not checked against an outputSchema`);
    })();
  return {
    hooks: observer.hooks(),
    observer,
    attach: (channel) => observer.attach(channel),
    stopping,
    async close(by = Date.now() + STOP_MS) {
      unwatch();
      const ended = await observer.close(Math.max(0, by - WEBHOOK_CLOSE_MS - Date.now()));
      if (!ended && plugins.length > 0) {
        // A comparison still waits for a plugin rule: ending the workers ends it now, with those
        // rules reported as not run, so its alert is raised (and kept for the next proxy's
        // webhook) before the proxy says it stopped, not after.
        await stopPluginWorkers();
        // A comparison held by a plugin ends at once now; work held by something else (a server
        // slow to list) gets half of what is left, the webhook the rest.
        await observer.close(Math.max(0, (by - Date.now()) / 2));
      }
      const unread = observer.unread;
      if (unread.length > 0) {
        const lists = unread.map((key) => key === "resourceTemplates" ? "resource templates" : key);
        log(
          `the server announced a change of its ${lists.join(" and ")} that the proxy did not ` +
            "read before it stopped, so no snapshot records it; the next proxy reads the lists " +
            "when it starts",
        );
      }
      await stopping();
      await webhook?.close(Math.max(0, by - Date.now()));
    },
  };
}

/** The webhook URL and headers with `${VAR}` expanded, and the secrets to keep out of logs. */
function webhookSettings(
  config: Config,
  env: Readonly<Record<string, string | undefined>>,
): { url?: string; headers: Record<string, string>; secrets: string[] } {
  const place = `${config.file ?? "the configuration"}: alerts`;
  const secrets: string[] = [];
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(config.alerts.headers ?? {})) {
    const expanded = expandVariables(value, env, `${place}.headers.${key}`);
    headers[key] = expanded.text;
    secrets.push(headerSecret(expanded.text), ...expanded.substituted);
  }
  if (config.alerts.webhook === undefined) return { headers, secrets };
  const url = expandVariables(config.alerts.webhook, env, `${place}.webhook`);
  secrets.push(...url.substituted);
  return { url: url.text, headers, secrets };
}

/**
 * `proxar proxy --server NAME` or `proxar proxy "stdio:CMD ARGS"`: sits between an MCP client
 * and the real server, relays every message unchanged, and watches the contract that passes
 * (see docs/proxy.md). Only protocol goes to standard output; Proxar's own lines go to standard
 * error.
 * @module
 */
import { escapeControl } from "../core/escape_control.ts";
import process from "node:process";
import { UserError } from "../core/errors.ts";
import { type HttpProxy, startHttpProxy } from "../mcp/proxy/http_proxy.ts";
import { startHttpStdioProxy } from "../mcp/proxy/http_stdio_proxy.ts";
import { SessionChannels } from "../mcp/proxy/session_channels.ts";
import { createMetrics } from "../mcp/proxy/metrics.ts";
import { OwnConnection } from "../mcp/proxy/own_connection.ts";
import { runStdioProxy } from "../mcp/proxy/stdio_proxy.ts";
import { RedactedLines } from "../mcp/redacted_lines.ts";
import { stripControl } from "../core/sanitize.ts";
import { readConfig } from "./config_file.ts";
import type { CliContext } from "./context.ts";
import { LiveSession, type TimeoutFlags } from "./server_sources.ts";
import { startWatch, STOP_MS } from "./proxy_watch.ts";

/** Options of `proxar proxy`. */
export interface ProxyOptions extends TimeoutFlags {
  server?: string;
  listen?: string;
  idleTimeout?: string;
  config?: string;
  plugin: string[];
}

/** Runs `proxar proxy`; returns the exit code when the session ends. */
export async function proxyCommand(
  spec: string | undefined,
  options: ProxyOptions,
  context: CliContext,
): Promise<number> {
  const { io } = context;
  if ((spec === undefined) === (options.server === undefined)) {
    throw new UserError(
      'proxar proxy needs a server: proxar proxy --server issues-mcp, or proxar proxy "stdio:node dist/server.js"',
    );
  }
  const listen = options.listen === undefined ? undefined : parseListen(options.listen);
  const idle = idleMs(options.idleTimeout);
  if (!io.streams && listen === undefined) {
    throw new UserError("proxar proxy needs the process's standard streams");
  }
  const config = await readConfig(io.cwd, options.config);
  const session = new LiveSession(config, io, options);
  const source = session.resolve(spec ?? `server:${options.server}`);
  const log = (text: string) => io.stderr(`proxar: ${escapeControl(source.redactor.text(text))}\n`);
  // The handlers stay until the session has ended, so a second signal cannot cut the
  // shutdown short and leave the server running.
  let signalled = (_: string) => {};
  const stop = new Promise<string>((done) => (signalled = done));
  const onSignal = (signal: string) => signalled(signal);
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    if (listen !== undefined) {
      const metrics = await createMetrics(source.server ?? source.label);
      const watch = await startWatch({
        io,
        config,
        session,
        source,
        plugins: options.plugin,
        log,
        metrics,
      });
      const target = source.target;
      let channel: OwnConnection | undefined;
      let started: Promise<HttpProxy>;
      if (target.kind === "http") {
        channel = new OwnConnection(target, source.timeouts);
        watch.attach(channel);
        started = startHttpProxy({
          host: listen.host,
          port: listen.port,
          upstream: target,
          hooks: watch.hooks,
          metrics,
          log,
        });
      } else {
        const sessions = new SessionChannels();
        watch.attach(sessions);
        started = startHttpStdioProxy({
          host: listen.host,
          port: listen.port,
          target,
          hooks: watch.hooks,
          metrics,
          log,
          serverStderr: () => new RedactedLines(source.redactor, (text) => io.stderr(text)),
          onRelay: (relay, open) => open ? sessions.add(relay) : sessions.delete(relay),
          idleMs: idle,
        });
      }
      const proxy = await started.catch((error: Error) => {
        throw new UserError(`Cannot listen on ${options.listen}: ${error.message}`);
      });
      log(`listening on ${proxy.url}/ for ${source.label}; metrics at ${proxy.url}/metrics`);
      const signal = await stop;
      const by = Date.now() + STOP_MS;
      // What was sampled is written while the sessions' servers are shut down, not after.
      await Promise.all([proxy.close(), watch.stopping()]);
      await channel?.close();
      await watch.close(by);
      log(`Stopped by ${signal}`);
      return 0;
    }
    if (source.target.kind !== "stdio") {
      throw new UserError(
        `"${source.label}" is an HTTP server: serve it with --listen 127.0.0.1:PORT`,
      );
    }
    const streams = io.streams!;
    const watch = await startWatch({ io, config, session, source, plugins: options.plugin, log });
    const serverStderr = new RedactedLines(source.redactor, (text) => io.stderr(text));
    let stoppedAt: number | undefined;
    const outcome = await runStdioProxy({
      target: source.target,
      clientIn: streams.stdin,
      clientOut: streams.stdout,
      hooks: watch.hooks,
      log,
      serverStderr: (chunk) => serverStderr.push(chunk),
      onStart: (relay) => watch.attach(relay),
      stop,
      onStopping: () => {
        stoppedAt ??= Date.now();
        return watch.stopping();
      },
    });
    serverStderr.flush();
    await watch.close(stoppedAt === undefined ? undefined : stoppedAt + STOP_MS);
    if (outcome.message) log(stripControl(outcome.message));
    return outcome.code;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

/** `--idle-timeout` in milliseconds (default ten minutes). */
function idleMs(value: string | undefined): number {
  if (value === undefined) return 600_000;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new UserError(`--idle-timeout expects a positive number of seconds, found "${value}"`);
  }
  return Math.round(seconds * 1000);
}

/** `HOST:PORT` of `--listen`; only loopback and explicit addresses, never a guess. */
function parseListen(value: string): { host: string; port: number } {
  const match = /^(\[[0-9a-fA-F:]+\]|[^:\s]+):(\d{1,5})$/.exec(value);
  const port = Number(match?.[2]);
  if (!match || port > 65535) {
    throw new UserError(
      `--listen expects HOST:PORT (for example 127.0.0.1:8808), found "${value}"`,
    );
  }
  return { host: match[1]!.replace(/^\[|\]$/g, ""), port };
}

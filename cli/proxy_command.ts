/**
 * `proxar proxy --server NAME` or `proxar proxy "stdio:CMD ARGS"`: sits between an MCP client
 * and the real server, relays every message unchanged, and watches the contract that passes
 * (see docs/proxy.md). Only protocol goes to standard output; Proxar's own lines go to standard
 * error.
 * @module
 */
import { escapeControl } from "../core/escape_control.ts";
import type { Command } from "commander";
import { StringDecoder } from "node:string_decoder";
import process from "node:process";
import { UserError } from "../core/errors.ts";
import { startHttpProxy } from "../mcp/proxy/http_proxy.ts";
import { createMetrics } from "../mcp/proxy/metrics.ts";
import { OwnConnection } from "../mcp/proxy/own_connection.ts";
import { runStdioProxy } from "../mcp/proxy/stdio_proxy.ts";
import { stripControl } from "../core/sanitize.ts";
import { readConfig } from "./config_file.ts";
import type { CliContext } from "./context.ts";
import { addTimeoutOptions, LiveSession, type TimeoutFlags } from "./server_sources.ts";
import { startWatch } from "./proxy_watch.ts";
import { collectPlugin } from "./plugins.ts";

/** Options of `proxar proxy`. */
export interface ProxyOptions extends TimeoutFlags {
  server?: string;
  listen?: string;
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
      if (source.target.kind !== "http") {
        throw new UserError(
          `--listen serves Streamable HTTP in front of an HTTP server; "${source.label}" is a stdio server (relay it without --listen)`,
        );
      }
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
      const channel = new OwnConnection(source.target, source.timeouts);
      watch.attach(channel);
      const proxy = await startHttpProxy({
        host: listen.host,
        port: listen.port,
        upstream: source.target,
        hooks: watch.hooks,
        metrics,
        log,
      }).catch((error: Error) => {
        throw new UserError(`Cannot listen on ${options.listen}: ${error.message}`);
      });
      log(`listening on ${proxy.url}/ for ${source.label}; metrics at ${proxy.url}/metrics`);
      const signal = await stop;
      await proxy.close();
      await channel.close();
      await watch.close();
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
    const decoder = new StringDecoder("utf8");
    const outcome = await runStdioProxy({
      target: source.target,
      clientIn: streams.stdin,
      clientOut: streams.stdout,
      hooks: watch.hooks,
      log,
      serverStderr: (chunk) => io.stderr(source.redactor.text(decoder.write(chunk))),
      onStart: (relay) => watch.attach(relay),
      stop,
    });
    await watch.close();
    if (outcome.message) log(stripControl(outcome.message));
    return outcome.code;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
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

/** Adds `proxar proxy`. */
export function registerProxy(program: Command, context: CliContext): void {
  const command = program.command("proxy")
    .description(
      "Relay an MCP server to a client (stdio, or Streamable HTTP with --listen), alerting when its contract drifts",
    )
    .argument("[source]", 'the server: "stdio:COMMAND ARGS…" or server:NAME')
    .option("-s, --server <name>", "a server from servers: in the configuration")
    .option(
      "--listen <host:port>",
      "serve Streamable HTTP here in front of an HTTP server (with /metrics)",
    )
    .option("-c, --config <file>", "configuration file (default: ./proxar.yaml when present)")
    .option("-p, --plugin <path>", "load a plugin module (repeatable)", collectPlugin, []);
  addTimeoutOptions(command).action(
    async (spec: string | undefined, opts: ProxyOptions) => {
      context.exitCode = await proxyCommand(spec, opts, context);
    },
  );
}

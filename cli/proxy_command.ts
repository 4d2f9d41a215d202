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
import { runStdioProxy } from "../mcp/proxy/stdio_proxy.ts";
import { stripControl } from "../reporters/sanitize.ts";
import { readConfig } from "./config_file.ts";
import type { CliContext } from "./context.ts";
import { addTimeoutOptions, LiveSession, type TimeoutFlags } from "./server_sources.ts";
import { startWatch } from "./proxy_watch.ts";
import { collectPlugin } from "./plugins.ts";

/** Options of `proxar proxy`. */
export interface ProxyOptions extends TimeoutFlags {
  server?: string;
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
  if (!io.streams) throw new UserError("proxar proxy needs the process's standard streams");
  const config = await readConfig(io.cwd, options.config);
  const session = new LiveSession(config, io, options);
  const source = session.resolve(spec ?? `server:${options.server}`);
  if (source.target.kind !== "stdio") {
    throw new UserError(
      `proxar proxy relays stdio servers; "${source.label}" is an HTTP server`,
    );
  }
  const log = (text: string) => io.stderr(`proxar: ${escapeControl(source.redactor.text(text))}\n`);
  const watch = await startWatch({ io, config, session, source, plugins: options.plugin, log });
  const decoder = new StringDecoder("utf8");
  // The handlers stay until the session has ended, so a second signal cannot cut the
  // shutdown short and leave the server running.
  let signalled = (_: string) => {};
  const stop = new Promise<string>((done) => (signalled = done));
  const onSignal = (signal: string) => signalled(signal);
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const outcome = await runStdioProxy({
    target: source.target,
    clientIn: io.streams.stdin,
    clientOut: io.streams.stdout,
    hooks: watch.hooks,
    log,
    serverStderr: (chunk) => io.stderr(source.redactor.text(decoder.write(chunk))),
    onStart: (relay) => watch.attach(relay),
    stop,
  });
  await watch.close();
  if (outcome.message) log(stripControl(outcome.message));
  process.off("SIGINT", onSignal);
  process.off("SIGTERM", onSignal);
  return outcome.code;
}

/** Adds `proxar proxy`. */
export function registerProxy(program: Command, context: CliContext): void {
  const command = program.command("proxy")
    .description("Relay an MCP server to a client over stdio, alerting when its contract drifts")
    .argument("[source]", 'the server: "stdio:COMMAND ARGS…" or server:NAME')
    .option("-s, --server <name>", "a server from servers: in the configuration")
    .option("-c, --config <file>", "configuration file (default: ./proxar.yaml when present)")
    .option("-p, --plugin <path>", "load a plugin module (repeatable)", collectPlugin, []);
  addTimeoutOptions(command).action(
    async (spec: string | undefined, opts: ProxyOptions) => {
      context.exitCode = await proxyCommand(spec, opts, context);
    },
  );
}

/**
 * Registers `proxar proxy`; the command's modules load when it runs.
 * @module
 */
import type { Command } from "commander";
import type { CliContext } from "../context.ts";
import { addListsOption, addTimeoutOptions, collect, oneServer } from "../options.ts";
import type { ProxyOptions } from "../proxy_command.ts";

/** Adds `proxar proxy`. */
export function registerProxy(program: Command, context: CliContext): void {
  const command = program.command("proxy")
    .description(
      "Relay an MCP server to a client (stdio, or Streamable HTTP with --listen), alerting when its contract drifts",
    )
    .argument("[source]", 'the server: "stdio:COMMAND ARGS…" or server:NAME')
    .option("-s, --server <name>", "a server from servers: in the configuration", oneServer)
    .option(
      "--listen <host:port>",
      "serve Streamable HTTP here (with /metrics); a stdio server is started once per session",
    )
    .option(
      "--idle-timeout <seconds>",
      "with --listen in front of a stdio server: end a session idle this long (default 600)",
    )
    .option("-c, --config <file>", "configuration file (default: ./proxar.yaml when present)")
    .option("-p, --plugin <path>", "load a plugin module (repeatable)", collect, []);
  addListsOption(addTimeoutOptions(command)).action(
    async (spec: string | undefined, opts: ProxyOptions) => {
      const { proxyCommand } = await import("../proxy_command.ts");
      context.exitCode = await proxyCommand(spec, opts, context);
    },
  );
}

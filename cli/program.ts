/**
 * The `proxar` program: every command registered with commander. Each command's own modules
 * load when it runs, so the program itself starts quickly.
 * @module
 */
import { Command } from "commander";
import { versionLine } from "../core/version.ts";
import { registerAlerts } from "./commands/alerts.ts";
import { registerCheck } from "./commands/check.ts";
import { registerDiff } from "./commands/diff.ts";
import { registerExplain } from "./commands/explain.ts";
import { registerHistory } from "./commands/history.ts";
import { registerInit } from "./commands/init.ts";
import { registerPin } from "./commands/pin.ts";
import { registerProxy } from "./commands/proxy.ts";
import { registerRules } from "./commands/rules.ts";
import { registerSample } from "./commands/sample.ts";
import { registerSnapshot } from "./commands/snapshot.ts";
import type { CliContext, RegisterCommand } from "./context.ts";

export { CommanderError } from "commander";

/** Every command, in the order `--help` lists them. */
const COMMANDS: readonly RegisterCommand[] = [
  registerDiff,
  registerSnapshot,
  registerPin,
  registerHistory,
  registerCheck,
  registerSample,
  registerProxy,
  registerAlerts,
  registerRules,
  registerExplain,
  registerInit,
];

/** The program for one run: output through `context.io`, errors thrown instead of exiting. */
export function createProgram(context: CliContext): Command {
  const { io } = context;
  const program = new Command("proxar")
    .description("Tells whether a change to an MCP server will break the agents that use it")
    .version(versionLine(), "-V, --version", "Print the version")
    .helpOption("-h, --help", "Show help")
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: io.stdout,
      writeErr: io.stderr,
      outputError: (text, write) => write(`proxar: ${text.replace(/^error: /, "")}`),
    });
  for (const register of COMMANDS) register(program, context);
  exitOverrideAll(program);
  return program;
}

/** Makes commander throw instead of exiting, for the program and every subcommand. */
function exitOverrideAll(command: Command): void {
  command.exitOverride();
  for (const sub of command.commands) exitOverrideAll(sub);
}

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

/** Every command with the names it adds, in the order `--help` lists them. */
const COMMANDS: readonly [names: readonly string[], register: RegisterCommand][] = [
  [["diff"], registerDiff],
  [["snapshot"], registerSnapshot],
  [["pin", "unpin"], registerPin],
  [["history"], registerHistory],
  [["check"], registerCheck],
  [["sample"], registerSample],
  [["proxy"], registerProxy],
  [["alerts"], registerAlerts],
  [["rules"], registerRules],
  [["explain"], registerExplain],
  [["init"], registerInit],
];

/**
 * The program for one run of `args`: output through `context.io`, errors thrown instead of
 * exiting. When `args` start with a command's name, only that command is added (a command's
 * parsing, help and errors do not depend on the others); otherwise all are, for the program's
 * help and its suggestions.
 */
export function createProgram(context: CliContext, args: readonly string[] = []): Command {
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
  const named = COMMANDS.filter(([names]) => names.includes(args[0] ?? ""));
  for (const [, register] of named.length > 0 ? named : COMMANDS) register(program, context);
  exitOverrideAll(program);
  return program;
}

/** Makes commander throw instead of exiting, for the program and every subcommand. */
function exitOverrideAll(command: Command): void {
  command.exitOverride();
  for (const sub of command.commands) exitOverrideAll(sub);
}

/**
 * The `proxar` command line. `main(args, io)` returns the exit code: 0 below the threshold,
 * 1 threshold reached, 2 usage, configuration, input or plugin error.
 * @module
 */
import { Command, CommanderError } from "commander";
import process from "node:process";
import { isUserError } from "./core/errors.ts";
import { escapeControl } from "./core/escape_control.ts";
import { versionLine } from "./core/version.ts";
import type { CliContext, RegisterCommand } from "./cli/context.ts";
import { registerAlerts } from "./cli/alerts_command.ts";
import { registerCheck } from "./cli/check_command.ts";
import { registerDiff } from "./cli/diff_command.ts";
import { registerExplain } from "./cli/explain_command.ts";
import { registerHistory } from "./cli/history_command.ts";
import { registerInit } from "./cli/init_command.ts";
import { type Io, processIo } from "./cli/io.ts";
import { registerPin } from "./cli/pin_command.ts";
import { registerProxy } from "./cli/proxy_command.ts";
import { registerRules } from "./cli/rules_command.ts";
import { registerSample } from "./cli/sample_command.ts";
import { registerSnapshot } from "./cli/snapshot_command.ts";
import { stopPluginWorkers } from "./plugins/host.ts";

export type { Io } from "./cli/io.ts";

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

/**
 * Runs the CLI with `args` (without the program name) and returns the exit code.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { main } from "./cli.ts";
 * let out = "";
 * const io = { stdout: (t: string) => void (out += t), stderr: () => {}, readStdin: async () => "",
 *   cwd: ".", env: {}, isTTY: false };
 * assert.ok(await main(["--version"], io) === 0 && out.startsWith("proxar "));
 * ```
 */
export async function main(args: readonly string[], io: Io): Promise<number> {
  const context: CliContext = { io, exitCode: 0 };
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
  try {
    await program.parseAsync([...args], { from: "user" });
    return context.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (isUserError(error)) {
      const details = error.details.map((line) => `${escapeControl(line)}\n`).join("");
      io.stderr(`proxar: ${escapeControl(error.message)}\n${details}`);
      return 2;
    }
    io.stderr(`proxar: internal error (please report it): ${(error as Error)?.stack ?? error}\n`);
    return 2;
  } finally {
    await stopPluginWorkers();
  }
}

/** Makes commander throw instead of exiting, for the program and every subcommand. */
function exitOverrideAll(command: Command): void {
  command.exitOverride();
  for (const sub of command.commands) exitOverrideAll(sub);
}

if ((import.meta as { main?: boolean }).main) {
  // A closed pipe (`proxar rules | head`) ends the output, not the process with a stack trace.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
  process.exitCode = await main(process.argv.slice(2), processIo());
}

/**
 * The `proxar` command line. `main(args, io)` returns the exit code: 0 below the threshold,
 * 1 threshold reached, 2 usage, configuration, input or plugin error.
 * @module
 */
import process from "node:process";
import { isUserError } from "./core/errors.ts";
import { escapeControl } from "./core/escape_control.ts";
import { versionLine } from "./core/version.ts";
import type { CliContext } from "./cli/context.ts";
import { type Io, processIo } from "./cli/io.ts";
import { stopPluginWorkers } from "./plugins/live_workers.ts";

export type { Io } from "./cli/io.ts";

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
  // The version alone is answered before the program and its commands load (what commander
  // would print for it).
  if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
    io.stdout(`${versionLine()}\n`);
    return 0;
  }
  const context: CliContext = { io, exitCode: 0 };
  let program: typeof import("./cli/program.ts") | undefined;
  let earlyReads: typeof import("./cli/early_reads.ts") | undefined;
  try {
    // `proxar diff OLD NEW …`: both files start reading now, while the command's modules load.
    // Loaded here only: other commands do not pay for its Node built-ins at start-up.
    if (args[0] === "diff") {
      earlyReads = await import("./cli/early_reads.ts");
      // A usual diff command line runs without commander (cli/diff_args.ts); any other is
      // commander's, whose action starts the reads again by its operands, which reuses these.
      const { diffArguments } = await import("./cli/diff_args.ts");
      const diff = diffArguments(args.slice(1));
      earlyReads.readFilesEarly(
        diff ? [diff.old, diff.new] : leadingOperands(args.slice(1)),
        io.cwd,
      );
      if (diff) {
        const { diffCommand } = await import("./cli/diff_command.ts");
        context.exitCode = await diffCommand(diff.old, diff.new, diff.options, context);
        return context.exitCode;
      }
    }
    if (args.length === 1 && args[0] === "rules") {
      // `proxar rules` alone runs with the defaults commander would give it, without loading
      // commander: its modules and the Node built-ins they require are most of the command's
      // start-up in a compiled binary.
      const { RULES_DEFAULTS, runRules } = await import("./cli/rules_command.ts");
      await runRules(RULES_DEFAULTS, context);
      return context.exitCode;
    }
    program = await import("./cli/program.ts");
    await program.createProgram(context, args).parseAsync([...args], { from: "user" });
    return context.exitCode;
  } catch (error) {
    if (program && error instanceof program.CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (isUserError(error)) {
      const details = error.details.map((line) => `${escapeControl(line)}\n`).join("");
      io.stderr(`proxar: ${escapeControl(error.message)}\n${details}`);
      return 2;
    }
    io.stderr(`proxar: internal error (please report it): ${(error as Error)?.stack ?? error}\n`);
    return 2;
  } finally {
    // A command that stopped before its diff ran (a usage error) took none of them.
    earlyReads?.dropEarlyReads();
    await stopPluginWorkers();
  }
}

/**
 * The first two arguments, up to the first option: `OLD NEW` as commander reads them when they
 * come first; none when an option comes first (its value could be taken for a file).
 */
function leadingOperands(args: readonly string[]): string[] {
  const operands: string[] = [];
  for (const arg of args.slice(0, 2)) {
    if (arg.startsWith("-")) break;
    operands.push(arg);
  }
  return operands;
}

if ((import.meta as { main?: boolean }).main) {
  process.exitCode = await main(process.argv.slice(2), processIo());
}
